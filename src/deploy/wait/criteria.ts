import type { WaitTarget } from '../../platform/operations/operation-table.js';
import type { TaskSnapshot } from '../../platform/task-data.js';
import type { WaitSettings } from '../settings.js';
import { publishableUrl } from '../tasks/publishable-urls.js';

/** The platform's task statuses (platform notes); any other is reported once and waited through. */
export const KNOWN_STATUSES = ['Pending', 'Running', 'Paused', 'End', 'Other'];
/** What a job's wait reads (job_status.status, and End for a job stopped first): its known statuses. */
const JOB_STATUSES = ['Pending', 'Manual', 'Running', 'Complete', 'Failed', 'End'];

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

/** reached: the wait's target (ready, paused or ended) was reached. */
export type Judgement = 'reached' | 'failed' | 'waiting';

const DEFAULTS: Record<WaitTarget, { success: string[]; failure: string[]; gone: Criteria['gone'] }> = {
  ready: { success: ['Running'], failure: ['Other', 'End', 'Paused'], gone: 'failure' },
  paused: { success: ['Paused'], failure: ['Other', 'End'], gone: 'failure' },
  ended: { success: ['End'], failure: [], gone: 'success' },
  // A job: Complete, or Failed; End is a job stopped before it ended.
  finished: { success: ['Complete'], failure: ['Failed', 'End'], gone: 'failure' }
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
  const known = criteria.target === 'finished' ? JOB_STATUSES : KNOWN_STATUSES;
  return !known.includes(status) && !criteria.success.includes(status) && !criteria.failure.includes(status);
}
