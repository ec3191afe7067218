import { TransportError } from './client.js';
import { ApiError } from './protocol/envelope.js';
import { retryAfterMs } from './retry.js';

/** A refusal that says the task no longer exists, in the words platforms use for it. */
const GONE = /not (exist|found)|no such task|does ?n[o']t exist|不存在|已删除/i;
/** A refusal of the timestamp or the signature (spec 7 reports both as a signature error). */
const SIGNATURE = /sign|timestamp|时间戳|签名/i;
const RETRIED_STATUSES = new Set([429, 500, 502, 503, 504]);

/** Why a failed request may succeed if sent again, or undefined when it would fail the same way. */
export function transientReason(error: unknown): string | undefined {
  if (error instanceof TransportError) {
    if (error.reason === 'tls' || error.reason === 'cancelled') return undefined;
    return error.reason === 'timeout'
      ? 'no answer within request_timeout'
      : (error.errorCode ?? 'a network error');
  }
  if (error instanceof ApiError) {
    if (RETRIED_STATUSES.has(error.httpStatus)) return `HTTP ${error.httpStatus}`;
    if (error.httpStatus === 200 && error.body === 'not_envelope') return 'an answer that is not JSON';
  }
  return undefined;
}

/** Whether a failed request certainly had no effect: refused by rate limiting, or never fully sent. */
export function notApplied(error: unknown): boolean {
  if (error instanceof ApiError) return error.httpStatus === 429;
  return error instanceof TransportError && !error.sent;
}

export function isGone(error: unknown): boolean {
  return error instanceof ApiError && error.httpStatus === 200 && GONE.test(error.description ?? '');
}

export function isSignatureRefusal(error: unknown): boolean {
  return error instanceof ApiError && error.code !== undefined && SIGNATURE.test(error.description ?? '');
}

/** The delay the server asked for with Retry-After, if it did. */
export function serverRetryDelay(error: unknown, localNow: number): number | undefined {
  return error instanceof ApiError ? retryAfterMs(error.retryAfter, error.serverDate, localNow) : undefined;
}

/** Retry a failure that may pass, after the delay the server asked for if it did. */
export function retryIfTransient(
  error: unknown,
  localNow: number
): { retry: false } | { retry: true; reason: string; delayMs: number | undefined } {
  const reason = transientReason(error);
  return reason === undefined
    ? { retry: false }
    : { retry: true, reason, delayMs: serverRetryDelay(error, localNow) };
}

export function describeError(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
