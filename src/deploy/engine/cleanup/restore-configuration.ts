import { parseJson, toCompactJson } from '../../../protocol/json.js';
import { updateCall } from '../../../platform/operations/calls.js';
import { isRecord } from '../../../basics/records.js';
import type { Rollback } from '../cleanup-state.js';
import { imagesOf, type Configuration } from '../tasks/configuration.js';
import type { DeployContext } from '../context.js';
import { awaitServing, type ServingOutcome } from '../change/await-serving.js';
import { countOf } from '../../../platform/task-data.js';
import { holdsConfiguration, pointIds, readTask } from '../tasks/read-task.js';
import { sendUntilShown, type Persisted, type Showing } from '../ask-again.js';

/** The rollback of an update, as the step leaves it for the post step: the task and its configuration. */
export function rollbackOf(taskId: string, configuration: Configuration): Rollback {
  return { taskId, configuration: toCompactJson(configuration) };
}

/**
 * Sets a task back to the configuration it had (posted whole, as an update is), and waits until that
 * serves again: every live node on its images, runing_points at its points, within `deadline`. The nodes
 * the failed update brought up may crash-loop: only nodes that come up from now on fail the rollback.
 */
export async function restoreConfiguration(
  rollback: Rollback,
  ctx: DeployContext,
  deadline: number
): Promise<ServingOutcome> {
  const configuration = parseJson(rollback.configuration);
  if (!isRecord(configuration)) throw new Error('the saved configuration is not a JSON object');
  const { taskId } = rollback;
  const before = await readTask(taskId, ctx);
  ctx.log(`rollback: posting back the configuration task ${taskId} had`);
  const posted = await postBack(taskId, configuration, ctx);
  if (posted.kind === 'failed') {
    const { data, raw, snapshot } = before;
    const why = `was not set back (${posted.why})`;
    return { kind: 'failed', why, data, raw, snapshot, urls: [], healthy: undefined };
  }
  return awaitServing(
    taskId,
    {
      points: countOf(configuration.points) ?? before.snapshot.nodes?.total ?? 1,
      images: imagesOf(configuration),
      before: pointIds(before.nodes)
    },
    ctx,
    // What served before is set back: its nodes and images say so; the app's health is not the question.
    { deadline, label: 'rollback', health: false }
  );
}

/**
 * Posts the configuration back until the task's detail holds it (see sendUntilShown): an accepted post is
 * not taken until the detail says so.
 */
async function postBack(
  taskId: string,
  configuration: Configuration,
  ctx: DeployContext
): Promise<Persisted> {
  const shows = async (): Promise<Showing> =>
    (await holdsConfiguration(taskId, configuration, ctx))
      ? { shown: true, state: 'it holds the configuration it had' }
      : { shown: false, state: 'it does not hold the configuration it had' };
  const call = updateCall(ctx.settings, taskId, configuration);
  return sendUntilShown(call, `rollback: update task ${taskId}`, shows, ctx);
}
