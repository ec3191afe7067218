import { formatDuration } from '../basics/units.js';
import { TransportError } from '../platform/client.js';
import { describeError, retryIfTransient } from '../platform/failures.js';
import type { Call } from '../platform/operations/operation-table.js';
import {
  backoffMs,
  DEFAULT_BACKOFF,
  withRetries,
  type RetryDeps,
  type RetryPolicy
} from '../platform/retry.js';
import type { Send } from '../platform/session.js';
import type { DeploySettings } from './settings.js';

/** How a request is retried: the policy, and what waiting and logging take. */
export interface Retries {
  policy: RetryPolicy;
  deps: RetryDeps;
}

/**
 * Runs `attempt`, again as `retries` allow while its failure may pass (network errors, 429 and 5xx, as
 * Retry-After asks); `label` names it in the log.
 */
export function retried<T>(label: string, retries: Retries, attempt: () => Promise<T>): Promise<T> {
  const { policy, deps } = retries;
  return withRetries(label, attempt, (error) => retryIfTransient(error, deps.now()), policy, deps);
}

/**
 * Retries of one stop or pause (of a cleanup, a sweep, a replace): the deadline bounds them first, whatever
 * max_retries says, since a task left running costs money.
 */
export const CLEANUP_RETRIES = 20;

/**
 * After round `round` of a request whose failure leaves something billing failed or has not shown yet
 * (a stop or pause, a scale's set-back, a rollback, the search for a create's task): waits a backoff
 * before the next round, saying so with `say(delay)`, unless the wait would pass `deadline` (the stop
 * retries' deadline by default). Answers whether to ask again: false at once when it may not, or when the
 * wait is cancelled.
 */
export async function waitToAskAgain(
  round: number,
  ctx: Pick<PersistContext, 'stopRetries' | 'log'>,
  say: (delay: string) => string,
  deadline: number = ctx.stopRetries.policy.deadline
): Promise<boolean> {
  const { deps } = ctx.stopRetries;
  const delay = backoffMs(round, deps.random, DEFAULT_BACKOFF);
  if (deps.now() + delay >= Math.min(deadline, ctx.stopRetries.policy.deadline)) return false;
  ctx.log(say(formatDuration(delay)));
  try {
    await deps.sleep(delay);
    return true;
  } catch {
    return false;
  }
}

/**
 * What the task's state says of a change asked for, read after each request: it shows the change (`state`
 * says how: End, gone, Paused, the count set back), or not yet (`state` says what it shows instead), or
 * never will (`never` says why: the platform does not apply the change to the status the task is in).
 */
export type Showing = { shown: true; state: string } | { shown: false; state: string; never?: string };

/** How a change sent until the task's state shows it ended. */
export type Persisted =
  /** The state shows it; `accepted`: a request was accepted (else it showed while every one was refused). */
  { kind: 'shown'; accepted: boolean; state: string } | { kind: 'failed'; why: string };

/** What sending until shown takes of the deploy context. */
export interface PersistContext {
  readonly send: Send;
  readonly settings: Pick<DeploySettings, 'cleanupTimeoutMs'>;
  readonly stopRetries: Retries;
  readonly log: (line: string) => void;
  readonly deadline: number;
}

/**
 * The persistence policy of every change whose failure leaves something billing (a stop, a pause, a
 * scale's set-back, a rollback's post, a preheat's stop): sends `call`, retried while a failure may pass,
 * then reads whether the task's state shows the change (`shows`, told the refusal if there was one). An
 * answer is never the outcome, accepted or refused (no code's meaning is published, and a platform may
 * accept a request and act late, or not at all): while the state does not show it, the call is sent again
 * after a backoff, until cleanup_timeout from now (or the context's deadline, if sooner) runs out.
 */
export async function sendUntilShown(
  call: Call,
  label: string,
  shows: (refused: unknown) => Promise<Showing>,
  ctx: PersistContext
): Promise<Persisted> {
  const timeoutMs = ctx.settings.cleanupTimeoutMs;
  const deadline = Math.min(ctx.deadline, ctx.stopRetries.deps.now() + timeoutMs);
  let accepted = false;
  for (let round = 1; ; round++) {
    let refused: unknown;
    try {
      await retried(label, ctx.stopRetries, () => ctx.send(call));
    } catch (error) {
      refused = error ?? new Error('refused');
    }
    // Cancelled: nothing more can be sent; the post step takes over.
    if (refused instanceof TransportError && refused.reason === 'cancelled')
      return { kind: 'failed', why: describeError(refused) };
    accepted ||= refused === undefined;
    const showing = await shows(refused);
    if (showing.shown) return { kind: 'shown', accepted, state: showing.state };
    const why =
      refused === undefined
        ? `the platform accepted it, but ${showing.state}`
        : `${describeError(refused)}; ${showing.state}`;
    if (showing.never !== undefined) return { kind: 'failed', why: `${why}, ${showing.never}` };
    const again = await waitToAskAgain(
      round,
      ctx,
      (delay) => `${label}: ${why}: asking again in ${delay}`,
      deadline
    );
    if (!again) {
      const within = deadline < ctx.deadline ? ` within cleanup_timeout (${formatDuration(timeoutMs)})` : '';
      return { kind: 'failed', why: `${why}${within}` };
    }
  }
}
