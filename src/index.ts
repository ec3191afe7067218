import { githubHost } from './action/github-host.js';
import { runMain } from './action/main-step.js';

/**
 * On GitHub's runner; or started as the runner starts it, with INPUT_* variables and no argument (a bundle
 * run by hand with `node --env-file=.env dist/index.js`, as CONTRIBUTING.md shows): the action's steps.
 */
const onRunner =
  process.env.GITHUB_ACTIONS === 'true' ||
  (process.argv.length <= 2 && Object.keys(process.env).some((name) => name.startsWith('INPUT_')));

if (onRunner) {
  // One bundle for both steps: main saves isPost, so the runner hands it back to the post step as state.
  const host = githubHost();
  // The post step is a chunk of its own, which the main step never compiles.
  if (host.state('isPost') === 'true') await (await import('./action/post-step.js')).runPostOnRunner(host);
  else await runMain(host);
} else {
  // Outside GitHub Actions no workflow command may be written (::add-mask:: would print the secret it
  // masks): the same engine runs as the command-line tool, elastic-deploy, a chunk the action never loads.
  // One after the other: two imports linked at once that share a module not yet loaded (node:crypto)
  // trip Jest's module linker ("not in cache"); one after the other costs no time worth saving.
  const { runCli } = await import('./cli/run-cli.js');
  const { nodeIo } = await import('./cli/cli-io.js');
  process.exitCode = await runCli(nodeIo(process.argv.slice(2)));
}
