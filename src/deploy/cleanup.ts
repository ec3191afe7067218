import type { LookupContext } from './create.js';
import { describeError, isGone, retryIfTransient } from '../platform/failures.js';
import { cleanupCall, detailCall } from '../platform/operations.js';
import { withRetries } from '../platform/retry.js';
import { sanitize } from '../basics/safe-text.js';
import type { Settings } from '../action/settings.js';
import { snapshotOf } from './task-status.js';

export type CleanupAction = 'stop' | 'pause';

/** How a cleanup of one task ended. */
export type CleanupOutcome =
  | { kind: 'done' }
  /** Nothing was left to do: the task no longer exists, or is already ended (or paused, for pause). */
  | { kind: 'already'; state: string }
  | { kind: 'failed'; why: string };

/** Statuses in which a cleanup has nothing left to do. */
const ALREADY: Record<CleanupAction, readonly string[]> = { stop: ['End'], pause: ['Paused', 'End'] };

/**
 * Stops or pauses a task, retrying what may pass (network errors, 429 and 5xx, waiting as Retry-After
 * asks) until the policy's deadline: both calls are safe to repeat. When the call finally fails, the
 * task's detail decides: a task that no longer exists (by the not-found code) or is already ended counts
 * as cleaned up, since the platform may have applied an attempt whose answer was lost. This is the one
 * place where a task that does not exist is taken as done.
 */
export async function cleanUpTask(
  taskId: string,
  action: CleanupAction,
  settings: Settings,
  ctx: Pick<LookupContext, 'send' | 'policy' | 'deps'>
): Promise<CleanupOutcome> {
  const retried = <T>(label: string, attempt: () => Promise<T>): Promise<T> =>
    withRetries(label, attempt, (error) => retryIfTransient(error, ctx.deps.now()), ctx.policy, ctx.deps);
  let failure: unknown;
  try {
    await retried(`cleanup: ${action} task ${taskId}`, () => ctx.send(cleanupCall(settings, taskId, action)));
    return { kind: 'done' };
  } catch (error) {
    if (isGone(error, settings.errorCodes)) return { kind: 'already', state: 'gone' };
    failure = error;
  }
  try {
    const { result } = await retried(`cleanup: status of task ${taskId}`, () =>
      ctx.send(detailCall(settings, taskId))
    );
    const status = snapshotOf(result.data, settings.wait.statusField).status;
    if (status !== undefined && ALREADY[action].includes(status))
      return { kind: 'already', state: sanitize(status, 40) };
    const last = status === undefined ? '' : `; its status is ${sanitize(status, 40)}`;
    return { kind: 'failed', why: `${describeError(failure)}${last}` };
  } catch (error) {
    if (isGone(error, settings.errorCodes)) return { kind: 'already', state: 'gone' };
    return { kind: 'failed', why: describeError(failure) };
  }
}
