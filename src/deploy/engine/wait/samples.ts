import { sumPoints } from '../../../platform/money.js';
import { isQueued, type TaskSnapshot } from '../../../platform/task-data.js';

/**
 * What one read of a task's detail showed beside its status, at the moment the wait saw it (ms since the
 * step started, on the step's injected clock): what the task has cost (billed plus not billed yet, in
 * points), a job's pods, and whether a Spot job waits in the queue. The job summary draws where the time
 * and the money went from these, never from a guess.
 */
export interface Sample {
  readonly atMs: number;
  /** billing_value plus forecast_value, in points (exact text), when the detail said either. */
  readonly points?: string;
  /** A job's pods, as a line of the log says them ("1 running, 0 succeeded, 0 failed"). */
  readonly pods?: string;
  /** A Spot job in the queue (schedule_status Queued). */
  readonly queued?: boolean;
}

/** Samples a task keeps at the most: past it, every second one that changes nothing but the cost goes. */
export const MOST_SAMPLES = 400;

/** What a detail read shows of the task beside its status, at `atMs`. */
export function sampleOf(snapshot: TaskSnapshot, data: unknown, atMs: number): Sample {
  const { billingValue, forecastValue, pods } = snapshot;
  const given = [billingValue, forecastValue].filter((value) => value !== undefined);
  const points = given.length === 0 ? undefined : sumPoints(given);
  return {
    atMs,
    ...(points === undefined ? {} : { points }),
    ...(pods === undefined ? {} : { pods }),
    ...(isQueued(data) ? { queued: true } : {})
  };
}

/** Whether two samples show the same pods and queue (the cost aside). */
const sameState = (a: Sample | undefined, b: Sample): boolean =>
  a !== undefined && a.pods === b.pods && a.queued === b.queued;

/**
 * The samples with a new one added, when it shows anything new (a sample like the last is left out); at
 * most `most`: past it, every second sample that changed only the cost is let go (the first and the last
 * kept), so that a long wait keeps the shape of its cost and every change of its pods and queue (all
 * but every second one, should they change at every read past twice the bound).
 */
export function addSample(
  samples: readonly Sample[],
  sample: Sample,
  most = MOST_SAMPLES
): readonly Sample[] {
  const last = samples.at(-1);
  if (last !== undefined && last.points === sample.points && sameState(last, sample)) return samples;
  const next = [...samples, sample];
  if (next.length <= most) return next;
  const thinned = next.filter(
    (kept, i) => i === 0 || i === next.length - 1 || i % 2 === 0 || !sameState(next[i - 1], kept)
  );
  // A task whose pods change at every read: every second sample goes all the same, the bound held.
  return thinned.length <= 2 * most
    ? thinned
    : thinned.filter((_, i) => i === 0 || i === thinned.length - 1 || i % 2 === 0);
}
