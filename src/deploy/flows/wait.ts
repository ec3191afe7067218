import { formatDuration } from '../../basics/units.js';
import { kindOf } from '../../platform/operations/calls.js';
import { planCalls } from '../../platform/operations/plan-calls.js';
import type { Plan } from '../../platform/operations/operation-table.js';
import { contextFor, deployContext, type DeployContext } from '../context.js';
import type { StepResult, TaskResult } from '../result.js';
import { criteriaFor } from '../wait/criteria.js';
import { shortWaitWarning } from '../step-defaults.js';
import { urlPublisher } from '../tasks/publishable-urls.js';
import { cleanupOf, printDryRun, startCalls, stepResult, tasksOf } from './call.js';
import type { Flow } from './flow.js';
import type { CallOutcome } from '../make-calls.js';

/**
 * Calls that act on tasks, then the wait for them, as the plan says: a create until ready, a stop until
 * ended, a pause until paused, a recover until ready, a detail when asked. A create whose first attempt
 * may still land is looked for again once the wait is over, and its twin stopped. The wait, the placement
 * and the twin's stop are loaded when a step comes to them: a step that does not wait (a detail, a stop
 * with wait: false) never compiles them.
 */
export const waitFlow: Flow = {
  plan: (settings) => {
    const plan = planCalls(settings);
    return {
      plan,
      cleanup: cleanupOf(settings),
      run: (ctx) => {
        warnOfShortWait(ctx);
        return callAndWait(plan, ctx);
      },
      dryRun: async (ctx) => {
        const { placeForDryRun } = await import('../create/create-task.js');
        const fallback = ctx.settings.spotFallback;
        if (plan.operation === 'job' && fallback !== undefined)
          ctx.log(
            `dry run: the job would run as Spot; still Queued after ${formatDuration(fallback.queueTimeoutMs)} (queue_timeout), or its create refused, the step would stop it and create the job on demand (spot_fallback)`
          );
        warnOfShortWait(ctx);
        const { timeoutMs, timeoutWhy } = ctx.settings.wait;
        if (plan.wait !== undefined)
          ctx.log(
            `dry run: the step would wait up to ${formatDuration(timeoutMs)} (${timeoutWhy ?? 'wait_timeout'})`
          );
        return printDryRun(await placeForDryRun(plan, ctx), ctx);
      }
    };
  }
};

/** Warns when wait_timeout ends the wait before a job it makes could end (see shortWaitWarning). */
function warnOfShortWait(ctx: DeployContext): void {
  const warning = shortWaitWarning(ctx.settings);
  if (warning !== undefined) ctx.runtime.warn(warning);
}

/**
 * The statuses the calls that changed a task took it out of: those the platform applies the operation to
 * (a recover, Paused). Seen still, the change has not shown yet.
 */
function leaving(calls: readonly CallOutcome[]): string[] {
  const changes = calls.filter((c) => c.call.traits.resend === 'repeatable' && c.error === undefined);
  return [...new Set(changes.flatMap((c) => c.call.traits.appliesTo))];
}

/** How long a cancelled step goes on stopping a job it made (the runner kills it soon after). */
const CANCELLED_STOP_MS = 5_000;

/**
 * Stops each job whose wait did not see it end, until its detail shows it bills no more (Paused or End, or
 * its run ended: see cleanUpTask), and takes it off the ledger once stopped: the post step then has
 * nothing left to do with it. A job that ended (Complete, Failed, or stopped by someone) needs no stop. The stop has a deadline of its own, past the
 * wait's: cleanup_timeout, or, once the step is cancelled, a few seconds on a runtime the cancellation
 * does not stop (its requests would be aborted), after which the post step takes over.
 */
async function stopUnfinishedJobs(tasks: readonly TaskResult[], ctx: DeployContext): Promise<void> {
  const unfinished = tasks.filter((task) => ['timed_out', 'cancelled', 'error'].includes(task.verdict));
  if (unfinished.length === 0) return;
  const { cleanupTimeoutMs } = ctx.settings;
  // Once cancelled, the stop has a few seconds in all, its requests in flight included.
  const withinMs = Math.min(cleanupTimeoutMs, CANCELLED_STOP_MS);
  const runtime = ctx.runtime.cancelled() ? ctx.runtime.uncancelled(withinMs) : undefined;
  const stopCtx =
    runtime === undefined
      ? contextFor(ctx, cleanupTimeoutMs)
      : deployContext(ctx.settings, runtime, { budgetMs: withinMs, cleanup: ctx.cleanup });
  try {
    const { cleanUpTask } = await import('../tasks/clean-up-task.js');
    for (const task of unfinished) {
      ctx.log(`job ${task.id} may still run: stopping it now`);
      const outcome = await cleanUpTask(task.id, 'stop', stopCtx, task.name);
      if (outcome.kind === 'failed') {
        ctx.log(`job ${task.id} could not be stopped now (${outcome.why}): the post step tries again`);
        continue;
      }
      ctx.log(`job ${task.id} ${outcome.kind === 'done' ? 'stopped' : `had ended (${outcome.state})`}`);
      ctx.cleanup.settle('created', task.id);
    }
  } finally {
    runtime?.dispose();
  }
}

/** Makes every call of the plan, then waits for its tasks when the plan says so. */
export async function callAndWait(plan: Plan, stepCtx: DeployContext): Promise<StepResult> {
  let ctx = stepCtx;
  let calls = await startCalls(plan, ctx);
  // A Spot job that Spot cannot run, run on demand (spot_fallback): its wait is the on-demand job's.
  if (plan.operation === 'job' && ctx.settings.spotFallback !== undefined)
    ({ calls, ctx } = await (await import('./spot-fallback.js')).spotOrOnDemand(calls, ctx));
  const publish = urlPublisher(ctx);
  const called = tasksOf(calls, ctx, publish);
  const criteria =
    plan.wait === undefined
      ? undefined
      : criteriaFor(plan.wait, ctx.settings.wait, leaving(calls), kindOf(ctx.settings).name);
  const waited: { tasks: TaskResult[]; timedOut: boolean; logFile?: string } =
    criteria === undefined
      ? { tasks: called, timedOut: false }
      : await (await import('../wait/wait-until.js')).waitUntil(called, criteria, ctx, { calls, publish });
  // A job the step made that may still run (its wait timed out, was cancelled, or could not read it):
  // stopped now, not at the job's end, when the step's cleanup says so.
  if (plan.operation === 'job' && ctx.settings.cleanup === 'stop')
    await stopUnfinishedJobs(waited.tasks, ctx);
  // The first attempt of a re-sent create may land late: by now it has had the wait to show up.
  const twinLookup = calls[0]?.twinLookup;
  const kept = waited.tasks[0]?.id;
  if (twinLookup !== undefined && kept !== undefined && !ctx.runtime.cancelled())
    await (await import('../create/create-once.js')).stopTwins(twinLookup, kept, ctx);
  return stepResult(plan, ctx, {
    calls,
    tasks: waited.tasks,
    criteria,
    timedOut: waited.timedOut,
    ...(waited.logFile === undefined ? {} : { logFile: waited.logFile })
  });
}
