import { DEFAULT_BACKOFF, type RetryDeps } from '../../platform/retry.js';
import { openSession, type Send } from '../../platform/session.js';
import { answerSecrets } from './secret-fields.js';
import { cleanupRecorder, NO_CLEANUP, type CleanupRecorder } from './cleanup-state.js';
import { CLEANUP_RETRIES, type Retries } from './retries.js';
import type { DeploySettings } from './settings.js';
import type { StepRuntime } from './step-runtime.js';

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
    log: runtime.log,
    cancelled: runtime.cancelled
  };
  const policy = { maxRetries: settings.maxRetries, ...DEFAULT_BACKOFF, deadline };
  return {
    settings,
    send: maskingSecrets(openSession(settings, runtime, deadline), runtime.mask),
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
 * A context for work that must go on past the step's deadline (a rollback after the wait ran out): the
 * same settings, runtime and cleanup record, a new session and retries bounded by `budgetMs` from now.
 */
export function contextFor(ctx: DeployContext, budgetMs: number): DeployContext {
  return deployContext(ctx.settings, ctx.runtime, { budgetMs, cleanup: ctx.cleanup });
}

/**
 * The context's reads bounded by `notAfter` (local time; undefined: no bound): each request fails with a
 * HeldBackError rather than be held past it (a platform's pause, no answer), and no retry or wait goes on
 * past it. A wait held to max_cost reads so: no read may come later than the cost reaching the cap.
 */
export function readsBy(ctx: DeployContext, notAfter: number | undefined): DeployContext {
  if (notAfter === undefined) return ctx;
  const deadline = Math.min(ctx.deadline, notAfter);
  const bounded = (retries: Retries): Retries => ({ ...retries, policy: { ...retries.policy, deadline } });
  return {
    ...ctx,
    send: (call, limits) => ctx.send(call, { notAfter: Math.min(notAfter, limits?.notAfter ?? Infinity) }),
    retries: bounded(ctx.retries),
    stopRetries: bounded(ctx.stopRetries),
    deadline
  };
}

/**
 * A session whose answers' secrets (the environment values of the tasks they describe, in either form the
 * reference gives them) are masked as each answer comes, before anything read from it is shown: a later
 * step that reads a task and its nodes' logs was given no body to learn them from.
 */
function maskingSecrets(send: Send, mask: ((secrets: readonly string[]) => void) | undefined): Send {
  if (mask === undefined) return send;
  return async (call, limits) => {
    const answer = await send(call, limits);
    const secrets = answerSecrets(answer.raw);
    if (secrets.length > 0) mask(secrets);
    return answer;
  };
}
