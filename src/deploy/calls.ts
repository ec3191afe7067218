import { mapLimit } from '../basics/concurrency.js';
import { sanitize } from '../basics/safe-text.js';
import {
  codeHint,
  describeError,
  notApplied,
  retryIfTransient,
  TaskNotFoundError,
  transientReason
} from '../platform/failures.js';
import { PAGE_SIZE, type Call, type Plan } from '../platform/operations.js';
import { withRetries, type RetryDeps, type RetryPolicy } from '../platform/retry.js';
import type { Answer, Send } from '../platform/session.js';
import { taskIdOf } from '../platform/task-data.js';
import { ApiError, type ApiResult } from '../protocol/envelope.js';
import { toCompactJson } from '../protocol/json.js';
import { readAllPages } from './pages.js';
import { describeState, readTaskState } from './task-state.js';
import { createOnce, type CreateContext, type CreateLookup } from './create.js';
import type { DeploySettings } from './task-status.js';

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
}

export interface CallContext {
  settings: DeploySettings;
  send: Send;
  retries: { policy: RetryPolicy; deps: RetryDeps };
  create: CreateContext;
  log: (line: string) => void;
  /** The platform's time, which a Retry-After date is read against. */
  platformNow: () => number;
}

/** Every call of the plan, `concurrency` at a time, each sent again as its kind allows (see Resend). */
export function makeCalls(plan: Plan, ctx: CallContext): Promise<CallOutcome[]> {
  const bulk = plan.calls.length > 1;
  return mapLimit(plan.calls, ctx.settings.concurrency, async (call): Promise<CallOutcome> => {
    const who = bulk ? `task ${call.taskId ?? ''}` : call.operation;
    const outcome = (fields: Partial<CallOutcome>): CallOutcome => ({
      call,
      taskId: call.taskId,
      result: undefined,
      raw: undefined,
      error: undefined,
      twinLookup: undefined,
      existingIds: [],
      ...fields
    });
    // Whether a failed attempt of a call that changes state may still have taken effect.
    const state = { mayHaveApplied: false };
    try {
      let twinLookup: CreateLookup | undefined;
      let existingIds: readonly string[] = [];
      const { result, raw } =
        call.traits.resend === 'create_once'
          ? await createOnce(call, ctx.create).then((created) => {
              if (created.recreated) twinLookup = created.lookup;
              existingIds = created.lookup.existingIds;
              return created;
            })
          : await withRetries(
              who,
              () => (readsEveryPage(call) ? sendEveryPage(call, ctx.send) : ctx.send(call)),
              (error) => {
                const verdict = retryIfTransient(error, ctx.platformNow());
                state.mayHaveApplied ||= verdict.retry && call.traits.resend !== 'read' && !notApplied(error);
                return state.mayHaveApplied && call.traits.resend === 'until_sent'
                  ? { retry: false }
                  : verdict;
              },
              ctx.retries.policy,
              ctx.retries.deps
            );
      ctx.log(`${who}: code ${result.code}${result.msg === '' ? '' : `, ${sanitize(result.msg, 200)}`}`);
      const problem = call.traits.check(result.data, call);
      if (problem !== undefined) ctx.log(`${who}: ${problem}`);
      const made = call.traits.answers === 'new_task' && problem === undefined;
      return outcome({
        taskId: made ? taskIdOf(result.data) : call.taskId,
        result,
        raw,
        error: problem === undefined ? undefined : new Error(problem),
        twinLookup,
        existingIds
      });
    } catch (error) {
      if (state.mayHaveApplied && error instanceof ApiError && plan.wait !== undefined) {
        ctx.log(
          `${who}: the platform refused the retry (${sanitize(error.description ?? '', 200)}); an earlier attempt may have taken effect, so the task's status decides`
        );
        return outcome({});
      }
      // A refusal (an envelope with a code other than 0000): the task's state settles it.
      if (
        call.taskId !== undefined &&
        error instanceof ApiError &&
        error.body === 'envelope' &&
        transientReason(error) === undefined
      ) {
        return outcome(await settleByState(call, call.taskId, error, ctx, who));
      }
      const note = state.mayHaveApplied
        ? ' (the request may have taken effect: check before repeating it)'
        : '';
      const hint = codeHint(error, ctx.settings.errorCodes);
      ctx.log(`${who}: ${describeError(error)}${note}${hint}`);
      return outcome({
        error:
          note === '' && hint === '' ? (error as Error) : new Error(`${describeError(error)}${note}${hint}`)
      });
    }
  });
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
  ctx: CallContext,
  who: string
): Promise<Partial<CallOutcome>> {
  const { alreadyDone, appliesTo } = call.traits;
  const state = await readTaskState(
    taskId,
    { send: ctx.send, settings: ctx.settings, ...ctx.retries },
    { detailRefused: call.traits.answers === 'task' }
  );
  const status = state.kind === 'status' ? state.status : undefined;
  // Asked for by id, a task no search lists is not found: only the post step's cleanup takes it as gone.
  if (status !== undefined && alreadyDone.includes(status)) {
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
