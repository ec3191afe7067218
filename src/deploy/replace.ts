import { cleanUpTask } from './cleanup.js';
import { searchByName, type LookupContext } from './create.js';
import type { RetryDeps, RetryPolicy } from '../platform/retry.js';
import type { Send } from '../platform/session.js';
import { taskResult, type TaskResult } from './result.js';
import type { DeploySettings } from './task-status.js';

export interface ReplaceContext {
  settings: DeploySettings;
  send: Send;
  retries: { policy: RetryPolicy; deps: RetryDeps };
  log: (line: string) => void;
  /** Waits until the tasks have ended, answering each one's result. */
  waitEnded: (tasks: TaskResult[]) => Promise<TaskResult[]>;
}

/**
 * The end of a replace, once the new task's wait is over. Ready (and healthy, when checked), the new task
 * takes the place of the old generation: each old task is stopped, with a cleanup's retries, and waited
 * for until it has ended. Not ready (failed, timed out, cancelled), the new task is stopped, whatever
 * cleanup says, and the old tasks are left serving: the replace is rolled back.
 */
export async function finishReplace(
  created: TaskResult | undefined,
  oldIds: readonly string[],
  ctx: ReplaceContext
): Promise<{ created: TaskResult | undefined; replaced: TaskResult[] }> {
  if (created === undefined) return { created, replaced: [] };
  const serving =
    oldIds.length === 0 ? 'no task of its name ran before' : `task ${oldIds.join(', ')} keeps serving`;
  if (created.verdict !== 'reached') {
    const outcome = await cleanUpTask(created.id, 'stop', ctx.settings, { send: ctx.send, ...ctx.retries });
    const rollback =
      outcome.kind === 'failed'
        ? `rolled back: task ${created.id} could not be stopped (${outcome.why}), the post step tries again; ${serving}`
        : `rolled back: task ${created.id} was stopped; ${serving}`;
    ctx.log(`replace: ${rollback}`);
    return {
      created: { ...created, message: `${created.message ?? created.verdict}; ${rollback}` },
      replaced: []
    };
  }
  if (oldIds.length === 0) {
    ctx.log(`replace: task ${created.id} is ready, and no task of its name ran before: nothing to stop`);
    return { created, replaced: [] };
  }
  ctx.log(`replace: task ${created.id} is ready; stopping task ${oldIds.join(', ')}, which it replaces`);
  const stopped = await Promise.all(
    oldIds.map(async (id): Promise<TaskResult> => {
      const outcome = await cleanUpTask(id, 'stop', ctx.settings, { send: ctx.send, ...ctx.retries });
      return taskResult(id, {
        verdict: outcome.kind === 'failed' ? 'error' : 'done',
        message:
          outcome.kind === 'failed'
            ? `could not be stopped (${outcome.why}); it runs alongside task ${created.id}`
            : undefined
      });
    })
  );
  const ended = await ctx.waitEnded(stopped.filter((task) => task.verdict === 'done'));
  return { created, replaced: stopped.map((task) => ended.find((e) => e.id === task.id) ?? task) };
}

/** The tasks a replace of `name` would retire: those of that exact name that still bill. */
export function oldGeneration(name: string, ctx: LookupContext): Promise<string[]> {
  return searchByName('replace: looking for the tasks it replaces', name, ctx);
}
