import { billsOf } from '../../platform/billing-data.js';
import { sumPoints } from '../../platform/money.js';
import { billingRecordsCall } from '../../platform/operations/calls.js';
import type { DeployContext } from '../context.js';
import { readAllPages } from '../tasks/read-all-pages.js';

/** Billing records begin on the hour: the window's start, at or before the step's. */
const HOUR_MS = 3_600_000;

/**
 * What the tasks have been billed since the step began, as the platform's billing records say
 * (get_billing_record with task_ids, every page, by the hour from the hour the step began in), in points.
 * The records are booked every five minutes: they lag the use by up to that. Throws when they cannot be
 * read: max_cost then fails closed (see CapGuard).
 */
export async function billedSince(taskIds: readonly string[], ctx: DeployContext): Promise<string> {
  const fromMs = Math.floor(ctx.startedAt / HOUR_MS) * HOUR_MS;
  const toMs = Math.max(ctx.runtime.now(), fromMs + 1000);
  const list = await readAllPages(
    `the billing records of task ${taskIds.join(', ')}`,
    (page) => billingRecordsCall(ctx.settings, taskIds, { fromMs, toMs }, page),
    ctx.send
  );
  const bills = billsOf({ results: list.results });
  return sumPoints(bills.map((bill) => bill.billed)) ?? '0';
}
