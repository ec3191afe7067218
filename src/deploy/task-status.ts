import type { WaitTarget } from '../platform/operations.js';
import type { PlatformSettings, WaitMode } from '../platform/platform-settings.js';
import type { TaskSnapshot } from '../platform/task-data.js';
import type { HealthSettings } from './health.js';
import type { CapacityWish } from './resource-choice.js';
import { publishableUrl } from './urls.js';

/** The platform's task statuses (platform notes); any other is reported once and waited through. */
export const KNOWN_STATUSES = ['Pending', 'Running', 'Paused', 'End', 'Other'];

/** When a wait ends, and how. */
export interface Criteria {
  target: WaitTarget;
  success: string[];
  failure: string[];
  /** Ready also needs every services[].remote_ports[].url present in the task to be a publishable http(s) URL. */
  requireUrls: boolean;
  /** Ready also needs every node running (runing_points at least points), where the task says. */
  requireAllNodes: boolean;
  /** What a task that no longer exists means: stopped (success) when stopping, failure otherwise. */
  gone: 'success' | 'failure';
  /**
   * The statuses the request just sent takes a task out of (a recover, out of Paused): until the task has
   * shown another, one of them means the request has not shown yet, never the verdict.
   */
  leaving: readonly string[];
}

/** How a step waits, as the wait inputs say. */
export interface WaitSettings {
  mode: WaitMode;
  timeoutMs: number;
  intervalMs: number;
  /** Dot path to the status inside the task detail's data. */
  statusField: string[];
  /** Override the statuses that end a wait well or badly (defaults depend on what is awaited). */
  successStatuses: string[] | undefined;
  failureStatuses: string[] | undefined;
  /** Ready also needs every services[].remote_ports[].url to be set. */
  waitForUrls: boolean;
  /** Consecutive failed polls of a task that end the wait for it. */
  pollErrorBudget: number;
  /** Restarts of a container that fail a wait until ready (0: never). */
  maxRestarts: number;
  /** Lines of each service's log that a failed wait shows (0: none). */
  logLines: number;
}

/** A cluster preheat caches the images in the region; a node preheat prepares nodes there. */
export type PreheatMode = 'region' | 'node';

/** How a step preheats before it creates (preheat, preheat_timeout). */
export interface PreheatSettings {
  mode: 'none' | PreheatMode;
  timeoutMs: number;
}

/** What the deploy layer reads of the settings. */
export interface DeploySettings extends PlatformSettings {
  wait: WaitSettings;
  health: HealthSettings;
  /** What the post step does with the tasks this step creates. */
  cleanup: 'none' | 'stop' | 'pause';
  /** How long the post step keeps trying to clean up (and to find a task by name) before it gives up loudly. */
  cleanupTimeoutMs: number;
  /** The resource a new task asks for by GPU model, instead of a mark in the body; undefined when gpu is empty. */
  capacity: CapacityWish | undefined;
  /** Whether, and how long, to preheat the images where the new task will run, before creating it. */
  preheat: PreheatSettings;
  /** Which nodes replace_node deletes, and whether it may delete the last running one. */
  nodeChoice: NodeChoice;
}

/** point_id (a node's id, or `failed`: every failed or crash-looping node) and delete_last_node. */
export interface NodeChoice {
  pointId: string | undefined;
  deleteLastNode: boolean;
}

/** reached: the wait's target (ready, paused or ended) was reached. */
export type Judgement = 'reached' | 'failed' | 'waiting';

const DEFAULTS: Record<WaitTarget, { success: string[]; failure: string[]; gone: Criteria['gone'] }> = {
  ready: { success: ['Running'], failure: ['Other', 'End', 'Paused'], gone: 'failure' },
  paused: { success: ['Paused'], failure: ['Other', 'End'], gone: 'failure' },
  ended: { success: ['End'], failure: [], gone: 'success' }
};

export function criteriaFor(
  target: WaitTarget,
  wait: WaitSettings,
  leaving: readonly string[] = []
): Criteria {
  const defaults = DEFAULTS[target];
  return {
    target,
    success: wait.successStatuses ?? defaults.success,
    failure: wait.failureStatuses ?? defaults.failure,
    requireUrls: target === 'ready' && wait.waitForUrls,
    requireAllNodes: target === 'ready',
    gone: defaults.gone,
    leaving
  };
}

export function judge(snapshot: TaskSnapshot, criteria: Criteria): Judgement {
  if (snapshot.status === undefined) return 'waiting';
  if (criteria.failure.includes(snapshot.status)) return 'failed';
  if (!criteria.success.includes(snapshot.status)) return 'waiting';
  if (criteria.requireUrls && snapshot.urls.some((url) => !isPublishable(url))) return 'waiting';
  if (
    criteria.requireAllNodes &&
    snapshot.nodes !== undefined &&
    snapshot.nodes.running < snapshot.nodes.total
  )
    return 'waiting';
  return 'reached';
}

/** A URL set, and one the action can publish (an absolute http(s) URL): anything else is no URL yet. */
export function isPublishable(url: string | null): boolean {
  return url !== null && publishableUrl(url) !== undefined;
}

/** A status the wait does not know what to make of: neither known to the platform nor configured. */
export function isUnknownStatus(status: string, criteria: Criteria): boolean {
  return (
    !KNOWN_STATUSES.includes(status) &&
    !criteria.success.includes(status) &&
    !criteria.failure.includes(status)
  );
}
