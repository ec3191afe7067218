// The repository's workflow runs, as GET /repos/{owner}/{repo}/actions/runs/{run_id} answers one: its
// status (queued, in_progress, completed) and, once completed, its conclusion. Tests start and complete
// runs through the store, as GitHub's own scheduling would.
import { nodeId, repository, TIME, user, type Account, type Bases } from './shapes.js';

export type RunStatus = 'queued' | 'in_progress' | 'completed';
export type RunConclusion = 'success' | 'failure' | 'cancelled' | 'skipped' | 'timed_out';

export interface WorkflowRunFacts {
  readonly id: number;
  readonly runNumber: number;
  readonly attempt: number;
  readonly event: string;
  readonly workflow: string;
  readonly headBranch: string;
  readonly headSha: string;
  readonly actor: Account;
  readonly createdAt: number;
  status: RunStatus;
  conclusion: RunConclusion | null;
  updatedAt: number;
}

export function workflowRun(
  bases: Bases,
  repo: Parameters<typeof repository>[1],
  run: WorkflowRunFacts
): Record<string, unknown> {
  const full = `${repo.owner.login}/${repo.name}`;
  const url = `${bases.api}/repos/${full}/actions/runs/${run.id}`;
  const workflowId = 160_000;
  return {
    id: run.id,
    name: 'GPU',
    node_id: nodeId('WorkflowRun', run.id),
    check_suite_id: run.id + 1,
    check_suite_node_id: nodeId('CheckSuite', run.id + 1),
    head_branch: run.headBranch,
    head_sha: run.headSha,
    path: `.github/workflows/${run.workflow}@${run.headBranch}`,
    run_number: run.runNumber,
    run_attempt: run.attempt,
    event: run.event,
    display_title: `Run ${run.runNumber}`,
    status: run.status,
    conclusion: run.conclusion,
    workflow_id: workflowId,
    url,
    html_url: `${bases.web}/${full}/actions/runs/${run.id}`,
    pull_requests: [],
    created_at: TIME(run.createdAt),
    updated_at: TIME(run.updatedAt),
    actor: user(bases, run.actor),
    triggering_actor: user(bases, run.actor),
    run_started_at: TIME(run.createdAt),
    jobs_url: `${url}/jobs`,
    logs_url: `${url}/logs`,
    check_suite_url: `${bases.api}/repos/${full}/check-suites/${run.id + 1}`,
    artifacts_url: `${url}/artifacts`,
    cancel_url: `${url}/cancel`,
    rerun_url: `${url}/rerun`,
    previous_attempt_url: run.attempt > 1 ? `${url}/attempts/${run.attempt - 1}` : null,
    workflow_url: `${bases.api}/repos/${full}/actions/workflows/${workflowId}`,
    head_commit: {
      id: run.headSha,
      tree_id: run.headSha.split('').reverse().join(''),
      message: `Run ${run.runNumber}`,
      timestamp: TIME(run.createdAt),
      author: { name: 'Mona Octocat', email: 'mona@example.com' },
      committer: { name: 'Mona Octocat', email: 'mona@example.com' }
    },
    repository: repository(bases, repo),
    head_repository: repository(bases, repo)
  };
}
