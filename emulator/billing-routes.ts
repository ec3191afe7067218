// Billing records as the platform's reference gives them (suanli-job/api/fee-time-query.md and
// fee-task-query.md): both require range, start_time and end_time, and count points.
import { idList, oneOf, rfc3339Time } from './params.js';
import { pageOf, requireParameters, textParameter, type Route, type RouteContext } from './route.js';

const RANGES = ['hour', 'day', 'week', 'month'] as const;

/** The required window of a billing query. */
function window(ctx: RouteContext): { range: (typeof RANGES)[number]; from: number; to: number } {
  requireParameters(ctx, ['range', 'start_time', 'end_time']);
  const range = oneOf(textParameter(ctx, 'range'), RANGES, 'range') ?? 'day';
  return {
    range,
    from: rfc3339Time(textParameter(ctx, 'start_time'), 'start_time'),
    to: rfc3339Time(textParameter(ctx, 'end_time'), 'end_time')
  };
}

export const BILLING_ROUTES: readonly Route[] = [
  {
    path: '/api/billing/get_billing_record',
    methods: ['GET'],
    encrypt: false,
    handle: (ctx) => {
      const { range, from, to } = window(ctx);
      const taskIds = idList(textParameter(ctx, 'task_ids'), 'task_ids');
      // The records count tasks and jobs alike.
      const jobs = (start: number, end: number): number => ctx.stores.jobs.booked(start, end, taskIds);
      return pageOf(ctx, ctx.stores.tasks.billingRecords(range, from, to, taskIds, jobs));
    }
  },
  {
    path: '/api/billing/get_task_billing_record',
    methods: ['GET'],
    encrypt: false,
    handle: (ctx) => {
      const { from, to } = window(ctx);
      return pageOf(ctx, ctx.stores.tasks.taskBillingRecords(from, to));
    }
  }
];
