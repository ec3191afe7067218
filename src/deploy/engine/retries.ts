import { retryIfTransient } from '../../platform/failures.js';
import { withRetries, type RetryDeps, type RetryPolicy } from '../../platform/retry.js';

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
