import { mapLimit } from '../../../basics/concurrency.js';
import { taskKindOf } from '../../../platform/operations/calls.js';
import type { TaskSnapshot } from '../../../platform/task-data.js';
import { contextFor, type DeployContext } from '../context.js';
import { cleanUpTask } from '../tasks/clean-up-task.js';
import { readDetail } from '../tasks/read-task.js';
import type { CapGuard } from './cap-guard.js';
import { taskResult, type TaskResult } from './task-result.js';

/**
 * Each task whose wait ended at max_cost (capped), and each task the cap counted beside them (see
 * SpendingCap.alongside), stopped until its state shows it bills no more, within cleanup_timeout, whatever
 * cleanup says: the cap is the user's word on money, all at once (up to concurrency), so that a stop that
 * does not take holds back no other. One that cannot be stopped now is put on the ledger
 * for the post step to stop, and its message says so. Then each is read once more: what they cost when
 * the stop took is compared with the cap, and a cap passed (a read held back, a stop that took a while) is
 * said, in the log and in their messages, which the summary shows.
 */
export async function stopCapped(
  tasks: readonly TaskResult[],
  cap: CapGuard | undefined,
  ctx: DeployContext
): Promise<{ tasks: TaskResult[]; alongside: TaskResult[] }> {
  const capped = tasks.filter((task) => task.verdict === 'capped');
  if (capped.length === 0) return { tasks: [...tasks], alongside: [] };
  const stopCtx = contextFor(ctx, ctx.settings.cleanupTimeoutMs);
  const alongside = (cap?.alongside() ?? []).map((t) =>
    taskResult(t.id, { verdict: 'capped', name: t.snapshot?.name, status: t.snapshot?.status })
  );
  // All at once: a stop that does not take holds back no other.
  const all = [...capped, ...alongside];
  const messages = await mapLimit(all, ctx.settings.concurrency, (task) => stopOne(task, stopCtx, ctx));
  const stopped = new Map(all.map((task, i) => [task.id, messages[i] ?? '']));
  const passed = cap?.passed(await readAfter([...stopped.keys()], stopCtx));
  if (passed !== undefined) ctx.log(`cost: by the time the stop took, ${passed}`);
  const said = (task: TaskResult): TaskResult => {
    const message = stopped.get(task.id);
    if (message === undefined) return task;
    return { ...task, message: passed === undefined ? message : `${message}; by the stop, ${passed}` };
  };
  return { tasks: tasks.map(said), alongside: alongside.map(said) };
}

/** Stops one task at the cap: its message, said so; on the ledger when it cannot be stopped now. */
async function stopOne(task: TaskResult, stopCtx: DeployContext, ctx: DeployContext): Promise<string> {
  const cap = `max_cost ${ctx.settings.maxCost ?? '?'} yuan`;
  const outcome = await cleanUpTask(task.id, 'stop', stopCtx, task.name);
  const waited = task.message ?? `stopped at ${cap}`;
  if (outcome.kind === 'failed') {
    ctx.cleanup.add('created', [task.id]);
    ctx.cleanup.update({ action: 'stop' });
    ctx.log(`task ${task.id} could not be stopped at ${cap} now (${outcome.why}): the post step stops it`);
    return `${waited}; it could not be stopped yet: ${outcome.why}`;
  }
  ctx.cleanup.settle('created', task.id);
  const how = outcome.kind === 'done' ? 'stopped' : `ended (${outcome.state})`;
  ctx.log(`task ${task.id} ${how} at ${cap}`);
  return `${waited}; ${how}`;
}

/** Each task's detail read once more, where it can be (a task the platform deleted keeps its last). */
async function readAfter(ids: readonly string[], ctx: DeployContext): Promise<Map<string, TaskSnapshot>> {
  const after = new Map<string, TaskSnapshot>();
  const kind = taskKindOf(ctx.settings);
  for (const id of ids) {
    try {
      const { data } = await readDetail(id, ctx);
      after.set(id, kind.snapshotOf(data, ctx.settings.wait.statusField));
    } catch {
      // Unread: what the cap saw last stands for it.
    }
  }
  return after;
}
