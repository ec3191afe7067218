import { planCalls } from '../../../platform/operations/plan-calls.js';
import { listsOf } from '../calls/step-result.js';
import { urlPublisher } from '../tasks/publishable-urls.js';
import type { Flow } from './flow.js';
import { answerSinkFor, cleanupOf, printDryRun, startCalls, stepResult, tasksOf } from './toolkit.js';

/**
 * Calls that need nothing after them: searches, the node list, bills, a change of the node count, a
 * storage check, any request. Their answers are the step's result.
 */
export const callFlow: Flow = {
  plan: (settings) => {
    const plan = planCalls(settings);
    return {
      plan,
      cleanup: cleanupOf(settings),
      run: async (ctx) => {
        const sink = answerSinkFor(plan, ctx);
        const calls = await startCalls(plan, ctx, sink);
        const answers = sink?.close();
        return stepResult(plan, ctx, {
          calls,
          tasks: tasksOf(calls, ctx, urlPublisher(ctx)),
          ...listsOf(calls),
          ...(answers === undefined ? {} : { answers })
        });
      },
      dryRun: (ctx) => printDryRun(plan, ctx)
    };
  }
};
