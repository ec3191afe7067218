import { InputError } from '../basics/input-error.js';
import {
  ON_PULL_REQUEST_EVENT,
  VERSION,
  type OperationName,
  type PullRequests,
  type Settings
} from '../deploy/door.js';
import type { StepHost } from './host.js';

/**
 * Whether a step that follows a pull request's event has anything to do, read before any input: a pull
 * request from a fork makes no preview (on pull_request its run has a read-only token and no secrets; on
 * pull_request_target it has both, which a fork's code must not get), so the step says why in one line
 * and succeeds, doing nothing; an action it has nothing to do for (labeled, edited) likewise. A
 * workflow on another event is refused. Every other step goes on.
 */
export async function goesOn(host: StepHost): Promise<boolean> {
  const operation = host.input('operation').trim();
  if (!ON_PULL_REQUEST_EVENT.has(operation as OperationName)) return true;
  const { workflowRun } = await import('../github/workflow-run.js');
  const { event } = workflowRun(host.env);
  if ('none' in event) {
    if (event.misuse) throw new InputError(`operation ${operation}: ${event.none}`);
    host.info(`${operation}: ${event.none}: nothing to do`);
    return false;
  }
  if (event.fromFork) {
    // What is true of the run depends on the event: pull_request_target runs with the base repository's secrets.
    host.info(
      event.onTarget
        ? `${operation}: pull request #${event.number} comes from a fork: on pull_request_target the run has the repository's secrets and a token that can write, and a preview would run the fork's code with them, so none is made (nothing to do)`
        : `${operation}: pull request #${event.number} comes from a fork: its workflow gets a read-only token and no secrets, so no preview is made (nothing to do)`
    );
    return false;
  }
  return true;
}

/**
 * GitHub for the step's flows, opened (and its client loaded) only when a flow first asks: a step that
 * never does never compiles it. The token is github_token; GITHUB_API_URL is GitHub Enterprise Server's.
 */
export function pullRequestsOpener(
  host: StepHost,
  settings: Settings,
  cancel: AbortSignal
): (() => Promise<PullRequests>) | undefined {
  const token = settings.previews.githubToken;
  if (token === undefined) return undefined;
  const deadline = Date.now() + settings.wait.timeoutMs;
  let opened: Promise<PullRequests> | undefined;
  return () => {
    opened ??= import('../github/workflow-run.js').then(({ openPullRequests, workflowRun }) =>
      openPullRequests(workflowRun(host.env), {
        token,
        apiUrl: host.env('GITHUB_API_URL'),
        userAgent: `elastic-deploy-action/${VERSION}`,
        deadline,
        log: host.info,
        requests: {
          timeoutMs: settings.requestTimeoutMs,
          maxResponseBytes: settings.maxResponseBytes,
          cancel
        }
      })
    );
    return opened;
  };
}
