/**
 * Money as the platform's reference counts it (suanli-deployment/SKILL.md): in points, 1 yuan =
 * 1,000,000 points, used per second while a task runs, and booked every 5 minutes. Until it is booked,
 * use shows in a task's `forecast_value`; once booked, in its `billing_value` and the billing records.
 */
export const POINTS_PER_YUAN = 1_000_000;
/**
 * The emulator's reading of the resource search's `price` and `discount_price` (the reference publishes
 * no unit: its prose says yuan per card-hour, which its own figures do not fit): thousandths of a yuan per
 * node and hour, so the catalog's 4090 at 1980 bills 1.98 yuan an hour, 550 points a second, the
 * reference's worked example; an `H20 x 8` node at 16416 bills 16.416 yuan an hour (2.052 per card).
 */
export const PRICE_UNITS_PER_YUAN = 1000;
export const BOOKING_PERIOD_MS = 5 * 60_000;

/** A stretch of time a task ran on `nodes` nodes; `to` undefined while it still runs. */
export interface Run {
  from: number;
  to: number | undefined;
  nodes: number;
}

/** The end of the last booking period at `now`: use before it is booked, use after it is not yet. */
export function bookedUntil(now: number): number {
  return Math.floor(now / BOOKING_PERIOD_MS) * BOOKING_PERIOD_MS;
}

/** Points the runs used before time `t`, at `yuanPerNodeHour` per node and hour (not rounded). */
function usedBefore(runs: readonly Run[], t: number, now: number, yuanPerNodeHour: number): number {
  const pointsPerNodeMs = (yuanPerNodeHour * POINTS_PER_YUAN) / 3_600_000;
  return runs.reduce((sum, run) => {
    const end = Math.min(run.to ?? now, t);
    return end > run.from ? sum + (end - run.from) * run.nodes * pointsPerNodeMs : sum;
  }, 0);
}

/** A task's `billing_value` (booked) and `forecast_value` (used since, not yet booked), whole points. */
export function taskMoney(
  runs: readonly Run[],
  now: number,
  yuanPerNodeHour: number
): { billing_value: number; forecast_value: number } {
  const booked = Math.floor(usedBefore(runs, bookedUntil(now), now, yuanPerNodeHour));
  const used = Math.floor(usedBefore(runs, now, now, yuanPerNodeHour));
  return { billing_value: booked, forecast_value: used - booked };
}

/** Points booked for use between `from` and `to` (whole points): what a billing record counts. */
export function bookedBetween(
  runs: readonly Run[],
  from: number,
  to: number,
  now: number,
  yuanPerNodeHour: number
): number {
  const limit = bookedUntil(now);
  return Math.floor(
    usedBefore(runs, Math.min(to, limit), now, yuanPerNodeHour) -
      usedBefore(runs, Math.min(from, limit), now, yuanPerNodeHour)
  );
}

/** The billing record periods of `range` from `start` to `end` (ms); the last one may be shorter. */
export function periods(
  range: 'hour' | 'day' | 'week' | 'month',
  start: number,
  end: number
): [number, number][] {
  const out: [number, number][] = [];
  for (let from = start; from < end && out.length < 10_000;) {
    const to = Math.min(end, next(range, from));
    out.push([from, to]);
    from = to;
  }
  return out;
}

function next(range: 'hour' | 'day' | 'week' | 'month', from: number): number {
  if (range === 'month') {
    const date = new Date(from);
    date.setUTCMonth(date.getUTCMonth() + 1);
    return date.getTime();
  }
  return from + { hour: 3_600_000, day: 86_400_000, week: 7 * 86_400_000 }[range];
}
