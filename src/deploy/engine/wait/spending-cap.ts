import { formatDuration } from '../../../basics/units.js';
import { compareDecimals, readablePoints, sumPoints } from '../../../platform/money.js';
import type { TaskSnapshot } from '../../../platform/task-data.js';

/**
 * max_cost, watched while a step waits: what the tasks it counts have cost so far (billed plus not billed
 * yet, billing_value + forecast_value, in points: 1,000,000 a yuan), read from each poll's detail, compared
 * with the cap exactly. Between reads the cost is projected at the rate it was seen to grow at between the
 * last two reads (the catalogue's price has no published unit; the observed rate is certain): the step
 * stops what bills before the projection reaches the cap, whether the next read is due, failed, or is held
 * back by the platform (a 429's Retry-After, no answer) past that moment. A warning (the host's, not a line
 * of the log) comes once when the rate would pass the cap before the wait ends.
 */
export interface CapWatch {
  /** The cap, in points (decimal text). */
  readonly capPoints: string;
  /** The cap as the user gave it, in yuan. */
  readonly capYuan: string;
  readonly warned: boolean;
  /** The last reading: when (ms since the step began), and the cost then, in points. */
  readonly last: CapReading | undefined;
  /**
   * The rate between the last two readings, in points a millisecond; undefined when it did not grow. Kept
   * while reads fail: the cap is guarded at the last rate seen until a read says otherwise.
   */
  readonly perMs: number | undefined;
}

/** The cost read at a moment: ms since the step began, and points. */
export interface CapReading {
  readonly atMs: number;
  readonly points: string;
}

/**
 * The cap a wait is held to: max_cost in yuan, counted from nothing for tasks the step made (`made`), from
 * each task's first read for tasks that were there before (`first_read`: a service's months of billing
 * are not the step's).
 */
export interface SpendingCap {
  readonly maxCost: string;
  readonly from: 'made' | 'first_read';
  /**
   * Points spent already that count against the cap before the wait begins (a pull request's earlier
   * previews, ended or deleted ones included).
   */
  readonly spentBefore?: string;
  /**
   * Tasks that bill beside those waited on (a preview's older task while the replace waits): read every
   * round, their whole cost counted (spentBefore holds none of it), and stopped with the waited tasks when
   * the cap is reached.
   */
  readonly alongside?: readonly string[];
}

/**
 * What a look at the cost says: the watch after it, lines to log, warnings (the host's own: an annotation
 * on GitHub's runner, a `warning:` line in the CLI), and whether the cap is reached.
 */
export interface CapSeen {
  readonly watch: CapWatch;
  readonly lines: string[];
  readonly warnings: string[];
  readonly reached: boolean;
}

/**
 * A watch of the cap max_cost gives (yuan, decimal text). `seed`: a reading known before any read (what a
 * step's own new task cost when the step began: nothing), so that the first read already gives a rate.
 */
export function startCap(capYuan: string, seed?: CapReading): CapWatch {
  return { capPoints: pointsOf(capYuan), capYuan, warned: false, last: seed, perMs: undefined };
}

/** Yuan (decimal text) as points: a yuan is 1,000,000 points. */
export function pointsOf(yuan: string): string {
  const [whole = '0', fraction = ''] = yuan.split('.');
  const digits = `${whole}${fraction.padEnd(6, '0').slice(0, 6)}`.replace(/^0+(?=\d)/, '');
  const rest = fraction.slice(6);
  return rest === '' ? digits : `${digits}.${rest}`;
}

/** The cost of the tasks' last details, in points; undefined when none says one. */
export function costPoints(snapshots: readonly (TaskSnapshot | undefined)[]): string | undefined {
  const amounts = snapshots.flatMap((s) => (s === undefined || !saysCost(s) ? [] : costAmounts(s)));
  return amounts.length === 0 ? undefined : sumPoints(amounts);
}

/** Whether a detail says what its task cost (billing_value or forecast_value). */
export function saysCost(snapshot: TaskSnapshot): boolean {
  return snapshot.billingValue !== undefined || snapshot.forecastValue !== undefined;
}

const costAmounts = (s: TaskSnapshot): string[] => [s.billingValue ?? '0', s.forecastValue ?? '0'];

/** What the tasks have cost beyond their baselines (their costs when first read), in points. */
export function costSince(
  snapshots: readonly (TaskSnapshot | undefined)[],
  baselines: readonly string[]
): string | undefined {
  const total = costPoints(snapshots);
  if (total === undefined || baselines.length === 0) return total;
  return sumPoints([total, ...baselines.map(negated)]);
}

const negated = (points: string): string => (points.startsWith('-') ? points.slice(1) : `-${points}`);

/**
 * One look at the cost at `nowMs` (since the step began), the next look due `nextInMs` later and the wait
 * ending at `endMs`. `reading`: the cost read now, undefined when this round could not read it (a failed or
 * partial read): the last reading then stands, projected at the last rate. Reached when the cost is the cap
 * or more, or when, at that rate, it would reach the cap before the next look: the step stops before it
 * passes the cap, not one interval after. Else, once, a warning when that rate would pass the cap before
 * the wait ends.
 */
export function seeCost(
  watch: CapWatch,
  reading: string | undefined,
  nowMs: number,
  ahead: { endMs: number; nextInMs: number }
): CapSeen {
  const next = reading === undefined ? watch : withReading(watch, { atMs: nowMs, points: reading });
  const last = next.last;
  if (last === undefined || (reading === undefined && next.perMs === undefined))
    return { watch: next, lines: [], warnings: [], reached: false };
  const cap = `max_cost ${watch.capYuan} yuan`;
  if ((compareDecimals(last.points, watch.capPoints) ?? -1) >= 0)
    return {
      watch: next,
      lines: [
        `cost: ${readablePoints(last.points)} so far has reached ${cap}: stopping what the step waits on`
      ],
      warnings: [],
      reached: true
    };
  const capAt = capAtMs(next);
  if (capAt === undefined || next.perMs === undefined)
    return { watch: next, lines: [], warnings: [], reached: false };
  const since = reading === undefined ? ` as last read ${formatDuration(nowMs - last.atMs)} ago` : ' so far';
  const perHour = `${readablePoints(String(Math.round(next.perMs * 3_600_000)))} an hour (as seen between the last two reads)`;
  const growing = `cost: ${readablePoints(last.points)}${since}, growing by ${perHour}`;
  if (capAt <= nowMs + ahead.nextInMs) {
    const when =
      capAt <= nowMs
        ? `has likely reached ${cap} by now`
        : `would pass ${cap} in about ${formatDuration(capAt - nowMs)}, before the next read`;
    return {
      watch: next,
      lines: [`${growing}, ${when}: stopping what the step waits on`],
      warnings: [],
      reached: true
    };
  }
  if (next.warned || capAt >= ahead.endMs) return { watch: next, lines: [], warnings: [], reached: false };
  return {
    watch: { ...next, warned: true },
    lines: [],
    warnings: [
      `${growing}, would pass ${cap} in about ${formatDuration(capAt - nowMs)}, before the wait ends: the step stops it before it does`
    ],
    reached: false
  };
}

/**
 * A read the platform would hold back (see HeldBackError) past the moment the cost reaches the cap: the
 * cap is reached, since the step must not learn of it later; what it waits on is stopped first, and read
 * after.
 */
export function heldBack(watch: CapWatch, why: string, nowMs: number): CapSeen {
  const capAt = capAtMs(watch);
  const cap = `max_cost ${watch.capYuan} yuan`;
  const later =
    capAt === undefined
      ? `longer than ${cap} can be held while no rate of the cost has been seen (a poll interval at the most)`
      : `which is later than the cost would reach ${cap} (in about ${formatDuration(Math.max(0, capAt - nowMs))}, at the rate seen)`;
  return {
    watch,
    lines: [`cost: ${why}, ${later}: stopping what the step waits on first, and reading it after`],
    warnings: [],
    reached: true
  };
}

/**
 * When the cost reaches the cap (ms since the step began) at the last rate seen, from the last reading:
 * the latest moment the next read may come. Undefined while no rate is known.
 */
export function capAtMs(watch: CapWatch): number | undefined {
  const { last, perMs } = watch;
  if (last === undefined || perMs === undefined) return undefined;
  return last.atMs + Math.max(0, Number(watch.capPoints) - Number(last.points)) / perMs;
}

/** "0.42 yuan of max_cost 5 yuan": the cost beside the cap, for a line of progress. */
export function besideCap(watch: CapWatch): string | undefined {
  return watch.last === undefined
    ? undefined
    : `${readablePoints(watch.last.points)} of max_cost ${watch.capYuan} yuan`;
}

/** Whether `points` is more than the cap: what a stop that came late let through, said as such. */
export function pastCap(watch: CapWatch, points: string): string | undefined {
  if ((compareDecimals(points, watch.capPoints) ?? 0) <= 0) return undefined;
  const over = sumPoints([points, negated(watch.capPoints)]) ?? '0';
  return `${readablePoints(points)} passed max_cost ${watch.capYuan} yuan by ${readablePoints(over)}`;
}

/**
 * The watch after a reading: it is the last one, and the rate is the growth since the one before. A cost
 * never goes down: a reading below the last (a source that lags, such as the billing records after a
 * detail, or a bill set right) leaves the last reading, and its rate, as they were.
 */
function withReading(watch: CapWatch, now: CapReading): CapWatch {
  const before = watch.last;
  if (before !== undefined && (compareDecimals(now.points, before.points) ?? 0) < 0) return watch;
  if (before === undefined || now.atMs <= before.atMs) return { ...watch, last: now };
  const perMs = (Number(now.points) - Number(before.points)) / (now.atMs - before.atMs);
  return { ...watch, last: now, perMs: perMs > 0 ? perMs : undefined };
}
