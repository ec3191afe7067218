import { InputError } from '../../basics/input-error.js';
import { deletePodCall } from '../../platform/operations/calls.js';
import { planCalls } from '../../platform/operations/plan-calls.js';
import type { Plan } from '../../platform/operations/operation-table.js';
import { NO_CLEANUP } from '../engine/cleanup-state.js';
import type { DeployContext } from '../engine/context.js';
import { describeNodeProblem, failingNodes } from '../engine/tasks/failing-nodes.js';
import { nodeRunning } from '../../platform/node-data.js';
import { changeReport, reportEntry, type StepResult } from '../engine/calls/step-result.js';
import { awaitServing } from '../engine/change/await-serving.js';
import { pointOf } from '../engine/tasks/read-task.js';
import { taskAfterRead, taskAfterServing } from './task-after-change.js';
import { checkWaits, sendChange } from './send-change.js';
import { pointIds, readTask, runningOf, type TaskLook } from '../engine/tasks/read-task.js';
import { stepResult } from '../engine/flows/toolkit.js';
import type { Flow } from '../engine/flows/flow.js';

/**
 * Replaces nodes of a task: deletes the node point_id names (or, with `failed`, every node that is Failed
 * or crash-looping) with delete_pod, after which the platform schedules another, and waits until the task
 * again runs all its nodes, the deleted ones gone. The last running node is deleted only when
 * delete_last_node says so: the service would stop until its replacement comes up.
 */
export const replaceNodeFlow: Flow = {
  plan: (settings) => {
    checkWaits(settings, 'the task runs all its nodes again');
    const plan = planCalls(settings);
    const [taskId] = settings.taskIds;
    const { pointId } = settings.nodeChoice;
    if (pointId === undefined)
      throw new InputError(
        'point_id is empty, but replace_node needs it: set point_id to a node of the nodes operation, or to failed for every failed or crash-looping node'
      );
    if (taskId === undefined) throw new Error('replace_node plans for one task');
    return {
      plan,
      cleanup: NO_CLEANUP,
      run: (ctx) => runReplaceNode(plan, taskId, ctx),
      dryRun: async (ctx) => {
        const look = await readTask(taskId, ctx);
        const targets = chooseNodes(taskId, look, ctx);
        ctx.log(
          targets.length === 0
            ? 'dry run: replace_node would delete nothing'
            : `dry run: replace_node would delete node ${targets.join(', ')} of task ${taskId} (POST delete_pod), and wait until the task runs all its nodes again; only reads were sent`
        );
        return stepResult(plan, ctx, {
          tasks: [taskAfterRead(taskId, look)],
          parts: [reportEntry('change', changeReport({ changed: targets.length > 0, nodes: targets }))]
        });
      }
    };
  }
};

async function runReplaceNode(plan: Plan, taskId: string, ctx: DeployContext): Promise<StepResult> {
  const look = await readTask(taskId, ctx);
  const targets = chooseNodes(taskId, look, ctx);
  const counts = { pointsBefore: runningOf(look.snapshot) };
  if (targets.length === 0) {
    const task = taskAfterRead(taskId, look);
    return stepResult(plan, ctx, {
      tasks: [task],
      parts: [reportEntry('change', changeReport({ ...counts, pointsAfter: counts.pointsBefore }))]
    });
  }
  for (const pointId of targets) {
    ctx.log(`replace_node: deleting node ${pointId} of task ${taskId}; the platform schedules another`);
    await sendChange(
      deletePodCall(ctx.settings, taskId, pointId),
      `replace_node: delete_pod ${pointId}`,
      ctx
    );
  }
  const outcome = await awaitServing(
    taskId,
    {
      points: look.snapshot.nodes?.total ?? look.nodes.length,
      gone: new Set(targets),
      before: pointIds(look.nodes)
    },
    ctx,
    { deadline: ctx.deadline, label: 'replace_node' }
  );
  const task = taskAfterServing(taskId, outcome, { startedAt: ctx.startedAt, now: ctx.runtime.now() });
  const change = changeReport({
    changed: true,
    ...counts,
    pointsAfter: runningOf(outcome.snapshot),
    nodes: targets
  });
  return stepResult(plan, ctx, {
    tasks: [task],
    parts: [reportEntry('change', change)],
    timedOut: outcome.kind === 'timed_out'
  });
}

/**
 * The nodes to delete: the one point_id names (it must be the task's), or every failed or crash-looping
 * one. Deleting the last running node is refused unless delete_last_node allows it; nothing is sent.
 */
function chooseNodes(taskId: string, look: TaskLook, ctx: DeployContext): string[] {
  const { pointId, deleteLastNode } = ctx.settings.nodeChoice;
  const failing = failingNodes({ results: look.nodes }, ctx.settings.wait.maxRestarts);
  if (pointId === 'failed') {
    for (const problem of failing) ctx.log(`replace_node: ${describeNodeProblem(problem)}`);
    if (failing.length === 0)
      ctx.log(`replace_node: no node of task ${taskId} is failed or crash-looping; nothing to replace`);
    return failing.map((problem) => problem.pointId);
  }
  const ids = look.nodes.map(pointOf);
  if (pointId === undefined || !ids.includes(pointId))
    throw new InputError(
      `point_id ${pointId ?? ''} is no node of task ${taskId}: set point_id to one of ${ids.join(', ') || '(it has no node)'}, or to failed`
    );
  const bad = new Set(failing.map((problem) => problem.pointId));
  const serving = look.nodes.filter((node) => nodeRunning(node) && !bad.has(pointOf(node)));
  const last = serving.length === 1 && pointOf(serving[0] ?? {}) === pointId;
  if (last && !deleteLastNode)
    throw new InputError(
      `point_id ${pointId} is the last running node of task ${taskId}: deleting it stops the service until another comes up; set delete_last_node: true to delete it anyway`
    );
  return [pointId];
}
