import { planCalls } from '../../platform/operations/plan-calls.js';
import type { Plan } from '../../platform/operations/operation-table.js';
import type { DeployContext } from '../context.js';
import type { StepResult } from '../result.js';
import { criteriaFor } from '../wait/criteria.js';
import { urlPublisher } from '../tasks/publishable-urls.js';
import { cleanupOf, printDryRun, startCalls, stepResult, tasksOf } from './call.js';
import type { Flow } from './flow.js';
import type { CallOutcome } from '../make-calls.js';

/**
 * Calls that act on tasks, then the wait for them, as the plan says: a create until ready, a stop until
 * ended, a pause until paused, a recover until ready, a detail when asked. A create whose first attempt
 * may still land is looked for again once the wait is over, and its twin stopped. The wait, the placement
 * and the twin's stop are loaded when a step comes to them: a step that does not wait (a detail, a stop
 * with wait: false) never compiles them.
 */
export const waitFlow: Flow = {
  plan: (settings) => {
    const plan = planCalls(settings);
    return {
      plan,
      cleanup: cleanupOf(settings),
      run: (ctx) => callAndWait(plan, ctx),
      dryRun: async (ctx) => {
        const { placeForDryRun } = await import('../create/create-task.js');
        return printDryRun(await placeForDryRun(plan, ctx), ctx);
      }
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

/** Makes every call of the plan, then waits for its tasks when the plan says so. */
export async function callAndWait(plan: Plan, ctx: DeployContext): Promise<StepResult> {
  const calls = await startCalls(plan, ctx);
  const publish = urlPublisher(ctx);
  const called = tasksOf(calls, ctx, publish);
  const criteria =
    plan.wait === undefined ? undefined : criteriaFor(plan.wait, ctx.settings.wait, leaving(calls));
  const waited =
    criteria === undefined
      ? { tasks: called, timedOut: false }
      : await (await import('../wait/wait-until.js')).waitUntil(called, criteria, ctx, { calls, publish });
  // The first attempt of a re-sent create may land late: by now it has had the wait to show up.
  const twinLookup = calls[0]?.twinLookup;
  const kept = waited.tasks[0]?.id;
  if (twinLookup !== undefined && kept !== undefined && !ctx.runtime.cancelled())
    await (await import('../create/create-once.js')).stopTwins(twinLookup, kept, ctx);
  return stepResult(plan, ctx, { calls, tasks: waited.tasks, criteria, timedOut: waited.timedOut });
}
