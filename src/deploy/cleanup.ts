import { mapLimit } from '../basics/concurrency.js';
import { formatDuration } from '../basics/units.js';
import { awaitNewTasks, searchByName, type CreateLookup, type LookupContext } from './create.js';
import { TransportError } from '../platform/client.js';
import { describeError, retryIfTransient } from '../platform/failures.js';
import { cleanupCall } from '../platform/operations.js';
import { backoffMs, DEFAULT_BACKOFF, withRetries } from '../platform/retry.js';
import { sanitize } from '../basics/safe-text.js';
import { describeState, isGone, readTaskState } from './task-state.js';
import type { DeploySettings } from './task-status.js';

export type CleanupAction = 'stop' | 'pause';

/**
 * Retries of one stop or pause (of a cleanup, a sweep, a replace): the deadline bounds them first, whatever
 * max_retries says, since a task left running costs money.
 */
export const CLEANUP_RETRIES = 20;

/** How a cleanup of one task ended. */
export type CleanupOutcome =
  | { kind: 'done' }
  /** Nothing was left to do: the task is gone (End, or in no search), or paused already for a pause. */
  | { kind: 'already'; state: string }
  | { kind: 'failed'; why: string };

/**
 * Stops or pauses a task, retrying what may pass (network errors, 429 and 5xx, waiting as Retry-After
 * asks) until the policy's deadline: both calls are safe to repeat. When the platform refuses, the task's
 * state decides, never the refusal's code (no code's meaning is published): a task whose detail says End,
 * or that no task search of any status lists, is gone, and so is one in a status the operation leaves as
 * it is (Paused, for a pause). A task still live is asked again, after a backoff, until the deadline; one
 * in a status the platform does not apply the operation to (a stop of a task in Other) fails at once.
 */
export async function cleanUpTask(
  taskId: string,
  action: CleanupAction,
  settings: DeploySettings,
  ctx: Pick<LookupContext, 'send' | 'policy' | 'deps'>,
  name?: string
): Promise<CleanupOutcome> {
  const retried = <T>(label: string, attempt: () => Promise<T>): Promise<T> =>
    withRetries(label, attempt, (error) => retryIfTransient(error, ctx.deps.now()), ctx.policy, ctx.deps);
  const call = cleanupCall(settings, taskId, action);
  for (let round = 1; ; round++) {
    let failure: unknown;
    try {
      await retried(`cleanup: ${action} task ${taskId}`, () => ctx.send(call));
      return { kind: 'done' };
    } catch (error) {
      failure = error;
    }
    // Cancelled: nothing more can be sent; the post step takes over.
    if (failure instanceof TransportError && failure.reason === 'cancelled')
      return { kind: 'failed', why: describeError(failure) };
    const state = await readTaskState(taskId, { ...ctx, settings }, { name });
    if (isGone(state)) return { kind: 'already', state: state.kind === 'absent' ? 'gone' : 'End' };
    if (state.kind === 'status' && call.traits.alreadyDone.includes(state.status))
      return { kind: 'already', state: sanitize(state.status, 40) };
    const why = `${describeError(failure)}; ${sanitize(describeState(state), 300)}`;
    const applies = call.traits.appliesTo;
    if (state.kind === 'status' && applies.length > 0 && !applies.includes(state.status)) {
      return {
        kind: 'failed',
        why: `${why}, and the platform applies ${action} to ${applies.join(', ')} tasks only`
      };
    }
    const delay = backoffMs(round, ctx.deps.random, DEFAULT_BACKOFF);
    if (round > CLEANUP_RETRIES || ctx.deps.now() + delay >= ctx.policy.deadline)
      return { kind: 'failed', why };
    ctx.deps.log(
      `cleanup: the platform refused to ${action} task ${taskId} (${why}): asking again in ${formatDuration(delay)}`
    );
    await ctx.deps.sleep(delay);
  }
}

/** A task the post step acts on, and why it is the step's to clean up. */
export interface CleanupTarget {
  id: string;
  action: CleanupAction;
  /** created: the step's task; twin: made too by an earlier attempt of a re-sent create; found: made by a create whose answer the step never read. */
  why: 'created' | 'twin' | 'found';
}

export interface AfterStepContext extends LookupContext {
  settings: DeploySettings;
  /** How long a create whose answer was never read gets to show up. */
  graceMs: number;
  concurrency: number;
  warn: (line: string) => void;
}

/**
 * What the post step does: stops or pauses every task the main step created, and finds by name a task a
 * create may have made without the step learning its id, and any second task a re-sent create left.
 * `problem` says why a task may be left that could not even be looked for.
 */
export async function cleanUpAfterStep(
  created: readonly string[],
  lookup: CreateLookup | undefined,
  action: CleanupAction | undefined,
  ctx: AfterStepContext
): Promise<{ outcomes: { target: CleanupTarget; outcome: CleanupOutcome }[]; problem: string | undefined }> {
  const found = await targetsByName(lookup, created, action, ctx);
  const targets = [
    ...found.targets,
    ...(action === undefined ? [] : created.map((id): CleanupTarget => ({ id, action, why: 'created' })))
  ];
  const outcomes = await mapLimit(targets, ctx.concurrency, async (target) => ({
    target,
    outcome: await cleanUpTask(target.id, target.action, ctx.settings, ctx, lookup?.taskName)
  }));
  return { outcomes, problem: found.problem };
}

/**
 * The tasks found by name that are the step's to clean up. With no task id known, a create may still
 * have made one: the platform is asked for up to the grace period, and every new task of the name is
 * cleaned up as cleanup says. With ids known, any other new task of the name is a twin and is stopped.
 */
async function targetsByName(
  lookup: CreateLookup | undefined,
  created: readonly string[],
  action: CleanupAction | undefined,
  ctx: AfterStepContext
): Promise<{ targets: CleanupTarget[]; problem: string | undefined }> {
  if (lookup === undefined) return { targets: [], problem: undefined };
  const name = JSON.stringify(sanitize(lookup.taskName, 100));
  const existing = new Set(lookup.existingIds);
  if (created.length === 0) {
    ctx.deps.log(
      `cleanup: the create of this step got no task id; looking for a new task named ${name} for up to ${formatDuration(ctx.graceMs)}`
    );
    const found = await awaitNewTasks(lookup.taskName, existing, ctx);
    if (found.kind === 'unknown') {
      return {
        targets: [],
        problem: `could not look for a task named ${name} (${found.why}), which the create of this step may have made: look for it in the platform's console and stop it`
      };
    }
    if (found.kind !== 'found') {
      ctx.deps.log(`cleanup: no new task named ${name} appeared, so the create made none`);
      return { targets: [], problem: undefined };
    }
    if (action === undefined) {
      ctx.warn(
        `the create of this step made task ${found.ids.join(', ')} (named ${name}) without the step learning its id; cleanup is none, so it keeps running`
      );
      return { targets: [], problem: undefined };
    }
    return { targets: found.ids.map((id) => ({ id, action, why: 'found' })), problem: undefined };
  }
  try {
    const all = await searchByName(
      'cleanup: looking for a second task of the same name',
      lookup.taskName,
      ctx
    );
    const twins = all.filter((id) => !existing.has(id) && !created.includes(id));
    return { targets: twins.map((id) => ({ id, action: 'stop', why: 'twin' })), problem: undefined };
  } catch (error) {
    return {
      targets: [],
      problem: `could not look for a second task named ${name} (${describeError(error)}), which an earlier attempt of the create may have made: look for it in the platform's console and stop it`
    };
  }
}
