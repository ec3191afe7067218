import {
  PullRequestsRefusal,
  type DeploymentOutcome,
  type PreviewView,
  type PullRequestEvent,
  type PullRequests,
  type PullState
} from '../deploy/engine.js';
import { describeGitHubError, type Octokit } from './client.js';
import { renderPreviewComment } from './preview-comment.js';
import { previewEnvironment } from './pull-event.js';
import { recordDeployment, retireEarlier, setDeploymentStatus, upsertComment, type Repo } from './records.js';

/**
 * The pull requests' host a preview step asks (see PullRequests), on GitHub: each record through the
 * toolkit's client, each refusal a PullRequestsRefusal that says what GitHub refused and, for a 403, the
 * permission to grant.
 */
export function previewRecords(
  octokit: Octokit,
  run: { repo: Repo; runUrl: string | undefined; event: PullRequestEvent | undefined }
): PullRequests {
  const { repo, runUrl } = run;
  const logUrl = runUrl === undefined ? {} : { logUrl: runUrl };
  return {
    event: run.event,
    runUrl,
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
    comment: (view: PreviewView) =>
      asked(`the comment on pull request #${view.number}`, async () => {
        await upsertComment(octokit, repo, {
          number: view.number,
          taskName: view.taskName,
          body: renderPreviewComment(view, runUrl)
        });
      }),
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
