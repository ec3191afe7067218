import { planCalls, type Plan } from '../../platform/operations.js';
import { stopTwins } from '../create.js';
import { placeForDryRun } from '../placement.js';
import type { DeployContext } from '../context.js';
import type { StepResult } from '../result.js';
import { criteriaFor } from '../task-status.js';
import { urlPublisher, waitUntil } from '../waiting.js';
import { cleanupOf, printDryRun, startCalls, stepResult, tasksOf } from './call.js';
import type { Flow } from './flow.js';

/**
 * Calls that act on tasks, then the wait for them, as the plan says: a create until ready, a stop until
 * ended, a pause until paused, a recover until ready, a detail when asked. A create whose first attempt
 * may still land is looked for again once the wait is over, and its twin stopped.
 */
export const waitFlow: Flow = {
  plan: (settings) => {
    const plan = planCalls(settings);
    return {
      plan,
      cleanup: cleanupOf(settings),
      run: (ctx) => callAndWait(plan, ctx),
      dryRun: async (ctx) => printDryRun(await placeForDryRun(plan, ctx), ctx)
    };
  }
};

/** Makes every call of the plan, then waits for its tasks when the plan says so. */
export async function callAndWait(plan: Plan, ctx: DeployContext): Promise<StepResult> {
  const calls = await startCalls(plan, ctx);
  const publish = urlPublisher(ctx);
  const called = tasksOf(calls, ctx, publish);
  const criteria = plan.wait === undefined ? undefined : criteriaFor(plan.wait, ctx.settings.wait);
  const waited =
    criteria === undefined
      ? { tasks: called, timedOut: false }
      : await waitUntil(called, criteria, ctx, { calls, publish });
  // The first attempt of a re-sent create may land late: by now it has had the wait to show up.
  const twinLookup = calls[0]?.twinLookup;
  const kept = waited.tasks[0]?.id;
  if (twinLookup !== undefined && kept !== undefined && !ctx.runtime.cancelled())
    await stopTwins(twinLookup, kept, ctx);
  return stepResult(plan, ctx, { calls, tasks: waited.tasks, criteria, timedOut: waited.timedOut });
}
