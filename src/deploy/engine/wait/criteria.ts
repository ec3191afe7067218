import type { WaitTarget } from '../../../platform/operations/operation-table.js';
import type { TaskSnapshot } from '../../../platform/task-data.js';
import type { TaskKindDescriptor } from '../../../platform/task-kinds.js';
import type { WaitSettings } from '../settings.js';
import { publishableUrl } from '../tasks/publishable-urls.js';

/** When a wait ends, and how. */
export interface Criteria {
  target: WaitTarget;
  success: readonly string[];
  failure: readonly string[];
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
  /** The statuses that mean someone stopped the task before it reached the target (a job's wait). */
  stopped: readonly string[];
  /** The statuses the kind's wait knows (see KindStatuses.known). */
  known: readonly string[];
}

/** reached: the wait's target (ready, paused or ended) was reached. */
export type Judgement = 'reached' | 'failed' | 'waiting';

/** The criteria of a wait for `target`, of a task of `kind`: its defaults, unless the inputs name statuses. */
export function criteriaFor(
  target: WaitTarget,
  wait: WaitSettings,
  kind: Pick<TaskKindDescriptor, 'waitDefaults' | 'statuses'>,
  leaving: readonly string[] = []
): Criteria {
  const { waitDefaults, statuses } = kind;
  const defaults = waitDefaults[target];
  return {
    target,
    success: wait.successStatuses ?? defaults.success,
    failure: wait.failureStatuses ?? defaults.failure,
    requireUrls: target === 'ready' && wait.waitForUrls,
    requireAllNodes: target === 'ready',
    gone: defaults.gone,
    leaving,
    stopped: defaults.stopped ?? [],
    known: statuses.known
  };
}

/**
 * Whether a look settles the wait: reached, failed, or still waiting. A wait until a job is ended is
 * decided by whether it bills no more (its run ended or it was stopped, no pod active or billed), whatever
 * its status word: a stopped job whose pods are still billed is not ended yet.
 */
export function judge(snapshot: TaskSnapshot, criteria: Criteria): Judgement {
  if (criteria.target === 'ended' && snapshot.billsNoMore !== undefined)
    return snapshot.billsNoMore ? 'reached' : 'waiting';
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
    !criteria.known.includes(status) &&
    !criteria.success.includes(status) &&
    !criteria.failure.includes(status)
  );
}
