import { githubHost } from './action/github-host.js';
import { runMain } from './action/main-step.js';

if (process.env.GITHUB_ACTIONS === 'true') {
  // One bundle for both steps: main saves isPost, so the runner hands it back to the post step as state.
  const host = githubHost();
  // The post step is a chunk of its own, which the main step never compiles.
  if (host.state('isPost') === 'true') await (await import('./action/post-step.js')).runPostOnRunner(host);
  else await runMain(host);
} else {
  // Outside GitHub Actions no workflow command may be written (::add-mask:: would print the secret it
  // masks): the same engine runs as the command-line tool, elastic-deploy, a chunk the action never loads.
  const [{ runCli }, { nodeIo }] = await Promise.all([import('./cli/run-cli.js'), import('./cli/cli-io.js')]);
  process.exitCode = await runCli(nodeIo(process.argv.slice(2)));
}
