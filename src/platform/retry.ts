import { formatDuration } from '../basics/units.js';

export interface RetryPolicy {
  maxRetries: number;
  baseMs: number;
  capMs: number;
  /** No attempt starts at or after this time. */
  deadline: number;
}

export interface RetryDeps {
  now: () => number;
  sleep: (ms: number) => Promise<void>;
  /** A number in [0, 1), for the jitter. */
  random: () => number;
  log: (line: string) => void;
  /** Whether the step was cancelled: no retry then (the sleep before it would end at once anyway). */
  cancelled: () => boolean;
}

export const DEFAULT_BACKOFF = { baseMs: 1000, capMs: 30_000 };

/** Exponential backoff with full jitter: a random delay up to base * 2^(retry-1), capped. */
export function backoffMs(
  retry: number,
  random: () => number,
  policy: Pick<RetryPolicy, 'baseMs' | 'capMs'>
): number {
  return Math.round(random() * Math.min(policy.capMs, policy.baseMs * 2 ** (retry - 1)));
}

/**
 * Retry-After as a delay in ms: delta seconds, or an HTTP date read against the server's own Date
 * header when it sent one (so a skewed local clock does not distort it); undefined when absent or bad.
 */
export function retryAfterMs(
  value: string | undefined,
  serverDate: string | undefined,
  localNow: number
): number | undefined {
  if (value === undefined || value.trim() === '') return undefined;
  if (/^\d+$/.test(value.trim())) return Number(value.trim()) * 1000;
  const at = Date.parse(value);
  if (Number.isNaN(at)) return undefined;
  const now =
    serverDate === undefined || Number.isNaN(Date.parse(serverDate)) ? localNow : Date.parse(serverDate);
  return Math.max(0, at - now);
}

/**
 * What to do after a failed attempt: give up, try again, or settle on a result found another way. A retry
 * waits the backoff, or what the server asked for with Retry-After (`serverDelayMs`), or not at all when
 * the failure itself took the time (`now`: the create was looked for and not found).
 */
export type RetryVerdict<T> =
  | { retry: false }
  | { retry: true; reason: string; serverDelayMs?: number | undefined; now?: boolean }
  | { result: T };

/**
 * The retry, one of the three owners of time (with asking again, deploy/engine/ask-again.ts, and the poll,
 * deploy/engine/poll.ts): runs one request's `attempt` until it succeeds, `judge` says a failure is final, the
 * retries are spent, the step is cancelled, or the next attempt would start past the deadline. Every retry
 * is logged with its reason, number and delay.
 */
export async function withRetries<T>(
  label: string,
  attempt: (retry: number) => Promise<T>,
  judge: (error: unknown) => RetryVerdict<T> | Promise<RetryVerdict<T>>,
  policy: RetryPolicy,
  deps: RetryDeps
): Promise<T> {
  for (let retry = 0; ; retry++) {
    try {
      return await attempt(retry);
    } catch (error) {
      const verdict = await judge(error);
      if ('result' in verdict) return verdict.result;
      if (!verdict.retry || retry >= policy.maxRetries || deps.cancelled()) throw error;
      const delay =
        verdict.now === true ? 0 : (verdict.serverDelayMs ?? backoffMs(retry + 1, deps.random, policy));
      const when = delay === 0 ? 'now' : `in ${formatDelay(delay)}`;
      const source = verdict.serverDelayMs === undefined ? '' : ' (as the server asked)';
      if (deps.now() + delay >= policy.deadline) {
        deps.log(
          `${label}: ${verdict.reason}; not retrying, as the next attempt would start after the step's deadline`
        );
        throw error;
      }
      deps.log(`${label}: ${verdict.reason}; retry ${retry + 1} of ${policy.maxRetries} ${when}${source}`);
      await deps.sleep(delay);
    }
  }
}

function formatDelay(ms: number): string {
  return ms < 10_000 ? `${(ms / 1000).toFixed(1)}s` : formatDuration(ms);
}
