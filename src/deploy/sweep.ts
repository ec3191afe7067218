import { mapLimit } from '../basics/concurrency.js';
import { namePattern } from '../basics/name-pattern.js';
import { sanitize } from '../basics/safe-text.js';
import { retryIfTransient } from '../platform/failures.js';
import { searchByNameCall, type Plan } from '../platform/operations.js';
import { withRetries, type RetryDeps, type RetryPolicy } from '../platform/retry.js';
import type { Send } from '../platform/session.js';
import { cleanUpTask } from './cleanup.js';
import { searchTasks, type FoundTask } from './create.js';
import { taskResult, type TaskResult } from './result.js';
import type { DeploySettings } from './task-status.js';

export interface SweepContext {
  settings: DeploySettings;
  send: Send;
  retries: { policy: RetryPolicy; deps: RetryDeps };
  log: (line: string) => void;
  /** List what would be stopped, and stop nothing. */
  dryRun: boolean;
}

/**
 * Stops every task whose name matches the sweep's pattern and that still bills (Running, Pending or
 * Paused), but for the ids it keeps: the search is followed across its pages, and each stop is retried
 * as a cleanup's is. Answers a result per task matched: done when stopped (or already ended), error when
 * it could not be stopped; in a dry run, each one as it is, stopped or not.
 */
export async function sweep(sweepPlan: NonNullable<Plan['sweep']>, ctx: SweepContext): Promise<TaskResult[]> {
  const pattern = namePattern(sweepPlan.pattern);
  if (pattern === undefined)
    throw new Error(`unreachable: the plan checked the pattern ${sweepPlan.pattern}`);
  const found = await withRetries(
    'sweep: task search',
    () =>
      searchTasks(pattern.literal, pattern.matches, {
        send: ctx.send,
        searchCall: (value, page) => searchByNameCall(ctx.settings, value, page)
      }),
    (error) => retryIfTransient(error, ctx.retries.deps.now()),
    ctx.retries.policy,
    ctx.retries.deps
  );
  const keep = new Set(sweepPlan.keep);
  const shown = (task: FoundTask): string =>
    `task ${task.id} ${JSON.stringify(sanitize(task.name, 100))} (${sanitize(task.status ?? 'unknown', 20)})`;
  for (const task of found.filter((t) => keep.has(t.id))) ctx.log(`sweep: ${shown(task)} is kept (task_id)`);
  const targets = found.filter((task) => !keep.has(task.id));
  ctx.log(
    `sweep: ${targets.length} task(s) match ${JSON.stringify(sweepPlan.pattern)}${ctx.dryRun ? '; dry run: none is stopped' : ''}`
  );
  return mapLimit(targets, ctx.settings.concurrency, async (task): Promise<TaskResult> => {
    const result = taskResult(task.id, {
      status: task.status,
      billingValue: task.billingValue,
      forecastValue: task.forecastValue,
      name: task.name
    });
    if (ctx.dryRun) {
      ctx.log(`sweep: would stop ${shown(task)}`);
      return result;
    }
    const outcome = await cleanUpTask(task.id, 'stop', ctx.settings, { send: ctx.send, ...ctx.retries });
    if (outcome.kind === 'failed') {
      ctx.log(`sweep: could not stop ${shown(task)}: ${outcome.why}`);
      return { ...result, verdict: 'error', message: `could not be stopped: ${outcome.why}` };
    }
    ctx.log(`sweep: stopped ${shown(task)}`);
    return { ...result, status: 'End' };
  });
}
