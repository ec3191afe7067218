import { billsOf } from '../../platform/billing-data.js';
import { sumPoints } from '../../platform/money.js';
import { billingRecordsCall } from '../../platform/operations/calls.js';
import type { DeployContext } from '../context.js';
import { readAllPages } from '../tasks/read-all-pages.js';

/** Billing records begin on the hour: a window's start, at or before the moment given. */
const HOUR_MS = 3_600_000;

/** The hour a billing window from `ms` begins at: where a wait's own count of the records begins. */
export const billingHourOf = (ms: number): number => Math.floor(ms / HOUR_MS) * HOUR_MS;

/**
 * What the tasks have been billed since the step began, as the platform's billing records say
 * (get_billing_record with task_ids, every page, by the hour from the hour the step began in), in points.
 * `window`: from the hour `sinceMs` is in (a pull request's previews: since it was opened), and up to
 * `untilMs` (an hour's start: where a wait's own count begins), instead. The records are booked every five
 * minutes: they lag the use by up to that. Throws when they cannot be read: max_cost then fails closed
 * (see CapGuard).
 */
export async function billedSince(
  taskIds: readonly string[],
  ctx: DeployContext,
  window: { sinceMs?: number; untilMs?: number } = {}
): Promise<string> {
  const fromMs = billingHourOf(window.sinceMs ?? ctx.startedAt);
  const toMs = window.untilMs ?? Math.max(ctx.runtime.now(), fromMs + 1000);
  if (toMs <= fromMs) return '0';
  const list = await readAllPages(
    `the billing records of task ${taskIds.join(', ')}`,
    (page) => billingRecordsCall(ctx.settings, taskIds, { fromMs, toMs }, page),
    ctx.send
  );
  const bills = billsOf({ results: list.results });
  return sumPoints(bills.map((bill) => bill.billed)) ?? '0';
}
