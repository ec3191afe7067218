import { InputError } from '../../basics/input-error.js';
import { planCalls } from '../../platform/operations/plan-calls.js';
import { taskKindOf } from '../../platform/operations/calls.js';
import type { Plan } from '../../platform/operations/operation-table.js';
import { cleanUpTask } from '../engine/tasks/clean-up-task.js';
import { NO_CLEANUP } from '../engine/cleanup-state.js';
import type { DeployContext } from '../engine/context.js';
import { printRequests } from '../engine/dry-run.js';
import { searchByName } from '../engine/tasks/find-tasks.js';
import { describeError } from '../../platform/failures.js';
import { taskResult, type TaskResult } from '../engine/wait/task-result.js';
import type { StepResult } from '../engine/calls/step-result.js';
import { criteriaFor } from '../engine/wait/criteria.js';
import { urlPublisher } from '../engine/tasks/publishable-urls.js';
import { waitUntil } from '../engine/wait/wait-until.js';
import { cleanupOf } from '../engine/flows/toolkit.js';
import type { Flow } from '../engine/flows/flow.js';
import { callAndWait, type CapBesides } from '../engine/flows/wait.js';
import { placeForDryRun } from '../engine/create/create-task.js';

/**
 * A create whose task, once ready (and healthy, when checked), takes the place of the tasks of its name
 * that ran before: they are stopped then, and waited for until they have ended. A new task that does not
 * become ready is stopped and the old ones keep serving. Until the new task is ready, the post step stops
 * it whatever cleanup says.
 */
export const replaceFlow: Flow = {
  plan: (settings) => {
    if (settings.wait.mode === 'false') {
      throw new InputError(
        'wait is false, but replace stops the old tasks only once the new one is ready, which it must wait for: remove wait'
      );
    }
    const plan = planCalls(settings);
    return {
      plan,
      cleanup: { ...NO_CLEANUP, action: 'stop' },
      run: (ctx) => runReplace(plan, ctx),
      dryRun: (ctx) => dryRunReplace(plan, ctx)
    };
  }
};

/**
 * A replace's run: the create and its wait (max_cost counting `besides` too: a preview's older tasks
 * bill while it waits, and the cap stops them with it), then the old generation stopped, or the new task
 * rolled back.
 */
export async function runReplace(plan: Plan, ctx: DeployContext, besides?: CapBesides): Promise<StepResult> {
  const step = await callAndWait(plan, ctx, besides);
  const [created] = step.tasks;
  // What the cap stopped beside the new task (besides.alongside) serves no more.
  const capped = step.replaced.map((task) => task.id);
  const finished = await finishReplace(created, step.calls[0]?.existingIds ?? [], ctx, capped);
  const tasks = finished.created === undefined ? step.tasks : [finished.created, ...step.tasks.slice(1)];
  return {
    ...step,
    tasks,
    replaced: [...step.replaced, ...finished.replaced],
    elapsedMs: ctx.runtime.now() - ctx.startedAt
  };
}

/**
 * The end of a replace, once the new task's wait is over. Ready, the new task takes the place of the old
 * generation: each old task is stopped until its state shows it ended, and the name is searched again
 * until a fresh search finds no older live task. Not ready (failed, timed out, cancelled), the new task is
 * stopped, whatever cleanup says, and the old tasks are left serving: the replace is rolled back.
 */
export async function finishReplace(
  created: TaskResult | undefined,
  oldIds: readonly string[],
  ctx: DeployContext,
  cappedIds: readonly string[] = []
): Promise<{ created: TaskResult | undefined; replaced: TaskResult[] }> {
  if (created === undefined) return { created, replaced: [] };
  if (created.verdict !== 'reached')
    return { created: await rollBack(created, oldIds, ctx, cappedIds), replaced: [] };
  // One saved change: from here the old generation is the post step's to retire, and the new task is left
  // as cleanup says. At no instant is neither saved.
  ctx.cleanup.update({ action: cleanupOf(ctx.settings).action, retire: [...oldIds] });
  const stopped = new Map<string, TaskResult>();
  for (let older = await olderGeneration(created, oldIds, ctx); older.length > 0;) {
    ctx.log(
      stopped.size === 0
        ? `replace: task ${created.id} is ready; stopping task ${older.join(', ')}, which it replaces`
        : `replace: a fresh search finds task ${older.join(', ')} of the old generation still live; stopping it too`
    );
    const retired = await retire(older, created.id, ctx);
    for (const task of retired) stopped.set(task.id, task);
    // One that could not be stopped is the post step's now; searching again would find it again.
    if (retired.some((task) => task.verdict === 'error')) break;
    older = (await olderGeneration(created, [], ctx, 'again')).filter((id) => !stopped.has(id));
  }
  if (stopped.size === 0) {
    ctx.log(`replace: task ${created.id} is ready, and no task of its name ran before: nothing to stop`);
    return { created, replaced: [] };
  }
  const done = [...stopped.values()].filter((task) => task.verdict === 'done');
  // Each has ended (its state showed it): its detail, read once more, says what it cost.
  const ended = (
    await waitUntil(done, criteriaFor('ended', ctx.settings.wait, taskKindOf(ctx.settings)), ctx, {
      readAlready: new Set(),
      publish: urlPublisher(ctx)
    })
  ).tasks;
  return {
    created,
    replaced: [...stopped.values()].map((task) => ended.find((e) => e.id === task.id) ?? task)
  };
}

/**
 * The tasks the new one replaces: those of its name that ran before the step, and, read again now that
 * it is ready, every other live task of the name older than it (another run's replace that overlapped
 * this one): the newest ready generation wins. Newer ones are left to the runs that made them, which stop
 * this one once theirs is ready. Searched `again` after a round of stops, only what is still live counts.
 */
async function olderGeneration(
  created: TaskResult,
  oldIds: readonly string[],
  ctx: DeployContext,
  again?: 'again'
): Promise<string[]> {
  const name = ctx.settings.taskName ?? '';
  let live: string[];
  try {
    live = await searchByName('replace: looking again for the tasks of its name', name, ctx);
  } catch (error) {
    ctx.log(
      `replace: could not look again for tasks named ${JSON.stringify(name)} (${describeError(error)}); ${again === undefined ? 'stopping those known before' : 'those it knew of have ended'}`
    );
    return [...oldIds];
  }
  const isOlder = (id: string): boolean => id !== created.id && BigInt(id) < BigInt(created.id);
  const overlapping = live.filter((id) => isOlder(id) && !oldIds.includes(id));
  if (again !== undefined) return overlapping;
  for (const id of overlapping)
    ctx.log(
      `replace: task ${id} named ${JSON.stringify(name)} was made after this step began (another run's), and is older than task ${created.id}: it is stopped too, so that the newest ready generation serves`
    );
  for (const id of live.filter((id) => id !== created.id && !isOlder(id)))
    ctx.log(
      `replace: task ${id} named ${JSON.stringify(name)} is newer than task ${created.id}: it is left to the run that made it, which stops this one once it is ready`
    );
  return [...oldIds, ...overlapping];
}

/**
 * Stops the old generation. The ids still to stop are added to what the post step retires before the
 * first stop, and each one whose state shows it ended is taken off: whatever happens meanwhile (a 503 near
 * the deadline, the job cancelled), the post step stops the rest under cleanup_timeout, and no two
 * generations are left billing.
 */
async function retire(oldIds: readonly string[], newId: string, ctx: DeployContext): Promise<TaskResult[]> {
  ctx.cleanup.add('retire', oldIds);
  return Promise.all(
    oldIds.map(async (id): Promise<TaskResult> => {
      const outcome = await cleanUpTask(id, 'stop', ctx);
      if (outcome.kind === 'failed') {
        return taskResult(id, {
          verdict: 'error',
          message: `could not be stopped (${outcome.why}); it runs alongside task ${newId}, and the post step tries again`
        });
      }
      ctx.cleanup.settle('retire', id);
      return taskResult(id);
    })
  );
}

/** Stops a new task that did not become ready; the old ones keep serving, but those max_cost stopped. */
async function rollBack(
  created: TaskResult,
  oldIds: readonly string[],
  ctx: DeployContext,
  cappedIds: readonly string[]
): Promise<TaskResult> {
  const left = oldIds.filter((id) => !cappedIds.includes(id));
  const capped = cappedIds.length === 0 ? '' : `; task ${cappedIds.join(', ')} was stopped at max_cost too`;
  const serving =
    (left.length > 0
      ? `task ${left.join(', ')} keeps serving`
      : oldIds.length === 0
        ? 'no task of its name ran before'
        : 'no task of its name serves') + capped;
  const outcome = await cleanUpTask(created.id, 'stop', ctx);
  const rollback =
    outcome.kind === 'failed'
      ? `rolled back: task ${created.id} could not be stopped (${outcome.why}), the post step tries again; ${serving}`
      : `rolled back: task ${created.id} was stopped; ${serving}`;
  ctx.log(`replace: ${rollback}`);
  return { ...created, message: `${created.message ?? created.verdict}; ${rollback}` };
}

/** A replace in a dry run: the create it would send, and the tasks it would stop, read from the task search. */
async function dryRunReplace(plan: Plan, ctx: DeployContext): Promise<StepResult | undefined> {
  printRequests(await placeForDryRun(plan, ctx), ctx);
  const old = await searchByName(
    'replace: looking for the tasks it replaces',
    ctx.settings.taskName ?? '',
    ctx
  );
  ctx.log(
    old.length === 0
      ? 'dry run: no task of that name runs, so replace would stop none'
      : `dry run: once the new task is ready, replace would stop task ${old.join(', ')}`
  );
  ctx.log(
    `dry run: only ${ctx.settings.capacity === undefined ? 'the task search was' : 'the resource search and the task search were'} sent`
  );
  return undefined;
}
