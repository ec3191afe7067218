import type { DeployContext } from '../engine/context.js';
import { previewNumber } from '../engine/pull-requests.js';
import { retried } from '../engine/retries.js';
import { searchTasks, type FoundTask } from '../engine/tasks/find-tasks.js';
import type { TaskResult } from '../engine/wait/task-result.js';
import { stopMatches } from '../engine/flows/stop-matches.js';

/**
 * Stops every live task of a preview's name until its state shows it ended, searching again until none is
 * left (see stopMatches); a dry run says what it would stop.
 */
export function stopPreview(name: string, ctx: DeployContext, dryRun: boolean): Promise<TaskResult[]> {
  return stopMatches(
    { pattern: name, literal: name, matches: (found) => found === name, keep: [] },
    ctx,
    dryRun
  );
}

/** The live previews of task_name (task_name-pr-<number>), across every page of the task search. */
export function livePreviews(taskName: string, ctx: DeployContext): Promise<FoundTask[]> {
  return retried(`${ctx.settings.operation}: looking for the previews running`, ctx.retries, () =>
    searchTasks(`${taskName}-pr-`, (found) => previewNumber(taskName, found) !== undefined, ctx)
  );
}

/** Every task of a preview's name, whatever its status (as long as the platform lists it). */
export function everyTaskOf(name: string, ctx: DeployContext): Promise<FoundTask[]> {
  return retried(`${ctx.settings.operation}: reading the tasks of ${name}`, ctx.retries, () =>
    searchTasks(name, (found) => found === name, ctx, 'every')
  );
}
