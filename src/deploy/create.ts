import { formatDuration } from '../basics/units.js';
import type { Call } from '../platform/operations.js';
import { ApiError } from '../protocol/envelope.js';
import { exactInteger, toCompactJson } from '../protocol/json.js';
import { isRecord } from '../basics/records.js';
import { readAllPages } from './pages.js';
import {
  describeError,
  notApplied,
  retryIfTransient,
  serverRetryDelay,
  transientReason
} from '../platform/failures.js';
import { withRetries, type RetryDeps, type RetryPolicy } from '../platform/retry.js';
import { StaleClockError, type Answer, type Send } from '../platform/session.js';
import { snapshotOf, taskIdOf } from '../platform/task-data.js';

/**
 * What the post step needs to find a task a create may have made without the step learning its id (the
 * job was cancelled with the request in flight, the answer carried no id, or an earlier attempt may land
 * after a re-create): its name, and the tasks of that name that existed before, which are never touched.
 */
export interface CreateLookup {
  taskName: string;
  existingIds: string[];
}

/** Searching for tasks by name, with retries of what may pass. */
export interface LookupContext {
  send: Send;
  /** One page of the task search for a name (following any endpoints override). */
  searchCall: (taskName: string, page: number) => Call;
  policy: RetryPolicy;
  deps: RetryDeps;
}

export interface CreateContext extends LookupContext {
  /** How long a create that may have been applied gets to show up before it is sent again. */
  graceMs: number;
  /**
   * Told before the first attempt is sent (with the lookup), and again (undefined) once the create is
   * settled for sure: made with a known id and nothing else in flight, or refused outright.
   */
  track: (lookup: CreateLookup | undefined) => void;
  /** Stops a task (a twin a re-create left), with the retries a cleanup gets. */
  stop: (taskId: string) => Promise<void>;
}

export interface Created extends Answer {
  /**
   * Sent again after an attempt that may still land: a twin may appear later, so the step looks again
   * (stopTwins) once it has waited, and the post step once more.
   */
  recreated: boolean;
  lookup: CreateLookup;
}

/** How often to look for the task during the grace period: every 5 s, and at least four times. */
const searchEveryMs = (graceMs: number): number => Math.min(5000, Math.max(250, graceMs / 4));

/**
 * Creates a task exactly once where the network allows it. Task creation is not idempotent and takes no
 * client token, so a create is sent again blindly only when it certainly had no effect (429, or never
 * fully sent). After an ambiguous failure (reset or timeout after sending, 5xx, an unreadable answer) the
 * platform is asked for a new task of that name for a grace period, and one that shows up is adopted;
 * only when none does is the create sent again. The first attempt may still land after that: each task
 * of the name that appears besides the one this step follows is then stopped (here, after the wait, and
 * in the post step). Tasks of that name that existed before the step are never adopted or stopped.
 */
export async function createOnce(call: Call, ctx: CreateContext): Promise<Created> {
  const name = typeof call.body?.task_name === 'string' ? call.body.task_name : '';
  const log = ctx.deps.log;
  let existing: string[];
  try {
    existing = await searchByName('create: looking for tasks of the same name', name, ctx);
  } catch (error) {
    // Nothing was created: say which request failed, so a diagnosis of it is not read as the create's.
    throw new Error(
      `the task search sent before creating (to find tasks named ${JSON.stringify(name)} that exist already) failed, so nothing was created: ${describeError(error)}`,
      { cause: error }
    );
  }
  if (existing.length > 0) {
    log(
      `create: ${existing.length} task(s) named ${JSON.stringify(name)} exist already (${existing.join(', ')}); they are left alone`
    );
  }
  const lookup: CreateLookup = { taskName: name, existingIds: existing };
  ctx.track(lookup);
  // Set from inside the retry verdict: sent again while an attempt may still land.
  const state = { unresolved: false };
  let answer: Answer;
  try {
    const clock = { resent: false };
    answer = await withRetries<Answer>(
      'create',
      () => sendOnCorrectedClock(call, { name, existing, clock }, ctx),
      async (error) => {
        const reason = transientReason(error);
        if (reason === undefined) return { retry: false };
        if (notApplied(error)) {
          return {
            retry: true,
            reason: `${reason}, so the task was not created`,
            serverDelayMs: serverRetryDelay(error, ctx.deps.now())
          };
        }
        log(
          `create: ${reason} after the request was sent, so the task may have been created; looking for a new task named ${JSON.stringify(name)} for up to ${formatDuration(ctx.graceMs)} before creating it again`
        );
        const found = await awaitNewTasks(name, new Set(existing), ctx);
        if (found.kind === 'cut') {
          throw new Error(
            `${reason} after the request was sent, and the step's deadline came before a task named ${JSON.stringify(name)} showed up: it may still appear, so look for it before running the job again`
          );
        }
        if (found.kind === 'unknown') {
          throw new Error(
            `${reason} after the request was sent, and the task search failed (${found.why}): not creating again, which could make a second task; look for a task named ${JSON.stringify(name)} before running the job again`
          );
        }
        const [newest] = found.kind === 'found' ? found.ids : [];
        if (newest !== undefined) {
          log(
            `create: found task ${newest} named ${JSON.stringify(name)}, made by the request that failed; adopting it instead of creating another`
          );
          return { result: adopted(newest) };
        }
        log(
          `create: no task named ${JSON.stringify(name)} appeared within ${formatDuration(ctx.graceMs)}, so it is created again; should the first attempt still land, that task is stopped`
        );
        state.unresolved = true;
        return { retry: true, reason: 'the create was not applied', now: true };
      },
      ctx.policy,
      ctx.deps
    );
  } catch (error) {
    // A refusal of the only attempt sent made nothing; anything else may have (the post step looks).
    const refused =
      error instanceof ApiError && error.body === 'envelope' && transientReason(error) === undefined;
    if (!state.unresolved && (refused || notApplied(error))) ctx.track(undefined);
    throw error;
  }
  const id = taskIdOf(answer.result.data);
  if (id !== undefined && !state.unresolved) ctx.track(undefined);
  if (id !== undefined && state.unresolved) await stopTwins(lookup, id, ctx);
  return { ...answer, recreated: state.unresolved, lookup };
}

/** The answer a create would have given for a task it made, when that task is found by name instead. */
function adopted(taskId: string): Answer {
  const data = { task_id: exactInteger(taskId) };
  return {
    result: { code: '0000', msg: 'success', data },
    raw: toCompactJson({ code: '0000', msg: 'success', data })
  };
}

/**
 * Sends the create. Refused while the runner's clock was beyond the platform's window (the session has
 * corrected it since), it is sent once more, but only once the task search shows that the refused
 * attempt made no task of its name: a task that did appear is adopted instead.
 */
async function sendOnCorrectedClock(
  call: Call,
  args: { name: string; existing: readonly string[]; clock: { resent: boolean } },
  ctx: CreateContext
): Promise<Answer> {
  try {
    return await ctx.send(call);
  } catch (error) {
    if (!(error instanceof StaleClockError) || args.clock.resent) throw error;
    args.clock.resent = true;
    const name = JSON.stringify(args.name);
    const [made] = (await findTasks(args.name, ctx)).filter((id) => !args.existing.includes(id));
    if (made !== undefined) {
      ctx.deps.log(`create: the refused create made task ${made} named ${name} after all; adopting it`);
      return adopted(made);
    }
    ctx.deps.log(
      `create: no task named ${name} appeared after the refusal, so the create is sent once more, on the corrected clock`
    );
    return ctx.send(call);
  }
}

/**
 * Stops every task named as the lookup says that is neither `keep` nor one that existed before: twins an
 * earlier attempt of a create made. A twin that cannot be stopped is logged and left to the post step.
 */
export async function stopTwins(lookup: CreateLookup, keep: string, ctx: CreateContext): Promise<string[]> {
  const name = JSON.stringify(lookup.taskName);
  let found: string[];
  try {
    found = await searchByName('create: looking for a twin of the task', lookup.taskName, ctx);
  } catch (error) {
    ctx.deps.log(
      `create: could not look for a second task named ${name} (${describeError(error)}); the post step looks again`
    );
    return [];
  }
  const existing = new Set(lookup.existingIds);
  const twins = found.filter((id) => id !== keep && !existing.has(id));
  const stopped: string[] = [];
  for (const twin of twins) {
    ctx.deps.log(
      `create: task ${twin} named ${name} was made too, by the earlier attempt that got no answer; stopping it, so that only task ${keep} runs`
    );
    try {
      await ctx.stop(twin);
      stopped.push(twin);
      ctx.deps.log(`create: stopped task ${twin}; task ${keep} is the one this step follows`);
    } catch (error) {
      ctx.deps.log(
        `create: could not stop task ${twin} (${describeError(error)}); the post step tries again`
      );
    }
  }
  return stopped;
}

/**
 * Searches until tasks of the name that are not among `existing` show up (newest first), or the grace
 * period ends: `none` when it ended, `cut` when the step's deadline ended it early, `unknown` when no
 * search succeeded at all.
 */
export async function awaitNewTasks(
  name: string,
  existing: ReadonlySet<string>,
  ctx: LookupContext & { graceMs: number }
): Promise<{ kind: 'found'; ids: string[] } | { kind: 'none' | 'cut' } | { kind: 'unknown'; why: string }> {
  const full = ctx.deps.now() + ctx.graceMs;
  const end = Math.min(full, ctx.policy.deadline);
  let searched = false;
  let lastError = '';
  for (;;) {
    try {
      const fresh = (await findTasks(name, ctx)).filter((id) => !existing.has(id));
      searched = true;
      if (fresh.length > 0)
        return { kind: 'found', ids: fresh.sort((a, b) => (BigInt(a) < BigInt(b) ? 1 : -1)) };
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

/** findTasks, retried on what may pass (network errors, 429, 5xx) within the policy; `label` names it in the log. */
export function searchByName(label: string, name: string, ctx: LookupContext): Promise<string[]> {
  return withRetries(
    label,
    () => findTasks(name, ctx),
    (error) => retryIfTransient(error, ctx.deps.now()),
    ctx.policy,
    ctx.deps
  );
}

/** A task a search found: its id, name, status and accumulated cost as the search answered them. */
export interface FoundTask {
  id: string;
  name: string;
  status: string | undefined;
  billingValue: string | undefined;
  forecastValue: string | undefined;
}

/**
 * The ids of the tasks named exactly `name` (the search matches parts of names), following the pages
 * until the list ends.
 */
export async function findTasks(
  name: string,
  ctx: Pick<LookupContext, 'send' | 'searchCall'>
): Promise<string[]> {
  return (await searchTasks(name, (found) => found === name, ctx)).map((task) => task.id);
}

/**
 * The tasks the search for `searchValue` finds whose name `matches`, across every page of the search
 * (see readAllPages: a list whose pages end before its count is an error, never a shorter list).
 */
export async function searchTasks(
  searchValue: string,
  matches: (name: string) => boolean,
  ctx: Pick<LookupContext, 'send' | 'searchCall'>
): Promise<FoundTask[]> {
  const { results } = await readAllPages(
    `the task search for ${JSON.stringify(searchValue)}`,
    (page) => ctx.searchCall(searchValue, page),
    ctx.send,
    (task) => taskIdOf(task) ?? toCompactJson(task)
  );
  return results.flatMap((task) => {
    const id = taskIdOf(task);
    const name = isRecord(task) ? task.task_name : undefined;
    if (id === undefined || typeof name !== 'string' || !matches(name)) return [];
    const { status, billingValue, forecastValue } = snapshotOf(task, ['status']);
    return [{ id, name, status, billingValue, forecastValue }];
  });
}
