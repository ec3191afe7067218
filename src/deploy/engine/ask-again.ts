import { formatDuration } from '../../basics/units.js';
import { TransportError } from '../../platform/client.js';
import { describeError } from '../../platform/failures.js';
import type { Call, Resend } from '../../platform/operations/operation-table.js';
import { backoffMs, DEFAULT_BACKOFF } from '../../platform/retry.js';
import type { Send } from '../../platform/session.js';
import { retried, type Retries } from './retries.js';
import type { DeploySettings } from './settings.js';

// The persistence policy of every change whose failure leaves something billing, in one place: send (a
// repeatable request only), then ask again until the task's state shows it, within a deadline.

/**
 * After round `round` of a request whose failure leaves something billing failed or has not shown yet
 * (a stop or pause, a scale's set-back, a rollback, the search for a create's task): waits a backoff
 * before the next round, saying so with `say(delay)`, but never past `deadline` (the stop retries'
 * deadline by default): a backoff that would pass it is cut short, so that the last round is asked at the
 * deadline itself. Answers whether to ask again: false once the deadline has come, or when the wait is
 * cancelled.
 */
export async function waitToAskAgain(
  round: number,
  ctx: Pick<PersistContext, 'stopRetries' | 'log'>,
  say: (delay: string) => string,
  deadline: number = ctx.stopRetries.policy.deadline
): Promise<boolean> {
  const { deps } = ctx.stopRetries;
  const left = Math.min(deadline, ctx.stopRetries.policy.deadline) - deps.now();
  if (left <= 0) return false;
  const delay = Math.min(backoffMs(round, deps.random, DEFAULT_BACKOFF), left);
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
  | { kind: 'shown'; accepted: boolean; state: string }
  /** It did not show; `triedMs`: for how long it was asked (the deadline's, or less when it never will). */
  | { kind: 'failed'; why: string; triedMs: number };

/** What sending until shown takes of the deploy context. */
export interface PersistContext {
  readonly send: Send;
  readonly settings: Pick<DeploySettings, 'cleanupTimeoutMs'>;
  readonly stopRetries: Retries;
  readonly log: (line: string) => void;
  readonly deadline: number;
}

/**
 * The calls a persistence may send again: a request that is harmless to repeat (see Resend). Any other is
 * sent once; what follows asks the task's state again without sending it again.
 */
const SENT_AGAIN: ReadonlySet<Resend> = new Set(['read', 'repeatable']);

/**
 * The persistence policy of every change whose failure leaves something billing (a stop, a pause, a
 * scale's set-back, a rollback's post, a preheat's stop): sends `call`, retried while a failure may pass,
 * then reads whether the task's state shows the change (`shows`, told the refusal if there was one). An
 * answer is never the outcome, accepted or refused (no code's meaning is published, and a platform may
 * accept a request and act late, or not at all): while the state does not show it, the call is sent again
 * after a backoff (when its re-send trait allows; else the state alone is read again), until
 * cleanup_timeout from now (or the context's deadline, if sooner) runs out.
 */
export async function sendUntilShown(
  call: Call,
  label: string,
  shows: (refused: unknown) => Promise<Showing>,
  ctx: PersistContext
): Promise<Persisted> {
  const timeoutMs = ctx.settings.cleanupTimeoutMs;
  const started = ctx.stopRetries.deps.now();
  const deadline = Math.min(ctx.deadline, started + timeoutMs);
  const tried = (): number => ctx.stopRetries.deps.now() - started;
  const repeatable = SENT_AGAIN.has(call.traits.resend);
  let accepted = false;
  let refused: unknown;
  for (let round = 1; ; round++) {
    if (round === 1 || repeatable) {
      refused = undefined;
      try {
        await retried(label, ctx.stopRetries, () => ctx.send(call));
      } catch (error) {
        refused = error ?? new Error('refused');
      }
      // Cancelled: nothing more can be sent; the post step takes over.
      if (refused instanceof TransportError && refused.reason === 'cancelled')
        return { kind: 'failed', why: describeError(refused), triedMs: tried() };
      accepted ||= refused === undefined;
    }
    const showing = await shows(refused);
    if (showing.shown) return { kind: 'shown', accepted, state: showing.state };
    const why =
      refused === undefined
        ? `the platform accepted it, but ${showing.state}`
        : `${describeError(refused)}; ${showing.state}`;
    if (showing.never !== undefined)
      return { kind: 'failed', why: `${why}, ${showing.never}`, triedMs: tried() };
    const again = await waitToAskAgain(
      round,
      ctx,
      (delay) => `${label}: ${why}: ${repeatable ? 'asking' : 'looking'} again in ${delay}`,
      deadline
    );
    if (!again) {
      // How long it was really asked: until the deadline (cleanup_timeout's, or the step's if sooner).
      const limit = deadline < ctx.deadline ? `, until cleanup_timeout (${formatDuration(timeoutMs)})` : '';
      return {
        kind: 'failed',
        why: `${why}; asked for ${formatDuration(tried())}${limit}`,
        triedMs: tried()
      };
    }
  }
}

/** What a read that settles a question answered: known (with its value), or not, and why. */
export type Known<T> = { known: true; value: T } | { known: false; why: string };

/**
 * Asks `ask` again, after a backoff each time, until it answers what it was asked (a search that
 * succeeds, whatever it finds), or the stop retries' deadline would pass: the same policy as a change
 * whose state does not show it yet, for a read whose failure leaves unknown whether something bills (the
 * search for a create's task). `first` is why the read that came before failed; `say` names a wait.
 */
export async function askUntilKnown<T>(
  ask: () => Promise<Known<T>>,
  first: string,
  ctx: Pick<PersistContext, 'stopRetries' | 'log'>,
  say: (why: string, delay: string) => string
): Promise<Known<T>> {
  let why = first;
  for (let round = 1; ; round++) {
    const failed = why;
    if (!(await waitToAskAgain(round, ctx, (delay) => say(failed, delay)))) return { known: false, why };
    const answer = await ask();
    if (answer.known) return answer;
    why = answer.why;
  }
}
