import { githubHost } from './action/github-host.js';
import { runMain } from './action/main-step.js';
import { runPost } from './action/post-step.js';

// One bundle for both steps: main saves isPost, so the runner hands it back to the post step as state.
const host = githubHost();
if (host.state('isPost') === 'true') await runPost(host);
else await runMain(host);
