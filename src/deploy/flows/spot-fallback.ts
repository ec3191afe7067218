import { isRecord } from '../../basics/records.js';
import { formatDuration } from '../../basics/units.js';
import { isRefusal } from '../../platform/failures.js';
import { detailCall } from '../../platform/operations/calls.js';
import { planCalls } from '../../platform/operations/plan-calls.js';
import { jobFactsOf } from '../../platform/task-data.js';
import type { DeployContext } from '../context.js';
import type { CallOutcome } from '../make-calls.js';
import { pollUntil } from '../poll-loop.js';
import { startCalls } from './call.js';
import { cleanUpTask } from '../tasks/clean-up-task.js';
import { RefusedEverywhereError } from '../create/create-task.js';

/** The create of a job, and the context its wait goes on with (an on-demand job's, after a fallback). */
export interface JobCreated {
  calls: CallOutcome[];
  ctx: DeployContext;
}

/**
 * A Spot job's fallback to on demand (spot_fallback), after its create: a create the platform refused
 * (the platform publishes no code's meaning, so a refusal for want of stock cannot be told from another:
 * any refusal, which made no job, is followed by the one on-demand create); a job that stays Queued past
 * queue_timeout is stopped first, until its detail says End, and only then the on-demand job created:
 * never two at once (one that cannot be stopped stays, and the step waits for it). Otherwise the Spot job
 * stands. A fallback's late-landing Spot job is a twin of the same name, which the step stops after its
 * wait (see stopTwins).
 */
export async function spotOrOnDemand(calls: CallOutcome[], ctx: DeployContext): Promise<JobCreated> {
  const fallback = ctx.settings.spotFallback;
  const [create] = calls;
  if (fallback === undefined || ctx.settings.jobType !== 'spot' || create === undefined)
    return { calls, ctx };
  const { taskId, error } = create;
  if (taskId === undefined) {
    const refused = isRefusal(error) || error instanceof RefusedEverywhereError;
    if (!refused || ctx.runtime.cancelled()) return { calls, ctx };
    return onDemand('the Spot create was refused and made no job', ctx);
  }
  // On the ledger before its queue is waited on: a step killed meanwhile leaves it to the post step.
  ctx.cleanup.add('created', [taskId]);
  const queued = await queuedPast(taskId, fallback.queueTimeoutMs, ctx);
  if (!queued) {
    if (!ctx.runtime.cancelled()) ctx.log(`job ${taskId} runs as Spot (job_type: spot)`);
    return { calls, ctx };
  }
  const waited = formatDuration(fallback.queueTimeoutMs);
  ctx.log(
    `job ${taskId} is still Queued after ${waited} (queue_timeout): stopping it, to run the job on demand`
  );
  const stopped = await cleanUpTask(taskId, 'stop', ctx, ctx.settings.taskName);
  if (stopped.kind === 'failed') {
    ctx.log(`job ${taskId} could not be stopped (${stopped.why}): it stays Spot, and no second job is made`);
    return { calls, ctx };
  }
  ctx.cleanup.settle('created', taskId);
  return onDemand(`the Spot job ${taskId} stayed Queued past queue_timeout (${waited}) and was stopped`, ctx);
}

/** The job created on demand: its create, through the same machinery as the first, and its context. */
async function onDemand(why: string, ctx: DeployContext): Promise<JobCreated> {
  ctx.log(`spot_fallback: ${why}; creating the job on demand`);
  const settings = { ...ctx.settings, jobType: 'on_demand' as const, estimatedExecSec: undefined };
  const onDemandCtx: DeployContext = { ...ctx, settings };
  const calls = await startCalls(planCalls(settings), onDemandCtx);
  const taskId = calls[0]?.taskId;
  if (taskId !== undefined) ctx.log(`job ${taskId} runs on demand (spot_fallback: ${why})`);
  return { calls, ctx: onDemandCtx };
}

/**
 * Whether the job is still Queued (schedule_status) once `timeoutMs` has passed since its create, read
 * every poll_interval, within the step's deadline: false as soon as it is scheduled or has ended, when
 * the step's deadline or a cancel comes first (its wait then says so), or when its detail cannot be read.
 */
async function queuedPast(taskId: string, timeoutMs: number, ctx: DeployContext): Promise<boolean> {
  const { runtime } = ctx;
  const until = runtime.now() + timeoutMs;
  if (until > ctx.deadline) {
    ctx.log(
      `job ${taskId}: queue_timeout is longer than what is left of wait_timeout, so it runs as Spot whatever its queue`
    );
    return false;
  }
  const end = await pollUntil<boolean>(
    async () => {
      try {
        const { result } = await ctx.send(detailCall(ctx.settings, taskId));
        const data = isRecord(result.data) ? result.data : {};
        if (jobFactsOf(data).ended || data.schedule_status !== 'Queued')
          return { kind: 'done', value: false };
        return runtime.now() >= until ? { kind: 'done', value: true } : { kind: 'waiting' };
      } catch (error) {
        return { kind: 'unread', why: error instanceof Error ? error.message : String(error) };
      }
    },
    {
      deadline: until,
      schedule: { kind: 'fixed_rate', intervalMs: ctx.settings.wait.intervalMs },
      failureBudget: ctx.settings.wait.pollErrorBudget,
      lastLookAtDeadline: true
    },
    runtime
  );
  return end.kind === 'done' && end.value;
}
