import { formatDuration } from '../../basics/units.js';
import { taskKindOf } from '../../platform/operations/calls.js';
import { planCalls } from '../../platform/operations/plan-calls.js';
import type { Plan } from '../../platform/operations/operation-table.js';
import { contextFor, deployContext, type DeployContext } from '../engine/context.js';
import type { TaskResult } from '../engine/wait/task-result.js';
import type { QueuePhase, StepResult } from '../engine/calls/step-result.js';
import { shortWaitWarning } from '../engine/step-defaults.js';
import { cleanupOf, startCalls } from '../engine/flows/toolkit.js';
import { checkCopies } from '../engine/storage/check-copies.js';
import { sayCopies, timedCopying, withCopies } from '../engine/flows/copying.js';
import type { Flow } from '../engine/flows/flow.js';
import { dryRunWait, settleTwins, waitedResult, waitForCalls } from '../engine/flows/wait.js';

/**
 * A GPU batch job (operation: job), from its create to its end, as one story: the job is created once, on
 * Spot or on demand as chosen once, waited for until it ends with its log followed, stopped if its wait
 * ended before it did, and reported. Its kind (platform/task-kinds.ts) says how it is read, stopped and
 * searched; this file says what happens, in order.
 */
export const jobFlow: Flow = {
  plan: (settings) => {
    const plan = planCalls(settings);
    checkCopies(settings);
    return {
      plan,
      cleanup: cleanupOf(settings),
      run: (ctx) => runJob(plan, ctx),
      dryRun: (ctx) => dryRunJob(plan, ctx)
    };
  }
};

async function runJob(plan: Plan, stepCtx: DeployContext): Promise<StepResult> {
  // 1. A wait_timeout shorter than the job's own timeout_sec would end the wait before the job: said.
  warnOfShortWait(stepCtx);

  // 2. Its data, copied into its volumes first (data): no GPU bills while it copies. One that does not
  //    copy fails the step, and no job is made.
  const copiedIn = await timedCopying(plan, stepCtx, 'in');
  if (copiedIn.failed !== undefined) return withCopies(copiedIn.failed, copiedIn.copies);

  // 3. The create, sent exactly once (create-once.ts), where gpu places it: Spot unless job_type says
  //    on_demand, with its expected run (estimated_exec_sec) in job_support.
  let ctx = stepCtx;
  let calls = await startCalls(plan, ctx);

  // 4. Spot or on demand, chosen once (spot_fallback): a Spot job still Queued past queue_timeout, or
  //    whose create was refused and made none, is stopped until it bills no more, then the job is created
  //    on demand. From here on, the job is the one that runs; its wait is the rest of wait_timeout.
  let queue: QueuePhase | undefined;
  if (ctx.settings.spotFallback !== undefined)
    ({ calls, ctx, queue } = await (
      await import('../engine/flows/spot-fallback.js')
    ).spotOrOnDemand(calls, ctx));

  // 5. The wait until the job ends (Complete passes; Failed, or a stop from elsewhere, fails), its pods'
  //    log followed as it runs and a failure explained by its failed pods (wait/wait-until.ts).
  const waited = await waitForCalls(plan, calls, ctx);

  // 6. A job that may still run (its wait timed out, was cancelled, or could not read it, or it failed
  //    with pods that may still bill: held Manual) is stopped now, not at its end, when cleanup says stop
  //    (a job's default): it would bill with nobody to read it. A job whose run ended but whose pods are
  //    still billed (billing_points) is stopped whatever cleanup says: nothing of its run is left to lose.
  await stopUnfinishedJobs(waited.waited.tasks, ctx);

  // 7. A create sent again whose first attempt landed late made a twin: stopped, the job kept.
  await settleTwins(calls, waited.waited.tasks, ctx);

  // 8. The result: the job's status, pods, duration and mode, its log file, its cost; then its results,
  //    copied back whatever its end (a failed job's outputs and logs are what explain it), with a
  //    wait_timeout of their own.
  const waitedFor = waitedResult(plan, ctx, calls, waited);
  const result = withCopies(queue === undefined ? waitedFor : { ...waitedFor, queue }, copiedIn.copies);
  const outCtx = contextFor(ctx, ctx.settings.wait.timeoutMs);
  const copiedOut = await timedCopying(plan, outCtx, 'out', stepCtx);
  const failedOut = copiedOut.failed;
  return withCopies(
    failedOut === undefined ? result : { ...result, calls: [...result.calls, ...failedOut.calls] },
    copiedOut.copies
  );
}

/** What the job step would do: where it would run, in which mode, and how long it would wait. */
function dryRunJob(plan: Plan, ctx: DeployContext): Promise<StepResult | undefined> {
  const fallback = ctx.settings.spotFallback;
  if (fallback !== undefined)
    ctx.log(
      `dry run: the job would run as Spot; still Queued after ${formatDuration(fallback.queueTimeoutMs)} (queue_timeout), or its create refused, the step would stop it and create the job on demand (spot_fallback)`
    );
  warnOfShortWait(ctx);
  sayCopies(ctx);
  return dryRunWait(plan, ctx);
}

/** Warns when wait_timeout ends the wait before the job could end (see shortWaitWarning). */
function warnOfShortWait(ctx: DeployContext): void {
  const warning = shortWaitWarning(ctx.settings);
  if (warning !== undefined) ctx.runtime.warn(warning);
}

/** What the job's last detail says of its run. */
const runOf = (task: TaskResult, ctx: DeployContext) => taskKindOf(ctx.settings).runOf?.(task.data);

/**
 * A job whose wait saw it end, its run (Complete or Failed, no pod active) or by a stop of someone else's,
 * whose pods are still billed (billing_points): it bills on (see JobFacts.ended), and nothing of its run
 * is left to lose.
 */
function endedBilling(task: TaskResult, ctx: DeployContext): boolean {
  const run = runOf(task, ctx);
  return (
    (task.verdict === 'reached' || task.verdict === 'failed') &&
    run !== undefined &&
    (run.stopped || (run.runEnded && (run.running ?? 0) === 0)) &&
    (run.billing ?? 0) > 0
  );
}

/** How long a cancelled step goes on stopping a job it made (the runner kills it soon after). */
const CANCELLED_STOP_MS = 5_000;

/**
 * Stops each job whose wait did not see it end, or that failed while it may still bill (held Manual, or
 * Failed with a pod still active), until its detail shows it bills no more (Paused or End, or its run
 * ended: see cleanUpTask), and takes it off the ledger once stopped: the post step then has nothing left
 * to do with it. A job that ended (Complete, Failed, or stopped by someone) needs no stop.
 * The stop has a deadline of its own, past the wait's: cleanup_timeout, or, once the step is cancelled, a
 * few seconds on a runtime the cancellation does not stop (its requests would be aborted), after which
 * the post step takes over.
 */
async function stopUnfinishedJobs(tasks: readonly TaskResult[], ctx: DeployContext): Promise<void> {
  const kind = taskKindOf(ctx.settings);
  const cut = ctx.settings.cleanup === 'stop';
  const billedOn = tasks.filter((task) => endedBilling(task, ctx));
  const unfinished = tasks.filter(
    (task) =>
      billedOn.includes(task) ||
      (cut &&
        (['timed_out', 'cancelled', 'error'].includes(task.verdict) ||
          (task.verdict === 'failed' && !kind.billsNoMore(task.status ?? '', task.data))))
  );
  if (unfinished.length === 0) return;
  for (const task of billedOn) {
    const run = runOf(task, ctx);
    const how = run?.stopped === true ? 'it was stopped' : 'its run ended';
    ctx.log(
      `job ${task.id}: ${how} (${task.status ?? '?'}), but ${run?.billing ?? '?'} of its pods are still billed (billing_points): stopping it`
    );
  }
  const { cleanupTimeoutMs } = ctx.settings;
  // Once cancelled, the stop has a few seconds in all, its requests in flight included.
  const withinMs = Math.min(cleanupTimeoutMs, CANCELLED_STOP_MS);
  const runtime = ctx.runtime.cancelled() ? ctx.runtime.uncancelled(withinMs) : undefined;
  const stopCtx =
    runtime === undefined
      ? contextFor(ctx, cleanupTimeoutMs)
      : deployContext(ctx.settings, runtime, { budgetMs: withinMs, cleanup: ctx.cleanup });
  try {
    const { cleanUpTask } = await import('../engine/tasks/clean-up-task.js');
    for (const task of unfinished) {
      if (!billedOn.includes(task)) ctx.log(`job ${task.id} may still run: stopping it now`);
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
