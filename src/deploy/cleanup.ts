import { mapLimit } from '../basics/concurrency.js';
import { sanitize } from '../basics/safe-text.js';
import { formatDuration } from '../basics/units.js';
import { TransportError } from '../platform/client.js';
import { describeError, retryIfTransient } from '../platform/failures.js';
import { cleanupCall } from '../platform/operations.js';
import { backoffMs, DEFAULT_BACKOFF, withRetries } from '../platform/retry.js';
import type { CleanupAction, CleanupState, CreateLookup } from './cleanup-state.js';
import { CLEANUP_RETRIES, type DeployContext } from './context.js';
import { awaitNewTasks, searchByName } from './lookup.js';
import { describeState, isGone, readTaskState } from './task-state.js';

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
  ctx: DeployContext,
  name?: string
): Promise<CleanupOutcome> {
  const { policy, deps } = ctx.stopRetries;
  const call = cleanupCall(ctx.settings, taskId, action);
  for (let round = 1; ; round++) {
    let failure: unknown;
    try {
      await withRetries(
        `cleanup: ${action} task ${taskId}`,
        () => ctx.send(call),
        (error) => retryIfTransient(error, deps.now()),
        policy,
        deps
      );
      return { kind: 'done' };
    } catch (error) {
      failure = error;
    }
    // Cancelled: nothing more can be sent; the post step takes over.
    if (failure instanceof TransportError && failure.reason === 'cancelled')
      return { kind: 'failed', why: describeError(failure) };
    const state = await readTaskState(taskId, ctx, { name });
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
    const delay = backoffMs(round, deps.random, DEFAULT_BACKOFF);
    if (round > CLEANUP_RETRIES || deps.now() + delay >= policy.deadline) return { kind: 'failed', why };
    ctx.log(
      `cleanup: the platform refused to ${action} task ${taskId} (${why}): asking again in ${formatDuration(delay)}`
    );
    try {
      await deps.sleep(delay);
    } catch {
      return { kind: 'failed', why };
    }
  }
}

/** A task the post step acts on, and why it is the step's to clean up. */
export interface CleanupTarget {
  id: string;
  action: CleanupAction;
  /**
   * created: the step's task; twin: made too by an earlier attempt of a re-sent create; found: made by a
   * create whose answer the step never read; retired: of the old generation a replace was retiring.
   */
  why: 'created' | 'twin' | 'found' | 'retired';
}

/** What the post step did: each task's outcome, and why a task may be left that could not be looked for. */
export interface CleanupReport {
  outcomes: { target: CleanupTarget; outcome: CleanupOutcome }[];
  problem: string | undefined;
}

/**
 * What the post step does with what the main step left (see CleanupState): stops or pauses every task it
 * created, as `action` says; finds by name a task a create may have made without the step learning its
 * id, and any second task a re-sent create left; and stops the tasks it was retiring, whatever `action`
 * says. `problem` says why a task may be left that could not even be looked for.
 */
export async function finishCleanup(state: CleanupState, ctx: DeployContext): Promise<CleanupReport> {
  const { action, created, lookup } = state;
  const found = await targetsByName(lookup, created, action, ctx);
  const targets = [
    ...found.targets,
    ...(action === undefined ? [] : created.map((id): CleanupTarget => ({ id, action, why: 'created' }))),
    ...state.retire.map((id): CleanupTarget => ({ id, action: 'stop', why: 'retired' }))
  ];
  const outcomes = await mapLimit(targets, ctx.settings.concurrency, async (target) => ({
    target,
    outcome: await cleanUpTask(target.id, target.action, ctx, lookup?.taskName)
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
  ctx: DeployContext
): Promise<{ targets: CleanupTarget[]; problem: string | undefined }> {
  if (lookup === undefined) return { targets: [], problem: undefined };
  if (created.length === 0) return targetsOfUnknownCreate(lookup, action, ctx);
  const name = JSON.stringify(sanitize(lookup.taskName, 100));
  const existing = new Set(lookup.existingIds);
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

/** A create that got no task id: the task it may have made, looked for by name for the grace period. */
async function targetsOfUnknownCreate(
  lookup: CreateLookup,
  action: CleanupAction | undefined,
  ctx: DeployContext
): Promise<{ targets: CleanupTarget[]; problem: string | undefined }> {
  const name = JSON.stringify(sanitize(lookup.taskName, 100));
  const graceMs = ctx.settings.requestTimeoutMs;
  ctx.log(
    `cleanup: the create of this step got no task id; looking for a new task named ${name} for up to ${formatDuration(graceMs)}`
  );
  const found = await awaitNewTasks(
    lookup.taskName,
    new Set(lookup.existingIds),
    ctx.runtime.now() + graceMs,
    ctx
  );
  if (found.kind === 'unknown') {
    return {
      targets: [],
      problem: `could not look for a task named ${name} (${found.why}), which the create of this step may have made: look for it in the platform's console and stop it`
    };
  }
  if (found.kind !== 'found') {
    ctx.log(`cleanup: no new task named ${name} appeared, so the create made none`);
    return { targets: [], problem: undefined };
  }
  if (action === undefined) {
    ctx.runtime.warn(
      `the create of this step made task ${found.ids.join(', ')} (named ${name}) without the step learning its id; cleanup is none, so it keeps running`
    );
    return { targets: [], problem: undefined };
  }
  return { targets: found.ids.map((id) => ({ id, action, why: 'found' })), problem: undefined };
}
