import * as core from '@actions/core';
import { mapLimit } from './concurrency.js';
import { describeError, isGone } from './failures.js';
import { InputError } from './inputs.js';
import { cleanupCall, detailCall } from './operations.js';
import { runnerRuntime, settingsFromRunner } from './runner.js';
import { sanitize } from './safe-text.js';
import type { Settings } from './settings.js';
import { sender } from './step.js';
import { snapshotOf } from './task-status.js';

/** Statuses in which a cleanup has nothing left to do. */
const ALREADY: Record<'stop' | 'pause', string[]> = { stop: ['End'], pause: ['Paused', 'End'] };

/**
 * The post step: stops or pauses every task the main step created, whatever happened to the job. A task
 * that is already gone (or already stopped) is fine; any other failure fails the step, because a task
 * left running costs money.
 */
export async function runPost(): Promise<void> {
  const action = core.getState('cleanup');
  const created = JSON.parse(core.getState('created_task_ids') || '[]') as string[];
  if (action !== 'stop' && action !== 'pause') return;
  if (created.length === 0) {
    core.info(`cleanup (${action}): this step created no task`);
    return;
  }
  let runtime: ReturnType<typeof runnerRuntime> | undefined;
  try {
    const settings = settingsFromRunner();
    runtime = runnerRuntime(settings, new AbortController().signal);
    const send = sender(settings, runtime, Date.now() + settings.wait.timeoutMs);
    const failures = (
      await mapLimit(created, settings.concurrency, (taskId) => cleanUp(settings, send, action, taskId))
    ).filter((failure): failure is string => failure !== undefined);
    if (failures.length > 0) core.setFailed(`cleanup (${action}) failed: ${failures.join('; ')}`);
  } catch (error) {
    core.setFailed(
      `cleanup (${action}) failed: ${error instanceof InputError ? error.message : String(error)}`
    );
  } finally {
    runtime?.client.dispose();
  }
}

/** Cleans up one task; answers why it could not, or undefined. */
async function cleanUp(
  settings: Settings,
  send: ReturnType<typeof sender>,
  action: 'stop' | 'pause',
  taskId: string
): Promise<string | undefined> {
  const verb = action === 'stop' ? 'stopped' : 'paused';
  try {
    await send(cleanupCall(settings, taskId, action));
    core.info(`cleanup: ${verb} task ${taskId}`);
    return undefined;
  } catch (error) {
    if (isGone(error, settings.errorCodes)) {
      core.info(`cleanup: task ${taskId} is already gone`);
      return undefined;
    }
    const status = await currentStatus(send, settings, taskId);
    if (status === 'gone' || (status !== undefined && ALREADY[action].includes(status))) {
      core.info(`cleanup: task ${taskId} is already ${status === 'gone' ? 'gone' : sanitize(status, 40)}`);
      return undefined;
    }
    return `task ${taskId}: ${describeError(error)}`;
  }
}

async function currentStatus(
  send: ReturnType<typeof sender>,
  settings: Settings,
  taskId: string
): Promise<string | undefined> {
  try {
    const { result } = await send(detailCall(settings, taskId));
    return snapshotOf(result.data, settings.wait.statusField).status;
  } catch (error) {
    return isGone(error, settings.errorCodes) ? 'gone' : undefined;
  }
}
