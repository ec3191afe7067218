import { formatDuration } from '../../basics/units.js';
import { compareDecimals, readableYuan, sumPoints, yuanOf } from '../../platform/money.js';
import type { TaskSnapshot } from '../../platform/task-data.js';

/**
 * max_cost, watched while a step waits: what the tasks it waits on have cost so far (billed plus not
 * billed yet, billing_value + forecast_value, in points: 1,000,000 a yuan), read from each poll's detail
 * (no request of its own), compared with the cap exactly. The projection uses the rate the cost was seen
 * to grow at between two polls (the catalogue's price has no published unit; the observed rate is
 * certain), and warns once when the cost would pass the cap before the wait ends.
 */
export interface CapWatch {
  /** The cap, in points (decimal text). */
  readonly capPoints: string;
  /** The cap as the user gave it, in yuan. */
  readonly capYuan: string;
  readonly warned: boolean;
  /** The last look: when (ms since the step began), and the cost then, in points. */
  readonly last: { readonly atMs: number; readonly points: string } | undefined;
}

/**
 * The cap a wait is held to: max_cost in yuan, counted from nothing for tasks the step made (`made`), from
 * each task's first read for tasks that were there before (`first_read`: a service's months of billing
 * are not the step's).
 */
export interface SpendingCap {
  readonly maxCost: string;
  readonly from: 'made' | 'first_read';
}

/** What a look at the cost says: the watch after it, lines to log, and whether the cap is reached. */
export interface CapSeen {
  readonly watch: CapWatch;
  readonly lines: string[];
  readonly reached: boolean;
}

/** A watch of the cap max_cost gives (yuan, decimal text), nothing seen yet. */
export function startCap(capYuan: string): CapWatch {
  return { capPoints: pointsOf(capYuan), capYuan, warned: false, last: undefined };
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
  const amounts = snapshots.flatMap((s) =>
    s === undefined || (s.billingValue === undefined && s.forecastValue === undefined)
      ? []
      : [s.billingValue ?? '0', s.forecastValue ?? '0']
  );
  return amounts.length === 0 ? undefined : sumPoints(amounts);
}

/** What the tasks have cost beyond their baselines (their costs when first read), in points. */
export function costSince(
  snapshots: readonly (TaskSnapshot | undefined)[],
  baselines: readonly string[]
): string | undefined {
  const total = costPoints(snapshots);
  if (total === undefined || baselines.length === 0) return total;
  const negated = baselines.map((b) => (b.startsWith('-') ? b.slice(1) : `-${b}`));
  return sumPoints([total, ...negated]);
}

/**
 * One look at the cost, at `atMs` (since the step began), the next look `nextInMs` later and the wait
 * ending at `endMs`. Reached when the cost is the cap or more, or when, at the rate seen since the last
 * look, it would pass the cap before the next look: the step stops before it passes the cap, not one
 * interval after. Else, once, a warning when that rate would pass the cap before the wait ends.
 */
export function seeCost(
  watch: CapWatch,
  points: string | undefined,
  atMs: number,
  ahead: { endMs: number; nextInMs: number }
): CapSeen {
  if (points === undefined) return { watch, lines: [], reached: false };
  const next: CapWatch = { ...watch, last: { atMs, points } };
  const cap = `max_cost ${watch.capYuan} yuan`;
  if ((compareDecimals(points, watch.capPoints) ?? -1) >= 0)
    return {
      watch: next,
      lines: [`cost: ${yuanText(points)} so far has reached ${cap}: stopping what the step waits on`],
      reached: true
    };
  const rate = rateOf(watch.last, { atMs, points });
  if (rate === undefined) return { watch: next, lines: [], reached: false };
  const capInMs = (Number(watch.capPoints) - Number(points)) / rate.perMs;
  const perHour = `${yuanText(String(Math.round(rate.perMs * 3_600_000)))} an hour (as seen between the last two reads)`;
  if (capInMs <= ahead.nextInMs)
    return {
      watch: next,
      lines: [
        `cost: ${yuanText(points)} so far, growing by ${perHour}, would pass ${cap} in about ${formatDuration(capInMs)}, before the next read: stopping what the step waits on`
      ],
      reached: true
    };
  if (watch.warned || atMs + capInMs >= ahead.endMs) return { watch: next, lines: [], reached: false };
  return {
    watch: { ...next, warned: true },
    lines: [
      `cost: ${yuanText(points)} so far, growing by ${perHour}, would pass ${cap} in about ${formatDuration(capInMs)}, before the wait ends: the step stops it before it does`
    ],
    reached: false
  };
}

/** "0.42 yuan of max_cost 5 yuan": the cost beside the cap, for a line of progress. */
export function besideCap(watch: CapWatch): string | undefined {
  return watch.last === undefined
    ? undefined
    : `${yuanText(watch.last.points)} of max_cost ${watch.capYuan} yuan`;
}

const yuanText = (points: string): string => {
  const yuan = yuanOf(points);
  return (yuan === undefined ? undefined : readableYuan(yuan)) ?? `${points} points`;
};

/** The rate the cost grew at between two looks, in points a millisecond; undefined when it did not grow. */
function rateOf(
  before: CapWatch['last'],
  now: { atMs: number; points: string }
): { perMs: number } | undefined {
  if (before === undefined || now.atMs <= before.atMs) return undefined;
  const perMs = (Number(now.points) - Number(before.points)) / (now.atMs - before.atMs);
  return perMs > 0 ? { perMs } : undefined;
}
