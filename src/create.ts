import { formatDuration } from './inputs.js';
import type { Call } from './operations.js';
import type { ApiResult } from './protocol/envelope.js';
import { exactInteger, toCompactJson } from './protocol/json.js';
import {
  describeError,
  notApplied,
  retryIfTransient,
  serverRetryDelay,
  transientReason
} from './failures.js';
import { withRetries, type RetryDeps, type RetryPolicy } from './retry.js';
import { taskIdOf } from './task-status.js';

export interface Answer {
  result: ApiResult;
  raw: string;
}

export interface CreateContext {
  send: (call: Call) => Promise<Answer>;
  /** The task search for a name (following any endpoints override). */
  searchCall: (taskName: string) => Call;
  policy: RetryPolicy;
  deps: RetryDeps;
  /** How long a create that may have been applied gets to show up before it is sent again. */
  graceMs: number;
}

/** How often to look for the task during the grace period: every 5 s, and at least four times. */
const searchEveryMs = (graceMs: number): number => Math.min(5000, Math.max(250, graceMs / 4));

/**
 * Creates a task exactly once. Task creation is not idempotent and takes no client token, so a create
 * is sent again blindly only when it certainly had no effect (429, or never fully sent). After an
 * ambiguous failure (reset or timeout after sending, 5xx, an unreadable answer) the platform is asked
 * for a new task of that name for a grace period, and one that shows up is adopted; only when none does
 * is the create sent again. Tasks of that name that existed before the step are never adopted.
 */
export async function createOnce(call: Call, ctx: CreateContext): Promise<Answer & { adopted: boolean }> {
  const name = typeof call.body?.task_name === 'string' ? call.body.task_name : '';
  const log = ctx.deps.log;
  const existing = await withRetries(
    'create: looking for tasks of the same name',
    () => findTasks(name, ctx),
    (error) => retryIfTransient(error, ctx.deps.now()),
    ctx.policy,
    ctx.deps
  );
  if (existing.length > 0) {
    log(
      `create: ${existing.length} task(s) named ${JSON.stringify(name)} exist already (${existing.join(', ')}); they are left alone`
    );
  }
  let adopted = false;
  const answer = await withRetries<Answer>(
    'create',
    () => ctx.send(call),
    async (error) => {
      const reason = transientReason(error);
      if (reason === undefined) return { retry: false };
      if (notApplied(error)) {
        return {
          retry: true,
          reason: `${reason}, so the task was not created`,
          delayMs: serverRetryDelay(error, ctx.deps.now())
        };
      }
      log(
        `create: ${reason} after the request was sent, so the task may have been created; looking for a new task named ${JSON.stringify(name)} for up to ${formatDuration(ctx.graceMs)} before creating it again`
      );
      const found = await awaitNewTask(name, new Set(existing), ctx);
      if (found.kind === 'cut') {
        throw new Error(
          `create: ${reason} after the request was sent, and the step's deadline came before a task named ${JSON.stringify(name)} showed up: it may still appear, so look for it before running the job again`
        );
      }
      if (found.kind === 'unknown') {
        throw new Error(
          `create: ${reason} after the request was sent, and the task search failed (${found.why}): not creating again, which could make a second task; look for a task named ${JSON.stringify(name)} before running the job again`
        );
      }
      if (found.kind === 'found') {
        log(
          `create: found task ${found.id} named ${JSON.stringify(name)}, made by the request that failed; adopting it instead of creating another`
        );
        adopted = true;
        const data = { task_id: exactInteger(found.id) };
        return {
          result: {
            result: { code: '0000', msg: 'success', data, requestId: undefined },
            raw: toCompactJson({ code: '0000', msg: 'success', data })
          }
        };
      }
      log(
        `create: no task named ${JSON.stringify(name)} appeared within ${formatDuration(ctx.graceMs)}, so it was not created`
      );
      return { retry: true, reason: 'the create was not applied', delayMs: 0 };
    },
    ctx.policy,
    ctx.deps
  );
  return { ...answer, adopted };
}

/** Searches until a task of the name that is not among `existing` shows up, or the grace period ends. */
async function awaitNewTask(
  name: string,
  existing: ReadonlySet<string>,
  ctx: CreateContext
): Promise<{ kind: 'found'; id: string } | { kind: 'none' | 'cut' } | { kind: 'unknown'; why: string }> {
  // The grace period ends early at the step's deadline; the create is then not sent again either.
  const full = ctx.deps.now() + ctx.graceMs;
  const end = Math.min(full, ctx.policy.deadline);
  let searched = false;
  let lastError = '';
  for (;;) {
    try {
      const fresh = (await findTasks(name, ctx)).filter((id) => !existing.has(id));
      searched = true;
      // Should two appear, the newest (highest id) is the one; the other is reported by the search.
      const newest = fresh.sort((a, b) => (BigInt(a) < BigInt(b) ? 1 : -1))[0];
      if (newest !== undefined) return { kind: 'found', id: newest };
    } catch (error) {
      lastError = describeError(error);
    }
    const left = end - ctx.deps.now();
    if (left <= 0) {
      if (!searched) return { kind: 'unknown', why: lastError };
      return { kind: end < full ? 'cut' : 'none' };
    }
    await ctx.deps.sleep(Math.min(searchEveryMs(ctx.graceMs), left));
  }
}

/** The ids of the tasks named exactly `name` (the search matches parts of names). */
async function findTasks(name: string, ctx: CreateContext): Promise<string[]> {
  const { result } = await ctx.send(ctx.searchCall(name));
  const results = (result.data as { results?: unknown } | null)?.results;
  if (!Array.isArray(results)) return [];
  return results.flatMap((task: unknown) => {
    const id = taskIdOf(task);
    return id !== undefined && (task as { task_name?: unknown }).task_name === name ? [id] : [];
  });
}
