// What the GitHub stand-in knows: one repository, its pull requests, deployments and their statuses, the
// comments of its issues, its workflow runs, the self-hosted runners of the repository and its
// organization, and the tokens that may call it with their permissions. Tests change it through
// the control of index.ts, as GitHub's own events would (a pull request opened, pushed to, closed).
import { createHash } from 'node:crypto';
import { RunnerBook } from './runners.js';
import type { Account, CommentFacts, DeploymentFacts, PullFacts, StatusFacts } from './shapes.js';
import type { RunConclusion, WorkflowRunFacts } from './workflow-runs.js';

/**
 * The permissions a token may hold: those a workflow's `permissions:` grants GITHUB_TOKEN, and those only
 * a fine-grained token or a GitHub App carries (a repository's `administration`, an organization's
 * `organization_self_hosted_runners`), which the runner endpoints need.
 */
export type Permission =
  | 'deployments'
  | 'pull-requests'
  | 'issues'
  | 'contents'
  | 'administration'
  | 'organization_self_hosted_runners';

export interface TokenGrant {
  readonly account: Account;
  /** The permissions it may write with; every token may read. */
  readonly write: ReadonlySet<Permission>;
}

export const OWNER: Account = { login: 'acme', id: 9001, type: 'Organization' };
export const BOT: Account = { login: 'github-actions[bot]', id: 41898282, type: 'Bot' };
export const AUTHOR: Account = { login: 'octocat', id: 583231, type: 'User' };
export const FORKER: Account = { login: 'outsider', id: 777001, type: 'User' };

export class GitHubStore {
  readonly repo = { id: 500100, owner: OWNER, name: 'app', createdAt: Date.UTC(2024, 0, 2) };
  readonly pulls = new Map<number, PullFacts>();
  readonly deployments: DeploymentFacts[] = [];
  readonly statuses: StatusFacts[] = [];
  readonly comments: CommentFacts[] = [];
  readonly tokens = new Map<string, TokenGrant>();
  /** Commits whose status checks still run (a pull request's head, from its push: a knob may clear it). */
  readonly checksRunning = new Set<string>();
  /** The workflow runs, by id. */
  readonly runs = new Map<number, WorkflowRunFacts>();
  /** The self-hosted runners registered, the repository's and the organization's. */
  readonly runners = new RunnerBook(() => this.nextId());
  #nextId = 1;

  constructor(readonly now: () => number) {}

  get fullName(): string {
    return `${this.repo.owner.login}/${this.repo.name}`;
  }

  nextId(): number {
    return 1_000_000 + this.#nextId++;
  }

  /** Opens pull request `number` from a branch of the repository, or of a fork's. */
  openPull(number: number, options: { fork?: boolean; sha?: string; title?: string } = {}): PullFacts {
    const now = this.now();
    const fork = options.fork === true;
    const headRepo = fork
      ? { id: 600200, owner: FORKER, name: 'app', createdAt: this.repo.createdAt }
      : this.repo;
    const pull: PullFacts = {
      number,
      id: 8_000_000 + number,
      title: options.title ?? `Change ${number}`,
      state: 'open',
      merged: false,
      author: fork ? FORKER : AUTHOR,
      head: { ref: `feature-${number}`, sha: options.sha ?? sha(number, 1), repo: headRepo },
      base: { ref: 'main', sha: sha(0, 1), repo: this.repo },
      createdAt: now,
      updatedAt: now,
      closedAt: undefined
    };
    this.pulls.set(number, pull);
    this.checksRunning.add(pull.head.sha);
    return pull;
  }

  /** A push to the pull request's branch: its head moves to a new commit. */
  pushPull(number: number, commit: string): PullFacts {
    const pull = this.#pull(number);
    const pushed = { ...pull, head: { ...pull.head, sha: commit }, updatedAt: this.now() };
    this.pulls.set(number, pushed);
    this.checksRunning.add(commit);
    return pushed;
  }

  /** Closes the pull request, merged or not. */
  closePull(number: number, merged: boolean): PullFacts {
    const now = this.now();
    const closed = { ...this.#pull(number), state: 'closed' as const, merged, closedAt: now, updatedAt: now };
    this.pulls.set(number, closed);
    return closed;
  }

  /** The deployments of the environments `environment` matches, oldest first. */
  deploymentsIn(environment: RegExp): DeploymentFacts[] {
    return this.deployments.filter((d) => environment.test(d.environment));
  }

  /** The statuses of a deployment, newest first. */
  statusesOf(deploymentId: number): StatusFacts[] {
    return this.statuses.filter((s) => s.deployment.id === deploymentId).reverse();
  }

  /** A workflow run starts (in progress, as when its first job runs), attempt 1 unless given. */
  startRun(options: { id?: number; attempt?: number; event?: string } = {}): WorkflowRunFacts {
    const now = this.now();
    const id = options.id ?? 7_000_000_000 + this.runs.size + 1;
    const run: WorkflowRunFacts = {
      id,
      runNumber: this.runs.size + 1,
      attempt: options.attempt ?? 1,
      event: options.event ?? 'push',
      workflow: 'gpu.yml',
      headBranch: 'main',
      headSha: sha(0, 1),
      actor: AUTHOR,
      createdAt: now,
      status: 'in_progress',
      conclusion: null,
      updatedAt: now
    };
    this.runs.set(id, run);
    return run;
  }

  /** The workflow run completes, with `conclusion` (cancelled: a user cancelled it). */
  completeRun(id: number, conclusion: RunConclusion): WorkflowRunFacts {
    const run = this.runs.get(id);
    if (run === undefined) throw new Error(`the stand-in has no workflow run ${id}`);
    run.status = 'completed';
    run.conclusion = conclusion;
    run.updatedAt = this.now();
    return run;
  }

  #pull(number: number): PullFacts {
    const pull = this.pulls.get(number);
    if (pull === undefined) throw new Error(`the stand-in has no pull request ${number}`);
    return pull;
  }
}

/**
 * A commit's sha: 40 hex digits, one per pull request and push, as unlike one another as real ones are:
 * two commits never share the 7 digits a comment shows of them.
 */
export function sha(pull: number, push: number): string {
  return createHash('sha1').update(`pull request ${pull}, push ${push}`).digest('hex');
}
