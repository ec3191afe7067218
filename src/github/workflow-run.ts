import { closeSync, fstatSync, openSync, readSync } from 'node:fs';
import type { PullRequests } from '../deploy/door.js';
import { sanitize } from '../basics/safe-text.js';
import { describeGitHubError, stepGitHubClient, type Octokit, type StepGitHub } from './client.js';
import { previewRecords } from './preview-records.js';
import { pullEventOf, type NoPull, type PullEvent } from './pull-event.js';
import type { Repo } from './records.js';

/** The largest event payload read: a pull request's is tens of KiB. */
const MAX_EVENT_BYTES = 8 * 1024 * 1024;

/** What the workflow run says of itself, from the runner's variables. */
export interface WorkflowRun {
  readonly repository: string;
  /** The run's page, an http(s) URL, or undefined when the variables do not make one. */
  readonly runUrl: string | undefined;
  readonly event: PullEvent | NoPull;
}

/**
 * The run a step is in: GITHUB_REPOSITORY, the run's URL (GITHUB_SERVER_URL, GITHUB_RUN_ID and its
 * attempt), and the pull request of its event (GITHUB_EVENT_NAME, the payload at GITHUB_EVENT_PATH, read
 * up to 8 MiB).
 */
export function workflowRun(env: (name: string) => string | undefined): WorkflowRun {
  const repository = env('GITHUB_REPOSITORY') ?? '';
  const payload = readEventPayload(env('GITHUB_EVENT_PATH'));
  return {
    repository,
    runUrl: runUrlOf(env, repository),
    event: pullEventOf(env('GITHUB_EVENT_NAME') ?? '', payload, repository)
  };
}

function runUrlOf(env: (name: string) => string | undefined, repository: string): string | undefined {
  const server = (env('GITHUB_SERVER_URL') ?? 'https://github.com').replace(/\/+$/, '');
  const id = env('GITHUB_RUN_ID') ?? '';
  const attempt = env('GITHUB_RUN_ATTEMPT') ?? '';
  if (!/^\d+$/.test(id) || !/^[\w.-]+\/[\w.-]+$/.test(repository) || !/^https?:\/\/[^\s/]+/.test(server))
    return undefined;
  return `${server}/${repository}/actions/runs/${id}${/^\d+$/.test(attempt) ? `/attempts/${attempt}` : ''}`;
}

/** The event's payload (GITHUB_EVENT_PATH) as JSON, or undefined when there is none or it cannot be read. */
export function readEventPayload(path: string | undefined): unknown {
  return path === undefined || path === '' ? undefined : readPayload(path);
}

/** The event's payload as JSON, or undefined when it cannot be read (then the event holds no pull request). */
function readPayload(path: string): unknown {
  let fd: number | undefined;
  try {
    fd = openSync(path, 'r');
    const size = fstatSync(fd).size;
    if (size > MAX_EVENT_BYTES) return undefined;
    const buffer = Buffer.alloc(size);
    readSync(fd, buffer, 0, size, 0);
    return JSON.parse(buffer.toString('utf8')) as unknown;
  } catch {
    return undefined;
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

/**
 * GitHub, as a preview step asks it: the toolkit's client with GITHUB_API_URL (GitHub Enterprise
 * Server's /api/v3 too) and the token, bounded by the step's deadline, and the run's pull request.
 */
export function openPullRequests(run: WorkflowRun, connection: StepGitHub): PullRequests {
  const [owner = '', repo = ''] = run.repository.split('/');
  const octokit = stepGitHubClient(connection);
  const event = 'none' in run.event ? undefined : run.event;
  return previewRecords(octokit, {
    repo: { owner, repo },
    runUrl: run.runUrl,
    event,
    ...(event === undefined ? {} : { baseRef: event.baseRef })
  });
}

/** A workflow run as GitHub's REST API reads it: whether it is over, and how it ended. */
export interface WorkflowRunState {
  readonly id: number;
  readonly attempt: number | undefined;
  /** GitHub's word: queued, in_progress, completed, ... */
  readonly status: string;
  /** Once completed: success, failure, cancelled, ...; null before. */
  readonly conclusion: string | null;
  /** The run is over: nothing of it runs any more. */
  readonly completed: boolean;
}

/**
 * A workflow run of the repository, read from GitHub (a sweep asks whether the run that started a
 * runner is over); undefined when GitHub knows no such run (deleted, or never of this repository).
 */
export async function workflowRunOf(
  octokit: Octokit,
  repo: Repo,
  runId: number
): Promise<WorkflowRunState | undefined> {
  try {
    const { data } = await octokit.rest.actions.getWorkflowRun({ ...repo, run_id: runId });
    const status = sanitize(data.status ?? 'unknown', 40);
    return {
      id: data.id,
      attempt: data.run_attempt,
      status,
      conclusion: data.conclusion === null ? null : sanitize(data.conclusion, 40),
      completed: data.status === 'completed'
    };
  } catch (error) {
    if ((error as { status?: number }).status === 404) return undefined;
    throw new Error(
      `GitHub could not read workflow run ${runId} of ${repo.owner}/${repo.repo}: ${describeGitHubError(error)}`,
      { cause: error }
    );
  }
}
