import { formatDuration } from '../../../basics/units.js';
import { taskKindOf } from '../../../platform/operations/calls.js';
import { planCalls } from '../../../platform/operations/plan-calls.js';
import type { Plan } from '../../../platform/operations/operation-table.js';
import type { DeployContext } from '../context.js';
import type { TaskResult } from '../wait/task-result.js';
import { reportEntry, type StepResult } from '../calls/step-result.js';
import { criteriaFor, type Criteria } from '../wait/criteria.js';
import { urlPublisher } from '../tasks/publishable-urls.js';
import { answerSinkFor, cleanupOf, printDryRun, startCalls, stepResult, tasksOf } from './toolkit.js';
import type { Flow } from './flow.js';
import type { SpendingCap } from '../wait/spending-cap.js';
import { readAlready, type CallOutcome } from '../calls/make-calls.js';

/**
 * Calls that act on tasks, then the wait for them, as the plan says: a create until ready, a stop until
 * ended, a pause until paused, a recover until ready, a detail when asked. A create whose first attempt
 * may still land is looked for again once the wait is over, and its twin stopped. The wait, the placement
 * and the twin's stop are loaded when a step comes to them: a step that does not wait (a detail, a stop
 * with wait: false) never compiles them. A job's run is flows/job.ts.
 */
export const waitFlow: Flow = {
  plan: (settings) => {
    const plan = planCalls(settings);
    return {
      plan,
      cleanup: cleanupOf(settings),
      run: (ctx) => callAndWait(plan, ctx),
      dryRun: (ctx) => dryRunWait(plan, ctx)
    };
  }
};

/**
 * The statuses the calls that changed a task took it out of: those the platform applies the operation to
 * (a recover, Paused). Seen still, the change has not shown yet.
 */
function leaving(calls: readonly CallOutcome[]): string[] {
  const changes = calls.filter((c) => c.call.traits.resend === 'repeatable' && c.error === undefined);
  return [...new Set(changes.flatMap((c) => c.call.traits.appliesTo))];
}

/** What a wait for the tasks of a step's calls ended with, and what it waited for. */
export interface Waited {
  criteria: Criteria | undefined;
  waited: { tasks: TaskResult[]; timedOut: boolean; logFile?: string; alongsideStopped?: TaskResult[] };
}

/**
 * What max_cost counts besides the tasks a step waits on (a preview's: what the pull request's earlier
 * previews spent, and its older tasks that bill while the replace waits; see SpendingCap).
 */
export type CapBesides = Pick<SpendingCap, 'spentBefore' | 'alongside'>;

/** Waits for the tasks the calls acted on, as the plan says, by the criteria of their kind. */
export async function waitForCalls(
  plan: Plan,
  calls: readonly CallOutcome[],
  ctx: DeployContext,
  besides?: CapBesides
): Promise<Waited> {
  const publish = urlPublisher(ctx);
  const called = tasksOf(calls, ctx, publish);
  const criteria =
    plan.wait === undefined
      ? undefined
      : criteriaFor(plan.wait, ctx.settings.wait, taskKindOf(ctx.settings), leaving(calls));
  const waited =
    criteria === undefined
      ? { tasks: called, timedOut: false }
      : await (
          await import('../wait/wait-until.js')
        ).waitUntil(called, criteria, ctx, {
          readAlready: readAlready(calls),
          publish,
          ...capOf(plan, ctx, besides)
        });
  return { criteria, waited };
}

/**
 * max_cost over the step's wait, when set: counted from nothing for what the step's create made, from the
 * first read for tasks that were there before the step (a detail, a recover); `besides`, what else counts.
 */
function capOf(plan: Plan, ctx: DeployContext, besides: CapBesides = {}): { cap?: SpendingCap } {
  const { maxCost } = ctx.settings;
  if (maxCost === undefined) return {};
  const made = plan.calls.some((call) => call.traits.resend === 'create_once');
  return { cap: { maxCost, from: made ? 'made' : 'first_read', ...besides } };
}

/** The first attempt of a re-sent create may land late: by now it has had the wait to show up. */
export async function settleTwins(
  calls: readonly CallOutcome[],
  tasks: readonly TaskResult[],
  ctx: DeployContext
): Promise<void> {
  const twinLookup = calls[0]?.twinLookup;
  const kept = tasks[0]?.id;
  if (twinLookup !== undefined && kept !== undefined && !ctx.runtime.cancelled())
    await (await import('../create/create-once.js')).stopTwins(twinLookup, kept, ctx);
}

/** Makes every call of the plan, then waits for its tasks when the plan says so (max_cost counting `besides` too). */
export async function callAndWait(plan: Plan, ctx: DeployContext, besides?: CapBesides): Promise<StepResult> {
  // A bulk read (no wait follows): its answers go to files as they come.
  const sink = answerSinkFor(plan, ctx);
  const calls = await startCalls(plan, ctx, sink);
  const answers = sink?.close();
  const waited = await waitForCalls(plan, calls, ctx, besides);
  await settleTwins(calls, waited.waited.tasks, ctx);
  const result = waitedResult(plan, ctx, calls, waited);
  return answers === undefined ? result : { ...result, answers };
}

/** A step's result once its calls were made and their tasks waited for. */
export function waitedResult(
  plan: Plan,
  ctx: DeployContext,
  calls: readonly CallOutcome[],
  { criteria, waited }: Waited
): StepResult {
  return stepResult(plan, ctx, {
    calls,
    tasks: waited.tasks,
    criteria,
    timedOut: waited.timedOut,
    // What max_cost stopped beside the tasks waited on (a preview's older task) is a task the step stopped.
    replaced: waited.alongsideStopped ?? [],
    ...(waited.logFile === undefined ? {} : { parts: [reportEntry('job', { logFile: waited.logFile })] })
  });
}

/** What a step that waits would do: where a create would go, and how long the step would wait. */
export async function dryRunWait(plan: Plan, ctx: DeployContext): Promise<StepResult | undefined> {
  const { placeForDryRun } = await import('../create/create-task.js');
  const { timeoutMs, timeoutWhy } = ctx.settings.wait;
  if (plan.wait !== undefined)
    ctx.log(
      `dry run: the step would wait up to ${formatDuration(timeoutMs)} (${timeoutWhy ?? 'wait_timeout'})`
    );
  return printDryRun(await placeForDryRun(plan, ctx), ctx);
}
