import { sanitize } from '../../../basics/safe-text.js';
import { cleanupCall, taskKindOf } from '../../../platform/operations/calls.js';
import type { CleanupAction } from '../cleanup-state.js';
import type { DeployContext } from '../context.js';
import { sendUntilShown, type Showing } from '../ask-again.js';
import { billsNoMore, describeState, endedAs, readTaskState } from './read-task-state.js';

/** How a cleanup of one task ended. */
export type CleanupOutcome =
  | { kind: 'done' }
  /** Nothing was left to do: the task is gone (End, or in no search), or paused already for a pause. */
  | { kind: 'already'; state: string }
  /** `triedMs`: how long the stop was asked for before it was given up. */
  | { kind: 'failed'; why: string; triedMs?: number };

/**
 * Stops or pauses a task until its state shows it (see sendUntilShown): it bills no more (its detail says
 * End, a job's Paused or End or its run ended; or no task search of any status lists it), or, for a
 * pause, it is Paused. An accepted request is not the outcome,
 * nor is a refusal's code (no code's meaning is published): a task still live is asked again, after a
 * backoff, until cleanup_timeout runs out. A refused one in a status the platform does not apply the
 * operation to (a stop of a task in Other) fails at once, except a Pending one, which is asked again until
 * it runs (a pause applies to Running tasks only).
 */
export async function cleanUpTask(
  taskId: string,
  action: CleanupAction,
  ctx: DeployContext,
  name?: string
): Promise<CleanupOutcome> {
  const call = cleanupCall(ctx.settings, taskId, action);
  const descriptor = taskKindOf(ctx.settings);
  const kind = descriptor.name;
  const { alreadyDone, appliesTo } = call.traits;
  const shows = async (refused: unknown): Promise<Showing> => {
    const state = await readTaskState(taskId, ctx, { name });
    if (billsNoMore(state, kind)) return { shown: true, state: endedAs(state, kind) };
    if (state.kind === 'status' && alreadyDone.includes(state.status))
      return { shown: true, state: sanitize(state.status, 40) };
    const described = sanitize(describeState(state), 300);
    // A Pending task becomes Running, and bills then: an operation that applies to Running tasks (a
    // pause) is asked for again until it can be applied (or the deadline passes), not given up at once.
    const status = state.kind === 'status' ? state.status : undefined;
    const { settling, running } = descriptor.statuses;
    const starting = settling.includes(status ?? '') && running.some((runs) => appliesTo.includes(runs));
    const never =
      refused !== undefined &&
      status !== undefined &&
      appliesTo.length > 0 &&
      !appliesTo.includes(status) &&
      !starting;
    return never
      ? {
          shown: false,
          state: described,
          never: `and the platform applies ${action} to ${appliesTo.join(', ')} tasks only`
        }
      : { shown: false, state: described };
  };
  // A task that may end by itself (a job) is read first: one that bills no more needs no stop.
  if (call.traits.readFirst === true) {
    const state = await readTaskState(taskId, ctx, { name });
    if (billsNoMore(state, kind)) return { kind: 'already', state: endedAs(state, kind) };
  }
  const outcome = await sendUntilShown(call, `cleanup: ${action} task ${taskId}`, shows, ctx);
  if (outcome.kind === 'failed') return outcome;
  return outcome.accepted ? { kind: 'done' } : { kind: 'already', state: outcome.state };
}
