import { isRecord } from '../../basics/records.js';
import { InputError, quote } from '../../basics/input-error.js';
import type { RunnerRun } from '../engine/runner-host.js';

// What a runner step makes of its inputs and its workflow run, pure: the label unique to the run and
// attempt, the runners' names, the body of each runner's platform job, and whether the event may start
// a self-hosted runner at all.

/**
 * The container env the runner reads its just-in-time configuration from: GitHub's runner takes each of
 * its command-line settings from ACTIONS_RUNNER_INPUT_<NAME>, so `run.sh` needs no argument, and the
 * configuration is never on a command line.
 */
export const JITCONFIG_ENV = 'ACTIONS_RUNNER_INPUT_JITCONFIG';

/** GitHub's longest runner name; a runner's platform job has the same name. */
const MOST_NAME_LENGTH = 64;

/**
 * The label unique to the workflow run and its attempt: `<task_name>-<run id>-<attempt>`. A re-run's
 * attempt has runners of its own, so one of the first attempt left behind takes none of its jobs.
 */
export function runnerLabel(taskName: string, run: Pick<RunnerRun, 'id' | 'attempt'>): string {
  if (run.id === undefined)
    throw new InputError(
      'runner starts runners for a workflow run, but GITHUB_RUN_ID is not set: run it in a GitHub Actions workflow (the CLI: set GITHUB_RUN_ID and GITHUB_RUN_ATTEMPT of the run whose jobs the runners take)'
    );
  const label = `${taskName}-${run.id}-${run.attempt ?? '1'}`;
  if (!/^[A-Za-z0-9._-]+$/.test(taskName))
    throw new InputError(
      `task_name ${quote(taskName)} cannot name a runner: use letters, digits, ".", "_" and "-", such as gpu`
    );
  return label;
}

/** The runners' names: the label and each one's number, `<label>-1` to `<label>-<count>`. */
export function runnerNames(label: string, count: number): string[] {
  const names = Array.from({ length: count }, (_, i) => `${label}-${i + 1}`);
  const longest = names[names.length - 1] ?? label;
  if (longest.length > MOST_NAME_LENGTH)
    throw new InputError(
      `task_name makes runner names of ${longest.length} characters (${quote(longest)}), and GitHub takes ${MOST_NAME_LENGTH} at most: shorten task_name, such as gpu`
    );
  return names;
}

/** What a job's runs-on names the runners by: GitHub's own label of every self-hosted runner, and theirs. */
export function runsOn(label: string): string[] {
  return ['self-hosted', label];
}

/**
 * Whether the event may start a self-hosted runner: a pull request from a fork (pull_request) and
 * pull_request_target run code the repository's owners have not reviewed on it, with whatever the
 * runner's machine reaches; refused unless allow_untrusted says so (docs/security.md).
 */
export function checkTrusted(run: Pick<RunnerRun, 'eventName' | 'fromFork'>, allowUntrusted: boolean): void {
  if (allowUntrusted) return;
  if (run.eventName === 'pull_request_target')
    throw new InputError(
      "runner is refused on pull_request_target: its jobs have the repository's secrets and a token that can write, and a self-hosted runner would run the pull request's code with them. Start runners on pull_request from branches of the repository, or set allow_untrusted to true if you review every pull request first (docs/security.md)"
    );
  if (run.fromFork)
    throw new InputError(
      "runner is refused on a pull request from a fork: a self-hosted runner would run the fork's code on a machine your account pays for, with what it can reach. Set allow_untrusted to true only if you review every such pull request first (docs/security.md)"
    );
}

/** The runner job's job_support as the step sets it: runner_timeout its timeout, one pod, never restarted. */
export interface RunnerJobSupport {
  readonly timeoutSec: number;
}

/**
 * The body of one runner's platform job: the user's (the runner image and its resources), its first
 * service's env given the runner's configuration, and job_support set for one runner: its timeout from
 * runner_timeout, one pod at a time, none restarted (a runner that exited has taken its one job). A body
 * that sets the configuration's env itself, or another timeout_sec, is refused before anything is sent.
 */
export function runnerBody(
  body: Readonly<Record<string, unknown>>,
  encodedJitConfig: string,
  support: RunnerJobSupport
): Record<string, unknown> {
  const services = checkedServices(body);
  const [first, ...rest] = services;
  const env = Array.isArray(first?.env) ? (first.env as unknown[]) : [];
  const given = isRecord(body.job_support) ? body.job_support : {};
  return {
    ...body,
    job_support: {
      mod_param: { default: { backoff_limit: 0, restart_policy: 'Never' } },
      ...given,
      timeout_sec: support.timeoutSec,
      parallelism: 1
    },
    services: [{ ...first, env: [...env, { name: JITCONFIG_ENV, value: encodedJitConfig }] }, ...rest]
  };
}

/** Checks the body's runner parts, as runnerBody will set them, before anything is sent. */
export function checkRunnerBody(body: Readonly<Record<string, unknown>>, support: RunnerJobSupport): void {
  checkedServices(body);
  const given = isRecord(body.job_support) ? body.job_support.timeout_sec : undefined;
  if (given !== undefined && Number(given) !== support.timeoutSec)
    throw new InputError(
      `body sets job_support.timeout_sec to ${quote(JSON.stringify(given))}, but runner_timeout sets a runner's: remove it from body, and set runner_timeout instead (such as 2h)`
    );
  if (body.points !== undefined && Number(body.points) !== 1)
    throw new InputError(
      `body sets points to ${quote(JSON.stringify(body.points))}, but each runner is one platform job of one pod: remove points, and set runners to the number of runners`
    );
}

function checkedServices(body: Readonly<Record<string, unknown>>): Record<string, unknown>[] {
  const services = Array.isArray(body.services) ? body.services : [];
  const first: unknown = services[0];
  if (!isRecord(first))
    throw new InputError(
      "body has no services, but a runner's platform job runs GitHub's runner in its first service: set services to [{service_name: runner, service_image: <your runner image>, resource_weight: ..., start_script: ...}] (docs/runners.md shows one)"
    );
  for (const service of services) {
    const env: unknown = isRecord(service) ? service.env : undefined;
    if (Array.isArray(env) && env.some((entry) => isRecord(entry) && entry.name === JITCONFIG_ENV))
      throw new InputError(
        `body sets ${JITCONFIG_ENV} in a service's env, but the step sets it, to each runner's own configuration: remove it from body`
      );
  }
  return services as Record<string, unknown>[];
}
