import { contextFor, type DeployContext } from '../context.js';
import { cleanUpTask } from '../tasks/clean-up-task.js';
import type { TaskResult } from './task-result.js';

/**
 * Each task whose wait ended at max_cost (capped), stopped until its state shows it bills no more, within
 * cleanup_timeout, whatever cleanup says: the cap is the user's word on money. One that cannot be stopped
 * now is put on the ledger for the post step to stop, and its message says so.
 */
export async function stopCapped(tasks: readonly TaskResult[], ctx: DeployContext): Promise<TaskResult[]> {
  const capped = tasks.filter((task) => task.verdict === 'capped');
  if (capped.length === 0) return [...tasks];
  const stopCtx = contextFor(ctx, ctx.settings.cleanupTimeoutMs);
  const cap = `max_cost ${ctx.settings.maxCost ?? '?'} yuan`;
  const stopped = new Map<string, string>();
  for (const task of capped) {
    const outcome = await cleanUpTask(task.id, 'stop', stopCtx, task.name);
    const waited = task.message ?? `stopped at ${cap}`;
    if (outcome.kind === 'failed') {
      ctx.cleanup.add('created', [task.id]);
      ctx.cleanup.update({ action: 'stop' });
      ctx.log(`task ${task.id} could not be stopped at ${cap} now (${outcome.why}): the post step stops it`);
      stopped.set(task.id, `${waited}; it could not be stopped yet: ${outcome.why}`);
      continue;
    }
    ctx.cleanup.settle('created', task.id);
    const how = outcome.kind === 'done' ? 'stopped' : `ended (${outcome.state})`;
    ctx.log(`task ${task.id} ${how} at ${cap}`);
    stopped.set(task.id, `${waited}; ${how}`);
  }
  return tasks.map((task) => {
    const message = stopped.get(task.id);
    return message === undefined ? task : { ...task, message };
  });
}
