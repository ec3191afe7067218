import * as core from '@actions/core';
import { run } from './main.js';
import { run as runPost } from './post.js';

// One bundle for both steps: main saves isPost, so the runner hands it back to the post step as state.
// main.ts and post.ts each export run(), the entry @github/local-action calls (see CONTRIBUTING.md).
if (core.getState('isPost') === 'true') await runPost();
else await run();
