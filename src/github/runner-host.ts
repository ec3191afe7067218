import { isRecord } from '../basics/records.js';
import type { RunnerHost, RunnerRun, RunnerScopeName } from '../deploy/door.js';
import { stepGitHubClient, type StepGitHub } from './client.js';
import { listRunners, registerRunner, removeRunner, type RunnerScope } from './runners.js';
import { scopeText } from './runner-refusals.js';
import { workflowRunOf, readEventPayload } from './workflow-run.js';

/** What opening GitHub for a runner step takes: a step's (see StepGitHub), and where its secrets are masked. */
export interface RunnerConnection extends StepGitHub {
  /** Masks the runners' configurations before anything else is done with them. */
  readonly mask: (secrets: readonly string[]) => void;
}

/**
 * The workflow run a runner step is in, from the runner's variables: the repository, the run's id and
 * attempt, its page, the event, and whether the event's pull request comes from a fork. A pull request
 * event whose payload cannot be read, or whose head repository is gone, reads as a fork's: it is refused
 * unless allowed.
 */
export function runnerRunOf(env: (name: string) => string | undefined): RunnerRun {
  const repository = env('GITHUB_REPOSITORY') ?? '';
  const digits = (name: string): string | undefined => {
    const value = env(name) ?? '';
    return /^\d+$/.test(value) ? value : undefined;
  };
  const eventName = env('GITHUB_EVENT_NAME') ?? '';
  const id = digits('GITHUB_RUN_ID');
  const attempt = digits('GITHUB_RUN_ATTEMPT');
  const server = (env('GITHUB_SERVER_URL') ?? 'https://github.com').replace(/\/+$/, '');
  const url =
    id !== undefined && /^[\w.-]+\/[\w.-]+$/.test(repository) && /^https?:\/\/[^\s/]+$/.test(server)
      ? `${server}/${repository}/actions/runs/${id}`
      : undefined;
  return { repository, id, attempt, url, eventName, fromFork: fromFork(eventName, env, repository) };
}

function fromFork(eventName: string, env: (name: string) => string | undefined, repository: string): boolean {
  if (eventName !== 'pull_request' && eventName !== 'pull_request_target') return false;
  const payload = readEventPayload(env('GITHUB_EVENT_PATH'));
  const pull = isRecord(payload) && isRecord(payload.pull_request) ? payload.pull_request : undefined;
  const head = isRecord(pull?.head) ? pull.head : {};
  const repo = isRecord(head.repo) ? head.repo : {};
  return repo.full_name !== repository;
}

/** GitHub's self-hosted runners for a runner step, through GitHub's own client. */
export function openRunnerHost(
  run: RunnerRun,
  scopeName: RunnerScopeName,
  connection: RunnerConnection
): RunnerHost {
  const [owner = '', repo = ''] = run.repository.split('/');
  const scope: RunnerScope = scopeName === 'org' ? { org: owner } : { repo: { owner, repo } };
  const octokit = stepGitHubClient(connection);
  return {
    run,
    scopeText: scopeText(scope),
    register: async (name, labels) => registerRunner(octokit, { scope, name, labels }, connection.mask),
    list: async (label) => listRunners(octokit, scope, { label }),
    listAll: async () => listRunners(octokit, scope),
    remove: async (id) => {
      const removal = await removeRunner(octokit, scope, id);
      return removal.outcome === 'busy' || removal.outcome === 'kept'
        ? { outcome: removal.outcome, refusal: removal.refusal }
        : { outcome: removal.outcome };
    },
    runState: async (runId) => {
      const state = await workflowRunOf(octokit, { owner, repo }, Number(runId));
      return state === undefined
        ? undefined
        : { status: state.status, conclusion: state.conclusion, completed: state.completed };
    }
  };
}
