/**
 * What a preview step asks of the pull requests' host (GitHub, through github/): the pull request of the
 * workflow's event, its records (a deployment per push and its statuses, the earlier ones marked
 * inactive, the one comment), and a pull request's state for the sweep. The deploy layer decides; the
 * host only records and answers. Every method throws an Error whose message says what GitHub refused and
 * what permission to grant, if any.
 */
export interface PullRequests {
  /** The pull request of the workflow's event: undefined for the sweep (a schedule's run has none). */
  readonly event: PullRequestEvent | undefined;
  /** The workflow run, a validated http(s) URL: the deployments' log_url. */
  readonly runUrl: string | undefined;
  /** Records a deployment of the pull request's `ref` to its environment, in progress: its id. */
  deploying: (number: number, ref: string, taskName: string) => Promise<number>;
  /** The deployment's end: success with the service's URL (validated http(s)), or failure. */
  deployed: (id: number, outcome: DeploymentOutcome) => Promise<void>;
  /** Marks the environment's deployments inactive, but `keep`: the ids marked. */
  retire: (number: number, keep?: number) => Promise<number[]>;
  /**
   * Writes the preview's one comment on the pull request: updated in place, or made once (`existing`:
   * only updated, never made: a repair of what a run left). Whether there was one to write.
   */
  comment: (view: PreviewView, existing?: 'existing') => Promise<boolean>;
  /** A pull request's state: open, closed, merged, or missing (no such pull request in the repository). */
  state: (number: number) => Promise<PullState>;
  /** When the newest deployment of the pull request's environment was made (ms since the epoch), if any. */
  lastDeployedAt: (number: number) => Promise<number | undefined>;
  /**
   * The latest state of the newest deployment of the preview `name` (GitHub's names: success,
   * in_progress, inactive...), or none when the pull request's environment has no deployment of it.
   */
  lastDeploymentState: (number: number, name: string) => Promise<string | undefined>;
  /** The pull requests closed or merged, last updated at or after `since` (ms since the epoch), newest first. */
  closedSince: (since: number) => Promise<number[]>;
  /**
   * What GitHub keeps of what the preview `name`'s tasks have cost (task id to points), each task's most
   * recorded figure: it outlives the tasks, which the platform may delete once ended.
   */
  spentKept: (name: string) => Promise<ReadonlyMap<string, string>>;
  /** Keeps on GitHub what each task of pull request `number`'s preview `name` has cost (task id to points). */
  keepSpent: (number: number, name: string, spent: ReadonlyMap<string, string>) => Promise<void>;
  /**
   * When pull request `number` was opened (ms since the epoch), if GitHub says: no task of its preview is
   * older, so the platform's billing records of its previews are read from then.
   */
  openedAt: (number: number) => Promise<number | undefined>;
}

/**
 * What the pull requests' host refused or could not do (GitHub's answer, and the permission to grant, in
 * its message): a preview step fails saying so, and never as an unexpected error.
 */
export class PullRequestsRefusal extends Error {}

/** The pull request of a pull_request event: what happened to it, its number, and its head commit. */
export interface PullRequestEvent {
  /** opened, synchronize and reopened bring the preview up; closed takes it down. */
  readonly action: 'up' | 'down';
  /** The event's own word (opened, synchronize, reopened, closed). */
  readonly said: string;
  readonly number: number;
  readonly headSha: string;
  readonly merged: boolean;
}

export type PullState = 'open' | 'closed' | 'merged' | 'missing';

export interface DeploymentOutcome {
  readonly state: 'success' | 'failure';
  readonly description: string;
  readonly url?: string;
}

/**
 * What the preview's comment shows: the URL, the GPU and region, the status, what this push's preview
 * has cost so far and what all of the pull request's previews have cost. Values from the platform are
 * shown as text by the renderer.
 */
export interface PreviewView {
  readonly taskName: string;
  readonly number: number;
  readonly state: 'running' | 'failed' | 'stopped' | 'capped' | 'refused';
  /** The service's URL, already validated as an http(s) URL. */
  readonly url: string | undefined;
  readonly gpu: string | undefined;
  readonly region: string | undefined;
  /** The task's status, as the platform says it. */
  readonly status: string | undefined;
  /** The commit this push deployed (its first seven characters are shown); unknown to the sweep. */
  readonly sha: string | undefined;
  /** What this push's preview has cost so far, and all of the pull request's previews together (readable yuan). */
  readonly pushCost: string | undefined;
  readonly totalCost: string | undefined;
  /** Why it failed, what the cap or the close did, or which previews run when max_previews refused one. */
  readonly note: string | undefined;
}

/** The task name of a pull request's preview: the task_name given, and the number (web-pr-42). */
export function previewName(taskName: string, number: number): string {
  return `${taskName}-pr-${number}`;
}

/** The pull request a preview's task name is of (web-pr-42: 42), or undefined when it is none of task_name's. */
export function previewNumber(taskName: string, name: string): number | undefined {
  const prefix = `${taskName}-pr-`;
  if (!name.startsWith(prefix)) return undefined;
  const digits = name.slice(prefix.length);
  return /^[1-9]\d{0,9}$/.test(digits) ? Number(digits) : undefined;
}
