import { mapLimit } from '../../basics/concurrency.js';
import { planCalls } from '../../platform/operations/plan-calls.js';
import { diagnose } from '../engine/wait/diagnose.js';
import { urlPublisher } from '../engine/tasks/publishable-urls.js';
import { cleanupOf, printDryRun, startCalls, stepResult, tasksOf } from '../engine/flows/toolkit.js';
import type { Flow } from '../engine/flows/flow.js';

/** Nodes the logs and events operations read of each task, at the most. */
const NODES_READ = 10;

/** Each task's detail, then the service logs or the events of each of its nodes (up to 10). */
export function nodeReadsFlow(read: 'logs' | 'events'): Flow {
  const scope = {
    nodes: 'all',
    maxNodes: NODES_READ,
    events: read === 'events',
    logs: read === 'logs'
  } as const;
  return {
    plan: (settings) => {
      const plan = planCalls(settings);
      return {
        plan,
        cleanup: cleanupOf(settings),
        run: async (ctx) => {
          const calls = await startCalls(plan, ctx);
          const tasks = await mapLimit(
            tasksOf(calls, ctx, urlPublisher(ctx)),
            ctx.settings.concurrency,
            async (task) =>
              task.verdict === 'done'
                ? { ...task, diagnostics: await diagnose(task.id, task.data, ctx, scope) }
                : task
          );
          return stepResult(plan, ctx, { calls, tasks, nodeReads: read });
        },
        dryRun: (ctx) => printDryRun(plan, ctx)
      };
    }
  };
}
