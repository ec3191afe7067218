import { mapLimit } from '../../../basics/concurrency.js';
import { sanitize } from '../../../basics/safe-text.js';
import { stoppedStatus } from '../../../platform/task-kinds.js';
import { taskKindOf } from '../../../platform/operations/calls.js';
import { describeError } from '../../../platform/failures.js';
import { cleanUpTask } from '../tasks/clean-up-task.js';
import { retried } from '../retries.js';
import type { DeployContext } from '../context.js';
import { searchTasks, type FoundTask } from '../tasks/find-tasks.js';
import { taskResult, type TaskResult } from '../wait/task-result.js';

/** What a sweep stops (the sweep's, and a pull request's previews'): the tasks whose names match, but those kept. */
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
