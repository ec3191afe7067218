import { billsOf } from '../../../platform/billing-data.js';
import { sumPoints } from '../../../platform/money.js';
import { billingRecordsCall } from '../../../platform/operations/calls.js';
import type { DeployContext } from '../context.js';
import { readAllPages } from '../tasks/read-all-pages.js';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/**
 * What the tasks have been billed from `fromMs` (the step's start unless given) to `untilMs` (now unless
 * given), as the platform's billing records say (get_billing_record with task_ids, every page), in points:
 * by the hour from the hour `fromMs` is in, or, for a window of more than two days, by the day from its day
 * (UTC). The records are booked every five minutes: they lag the use by up to that. Throws when they cannot
 * be read: max_cost then fails closed (see CapGuard).
 */
export async function billedSince(
  taskIds: readonly string[],
  ctx: DeployContext,
  fromMs: number = ctx.startedAt,
  untilMs?: number
): Promise<string> {
  const now = ctx.runtime.now();
  const range = (untilMs ?? now) - fromMs > 2 * DAY_MS ? 'day' : 'hour';
  const unit = range === 'day' ? DAY_MS : HOUR_MS;
  const start = Math.floor(fromMs / unit) * unit;
  const end = untilMs ?? Math.max(now, start + 1000);
  if (end <= start) return '0';
  const list = await readAllPages(
    `the billing records of task ${taskIds.join(', ')}`,
    (page) => billingRecordsCall(ctx.settings, taskIds, { range, fromMs: start, toMs: end }, page),
    ctx.send
  );
  return sumPoints(billsOf({ results: list.results }).map((bill) => bill.billed)) ?? '0';
}
