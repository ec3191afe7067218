import { mapLimit } from '../../basics/concurrency.js';
import { InputError, quote } from '../../basics/input-error.js';
import { MIN_PATTERN_LITERALS, namePattern } from '../../basics/name-pattern.js';
import { sanitize } from '../../basics/safe-text.js';
import { stoppedStatus } from '../../platform/task-kinds.js';
import { taskKindOf, searchByNameCall } from '../../platform/operations/calls.js';
import type { Plan } from '../../platform/operations/operation-table.js';
import { describeError } from '../../platform/failures.js';
import { cleanUpTask } from '../tasks/clean-up-task.js';
import { retried } from '../retries.js';
import type { DeployContext } from '../context.js';
import { searchTasks, type FoundTask } from '../tasks/find-tasks.js';
import { taskResult, type TaskResult } from '../wait/task-result.js';
import { cleanupOf, stepResult } from './toolkit.js';
import type { Flow } from './flow.js';

/**
 * Stops every task whose name matches task_name (a pattern) and that still bills (Running, Pending or
 * Paused), but for the ids in task_id: the search is followed across its pages, each stop is sent until
 * the task's state shows it ended, as a cleanup's is, and the search is sent again until a fresh one finds
 * no task of the pattern left live. Each task matched has a result: done when stopped (or already ended),
 * error when it could not be stopped. A dry run lists each one as it is, and stops none.
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

export interface Sweep {
  pattern: string;
  literal: string;
  matches: (name: string) => boolean;
  keep: readonly string[];
}

/**
 * Stops the tasks of the pattern, then searches again, and stops what the fresh search still finds, until
 * one finds no task of the pattern left live (but those kept, and those whose stop failed): pages read by
 * offset can skip a task while the list changes, and a task made meanwhile is the pattern's too.
 */
export async function stopMatches(sweep: Sweep, ctx: DeployContext, dryRun: boolean): Promise<TaskResult[]> {
  const search = (): Promise<FoundTask[]> =>
    retried('sweep: task search', ctx.retries, () => searchTasks(sweep.literal, sweep.matches, ctx));
  const keep = new Set(sweep.keep);
  let found = await search();
  for (const task of found.filter((t) => keep.has(t.id))) ctx.log(`sweep: ${shown(task)} is kept (task_id)`);
  const done = new Map<string, TaskResult>();
  for (let pass = 1; ; pass++) {
    const targets = found.filter((task) => !keep.has(task.id) && !done.has(task.id));
    if (pass === 1)
      ctx.log(
        `sweep: ${targets.length} task(s) match ${JSON.stringify(sweep.pattern)}${dryRun ? '; dry run: none is stopped' : ''}`
      );
    else if (targets.length > 0)
      ctx.log(`sweep: a fresh search finds ${targets.length} more task(s) of the pattern still live`);
    else {
      const failed = [...done.values()].filter((result) => result.verdict === 'error').length;
      const besides = failed === 0 ? '' : ` besides the ${failed} it could not stop`;
      ctx.log(`sweep: a fresh search finds no other task of ${JSON.stringify(sweep.pattern)} live${besides}`);
      return [...done.values()];
    }
    for (const result of await stopAll(targets, ctx, dryRun)) done.set(result.id, result);
    if (dryRun || targets.length === 0) return [...done.values()];
    found = await search().catch((error: unknown) => {
      throw new Error(
        `sweep: stopped ${done.size} task(s), but the fresh search that would show none of the pattern is left live failed (${describeError(error)}): run the sweep again`
      );
    });
  }
}

/** Stops each task until its state shows it ended (see cleanUpTask); a dry run says it would. */
function stopAll(targets: FoundTask[], ctx: DeployContext, dryRun: boolean): Promise<TaskResult[]> {
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
    return { ...result, status: stoppedStatus(taskKindOf(ctx.settings)) };
  });
}

const shown = (task: FoundTask): string =>
  `task ${task.id} ${JSON.stringify(sanitize(task.name, 100))} (${sanitize(task.status ?? 'unknown', 20)})`;
