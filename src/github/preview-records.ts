import {
  PullRequestsRefusal,
  previewName,
  type DeploymentOutcome,
  type PreviewView,
  type PullRequestEvent,
  type PullRequests,
  type PullState
} from '../deploy/door.js';
import { isRecord } from '../basics/records.js';
import { describeGitHubError, type Octokit } from './client.js';
import { keepSpend, readKeptSpend, readSpendHistory } from './kept-spend.js';
import { renderPreviewComment } from './preview-comment.js';
import { previewEnvironment } from './pull-event.js';
import { recordDeployment, retireEarlier, setDeploymentStatus, upsertComment, type Repo } from './records.js';

/** The run a preview step is in, as the pull requests' host reads it. */
interface Run {
  readonly repo: Repo;
  readonly runUrl: string | undefined;
  readonly event: PullRequestEvent | undefined;
  /** The event's pull request's base branch (its records of what previews cost are made there). */
  readonly baseRef?: string;
}

/**
 * The pull requests' host a preview step asks (see PullRequests), on GitHub: each record through the
 * toolkit's client, each refusal a PullRequestsRefusal that says what GitHub refused and, for a 403, the
 * permission to grant.
 */
export function previewRecords(octokit: Octokit, run: Run): PullRequests {
  return {
    event: run.event,
    runUrl: run.runUrl,
    ...deploymentRecords(octokit, run),
    comment: (view: PreviewView, existing?: 'existing') =>
      asked(`the comment on pull request #${view.number}`, async () => {
        // What the previews cost over time, as GitHub's records keep it: the comment goes without it if unread.
        const history = await readSpendHistory(
          octokit,
          run.repo,
          previewName(view.taskName, view.number)
        ).catch(() => []);
        const body = renderPreviewComment(view, run.runUrl, history);
        const id = await upsertComment(
          octokit,
          run.repo,
          { number: view.number, taskName: view.taskName, body },
          existing
        );
        return id !== undefined;
      }),
    ...pullRequestReads(octokit, run.repo),
    spentKept: (name) =>
      asked(`the records of what ${name} has cost`, () => readKeptSpend(octokit, run.repo, name)),
    keepSpent: (number, name, spent) =>
      asked(`the record of what the previews of pull request #${number} have cost`, async () => {
        const ref =
          run.event?.number === number && run.baseRef !== undefined && run.baseRef !== ''
            ? run.baseRef
            : (await octokit.rest.pulls.get({ ...run.repo, pull_number: number })).data.base.ref;
        await keepSpend(octokit, run.repo, { number, name, ref, spent });
      }),
    openedAt: (number) =>
      asked(`pull request #${number}`, async () => {
        const { data } = await octokit.rest.pulls.get({ ...run.repo, pull_number: number });
        const at = Date.parse(data.created_at);
        return Number.isFinite(at) ? at : undefined;
      })
  };
}

/** A pull request's deployments: one per push, its statuses, the earlier ones marked inactive. */
function deploymentRecords(
  octokit: Octokit,
  { repo, runUrl }: Run
): Pick<PullRequests, 'deploying' | 'deployed' | 'retire' | 'lastDeploymentState'> {
  const logUrl = runUrl === undefined ? {} : { logUrl: runUrl };
  return {
    deploying: (number, ref, taskName) =>
      asked(`the deployment of pull request #${number}`, async () => {
        const id = await recordDeployment(octokit, repo, {
          ref,
          environment: previewEnvironment(number),
          description: `preview ${taskName}`,
          payload: { task_name: taskName }
        });
        await setDeploymentStatus(octokit, repo, id, {
          state: 'in_progress',
          description: 'deploying',
          ...logUrl
        });
        return id;
      }),
    deployed: (id, outcome: DeploymentOutcome) =>
      asked(`the status of deployment ${id}`, () =>
        setDeploymentStatus(octokit, repo, id, {
          state: outcome.state,
          description: outcome.description,
          ...(outcome.url === undefined ? {} : { environmentUrl: outcome.url }),
          ...logUrl
        })
      ),
    retire: (number, keep) =>
      asked(`marking the deployments of pull request #${number} inactive`, () =>
        retireEarlier(octokit, repo, previewEnvironment(number), keep)
      ),
    lastDeploymentState: (number, name) =>
      asked(`the deployments of pull request #${number}`, async () => {
        const deployments = (
          await octokit.rest.repos.listDeployments({
            ...repo,
            environment: previewEnvironment(number),
            per_page: 100
          })
        ).data;
        // Newest first: the newest of this preview's (two task_names share a pull request's environment).
        const newest = deployments.find((d) => isRecord(d.payload) && d.payload.task_name === name);
        if (newest === undefined) return undefined;
        const [latest] = (
          await octokit.rest.repos.listDeploymentStatuses({ ...repo, deployment_id: newest.id, per_page: 1 })
        ).data;
        // A deployment without a status is pending, as GitHub shows it.
        return latest?.state ?? 'pending';
      })
  };
}

/** What the sweep reads of the pull requests: each one's state and age, and the ones closed lately. */
function pullRequestReads(
  octokit: Octokit,
  repo: Repo
): Pick<PullRequests, 'state' | 'lastDeployedAt' | 'closedSince'> {
  return {
    state: (number) => asked(`the state of pull request #${number}`, () => pullState(octokit, repo, number)),
    lastDeployedAt: (number) =>
      asked(`the deployments of pull request #${number}`, async () => {
        const [newest] = (
          await octokit.rest.repos.listDeployments({
            ...repo,
            environment: previewEnvironment(number),
            per_page: 1
          })
        ).data;
        const at = newest === undefined ? NaN : Date.parse(newest.created_at);
        return Number.isFinite(at) ? at : undefined;
      }),
    closedSince: (since) =>
      asked('the pull requests closed lately', async () => {
        const updated = (pull: { updated_at: string }): number => Date.parse(pull.updated_at);
        // Newest first: the pages are read until one reaches back past `since`.
        const pulls = await octokit.paginate(
          octokit.rest.pulls.list,
          { ...repo, state: 'closed', sort: 'updated', direction: 'desc', per_page: 100 },
          (response, done) => {
            if (response.data.some((pull) => updated(pull) < since)) done();
            return response.data;
          }
        );
        return pulls.filter((pull) => updated(pull) >= since).map((pull) => pull.number);
      })
  };
}

/** A pull request's state; missing when the repository has no pull request of that number. */
async function pullState(octokit: Octokit, repo: Repo, number: number): Promise<PullState> {
  try {
    const { data } = await octokit.rest.pulls.get({ ...repo, pull_number: number });
    return data.merged ? 'merged' : data.state === 'closed' ? 'closed' : 'open';
  } catch (error) {
    if ((error as { status?: number }).status === 404) return 'missing';
    throw error;
  }
}

/** What GitHub answers, or a PullRequestsRefusal saying what it refused. */
async function asked<T>(what: string, ask: () => Promise<T>): Promise<T> {
  try {
    return await ask();
  } catch (error) {
    throw new PullRequestsRefusal(`GitHub refused ${what}: ${describeGitHubError(error)}`);
  }
}
