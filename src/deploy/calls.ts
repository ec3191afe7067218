import { mapLimit } from '../basics/concurrency.js';
import { sanitize } from '../basics/safe-text.js';
import {
  describeError,
  isGone,
  notApplied,
  retryIfTransient,
  TaskNotFoundError
} from '../platform/failures.js';
import type { Call, Plan } from '../platform/operations.js';
import { withRetries, type RetryDeps, type RetryPolicy } from '../platform/retry.js';
import type { Send } from '../platform/session.js';
import { taskIdOf } from '../platform/task-data.js';
import { ApiError, type ApiResult } from '../protocol/envelope.js';
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
              () => ctx.send(call),
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
      if (call.taskId !== undefined && isGone(error, ctx.settings.errorCodes)) {
        // Only the post-step cleanup may take a task that does not exist as done; asked for explicitly, it fails.
        const notFound = new TaskNotFoundError(call.taskId, error);
        ctx.log(`${who}: ${notFound.message}`);
        return outcome({ error: notFound });
      }
      const note = state.mayHaveApplied
        ? ' (the request may have taken effect: check before repeating it)'
        : '';
      ctx.log(`${who}: ${describeError(error)}${note}`);
      return outcome({
        error: note === '' ? (error as Error) : new Error(`${describeError(error)}${note}`)
      });
    }
  });
}
