import { TransportError } from './client.js';
import { ApiError } from '../protocol/envelope.js';
import { retryAfterMs } from './retry.js';
import { sanitize } from '../basics/safe-text.js';

/**
 * What the platform's envelope codes mean, where the action acts on the meaning. Outcomes are decided
 * from codes, never from the wording of a message: "API Key不存在" (the key does not exist) must not
 * read as "the task does not exist", nor "assigned" as a signature refusal.
 */
export interface ErrorCodes {
  /** The task asked about does not exist (any more). */
  taskNotFound: readonly string[];
  /** The timestamp or the signature was refused (spec 7 reports both as a signature error). */
  signature: readonly string[];
}

/** The emulator's codes, from the set the platform is seen to use (its meanings are unpublished). */
export const DEFAULT_ERROR_CODES: ErrorCodes = { taskNotFound: ['C007'], signature: ['C002'] };

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

/** The platform answered that the task does not exist: by its code, whatever the message says. */
export function isGone(error: unknown, codes: ErrorCodes): error is ApiError {
  return error instanceof ApiError && error.code !== undefined && codes.taskNotFound.includes(error.code);
}

export function isSignatureRefusal(error: unknown, codes: ErrorCodes): error is ApiError {
  return error instanceof ApiError && error.code !== undefined && codes.signature.includes(error.code);
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

/** An explicit operation on a task the platform says does not exist. */
export class TaskNotFoundError extends Error {
  constructor(
    readonly taskId: string,
    cause: ApiError
  ) {
    const said = sanitize(cause.description ?? '', 200);
    const id = cause.requestId === undefined ? '' : `; request id ${sanitize(cause.requestId, 80)}`;
    super(
      `task ${taskId} not found (code ${sanitize(cause.code ?? '', 40)}${said === '' ? '' : `: ${said}`}${id})`
    );
    this.name = 'TaskNotFoundError';
  }
}

export function describeError(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
