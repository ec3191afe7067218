import { githubHost } from './action/github-host.js';
import { runMain } from './action/main-step.js';

/** The main step on the runner (the entry @github/local-action calls; see CONTRIBUTING.md). */
export async function run(): Promise<void> {
  await runMain(githubHost());
}
