import * as core from '@actions/core';
import { run } from './main.js';
import { runPost } from './post.js';

// One bundle for both steps: main saves isPost, so the runner hands it back to the post step as state.
if (core.getState('isPost') === 'true') await runPost();
else await run();
