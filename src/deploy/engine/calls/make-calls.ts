import { mapLimit } from '../../../basics/concurrency.js';
import { sanitize } from '../../../basics/safe-text.js';
import {
  describeError,
  isRefusal,
  neverSent,
  retryIfTransient,
  TaskNotFoundError
} from '../../../platform/failures.js';
import { taskKindOf } from '../../../platform/operations/calls.js';
import {
  PAGE_SIZE,
  type Call,
  type Plan,
  type TaskKind
} from '../../../platform/operations/operation-table.js';
import { withRetries } from '../../../platform/retry.js';
import type { Answer, Send } from '../../../platform/session.js';
import { snapshotOf, taskIdOf, type TaskSnapshot } from '../../../platform/task-data.js';
import { ApiError, type ApiResult } from '../../../protocol/envelope.js';
import { toCompactJson } from '../../../protocol/json.js';
import { readAllPages } from '../tasks/read-all-pages.js';
import {
  billsNoMore,
  describeState,
  endedAs,
  readTaskState,
  type TaskState
} from '../tasks/read-task-state.js';
import { resultTexts, type AnswerTexts } from '../answer-texts.js';
import type { AnswerSink } from './answer-sink.js';
import type { CreateLookup } from '../cleanup-state.js';
import type { DeployContext } from '../context.js';
import type { Placement, PlacementReport } from '../create/create-task.js';

/** How one call of the plan went. */
export interface CallOutcome {
  readonly call: Call;
  /** The task the call concerns, or the one a create made. */
  readonly taskId: string | undefined;
  readonly result: ApiResult | undefined;
  /** The answer's body exactly as received. */
  readonly raw: string | undefined;
  readonly error: Error | undefined;
  /** A create sent again after an attempt that may still land: look for a twin once the wait is over. */
  readonly twinLookup: CreateLookup | undefined;
  /** A create's tasks of the same name that existed before it (which a replace retires). */
  readonly existingIds: readonly string[];
  /** How a create that picks its resource (gpu) chose it; undefined for any other call. */
  readonly placement: Placement | undefined;
  /** Its answer as the outputs keep it, made as it came (see AnswerTexts); undefined for none received. */
  readonly texts: AnswerTexts | undefined;
  /**
   * What its answer said of its task, read as it came: set when its data was let go (a bulk step's read
   * of many tasks keeps their texts in its files, and of each task only what the outputs read).
   */
  readonly snapshot?: TaskSnapshot;
}

/** The outcome of a call: the fields given, the rest empty (the call's own task, nothing received). */
export function callOutcome(call: Call, fields: Partial<CallOutcome>): CallOutcome {
  return {
    call,
    taskId: call.taskId,
    result: undefined,
    raw: undefined,
    error: undefined,
    twinLookup: undefined,
    existingIds: [],
    placement: undefined,
    texts: undefined,
    ...fields
  };
}

/** The tasks whose call answered with their detail (a read of one): a wait's first check of each. */
export function readAlready(calls: readonly CallOutcome[]): ReadonlySet<string> {
  return new Set(
    calls.flatMap((c) => (c.call.traits.answers === 'task' && c.taskId !== undefined ? [c.taskId] : []))
  );
}

/**
 * Every call of the plan, `concurrency` at a time, each sent again as its kind allows (see Resend). With
 * a sink, each answer is written to it as it comes (see AnswerSink), and its outcome keeps of it only what
 * the step's outputs read (see lean).
 */
export function makeCalls(plan: Plan, ctx: DeployContext, sink?: AnswerSink): Promise<CallOutcome[]> {
  const bulk = plan.calls.length > 1;
  return mapLimit(plan.calls, ctx.settings.concurrency, async (call, index) => {
    const outcome = await makeCall(
      call,
      { who: bulk ? `task ${call.taskId ?? ''}` : call.operation, waits: plan.wait !== undefined },
      ctx
    );
    if (sink === undefined) return outcome;
    sink.put(index, outcome.texts ?? resultTexts(outcome.result, outcome.raw));
    return lean(outcome, ctx);
  });
}

/**
 * A call's outcome once its answer was written: without its texts and the body received, and without the
 * data of a task's detail (its snapshot kept instead), unless the task's kind reads its run from it later
 * (a job's). The lists a call answers (bills, resources) and a create's answer are kept: they are small,
 * and the outputs read them.
 */
function lean(outcome: CallOutcome, ctx: DeployContext): CallOutcome {
  const { result, call } = outcome;
  const dropsData =
    result !== undefined && call.traits.answers === 'task' && taskKindOf(ctx.settings).runOf === undefined;
  return {
    ...outcome,
    raw: undefined,
    texts: undefined,
    ...(dropsData
      ? {
          result: { code: result.code, msg: result.msg, data: null },
          snapshot: snapshotOf(result.data, ctx.settings.wait.statusField)
        }
      : {})
  };
}

/** One call: sent (again where its kind allows), its answer checked, its failure explained. */
async function makeCall(
  call: Call,
  how: { who: string; waits: boolean },
  ctx: DeployContext
): Promise<CallOutcome> {
  const { who } = how;
  const outcome = (fields: Partial<CallOutcome>): CallOutcome =>
    callOutcome(call, { placement: report.placement, ...fields });
  // Whether a failed attempt of a call that changes state may still have taken effect.
  const state = { mayHaveApplied: false };
  const report: PlacementReport = {};
  try {
    const unneeded = await notNeeded(call, ctx);
    if (unneeded !== undefined) {
      ctx.log(`${who}: not sent: ${unneeded}`);
      return outcome({});
    }
    // A create goes through its placement and exactly-once path, a module a step without one never loads.
    const created =
      call.traits.resend === 'create_once'
        ? await (await import('../create/create-task.js')).createTask(call, ctx, report)
        : undefined;
    const { result, raw } = created ?? (await sendCall(call, who, state, ctx));
    ctx.log(`${who}: code ${result.code}${result.msg === '' ? '' : `, ${sanitize(result.msg, 200)}`}`);
    const checked = call.traits.check(result.data, call);
    if (!checked.ok) ctx.log(`${who}: ${checked.problem}`);
    const made = call.traits.answers === 'new_task' && checked.ok;
    return outcome({
      taskId: made ? taskIdOf(result.data) : call.taskId,
      result,
      raw,
      error: checked.ok ? undefined : new Error(checked.problem),
      twinLookup: created?.mayHaveTwin === true ? created.lookup : undefined,
      existingIds: created?.lookup.existingIds ?? [],
      texts: resultTexts(result, raw)
    });
  } catch (error) {
    return outcome(await failedCall(call, error, { ...how, mayHaveApplied: state.mayHaveApplied }, ctx));
  }
}

/**
 * Why a call read first (see OperationTraits.readFirst) is not sent: its task has nothing left for it to
 * do, as its state shows. Undefined: send it (a task whose state cannot be read is sent it too).
 */
async function notNeeded(call: Call, ctx: DeployContext): Promise<string | undefined> {
  if (call.traits.readFirst !== true || call.taskId === undefined) return undefined;
  const state = await readTaskState(call.taskId, ctx);
  const kind = taskKindOf(ctx.settings).name;
  return nothingLeft(call, state, kind)
    ? `task ${call.taskId} has nothing left to do (${endedAs(state, kind)})`
    : undefined;
}

/**
 * Whether a call has nothing left to do on a task in this state: a status it is done in (a stop of a task
 * already End), or, for a call read first, a task that bills no more (a job whose run ended).
 */
function nothingLeft(call: Call, state: TaskState, kind: TaskKind): boolean {
  if (call.traits.readFirst === true && billsNoMore(state, kind)) return true;
  return state.kind === 'status' && call.traits.alreadyDone.includes(state.status);
}

/**
 * Sends a call that is no create, retrying what may pass: a read always; a change harmless to repeat
 * too; a change of unknown effect (until_sent) only while no attempt can have taken effect.
 */
function sendCall(
  call: Call,
  who: string,
  state: { mayHaveApplied: boolean },
  ctx: DeployContext
): Promise<Answer> {
  return withRetries(
    who,
    () => (readsEveryPage(call) ? sendEveryPage(call, ctx.send) : ctx.send(call)),
    (error) => {
      const verdict = retryIfTransient(error, ctx.runtime.clock.now());
      state.mayHaveApplied ||= verdict.retry && call.traits.resend !== 'read' && !neverSent(error);
      return state.mayHaveApplied && call.traits.resend === 'until_sent' ? { retry: false } : verdict;
    },
    ctx.retries.policy,
    ctx.retries.deps
  );
}

/** What a call that failed leaves: nothing (its task's status decides), or its error, explained. */
async function failedCall(
  call: Call,
  error: unknown,
  how: { who: string; waits: boolean; mayHaveApplied: boolean },
  ctx: DeployContext
): Promise<Partial<CallOutcome>> {
  const { who } = how;
  if (how.mayHaveApplied && error instanceof ApiError && how.waits) {
    ctx.log(
      `${who}: the platform refused the retry (${sanitize(error.description ?? '', 200)}); an earlier attempt may have taken effect, so the task's status decides`
    );
    return {};
  }
  // A refusal (an envelope with a code other than 0000): the task's state settles it.
  if (call.taskId !== undefined && isRefusal(error)) return settleByState(call, call.taskId, error, ctx, who);
  const note = how.mayHaveApplied ? ' (the request may have taken effect: check before repeating it)' : '';
  ctx.log(`${who}: ${describeError(error)}${note}`);
  return { error: note === '' ? (error as Error) : new Error(`${describeError(error)}${note}`) };
}

/**
 * A refused call on a task, settled by the task's state, never by the refusal's code. For an operation
 * with nothing left to do in some statuses (a stop of a task already End, a pause of one already Paused),
 * the refusal is no failure; a task no search of any status lists is not found; otherwise the
 * call fails with the refusal, saying the status (and, where the platform applies the operation to some
 * statuses only, which).
 */
async function settleByState(
  call: Call,
  taskId: string,
  refusal: ApiError,
  ctx: DeployContext,
  who: string
): Promise<Partial<CallOutcome>> {
  const { appliesTo } = call.traits;
  const state = await readTaskState(taskId, ctx, { detailRefused: call.traits.answers === 'task' });
  const status = state.kind === 'status' ? state.status : undefined;
  // Asked for by id, a task no search lists is not found: only the post step's cleanup takes it as gone.
  if (state.kind === 'status' && nothingLeft(call, state, taskKindOf(ctx.settings).name)) {
    ctx.log(
      `${who}: the platform refused (${describeError(refusal)}), and ${describeState(state)}: nothing left to do`
    );
    return {};
  }
  if (state.kind === 'absent') {
    const notFound = new TaskNotFoundError(taskId, refusal);
    ctx.log(`${who}: ${notFound.message}`);
    return { error: notFound };
  }
  const applies =
    status !== undefined && appliesTo.length > 0 && !appliesTo.includes(status)
      ? `, and the platform applies ${call.operation} to ${appliesTo.join(', ')} tasks only`
      : '';
  const why = `${refusal.message}; ${describeState(state)}${applies}`;
  ctx.log(`${who}: ${why}`);
  return { error: new ApiError(why, refusal) };
}

/** A list read whole: its operation pages (billing records), and the query asks for no page of its own. */
function readsEveryPage(call: Call): boolean {
  return call.traits.pages === true && !call.query.some(([name]) => name === 'page');
}

/** Every page of the call's list, as one answer whose data holds the platform's count and every item. */
async function sendEveryPage(call: Call, send: Send): Promise<Answer> {
  const size = call.query.find(([name]) => name === 'page_size')?.[1] ?? String(PAGE_SIZE);
  const rest = call.query.filter(([name]) => name !== 'page_size');
  const list = await readAllPages(
    `the ${call.operation} records`,
    (page) => ({ ...call, query: [...rest, ['page', String(page)], ['page_size', size]] }),
    send
  );
  const data = { count: list.count ?? list.results.length, results: list.results };
  const result = { ...list.first.result, data };
  return { result, raw: toCompactJson({ code: result.code, message: result.msg, data }) };
}
