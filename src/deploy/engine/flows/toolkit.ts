import { InputError } from '../../../basics/input-error.js';
import { kindOf } from '../../../platform/operations/calls.js';
import type { Plan } from '../../../platform/operations/operation-table.js';
import { AnswerSink } from '../calls/answer-sink.js';
import { makeCalls, type CallOutcome } from '../calls/make-calls.js';
import { NO_CLEANUP, type CleanupState } from '../cleanup-state.js';
import type { DeployContext } from '../context.js';
import { printRequests } from '../dry-run.js';
import { reportEntry, taskAfterCall, type ReportEntry, type StepResult } from '../calls/step-result.js';
import type { TaskResult } from '../wait/task-result.js';
import type { DeploySettings } from '../settings.js';
import type { PublishUrls } from '../tasks/publishable-urls.js';

// The parts the flows are made of: what a step leaves for the post step, its calls started and their
// tasks recorded, its result, its dry run.

/** What the post step does with what this step creates, as the cleanup input says. */
export function cleanupOf(settings: Pick<DeploySettings, 'cleanup' | 'operation'>): CleanupState {
  const kind = kindOf(settings);
  if (settings.cleanup === 'pause' && kind.pause === undefined)
    throw new InputError(
      `cleanup is pause, but ${settings.operation} concerns a ${kind.name}, which cannot be paused: set cleanup to stop (or none, to leave it running)`
    );
  return { ...NO_CLEANUP, action: settings.cleanup === 'none' ? undefined : settings.cleanup };
}

/** Says what the step sends, then sends every call of the plan, its answers to `sink` when given. */
export function startCalls(plan: Plan, ctx: DeployContext, sink?: AnswerSink): Promise<CallOutcome[]> {
  ctx.log(describePlan(plan, ctx.settings));
  return makeCalls(plan, ctx, sink);
}

/**
 * Where a bulk read (several calls, each a read, and no wait after them) writes its answers as they come,
 * so that it keeps none whole (see AnswerSink): files of the step's own, where its host gives it some. A
 * step that changes tasks (a stop of many) keeps its answers: a file that cannot be written must never
 * cut short the calls that stop what bills.
 */
export function answerSinkFor(plan: Plan, ctx: DeployContext): AnswerSink | undefined {
  const { openFile } = ctx.runtime;
  const bulkRead =
    plan.calls.length > 1 && plan.wait === undefined && plan.calls.every((c) => c.traits.resend === 'read');
  return bulkRead && openFile !== undefined ? new AnswerSink(openFile) : undefined;
}

/**
 * The tasks the step concerns, as their calls left them: the ids given, or the one a create made, which
 * is recorded for the post step at once, whatever happens next.
 */
export function tasksOf(
  calls: readonly CallOutcome[],
  ctx: DeployContext,
  publish: PublishUrls
): TaskResult[] {
  return calls.flatMap((outcome) => {
    const { taskId } = outcome;
    if (taskId === undefined) return [];
    if (outcome.call.traits.answers === 'new_task') {
      ctx.cleanup.add('created', [taskId]);
      ctx.log(`task_id: ${taskId}`);
    }
    return [taskAfterCall({ ...outcome, taskId }, ctx.settings.wait.statusField, publish)];
  });
}

/** A step's result: what the flow says, over nothing done. */
export function stepResult(plan: Plan, ctx: DeployContext, fields: Partial<StepResult>): StepResult {
  return {
    operation: plan.operation,
    calls: [],
    tasks: [],
    criteria: undefined,
    timedOut: false,
    elapsedMs: ctx.runtime.now() - ctx.startedAt,
    startedAt: ctx.startedAt,
    replaced: [],
    bills: [],
    offers: [],
    nodeReads: undefined,
    ...fields,
    ...partsWithCap(fields.parts, ctx.settings.maxCost)
  };
}

/** The parts a flow gives, and the cap's when max_cost is set: none when there are none. */
function partsWithCap(
  parts: readonly ReportEntry[] | undefined,
  maxCost: string | undefined
): Pick<StepResult, 'parts'> {
  const all = [...(maxCost === undefined ? [] : [reportEntry('cap', { maxCost })]), ...(parts ?? [])];
  return all.length === 0 ? {} : { parts: all };
}

/** Prints every request of the plan, and sends none. */
export function printDryRun(plan: Plan, ctx: DeployContext): Promise<undefined> {
  printRequests(plan, ctx);
  // With gpu, the resource search (a read) said where the create would go.
  ctx.log(
    `dry run: ${ctx.settings.capacity === undefined ? 'nothing was sent' : 'only the resource search was sent'}`
  );
  return Promise.resolve(undefined);
}

function describePlan(plan: Plan, settings: DeploySettings): string {
  const [first] = plan.calls;
  if (first === undefined) return `${plan.operation}: nothing to send`;
  const names = first.query.map(([name]) => name);
  const query = names.length === 0 ? '' : ` with query ${names.join(', ')}`;
  const tasks =
    plan.calls.length > 1
      ? ` for ${plan.calls.length} tasks`
      : first.taskId === undefined
        ? ''
        : ` for task ${first.taskId}`;
  const mode = settings.credentials.mode === 'rsa' ? 'RSA mode' : 'token mode';
  const body = first.body === undefined ? 'no body' : first.endpoint.encrypt ? 'encrypted body' : 'JSON body';
  return `${plan.operation}: ${first.endpoint.method} ${first.endpoint.path}${query}${tasks} (${mode}, version ${first.endpoint.version}, ${body})`;
}
