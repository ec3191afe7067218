import type { Octokit } from './client.js';
import { isPreviewComment } from './preview-comment.js';

/** The repository a step runs in: GITHUB_REPOSITORY split. */
export interface Repo {
  readonly owner: string;
  readonly repo: string;
}

/** A deployment status's state, as GitHub names them. */
export type DeploymentState = 'in_progress' | 'success' | 'failure' | 'inactive' | 'error';

/**
 * Records a deployment of `ref` (the pull request's head commit) to `environment`: transient and not
 * production (a preview's environment ends with its pull request), not merged into (auto_merge false) and
 * held to no status check (required_contexts empty: the preview is what checks the change). Its id.
 */
export async function recordDeployment(
  octokit: Octokit,
  repo: Repo,
  deployment: {
    ref: string;
    environment: string;
    description: string;
    payload: Record<string, unknown>;
    /** GitHub's task of the deployment: deploy unless given (a record of what previews cost is another). */
    task?: string;
  }
): Promise<number> {
  const made = await octokit.rest.repos.createDeployment({
    ...repo,
    ref: deployment.ref,
    ...(deployment.task === undefined ? {} : { task: deployment.task }),
    environment: deployment.environment,
    description: deployment.description.slice(0, 140),
    payload: deployment.payload,
    auto_merge: false,
    required_contexts: [],
    transient_environment: true,
    production_environment: false
  });
  // 201 carries the deployment; 202 (a merge in progress) never comes with auto_merge false.
  if (!('id' in made.data))
    throw new Error(`GitHub made no deployment: ${made.data.message ?? 'no id in its answer'}`);
  return made.data.id;
}

/**
 * Sets a deployment's status: its URL (environment_url) and the run (log_url) where known. auto_inactive
 * is false: the step marks the earlier deployments inactive itself (see retireEarlier), as GitHub does
 * not for a transient environment.
 */
export async function setDeploymentStatus(
  octokit: Octokit,
  repo: Repo,
  id: number,
  status: { state: DeploymentState; description: string; environmentUrl?: string; logUrl?: string }
): Promise<void> {
  await octokit.rest.repos.createDeploymentStatus({
    ...repo,
    deployment_id: id,
    state: status.state,
    description: status.description.slice(0, 140),
    auto_inactive: false,
    ...(status.environmentUrl === undefined ? {} : { environment_url: status.environmentUrl }),
    ...(status.logUrl === undefined ? {} : { log_url: status.logUrl })
  });
}

/**
 * Marks inactive every deployment of `environment` but `keep` whose latest status is not inactive
 * already: the environment shows one live deployment, and none once the pull request closed. The ids
 * marked.
 */
export async function retireEarlier(
  octokit: Octokit,
  repo: Repo,
  environment: string,
  keep?: number
): Promise<number[]> {
  const deployments = await octokit.paginate(octokit.rest.repos.listDeployments, {
    ...repo,
    environment,
    per_page: 100
  });
  const retired: number[] = [];
  for (const deployment of deployments.filter((d) => d.id !== keep)) {
    const [latest] = (
      await octokit.rest.repos.listDeploymentStatuses({ ...repo, deployment_id: deployment.id, per_page: 1 })
    ).data;
    if (latest?.state === 'inactive') continue;
    await setDeploymentStatus(octokit, repo, deployment.id, {
      state: 'inactive',
      description: 'superseded or closed'
    });
    retired.push(deployment.id);
  }
  return retired;
}

/**
 * The preview's one comment on pull request `number`, written: the one whose marker names `taskName`
 * updated in place, or a new one when there is none (but `existing`: none). Its id, if one was written.
 */
export async function upsertComment(
  octokit: Octokit,
  repo: Repo,
  target: { number: number; taskName: string; body: string },
  existing?: 'existing'
): Promise<number | undefined> {
  const comments = await octokit.paginate(octokit.rest.issues.listComments, {
    ...repo,
    issue_number: target.number,
    per_page: 100
  });
  const ours = comments.find((c) => isPreviewComment(c.body, target.taskName));
  if (ours !== undefined) {
    await octokit.rest.issues.updateComment({ ...repo, comment_id: ours.id, body: target.body });
    return ours.id;
  }
  // A repair updates what a run wrote, and writes nothing where the run wrote nothing.
  if (existing !== undefined) return undefined;
  const made = await octokit.rest.issues.createComment({
    ...repo,
    issue_number: target.number,
    body: target.body
  });
  return made.data.id;
}
