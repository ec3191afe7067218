import { InputError } from '../../basics/input-error.js';
import { sanitize } from '../../basics/safe-text.js';
import { planCalls } from '../../platform/operations/plan-calls.js';
import { taskKindOf } from '../../platform/operations/calls.js';
import type { Call, Plan } from '../../platform/operations/operation-table.js';
import { NO_CLEANUP } from '../engine/cleanup-state.js';
import { contextFor, type DeployContext } from '../engine/context.js';
import { printRequests } from '../engine/dry-run.js';
import { changeReport, reportEntry, type StepResult } from '../engine/calls/step-result.js';
import { awaitServing } from '../engine/change/await-serving.js';
import { setPointsBack } from '../engine/cleanup/finish-scale-back.js';
import { taskAfterRead, taskAfterServing } from './task-after-change.js';
import { checkWaits, sendChange } from './send-change.js';
import { pointIds, readTask, runningOf } from '../engine/tasks/read-task.js';
import { stepResult } from '../engine/flows/toolkit.js';
import type { Flow } from '../engine/flows/flow.js';

/**
 * A scale: change_points to `points`, then a wait until the task runs exactly that many nodes
 * (runing_points, and the node list: after a scale down, until the extra nodes are gone), failing fast
 * when a new node crash-loops. A scale up whose new nodes fail is set back to the node count it had, so
 * that no failing node is left billing.
 */
export const scaleFlow: Flow = {
  plan: (settings) => {
    checkWaits(settings, 'the nodes run (change_points alone does not wait)');
    const plan = planCalls(settings);
    const [call] = plan.calls;
    if (call?.taskId === undefined) throw new Error('scale plans one change_points call');
    const scaled = { plan, call, taskId: call.taskId, points: settings.points ?? 1 };
    return {
      plan,
      cleanup: NO_CLEANUP,
      run: (ctx) => runScale(scaled, ctx),
      dryRun: async (ctx) => {
        const look = await readTask(scaled.taskId, ctx);
        printRequests(plan, ctx);
        ctx.log(
          `dry run: task ${scaled.taskId} has ${look.snapshot.nodes?.total ?? 'an unknown number of'} nodes (${runningOf(look.snapshot) ?? 'unknown'} running); scale would set ${scaled.points} and wait until they run; only reads were sent`
        );
        return stepResult(plan, ctx, {
          tasks: [taskAfterRead(scaled.taskId, look)],
          parts: [
            reportEntry('change', changeReport({ changed: look.snapshot.nodes?.total !== scaled.points }))
          ]
        });
      }
    };
  }
};

interface Scale {
  plan: Plan;
  call: Call;
  taskId: string;
  points: number;
}

async function runScale(scale: Scale, ctx: DeployContext): Promise<StepResult> {
  const { plan, call, taskId, points } = scale;
  const look = await readTask(taskId, ctx);
  const before = runningOf(look.snapshot);
  const total = look.snapshot.nodes?.total;
  const counts = { pointsBefore: before };
  if (!taskKindOf(ctx.settings).statuses.running.includes(look.snapshot.status ?? ''))
    throw new InputError(
      `task ${taskId} is ${sanitize(look.snapshot.status ?? 'in no known status', 20)}, but scale waits until its nodes run: recover it first, or send change_points alone`
    );
  if (total === points && before === points) {
    ctx.log(`scale: task ${taskId} runs ${points} nodes already; nothing was sent`);
    const task = taskAfterRead(taskId, look);
    return stepResult(plan, ctx, {
      tasks: [task],
      parts: [reportEntry('change', changeReport({ ...counts, pointsAfter: before }))]
    });
  }
  ctx.log(
    `scale: task ${taskId} from ${total ?? 'unknown'} nodes (${before ?? 'unknown'} running) to ${points}`
  );
  const nodesBefore = pointIds(look.nodes);
  // Until its new nodes run, a scale up is the post step's to set back if one fails (a cancelled job).
  const growing = total !== undefined && points > total;
  if (growing)
    ctx.cleanup.set('scaleBack', { taskId, points: total, target: points, before: [...nodesBefore] });
  await sendChange(call, `scale: change_points of task ${taskId}`, ctx);
  const outcome = await awaitServing(taskId, { points, before: nodesBefore }, ctx, {
    deadline: ctx.deadline,
    label: 'scale'
  });
  const ending = { startedAt: ctx.startedAt, now: ctx.runtime.now() };
  const change = changeReport({ changed: true, ...counts, pointsAfter: runningOf(outcome.snapshot) });
  // Only a scale up whose new nodes fail is set back: those nodes would bill without serving.
  if (!growing || outcome.kind === 'serving' || outcome.kind === 'timed_out') {
    ctx.cleanup.clear('scaleBack');
    const task = taskAfterServing(taskId, outcome, ending);
    return stepResult(plan, ctx, {
      tasks: [task],
      parts: [reportEntry('change', change)],
      timedOut: outcome.kind === 'timed_out'
    });
  }
  const didNot = `did not scale to ${points} nodes (it ${outcome.why ?? outcome.kind})`;
  if (outcome.kind === 'cancelled' || ctx.runtime.cancelled()) {
    const message = `${didNot}; the post step waits for its new nodes, and sets the count back to ${total} if one fails`;
    const task = taskAfterServing(taskId, { ...outcome, kind: 'cancelled' }, { ...ending, message });
    return stepResult(plan, ctx, { tasks: [task], parts: [reportEntry('change', change)] });
  }
  const setBack = await setCountBack(taskId, total, ctx);
  const task = taskAfterServing(taskId, outcome, { ...ending, message: `${didNot}; ${setBack.said}` });
  return stepResult(plan, ctx, {
    tasks: [task],
    parts: [reportEntry('change', { ...change, rolledBack: setBack.done })]
  });
}

/**
 * A scale up whose new nodes fail: the count it had is set again until the task's detail shows it (within
 * cleanup_timeout), and said. One the detail does not show by then is left to the post step, which tries
 * again.
 */
async function setCountBack(
  taskId: string,
  total: number,
  ctx: DeployContext
): Promise<{ done: boolean; said: string }> {
  const budget = contextFor(ctx, ctx.settings.cleanupTimeoutMs);
  const setBack = await setPointsBack(taskId, total, budget, 'scale');
  if (setBack.kind === 'failed')
    return {
      done: false,
      said: `could not set it back to ${total} nodes (${setBack.why}): set its points by hand (the post step tries again)`
    };
  ctx.cleanup.clear('scaleBack');
  return { done: true, said: `set back to ${total} nodes, so that the failing ones stop billing` };
}
