import { formatDuration } from '../../basics/units.js';
import { OPERATION_TABLE } from '../../platform/operations/operation-table.js';
import type { OperationName } from '../../platform/platform-settings.js';
import { taskKindOf } from '../../platform/operations/calls.js';
import type { DeploySettings } from './settings.js';

// The defaults that depend on the operation (action.yml declares none for these inputs: the runner would
// pass a declared default as if the user had set it).

/** How long a step waits when wait_timeout is empty and the operation sets no wait of its own. */
export const WAIT_TIMEOUT_MS = 15 * 60_000;

/** The longest wait_timeout takes, and the longest a default wait may be. */
export const MOST_WAIT_MS = 6 * 3_600_000;

/**
 * The time a job gets to start before its timeout_sec counts (the platform counts it from the job's run):
 * scheduling, and pulling its image. A Spot job without spot_fallback may wait Queued for longer.
 */
export const JOB_START_MS = 15 * 60_000;

/** How long a step waits when wait_timeout is empty, and why, in words for the log and the dry run. */
export interface DefaultWait {
  ms: number;
  why: string;
}

/**
 * The wait when wait_timeout is empty: for a job made by the step, its own timeout_sec (the platform stops
 * it then), plus the time to start (JOB_START_MS) and, with spot_fallback, queue_timeout, so that the wait
 * never ends before the job could; at most MOST_WAIT_MS. Any other step waits WAIT_TIMEOUT_MS.
 */
export function defaultWait(
  settings: Pick<DeploySettings, 'operation' | 'body' | 'spotFallback'>
): DefaultWait {
  const timeoutSec = jobTimeoutSec(settings);
  if (timeoutSec === undefined) return { ms: WAIT_TIMEOUT_MS, why: 'the default wait_timeout' };
  const queue = settings.spotFallback?.queueTimeoutMs ?? 0;
  const whole = timeoutSec * 1000 + JOB_START_MS + queue;
  const parts = [
    `the job's timeout_sec of ${formatDuration(timeoutSec * 1000)}`,
    `${formatDuration(JOB_START_MS)} to start`,
    ...(queue > 0 ? [`queue_timeout of ${formatDuration(queue)} (spot_fallback)`] : [])
  ];
  const why = `${parts.join(' + ')}${whole > MOST_WAIT_MS ? `, at most ${formatDuration(MOST_WAIT_MS)}` : ''}`;
  return { ms: Math.min(whole, MOST_WAIT_MS), why };
}

/** The wait an operation's step takes when wait_timeout is empty, in words (for its help). */
export function describeDefaultWait(operation: OperationName): string {
  const job = defaultWait({ operation, body: { job_support: { timeout_sec: 1 } }, spotFallback: undefined });
  const minutes = (ms: number): string => `${ms / 60_000}m`;
  return job.ms === WAIT_TIMEOUT_MS
    ? minutes(WAIT_TIMEOUT_MS)
    : `the job's timeout_sec + ${minutes(JOB_START_MS)} to start (+ queue_timeout with spot_fallback), at most ${MOST_WAIT_MS / 3_600_000}h`;
}

/**
 * A warning when wait_timeout, as set, is shorter than the job's own timeout_sec: the step stops waiting
 * (and, with cleanup stop, stops the job) before the job would end by itself. Undefined otherwise.
 */
export function shortWaitWarning(
  settings: Pick<DeploySettings, 'operation' | 'body' | 'wait' | 'cleanup'>
): string | undefined {
  const timeoutSec = jobTimeoutSec(settings);
  const { timeoutMs, timeoutWhy } = settings.wait;
  if (timeoutSec === undefined || timeoutWhy !== undefined || timeoutMs >= timeoutSec * 1000)
    return undefined;
  return `wait_timeout (${formatDuration(timeoutMs)}) is shorter than the job's timeout_sec (${formatDuration(timeoutSec * 1000)}): the step stops waiting before the job would end${settings.cleanup === 'stop' ? ' (and stops the job then, with cleanup: stop)' : ''}; leave wait_timeout empty to wait for its timeout_sec and its start`;
}

/** The timeout_sec of the job a step makes (its body's job_support), when the operation makes one. */
function jobTimeoutSec(settings: Pick<DeploySettings, 'operation' | 'body'>): number | undefined {
  if (settings.operation === 'request') return undefined;
  const spec = OPERATION_TABLE[settings.operation];
  // A step whose wait ends before its job does (a runner's: once its runner is online) waits its own time.
  if (spec.answers !== 'new_task' || spec.wait?.target !== 'finished') return undefined;
  return taskKindOf(settings).runTimeoutSec(settings.body);
}
