import { githubHost } from './action/github-host.js';
import { runPostOnRunner } from './action/post-step.js';

/** The post step on the runner (the entry @github/local-action calls; see CONTRIBUTING.md). */
export async function run(): Promise<void> {
  await runPostOnRunner(githubHost());
}
