import { TransportError } from './client.js';
import { ApiError } from '../protocol/envelope.js';
import { retryAfterMs } from './retry.js';
import { sanitize } from '../basics/safe-text.js';

const RETRIED_STATUSES = new Set([429, 500, 502, 503, 504]);

/** Why a failed request may succeed if sent again, or undefined when it would fail the same way. */
export function transientReason(error: unknown): string | undefined {
  if (error instanceof TransportError) {
    if (error.reason === 'tls' || error.reason === 'cancelled') return undefined;
    if (error.reason === 'late') return 'no answer by the moment it was needed';
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

/**
 * Whether the platform refused the request: an envelope with a code other than 0000, and nothing that may
 * pass if sent again. What the refusal did (or did not do) is for the task's state to say, never its code.
 */
export function isRefusal(error: unknown): error is ApiError {
  return error instanceof ApiError && error.body === 'envelope' && transientReason(error) === undefined;
}

/**
 * Whether a failed request certainly had no effect: it was never fully sent. An answer, a 429 included,
 * proves nothing of what the platform did (a create answered 429 was seen to land seconds later).
 */
export function neverSent(error: unknown): boolean {
  return error instanceof TransportError && !error.sent;
}

/** Rate limited (HTTP 429), or never fully sent: what a request that makes nothing billing may be sent again after. */
export function rateLimitedOrNeverSent(error: unknown): boolean {
  return (error instanceof ApiError && error.httpStatus === 429) || neverSent(error);
}

/** The delay the server asked for with Retry-After, if it did. */
export function serverRetryDelay(error: unknown, localNow: number): number | undefined {
  return error instanceof ApiError ? retryAfterMs(error.retryAfter, error.serverDate, localNow) : undefined;
}

/** Retry a failure that may pass, after the delay the server asked for if it did. */
export function retryIfTransient(
  error: unknown,
  localNow: number
): { retry: false } | { retry: true; reason: string; serverDelayMs: number | undefined } {
  const reason = transientReason(error);
  return reason === undefined
    ? { retry: false }
    : { retry: true, reason, serverDelayMs: serverRetryDelay(error, localNow) };
}

/** An explicit operation on a task that the platform refused, and that no task search of any status lists. */
export class TaskNotFoundError extends Error {
  constructor(
    readonly taskId: string,
    cause: ApiError
  ) {
    const said = sanitize(cause.description ?? '', 200);
    const id = cause.requestId === undefined ? '' : `; request id ${sanitize(cause.requestId, 80)}`;
    super(
      `task ${taskId} not found: the platform refused (code ${sanitize(cause.code ?? '', 40)}${said === '' ? '' : `: ${said}`}${id}), and no task search of any status lists it`
    );
    this.name = 'TaskNotFoundError';
  }
}

export function describeError(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
