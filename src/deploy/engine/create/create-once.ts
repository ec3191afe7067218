import { formatDuration } from '../../../basics/units.js';
import {
  describeError,
  isRefusal,
  neverSent,
  serverRetryDelay,
  transientReason
} from '../../../platform/failures.js';
import type { Call } from '../../../platform/operations/operation-table.js';
import { withRetries, type RetryVerdict } from '../../../platform/retry.js';
import { StaleClockError, type Answer } from '../../../platform/session.js';
import { taskIdOf } from '../../../platform/task-data.js';
import { exactInteger, toCompactJson } from '../../../protocol/json.js';
import { cleanUpTask } from '../tasks/clean-up-task.js';
import type { CreateLookup } from '../cleanup-state.js';
import type { DeployContext } from '../context.js';
import { awaitNewTasks, findTasks, searchByName } from '../tasks/find-tasks.js';

export interface Created extends Answer {
  /**
   * Sent again after an attempt that may still land: a twin may appear later, so the step looks again
   * (stopTwins) once it has waited, and the post step once more.
   */
  recreated: boolean;
  /**
   * Another attempt that gave no id may still have made a task of the name: this create's sent again, or
   * an earlier create's refused (one on another region, or a Spot job's before its on-demand one), whose
   * window ended with no task seen. The step looks for a twin once it has waited, and the post step once
   * more: a late landing has no deadline the step can know.
   */
  mayHaveTwin: boolean;
  lookup: CreateLookup;
}

/** What one create's attempts share: its name, the tasks of that name before it, and how it went. */
interface Attempts {
  readonly name: string;
  readonly existing: readonly string[];
  /** Sent again while an earlier attempt may still land. */
  unresolved: boolean;
  /** Sent again once already after a refusal on a stale clock. */
  resentForClock: boolean;
}

/**
 * Creates a task exactly once where the network allows it. Task creation is not idempotent and takes no
 * client token, so a create is sent again blindly only when it certainly had no effect: it was never fully
 * sent. After any other failure that may pass (a 429, which was seen to land seconds later; a reset or
 * timeout after sending, a 5xx, an unreadable answer) the platform is asked for a new task of that name
 * for a grace period, and one that shows up is adopted; only when none does is the create sent again. The
 * first attempt may still land after that: each task of the name that appears besides the one this step
 * follows is then stopped (here, after the wait, and in the post step). A refused create is looked for once
 * at once; with none found, the refusal stands, and its lookup stays on the ledger until it can no longer
 * land (see adoptLateCreate, which any other create waits for, and the post step). Tasks of that name that
 * existed before the step are never adopted or stopped.
 */
export async function createOnce(call: Call, ctx: DeployContext): Promise<Created> {
  const name = typeof call.body?.task_name === 'string' ? call.body.task_name : '';
  const existing = await existingTasks(name, ctx);
  const attempts: Attempts = { name, existing, unresolved: false, resentForClock: false };
  let answer: Answer;
  try {
    answer = await withRetries<Answer>(
      'create',
      () => {
        mayLand(attempts, ctx);
        return sendOnCorrectedClock(call, attempts, ctx);
      },
      (error) => afterFailedAttempt(error, attempts, ctx),
      ctx.retries.policy,
      ctx.retries.deps
    );
  } catch (error) {
    const made = await madeDespite(error, attempts, ctx);
    if (made === undefined) throw error;
    answer = made;
  }
  const lookup = ctx.cleanup.state().lookup ?? {
    taskName: name,
    existingIds: existing,
    landsBy: 0,
    attempts: 1
  };
  const id = taskIdOf(answer.result.data);
  // An attempt besides the one that gave the id may have made a task: the lookup stays on the ledger.
  const mayHaveTwin = attempts.unresolved || lookup.attempts > 1;
  if (id !== undefined) {
    // In one change: a cancel between two would leave the post step neither the id nor the lookup.
    const created = [...ctx.cleanup.state().created, id];
    ctx.cleanup.update(mayHaveTwin ? { created } : { created, lookup: undefined });
  }
  if (id !== undefined && attempts.unresolved) await stopTwins(lookup, id, ctx);
  return { ...answer, recreated: attempts.unresolved, mayHaveTwin, lookup };
}

/**
 * After the create failed for good, what it made. A request never fully sent made nothing. A refusal (an
 * envelope, nothing to retry) is settled by the task search, since no code's meaning is published: a task
 * of the name that appeared is adopted (an earlier attempt's, if one got no answer); with none, the
 * refusal stands, its lookup left on the ledger until it can no longer land (a refused create was seen to
 * land seconds later): the next create waits for it (adoptLateCreate), and the post step looks for it.
 * When an earlier attempt that got no answer may still land, or the search fails, no other create may
 * follow, and the step fails saying so. Anything else (a 429, a timeout) may have made a task, which the
 * post step looks for. Answers the adopted task's answer, or undefined for the error to stand.
 */
async function madeDespite(
  error: unknown,
  attempts: Attempts,
  ctx: DeployContext
): Promise<Answer | undefined> {
  if (neverSent(error)) {
    // Every attempt but one that may land was never sent: nothing to look for.
    if (!attempts.unresolved) ctx.cleanup.clear('lookup');
    return undefined;
  }
  if (!isRefusal(error)) return undefined;
  const name = JSON.stringify(attempts.name);
  const notAgain = (why: string): Error =>
    new Error(`${describeError(error)}, and ${why}: not creating again; the post step looks for one`, {
      cause: error
    });
  let made: string | undefined;
  try {
    [made] = (await findTasks(attempts.name, ctx)).filter((id) => !attempts.existing.includes(id));
  } catch (searchError) {
    throw notAgain(
      `the task search that would show whether it made a task named ${name} failed (${describeError(searchError)})`
    );
  }
  if (made !== undefined) {
    ctx.log(`create: the refused create made task ${made} named ${name} after all; adopting it`);
    return adoptedAnswer(made);
  }
  if (attempts.unresolved)
    throw notAgain(`an earlier attempt that got no answer may still make a task named ${name}`);
  ctx.log(
    `create: the platform refused the create, and the task search lists no new task named ${name} yet: one may still appear until the create can no longer land, so it is looked for until then before any other create, and by the post step`
  );
  return undefined;
}

/** What waiting out a refused create that may still land came to. */
export type LateCreate =
  { kind: 'none' } | { kind: 'adopted'; created: Created } | { kind: 'unknown'; why: string };

/**
 * Before another create is sent (on the next region, or on demand after a refused Spot create): the
 * create the ledger's lookup names, refused or unanswered, may still land until its window ends
 * (lookup.landsBy), so its name is searched until then. A task that appears is adopted (on the ledger, the
 * lookup settled); with none, the next create may follow, and the lookup stays on the ledger all the same
 * (a refused create was seen to land after its window): the step looks for a twin once it has waited, and
 * the post step once more. When the search fails or the step's deadline comes first, no other create may
 * follow (`unknown`), and the lookup stays for the post step.
 */
export async function adoptLateCreate(ctx: DeployContext, label: string): Promise<LateCreate> {
  const lookup = ctx.cleanup.state().lookup;
  if (lookup === undefined) return { kind: 'none' };
  const name = JSON.stringify(lookup.taskName);
  const left = Math.max(0, lookup.landsBy - ctx.runtime.now());
  ctx.log(
    `${label}: looking for a task named ${name} that the refused create may still make, for ${formatDuration(left)}, before creating again`
  );
  const found = await awaitNewTasks(lookup.taskName, new Set(lookup.existingIds), lookup.landsBy, ctx, label);
  if (found.kind === 'cut')
    return {
      kind: 'unknown',
      why: `the step's deadline came before the refused create could no longer land`
    };
  if (found.kind === 'unknown') return { kind: 'unknown', why: `the task search failed (${found.why})` };
  const [newest] = found.kind === 'found' ? found.ids : [];
  if (newest === undefined) {
    ctx.log(
      `${label}: no task named ${name} appeared before the refused create's window ended: creating again; should it land later still, the step and the post step stop it`
    );
    return { kind: 'none' };
  }
  ctx.log(
    `${label}: task ${newest} named ${name} appeared, made by the refused create after all; adopting it`
  );
  ctx.cleanup.update({ created: [...ctx.cleanup.state().created, newest], lookup: undefined });
  return {
    kind: 'adopted',
    created: { ...adoptedAnswer(newest), recreated: false, mayHaveTwin: false, lookup }
  };
}

/**
 * How long after its own deadline (request_timeout) an attempt's task may still appear: the platform can
 * apply a create after the client has given up on its answer.
 */
export const LATE_CREATE_MARGIN_MS = 5_000;

/**
 * Records, before an attempt is sent, what the post step needs to find its task by name: how many
 * attempts may have made a task (`more`: 1 for a new attempt, 0 for one sent in place of an attempt that
 * was refused), and until when their tasks may appear: this attempt's deadline and a margin, or an
 * earlier attempt's, whichever is later.
 */
function mayLand(attempts: Attempts, ctx: DeployContext, more: 0 | 1 = 1): void {
  const before = ctx.cleanup.state().lookup;
  const landsBy = Math.max(
    before?.landsBy ?? 0,
    ctx.runtime.now() + ctx.settings.requestTimeoutMs + LATE_CREATE_MARGIN_MS
  );
  ctx.cleanup.set('lookup', {
    taskName: attempts.name,
    existingIds: [...attempts.existing],
    landsBy,
    attempts: (before?.attempts ?? 0) + more
  });
}

/** Records that the last attempt certainly made no task (a 429, or a request never fully sent). */
function madeNothing(ctx: DeployContext): void {
  const lookup = ctx.cleanup.state().lookup;
  if (lookup !== undefined)
    ctx.cleanup.set('lookup', { ...lookup, attempts: Math.max(0, lookup.attempts - 1) });
}

/** The tasks of the name that exist before the create: never adopted, never stopped. */
async function existingTasks(name: string, ctx: DeployContext): Promise<string[]> {
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
    ctx.log(
      `create: ${existing.length} task(s) named ${JSON.stringify(name)} exist already (${existing.join(', ')}); they are left alone`
    );
  }
  return existing;
}

/** How long a create that may have been applied gets to show up before it is sent again. */
const graceMs = (ctx: DeployContext): number => 2 * ctx.settings.requestTimeoutMs;

/**
 * What to do after an attempt failed: send again when it certainly made nothing; after an ambiguous
 * failure, look for its task for the grace period, and adopt one that shows up, or send again (the
 * first attempt may still land: `unresolved`) when none does.
 */
async function afterFailedAttempt(
  error: unknown,
  attempts: Attempts,
  ctx: DeployContext
): Promise<RetryVerdict<Answer>> {
  const reason = transientReason(error);
  if (reason === undefined) return { retry: false };
  if (neverSent(error)) {
    madeNothing(ctx);
    return { retry: true, reason: `${reason} before the request was sent, so the task was not created` };
  }
  const answeredAt = ctx.retries.deps.now();
  const serverDelay = serverRetryDelay(error, answeredAt);
  const name = JSON.stringify(attempts.name);
  const grace = graceMs(ctx);
  ctx.log(
    `create: ${reason} after the request was sent, so the task may have been created; looking for a new task named ${name} for up to ${formatDuration(grace)} before creating it again`
  );
  const found = await awaitNewTasks(
    attempts.name,
    new Set(attempts.existing),
    ctx.retries.deps.now() + grace,
    ctx,
    'create'
  );
  if (found.kind === 'cut') {
    throw new Error(
      `${reason} after the request was sent, and the step's deadline came before a task named ${name} showed up: it may still appear, so look for it before running the job again`
    );
  }
  if (found.kind === 'unknown') {
    throw new Error(
      `${reason} after the request was sent, and the task search failed (${found.why}): not creating again, which could make a second task; look for a task named ${name} before running the job again`
    );
  }
  const [newest] = found.kind === 'found' ? found.ids : [];
  if (newest !== undefined) {
    ctx.log(
      `create: found task ${newest} named ${name}, made by the request that failed; adopting it instead of creating another`
    );
    return { result: adoptedAnswer(newest) };
  }
  ctx.log(
    `create: no task named ${name} appeared within ${formatDuration(grace)}, so it is created again; should the first attempt still land, that task is stopped`
  );
  attempts.unresolved = true;
  // What the server asked for (a 429's Retry-After) is waited out, less the time the search took.
  const asked = serverDelay === undefined ? 0 : answeredAt + serverDelay - ctx.retries.deps.now();
  return asked > 0
    ? { retry: true, reason: 'the create was not applied', serverDelayMs: asked }
    : { retry: true, reason: 'the create was not applied', now: true };
}

/** The answer a create would have given for a task it made, when that task is found by name instead. */
function adoptedAnswer(taskId: string): Answer {
  const data = { task_id: exactInteger(taskId) };
  return {
    result: { code: '0000', msg: 'success', data },
    raw: toCompactJson({ code: '0000', msg: 'success', data })
  };
}

/**
 * Sends the create. Refused while the runner's clock was beyond the platform's window (the session has
 * corrected it since), it is sent once more, but only once the refused attempt can no longer land and
 * the task search showed no task of its name: a task that did appear is adopted instead. When the search
 * cannot tell, the refusal stands, its lookup left for the post step.
 */
async function sendOnCorrectedClock(call: Call, attempts: Attempts, ctx: DeployContext): Promise<Answer> {
  try {
    return await ctx.send(call);
  } catch (error) {
    if (!(error instanceof StaleClockError) || attempts.resentForClock) throw error;
    attempts.resentForClock = true;
    const name = JSON.stringify(attempts.name);
    const landsBy = ctx.cleanup.state().lookup?.landsBy ?? ctx.runtime.now();
    const found = await awaitNewTasks(attempts.name, new Set(attempts.existing), landsBy, ctx, 'create');
    const [made] = found.kind === 'found' ? found.ids : [];
    if (made !== undefined) {
      ctx.log(`create: the refused create made task ${made} named ${name} after all; adopting it`);
      return adoptedAnswer(made);
    }
    if (found.kind !== 'none') throw error;
    ctx.log(
      `create: no task named ${name} appeared before the refused create could no longer land, so the create is sent once more, on the corrected clock`
    );
    mayLand(attempts, ctx, 0);
    return ctx.send(call);
  }
}

/**
 * Stops every task named as the lookup says that is neither `keep` nor one that existed before: twins an
 * earlier attempt of a create made. A twin that cannot be stopped is logged and left to the post step.
 */
export async function stopTwins(lookup: CreateLookup, keep: string, ctx: DeployContext): Promise<string[]> {
  const name = JSON.stringify(lookup.taskName);
  let found: string[];
  try {
    found = await searchByName('create: looking for a twin of the task', lookup.taskName, ctx);
  } catch (error) {
    ctx.log(
      `create: could not look for a second task named ${name} (${describeError(error)}); the post step looks again`
    );
    return [];
  }
  const existing = new Set(lookup.existingIds);
  const twins = found.filter((id) => id !== keep && !existing.has(id));
  const stopped: string[] = [];
  for (const twin of twins) {
    ctx.log(
      `create: task ${twin} named ${name} was made too, by the earlier attempt that got no answer; stopping it, so that only task ${keep} runs`
    );
    const outcome = await cleanUpTask(twin, 'stop', ctx);
    if (outcome.kind === 'failed') {
      ctx.log(`create: could not stop task ${twin} (${outcome.why}); the post step tries again`);
      continue;
    }
    stopped.push(twin);
    ctx.log(`create: stopped task ${twin}; task ${keep} is the one this step follows`);
  }
  return stopped;
}
