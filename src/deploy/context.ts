import { ApiClient } from '../platform/client.js';
import { PlatformClock } from '../platform/platform-clock.js';
import { retryIfTransient } from '../platform/failures.js';
import { formatDuration } from '../basics/units.js';
import {
  backoffMs,
  DEFAULT_BACKOFF,
  withRetries,
  type RetryDeps,
  type RetryPolicy
} from '../platform/retry.js';
import { openSession, type Send, type SessionRuntime } from '../platform/session.js';
import { USER_AGENT } from '../platform/version.js';
import { cleanupRecorder, NO_CLEANUP, type CleanupRecorder } from './cleanup-state.js';
import type { DeploySettings } from './task-status.js';

/**
 * Retries of one stop or pause (of a cleanup, a sweep, a replace): the deadline bounds them first, whatever
 * max_retries says, since a task left running costs money.
 */
export const CLEANUP_RETRIES = 20;

/** What a step needs of its surroundings: the transport, the clocks, sleeping and the log. */
export interface StepRuntime extends SessionRuntime {
  /** A number in [0, 1), for retry jitter. */
  random: () => number;
  cancelled: () => boolean;
  /** GETs a service URL (no API credentials) and answers its HTTP status: the health check. */
  probe: (url: string) => Promise<number>;
  /** A line per poll of a wait, where the host shows one (a terminal); the log has the changes only. */
  progress?: (line: string) => void;
}

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
 * Everything a step does its work with, built once (deployContext) and passed to every flow, the post
 * step's cleanup and the dry run alike: the settings, one session with the API, the retries (of requests,
 * and the longer ones of a stop, since a task left running costs money), the step's deadline, the log,
 * the clocks, and where the step records what it leaves for the post step.
 */
export interface DeployContext {
  readonly settings: DeploySettings;
  readonly send: Send;
  readonly retries: Retries;
  readonly stopRetries: Retries;
  readonly startedAt: number;
  /** No request starts, and no wait goes on, after this (local time). */
  readonly deadline: number;
  readonly runtime: StepRuntime;
  readonly log: (line: string) => void;
  readonly cleanup: CleanupRecorder;
}

/**
 * The one deploy context of a step, whose work must end within `budgetMs` from now (wait_timeout for a
 * step, cleanup_timeout for the post step): the session and every retry share that one deadline.
 */
export function deployContext(
  settings: DeploySettings,
  runtime: StepRuntime,
  options: { budgetMs: number; cleanup?: CleanupRecorder }
): DeployContext {
  const startedAt = runtime.now();
  const deadline = startedAt + options.budgetMs;
  const deps: RetryDeps = {
    now: runtime.now,
    sleep: runtime.sleep,
    random: runtime.random,
    log: runtime.log
  };
  const policy = { maxRetries: settings.maxRetries, ...DEFAULT_BACKOFF, deadline };
  return {
    settings,
    send: openSession(settings, runtime, deadline),
    retries: { policy, deps },
    stopRetries: { policy: { ...policy, maxRetries: CLEANUP_RETRIES }, deps },
    startedAt,
    deadline,
    runtime,
    log: runtime.log,
    cleanup: options.cleanup ?? cleanupRecorder(NO_CLEANUP)
  };
}

/**
 * After round `round` of a request whose failure leaves something billing failed or has not shown yet
 * (a stop or pause, a scale's set-back, a rollback, the search for a create's task): waits a backoff
 * before the next round, saying so with `say(delay)`, unless the wait would pass `deadline` (the stop
 * retries' deadline by default). Answers whether to ask again: false at once when it may not, or when the
 * wait is cancelled.
 */
export async function waitToAskAgain(
  round: number,
  ctx: Pick<DeployContext, 'stopRetries' | 'log'>,
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
 * A context for work that must go on past the step's deadline (a rollback after the wait ran out): the
 * same settings, runtime and cleanup record, a new session and retries bounded by `budgetMs` from now.
 */
export function contextFor(ctx: DeployContext, budgetMs: number): DeployContext {
  return deployContext(ctx.settings, ctx.runtime, { budgetMs, cleanup: ctx.cleanup });
}

/** What a host gives a step's runtime: its log, and the job's cancellation. */
export interface HostHooks {
  log: (line: string) => void;
  warn: (line: string) => void;
  /** Absent when the host's log keeps no debug lines. */
  debug?: (line: string) => void;
  cancel: AbortSignal;
  /** Where a line per poll goes, when the host shows one (see StepRuntime.progress). */
  progress?: (line: string) => void;
}

/**
 * The runtime of a step on a real machine: the one HTTPS client (the runner's proxy and CAs, bounded by
 * request_timeout and max_response_size, aborted when the job is cancelled), the local and platform
 * clocks, sleeps that end when the job is cancelled, and the host's log.
 */
export function stepRuntime(
  settings: Pick<DeploySettings, 'requestTimeoutMs' | 'maxResponseBytes'>,
  host: HostHooks
): StepRuntime & { dispose: () => void } {
  const client = new ApiClient({
    userAgent: USER_AGENT,
    timeoutMs: settings.requestTimeoutMs,
    maxResponseBytes: settings.maxResponseBytes,
    cancel: host.cancel
  });
  return {
    transport: client,
    now: Date.now,
    clock: new PlatformClock(Date.now),
    sleep: cancellableSleep(host.cancel),
    random: Math.random,
    log: host.log,
    warn: host.warn,
    ...(host.debug === undefined ? {} : { debug: host.debug }),
    cancelled: () => host.cancel.aborted,
    probe: (url) => client.probe(url),
    ...(host.progress === undefined ? {} : { progress: host.progress }),
    dispose: () => {
      client.dispose();
    }
  };
}

/**
 * Sleeps that end early, rejecting, when the step is cancelled. One listener on the signal wakes every
 * sleeper: a bulk step sleeps in many places at once, and a listener per sleep would pass Node's limit
 * of 10 per signal and print MaxListenersExceededWarning.
 */
export function cancellableSleep(cancel: AbortSignal): (ms: number) => Promise<void> {
  const sleepers = new Set<() => void>();
  cancel.addEventListener(
    'abort',
    () => {
      for (const wake of sleepers) wake();
    },
    { once: true }
  );
  return (ms) =>
    new Promise<void>((resolve, reject) => {
      if (cancel.aborted) {
        reject(new Error('the step was cancelled'));
        return;
      }
      const wake = (): void => {
        clearTimeout(timer);
        sleepers.delete(wake);
        reject(new Error('the step was cancelled'));
      };
      const timer = setTimeout(() => {
        sleepers.delete(wake);
        resolve();
      }, ms);
      sleepers.add(wake);
    });
}
