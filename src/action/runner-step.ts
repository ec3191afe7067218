import { VERSION, type RunnerHostOpener, type Settings } from '../deploy/door.js';
import type { StepHost } from './host.js';

/**
 * GitHub's self-hosted runners for a runner step, opened (and GitHub's client loaded) only when the step
 * first asks: the token is github_token, GITHUB_API_URL GitHub Enterprise Server's; the workflow run and
 * its event come from the runner's variables (the CLI's: the environment it is given). Each runner's
 * configuration is masked before anything else is done with it.
 */
export function runnersOpener(
  host: StepHost,
  settings: Settings,
  cancel: AbortSignal
): RunnerHostOpener | undefined {
  const token = settings.previews.githubToken;
  if (token === undefined) return undefined;
  const deadline = Date.now() + settings.wait.timeoutMs;
  return async (scope) => {
    const { openRunnerHost, runnerRunOf } = await import('../github/runner-host.js');
    return openRunnerHost(runnerRunOf(host.env), scope, {
      token,
      apiUrl: host.env('GITHUB_API_URL'),
      userAgent: `elastic-deploy-action/${VERSION}`,
      deadline,
      log: host.info,
      mask: (secrets) => {
        host.setSecrets(secrets);
      },
      requests: {
        timeoutMs: settings.requestTimeoutMs,
        maxResponseBytes: settings.maxResponseBytes,
        cancel
      }
    });
  };
}
