import { describeError } from '../../../platform/failures.js';
import { changePointsCall } from '../../../platform/operations/calls.js';
import type { ScaleBack } from '../cleanup-state.js';
import type { DeployContext } from '../context.js';
import { awaitServing } from '../change/await-serving.js';
import { readDetail } from '../tasks/read-task.js';
import { sendUntilShown, type Persisted, type Showing } from '../ask-again.js';

/** How the post step finished a scale up the main step left (see ScaleBack). */
export interface ScaleBackReport {
  taskId: string;
  /** The count it had before the scale up, which a failing one is set back to. */
  points: number;
  /** What the post step found and did, for the log; undefined when it could not finish. */
  said: string | undefined;
  /** Why the task may be left running a failing node: its new nodes could not be judged, or it could not be set back. */
  problem: string | undefined;
}

/**
 * Finishes a scale up the main step left (the job was cancelled before its new nodes ran, or the step
 * could not set it back): waits, within the context's deadline (cleanup_timeout), until the new nodes run
 * or one fails, and sets a failing one's task back to the count it had, so that no failing node is left
 * billing. Decided from the task's detail and node list: a scale that had not taken (the count is still
 * the old one) leaves nothing to do, and new nodes that run are kept.
 */
export async function finishScaleBack(scale: ScaleBack, ctx: DeployContext): Promise<ScaleBackReport> {
  const { taskId, points, target } = scale;
  const report = (said: string | undefined, problem?: string): ScaleBackReport => ({
    taskId,
    points,
    said,
    problem
  });
  ctx.log(
    `cleanup: the scale of task ${taskId} to ${target} nodes did not complete; waiting until its new nodes run, to set it back to ${points} if one fails`
  );
  try {
    const { snapshot } = await readDetail(taskId, ctx);
    if (snapshot.nodes?.total === points)
      return report(
        `cleanup: task ${taskId} is set to ${points} nodes, as before the scale: nothing to set back`
      );
  } catch (error) {
    return report(undefined, `it could not be read (${describeError(error)})`);
  }
  const outcome = await awaitServing(taskId, { points: target, before: new Set(scale.before) }, ctx, {
    deadline: ctx.deadline,
    label: 'cleanup',
    health: false
  });
  if (outcome.kind === 'serving')
    return report(`cleanup: task ${taskId} runs its ${target} nodes: the scale up completed, and keeps them`);
  const why = outcome.why ?? outcome.kind;
  if (outcome.kind !== 'failed')
    return report(
      undefined,
      `its new nodes had neither run nor failed when cleanup_timeout ran out (it ${why})`
    );
  const setBack = await setPointsBack(taskId, points, ctx);
  return setBack.kind === 'shown'
    ? report(
        `cleanup: set task ${taskId} back to ${points} nodes (it ${why}), so that the failing ones stop billing`
      )
    : report(undefined, `it ${why}, and it could not be set back to ${points} nodes (${setBack.why})`);
}

/**
 * Sets the task back to `points` until its detail shows it (see sendUntilShown): a count at `points` is
 * set back, whoever set it, and an accepted request is not until the detail says so.
 */
export async function setPointsBack(
  taskId: string,
  points: number,
  ctx: DeployContext,
  label = 'cleanup'
): Promise<Persisted> {
  const shows = async (): Promise<Showing> => {
    const total = await readDetail(taskId, ctx).then(
      ({ snapshot }) => snapshot.nodes?.total,
      () => undefined
    );
    return total === points
      ? { shown: true, state: `set to ${points} nodes` }
      : { shown: false, state: `it is set to ${total ?? 'an unknown number of'} nodes` };
  };
  const call = changePointsCall(ctx.settings, taskId, points);
  return sendUntilShown(call, `${label}: setting task ${taskId} back to ${points} nodes`, shows, ctx);
}
