import { InputError, quote } from '../basics/input-error.js';
import { sanitize } from '../basics/safe-text.js';
import type { HostRunner } from '../deploy/door.js';
import { describeGitHubError, type Octokit } from './client.js';
import {
  nameTakenLine,
  runnerPermissionLine,
  scopeText,
  type RunnerScope,
  type TakenBy
} from './runner-refusals.js';

export type { RunnerScope } from './runner-refusals.js';

/**
 * GitHub's self-hosted runners of a repository or an organization, as a runner step asks them: one
 * just-in-time runner registered (its configuration a secret, masked at once), the runners listed, one
 * read, one removed and the removal read back. Each endpoint needs a permission GITHUB_TOKEN never
 * carries: a refusal names it, and the tokens that can.
 */

/** A just-in-time runner to register: ephemeral, it takes one job and is gone. */
export interface RunnerRequest {
  readonly scope: RunnerScope;
  readonly name: string;
  /** The custom labels a workflow's runs-on names it by (GitHub adds self-hosted and the system's). */
  readonly labels: readonly string[];
  /** The runner group: 1, the Default group, unless given. */
  readonly runnerGroupId?: number;
  /** The runner's work folder: `_work` unless given. */
  readonly workFolder?: string;
}

export interface RegisteredRunner {
  readonly runnerId: number;
  readonly name: string;
  readonly labels: readonly string[];
  /** The configuration `run.sh --jitconfig` takes: a secret, masked before registerRunner returns. */
  readonly encodedJitConfig: string;
}

/** A runner as GitHub lists it: the engine's shape of one (deploy/engine/runner-host.ts). */
export type ListedRunner = HostRunner;

/** What removeRunner found once it had asked, read from what GitHub lists after. */
export type RunnerRemoval =
  /** GitHub removed it: it lists it no more. */
  | { readonly outcome: 'removed' }
  /** GitHub had no such runner by then (an ephemeral runner leaves once its job is done). */
  | { readonly outcome: 'gone' }
  /** Still listed, running a job: GitHub removes a runner only between jobs. */
  | { readonly outcome: 'busy'; readonly runner: ListedRunner; readonly refusal: string | undefined }
  /** Still listed, idle: GitHub kept it, for the reason its refusal gives. */
  | { readonly outcome: 'kept'; readonly runner: ListedRunner; readonly refusal: string | undefined };

const NAME = /^[A-Za-z0-9_.-]+$/;

/**
 * Registers a just-in-time runner (generate-jitconfig) and gives its configuration, passed to `mask`
 * before anything else is done with it. The request is not asked again on a server error (it may have
 * registered the runner, whose name a second one would find taken): the caller cleans up by name.
 */
export async function registerRunner(
  octokit: Octokit,
  request: RunnerRequest,
  mask: (secrets: readonly string[]) => void
): Promise<RegisteredRunner> {
  const body = checkedRequest(request);
  const doing = `register runner ${JSON.stringify(request.name)}`;
  let data: { runner?: { id?: unknown; name?: unknown }; encoded_jit_config?: unknown };
  try {
    const options = { ...body, request: { retries: 0 } };
    data = (
      'org' in request.scope
        ? await octokit.rest.actions.generateRunnerJitconfigForOrg({ org: request.scope.org, ...options })
        : await octokit.rest.actions.generateRunnerJitconfigForRepo({ ...request.scope.repo, ...options })
    ).data;
  } catch (error) {
    if (statusOf(error) !== 409) throw refused(doing, request.scope, error, 'write');
    throw new Error(nameTakenLine(request.name, request.scope, await takenBy(octokit, request)), {
      cause: error
    });
  }
  const config = data.encoded_jit_config;
  if (typeof config === 'string' && config !== '') mask([config]);
  const id = data.runner?.id;
  if (typeof id !== 'number' || typeof config !== 'string' || config === '')
    throw new Error(
      `GitHub's answer to ${doing} for ${scopeText(request.scope)} held no ${typeof id === 'number' ? `configuration for runner ${id}` : 'runner id'}; remove the runner of that name if GitHub lists it`
    );
  const name = typeof data.runner?.name === 'string' ? data.runner.name : request.name;
  return { runnerId: id, name, labels: body.labels, encodedJitConfig: config };
}

/** The request's body, or an error naming what GitHub would refuse and why, before anything is sent. */
function checkedRequest(request: RunnerRequest): {
  name: string;
  labels: string[];
  runner_group_id: number;
  work_folder: string;
} {
  checkScope(request.scope);
  const { name, labels, runnerGroupId = 1, workFolder = '_work' } = request;
  // eslint-disable-next-line no-control-regex
  if (name.trim() === '' || name.length > 255 || /[\u0000-\u001f\u007f]/.test(name))
    throw new InputError(
      `runner name ${quote(name)} is not one GitHub takes: give 1 to 255 characters, no control characters`
    );
  if (labels.length < 1 || labels.length > 100 || labels.some((label) => label.trim() === ''))
    throw new InputError(
      `runner labels ${quote(labels.join(','))} are not what GitHub takes: give 1 to 100 labels, none empty`
    );
  if (!Number.isSafeInteger(runnerGroupId) || runnerGroupId < 1)
    throw new InputError(`runner group ${runnerGroupId} is not a runner group's id: give a positive integer`);
  if (workFolder.trim() === '')
    throw new InputError(`runner work folder ${quote(workFolder)} is empty: give a folder, or leave it out`);
  return { name, labels: [...labels], runner_group_id: runnerGroupId, work_folder: workFolder };
}

function checkScope(scope: RunnerScope): void {
  const names = 'org' in scope ? [scope.org] : [scope.repo.owner, scope.repo.repo];
  const bad = names.find((name) => !NAME.test(name));
  if (bad !== undefined)
    throw new InputError(
      `runner scope ${quote(bad)} is not a GitHub ${'org' in scope ? 'organization' : 'owner or repository'} name: give letters, digits, "-", "_" or "."`
    );
}

/** The runner a name is taken by, as GitHub lists it; undefined when it cannot be read. */
async function takenBy(octokit: Octokit, request: RunnerRequest): Promise<TakenBy | undefined> {
  try {
    const [holder] = await listRunners(octokit, request.scope, { name: request.name });
    return holder;
  } catch {
    return undefined;
  }
}

/** The scope's runners, every page, those of `name` and those with `label` (as runs-on: case aside). */
export async function listRunners(
  octokit: Octokit,
  scope: RunnerScope,
  filter: { name?: string; label?: string } = {}
): Promise<ListedRunner[]> {
  checkScope(scope);
  const byName = filter.name === undefined ? {} : { name: filter.name };
  let raw: RawRunner[];
  try {
    raw =
      'org' in scope
        ? await octokit.paginate(octokit.rest.actions.listSelfHostedRunnersForOrg, {
            org: scope.org,
            per_page: 100,
            ...byName
          })
        : await octokit.paginate(octokit.rest.actions.listSelfHostedRunnersForRepo, {
            ...scope.repo,
            per_page: 100,
            ...byName
          });
  } catch (error) {
    throw refused('list its runners', scope, error, 'read');
  }
  const label = filter.label?.toLowerCase();
  return raw
    .map(listed)
    .filter((runner) => filter.name === undefined || runner.name === filter.name)
    .filter((runner) => label === undefined || runner.labels.some((l) => l.toLowerCase() === label));
}

/** A runner of the scope as GitHub lists it; undefined when GitHub knows no runner of that id there. */
export async function runnerOf(
  octokit: Octokit,
  scope: RunnerScope,
  id: number
): Promise<ListedRunner | undefined> {
  checkScope(scope);
  try {
    const answer =
      'org' in scope
        ? await octokit.rest.actions.getSelfHostedRunnerForOrg({ org: scope.org, runner_id: id })
        : await octokit.rest.actions.getSelfHostedRunnerForRepo({ ...scope.repo, runner_id: id });
    return listed(answer.data);
  } catch (error) {
    if (statusOf(error) === 404) return undefined;
    throw refused(`read runner ${id}`, scope, error, 'read');
  }
}

/**
 * Removes a runner, and says what GitHub lists after: what is decided is read from the runner's state,
 * never from the answer's code (GitHub refuses the removal of a runner running a job; an ephemeral one may
 * have left by itself meanwhile). A refused removal whose runner is idle by the read is asked once more.
 */
export async function removeRunner(octokit: Octokit, scope: RunnerScope, id: number): Promise<RunnerRemoval> {
  checkScope(scope);
  for (let asked = 1; ; asked++) {
    const refusal = await askRemoval(octokit, scope, id);
    const runner = await runnerOf(octokit, scope, id);
    if (runner === undefined) return { outcome: refusal === undefined ? 'removed' : 'gone' };
    if (runner.busy) return { outcome: 'busy', runner, refusal };
    if (refusal === undefined || asked === 2) return { outcome: 'kept', runner, refusal };
  }
}

/** Asks GitHub to remove the runner: undefined when it took the request, else what it answered. */
async function askRemoval(octokit: Octokit, scope: RunnerScope, id: number): Promise<string | undefined> {
  try {
    if ('org' in scope)
      await octokit.rest.actions.deleteSelfHostedRunnerFromOrg({ org: scope.org, runner_id: id });
    else await octokit.rest.actions.deleteSelfHostedRunnerFromRepo({ ...scope.repo, runner_id: id });
    return undefined;
  } catch (error) {
    if (lacksPermission(error)) throw refused(`remove runner ${id}`, scope, error, 'write');
    return describeGitHubError(error);
  }
}

/** The one line of a request GitHub refused: a 403 names the permission and the tokens that carry it. */
function refused(doing: string, scope: RunnerScope, error: unknown, level: 'read' | 'write'): Error {
  if (lacksPermission(error)) {
    const failure = error as { message?: string; response?: { headers?: Record<string, string> } };
    const acceptedHeader = failure.response?.headers?.['x-accepted-github-permissions'];
    return new Error(
      runnerPermissionLine(doing, scope, { message: failure.message ?? 'Forbidden', acceptedHeader }, level),
      { cause: error }
    );
  }
  return new Error(`GitHub could not ${doing} for ${scopeText(scope)}: ${describeGitHubError(error)}`, {
    cause: error
  });
}

const statusOf = (error: unknown): number | undefined =>
  typeof error === 'object' && error !== null ? (error as { status?: number }).status : undefined;

/**
 * A 403 for want of a permission, not a rate limit's (GitHub answers those 403 too, with retry-after or
 * no requests left, the throttling plugin having given up on them by the step's deadline).
 */
function lacksPermission(error: unknown): boolean {
  if (statusOf(error) !== 403) return false;
  const { message = '', response } = error as {
    message?: string;
    response?: { headers?: Record<string, string> };
  };
  const headers = response?.headers ?? {};
  return (
    headers['x-accepted-github-permissions'] !== undefined ||
    !(
      headers['retry-after'] !== undefined ||
      headers['x-ratelimit-remaining'] === '0' ||
      /rate limit/i.test(message)
    )
  );
}

/** A runner in GitHub's REST answer (the description's `runner`). */
interface RawRunner {
  id: number;
  name: string;
  status: string;
  busy: boolean;
  labels: readonly { name: string }[];
}

function listed(raw: RawRunner): ListedRunner {
  return {
    id: raw.id,
    name: raw.name,
    status: sanitize(raw.status, 40),
    online: raw.status === 'online',
    busy: raw.busy,
    labels: raw.labels.map((label) => label.name)
  };
}
