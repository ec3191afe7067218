import { mapLimit } from '../../basics/concurrency.js';
import { InputError, quote } from '../../basics/input-error.js';
import { MIN_PATTERN_LITERALS, namePattern } from '../../basics/name-pattern.js';
import { sanitize } from '../../basics/safe-text.js';
import { searchByNameCall, type Plan } from '../../platform/operations.js';
import { cleanUpTask } from '../cleanup.js';
import { retried, type DeployContext } from '../context.js';
import { searchTasks, type FoundTask } from '../lookup.js';
import { taskResult, type TaskResult } from '../result.js';
import { cleanupOf, stepResult } from './call.js';
import type { Flow } from './flow.js';

/**
 * Stops every task whose name matches task_name (a pattern) and that still bills (Running, Pending or
 * Paused), but for the ids in task_id: the search is followed across its pages, and each stop is retried
 * as a cleanup's is. Each task matched has a result: done when stopped (or already ended), error when it
 * could not be stopped. A dry run lists each one as it is, and stops none.
 */
export const sweepFlow: Flow = {
  plan: (settings) => {
    const given = settings.taskName;
    if (given === undefined)
      throw new InputError(
        'task_name is empty, but sweep needs it: set task_name to a name pattern, such as pr-42-*'
      );
    const pattern = namePattern(given);
    if (pattern === undefined) {
      throw new InputError(
        `task_name ${quote(given)} is too broad a pattern for sweep: write at least ${MIN_PATTERN_LITERALS} characters besides *, such as pr-42-*`
      );
    }
    const plan: Plan = {
      operation: settings.operation,
      calls: [searchByNameCall(settings, pattern.literal, 1)],
      wait: undefined
    };
    const sweep = (ctx: DeployContext, dryRun: boolean) =>
      stopMatches(
        { pattern: given, literal: pattern.literal, matches: pattern.matches, keep: settings.taskIds },
        ctx,
        dryRun
      );
    return {
      plan,
      cleanup: cleanupOf(settings),
      run: async (ctx) => stepResult(plan, ctx, { tasks: await sweep(ctx, false) }),
      dryRun: async (ctx) => stepResult(plan, ctx, { tasks: await sweep(ctx, true) })
    };
  }
};

interface Sweep {
  pattern: string;
  literal: string;
  matches: (name: string) => boolean;
  keep: readonly string[];
}

async function stopMatches(sweep: Sweep, ctx: DeployContext, dryRun: boolean): Promise<TaskResult[]> {
  const found = await retried('sweep: task search', ctx.retries, () =>
    searchTasks(sweep.literal, sweep.matches, ctx)
  );
  const keep = new Set(sweep.keep);
  for (const task of found.filter((t) => keep.has(t.id))) ctx.log(`sweep: ${shown(task)} is kept (task_id)`);
  const targets = found.filter((task) => !keep.has(task.id));
  ctx.log(
    `sweep: ${targets.length} task(s) match ${JSON.stringify(sweep.pattern)}${dryRun ? '; dry run: none is stopped' : ''}`
  );
  return mapLimit(targets, ctx.settings.concurrency, async (task): Promise<TaskResult> => {
    const { status, billingValue, forecastValue, name } = task;
    const result = taskResult(task.id, { status, billingValue, forecastValue, name });
    if (dryRun) {
      ctx.log(`sweep: would stop ${shown(task)}`);
      return result;
    }
    const outcome = await cleanUpTask(task.id, 'stop', ctx, task.name);
    if (outcome.kind === 'failed') {
      ctx.log(`sweep: could not stop ${shown(task)}: ${outcome.why}`);
      return { ...result, verdict: 'error', message: `could not be stopped: ${outcome.why}` };
    }
    ctx.log(`sweep: stopped ${shown(task)}`);
    return { ...result, status: 'End' };
  });
}

const shown = (task: FoundTask): string =>
  `task ${task.id} ${JSON.stringify(sanitize(task.name, 100))} (${sanitize(task.status ?? 'unknown', 20)})`;
