import { isRecord } from '../../../basics/records.js';
import { formatDuration } from '../../../basics/units.js';
import { describeError, isRefusal } from '../../../platform/failures.js';
import { planCalls } from '../../../platform/operations/plan-calls.js';
import type { Plan } from '../../../platform/operations/operation-table.js';
import type { DeploySettings } from '../settings.js';
import { isQueued, jobFactsOf, taskIdOf } from '../../../platform/task-data.js';
import type { DeployContext } from '../context.js';
import { callOutcome, type CallOutcome } from '../calls/make-calls.js';
import type { QueuePhase } from '../calls/step-result.js';
import { readDetailOnce } from '../tasks/read-task.js';
import { pollUntil } from '../poll.js';
import { startCalls } from './toolkit.js';
import { cleanUpTask } from '../tasks/clean-up-task.js';
import { RefusedEverywhereError } from '../create/create-task.js';
import { adoptLateCreate } from '../create/create-once.js';

/** The create of a job, and the context its wait goes on with (an on-demand job's, after a fallback). */
export interface JobCreated {
  calls: CallOutcome[];
  ctx: DeployContext;
  /** The Spot job's queue, when the step watched it. */
  queue?: QueuePhase;
}

/**
 * A Spot job's fallback to on demand (spot_fallback), after its create (a job's, or a runner's: `planFor`
 * plans the on-demand create from the settings the fallback gives, the step's plan by default): a create the platform refused
 * (the platform publishes no code's meaning, so a refusal for want of stock cannot be told from another:
 * any refusal is followed by the one on-demand create, once the refused create can no longer land and no
 * job of its name appeared: one that does is the Spot job, adopted); a job that stays Queued past
 * queue_timeout is stopped first, until its detail shows it stopped (Paused or End), and only then the
 * on-demand job created: never two at once (one that cannot be stopped stays, and the step waits for it).
 * Otherwise the Spot job stands. A fallback's late-landing Spot job is a twin of the same name, which the
 * step stops after its wait (see stopTwins).
 */
export async function spotOrOnDemand(
  given: CallOutcome[],
  ctx: DeployContext,
  planFor: (settings: DeploySettings) => Plan = planCalls
): Promise<JobCreated> {
  let calls = given;
  const fallback = ctx.settings.spotFallback;
  const [create] = calls;
  const move = spotMove({
    fallback: fallback !== undefined,
    jobType: ctx.settings.jobType,
    create,
    cancelled: ctx.runtime.cancelled()
  });
  if (move === 'stands' || fallback === undefined || create === undefined) return { calls, ctx };
  let { taskId } = create;
  if (taskId === undefined) {
    // A refused create may still land: before the on-demand create, it is looked for until it cannot.
    const late = await adoptLateCreate(ctx, 'spot_fallback');
    if (late.kind === 'unknown') {
      ctx.log(`spot_fallback: the Spot create was refused, and ${late.why}: not creating the job on demand`);
      return { calls, ctx };
    }
    if (late.kind === 'none') return onDemand('the Spot create was refused and made no job', ctx, planFor);
    taskId = taskIdOf(late.created.result.data) ?? '';
    const { result, raw } = late.created;
    calls = [
      callOutcome(create.call, { result, raw, taskId, placement: create.placement }),
      ...calls.slice(1)
    ];
  }
  // On the ledger before its queue is waited on: a step killed meanwhile leaves it to the post step.
  ctx.cleanup.add('created', [taskId]);
  const fromMs = ctx.runtime.now() - ctx.startedAt;
  const queue = await queueOf(taskId, fallback.queueTimeoutMs, ctx);
  const watched = { taskId, fromMs, toMs: ctx.runtime.now() - ctx.startedAt, fellBack: queue.queued };
  if (!queue.queued) {
    ctx.log(`job ${taskId} runs as Spot (job_type: spot${queue.why === undefined ? '' : `; ${queue.why}`})`);
    return { calls, ctx, queue: watched };
  }
  const waited = formatDuration(fallback.queueTimeoutMs);
  ctx.log(
    `job ${taskId} is still Queued after ${waited} (queue_timeout): stopping it, to run the job on demand`
  );
  const stopped = await cleanUpTask(taskId, 'stop', ctx, ctx.settings.taskName);
  if (stopped.kind === 'failed') {
    ctx.log(`job ${taskId} could not be stopped (${stopped.why}): it stays Spot, and no second job is made`);
    return { calls, ctx, queue: { ...watched, fellBack: false } };
  }
  ctx.cleanup.settle('created', taskId);
  const onDemandJob = await onDemand(
    `the Spot job ${taskId} stayed Queued past queue_timeout (${waited}) and was stopped`,
    ctx,
    planFor
  );
  return { ...onDemandJob, queue: watched };
}

/**
 * What the Spot strategy does after the create, chosen once: nothing (`stands`: no fallback was asked
 * for, the job is not Spot, no create was sent, the create failed but was not refused, or the step was
 * cancelled), look for a refused create's job before falling back (`refused`: the platform publishes no
 * code's meaning, so any refusal may be for want of stock), or watch the queue of the job it made
 * (`created`).
 */
export function spotMove(facts: {
  fallback: boolean;
  jobType: string | undefined;
  create: Pick<CallOutcome, 'taskId' | 'error'> | undefined;
  cancelled: boolean;
}): 'stands' | 'refused' | 'created' {
  const { create } = facts;
  if (!facts.fallback || facts.jobType !== 'spot' || create === undefined) return 'stands';
  if (create.taskId !== undefined) return 'created';
  const refused = isRefusal(create.error) || create.error instanceof RefusedEverywhereError;
  return refused && !facts.cancelled ? 'refused' : 'stands';
}

/** The job created on demand: its create, through the same machinery as the first, and its context. */
async function onDemand(
  why: string,
  ctx: DeployContext,
  planFor: (settings: DeploySettings) => Plan
): Promise<JobCreated> {
  ctx.log(`spot_fallback: ${why}; creating the job on demand`);
  // A body that says sub_type Spot itself (copied from the reference's Spot example) says null now: the
  // reference's on-demand job.
  const { body } = ctx.settings;
  const settings = {
    ...ctx.settings,
    jobType: 'on_demand' as const,
    estimatedExecSec: undefined,
    body: 'sub_type' in body ? { ...body, sub_type: null } : body
  };
  const onDemandCtx: DeployContext = { ...ctx, settings };
  const calls = await startCalls(planFor(settings), onDemandCtx);
  const taskId = calls[0]?.taskId;
  if (taskId !== undefined) ctx.log(`job ${taskId} runs on demand (spot_fallback: ${why})`);
  return { calls, ctx: onDemandCtx };
}

/** What the queue of a Spot job came to: still Queued past queue_timeout, or why the step waits for it. */
export type Queue = { queued: true } | { queued: false; why: string | undefined };

/**
 * What one look at a Spot job's detail says of its queue: it ended, or was scheduled (no longer Queued),
 * or is still Queued once queue_timeout has passed (`pastTimeout`); undefined: still Queued, look again.
 */
export function lookAtQueue(data: unknown, pastTimeout: boolean): Queue | undefined {
  const detail = isRecord(data) ? data : {};
  if (jobFactsOf(detail).ended) return { queued: false, why: 'it has ended' };
  if (!isQueued(detail)) return { queued: false, why: undefined };
  return pastTimeout ? { queued: true } : undefined;
}

/**
 * Whether the job is still Queued (schedule_status) once `timeoutMs` has passed since its create, read
 * every poll_interval, within the step's deadline; else why it stays Spot: it was scheduled (no more to
 * say), it ended, the step's deadline comes first, the step was cancelled (its wait says so), or its
 * detail could not be read poll_error_budget times in a row.
 */
async function queueOf(taskId: string, timeoutMs: number, ctx: DeployContext): Promise<Queue> {
  const { runtime } = ctx;
  const until = runtime.now() + timeoutMs;
  if (until > ctx.deadline)
    return { queued: false, why: 'queue_timeout is longer than what is left of wait_timeout' };
  const end = await pollUntil<Queue>(
    async () => {
      try {
        const { data } = await readDetailOnce(taskId, ctx);
        const queue = lookAtQueue(data, runtime.now() >= until);
        return queue === undefined ? { kind: 'waiting' } : { kind: 'done', value: queue };
      } catch (error) {
        return { kind: 'unread', why: describeError(error) };
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
  if (end.kind === 'done') return end.value;
  if (end.kind === 'unread') return { queued: false, why: `its detail could not be read: ${end.why}` };
  return {
    queued: false,
    why: end.kind === 'cancelled' ? 'the step was cancelled' : 'the step ran out of time'
  };
}
