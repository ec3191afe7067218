import { InputError } from '../basics/input-error.js';
import { describeError } from '../platform/failures.js';
import { detailCall, type Call } from '../platform/operations.js';
import { snapshotOf, type TaskSnapshot } from '../platform/task-data.js';
import { configurationOf, diffConfigurations, type Configuration } from './configuration.js';
import { retried } from './retries.js';
import { type DeployContext } from './context.js';
import { readNodeList } from './diagnostics.js';
import { pointOf } from './serving.js';
import type { DeploySettings } from './settings.js';

/** A task as a change reads it first: its detail, and every node of its node list. */
export interface TaskLook {
  readonly data: unknown;
  readonly raw: string;
  readonly snapshot: TaskSnapshot;
  readonly nodes: readonly Record<string, unknown>[];
}

/**
 * A change to a running task waits until it serves (to roll it back, or to say it did not): wait: false
 * is refused before anything is sent.
 */
export function checkWaits(settings: Pick<DeploySettings, 'operation' | 'wait'>, why: string): void {
  if (settings.wait.mode === 'false')
    throw new InputError(`wait is false, but ${settings.operation} waits until ${why}: remove wait`);
}

/** Reads a task's detail, retried while a failure may pass. */
export async function readDetail(taskId: string, ctx: DeployContext): Promise<Omit<TaskLook, 'nodes'>> {
  const { result, raw } = await retried(`detail of task ${taskId}`, ctx.retries, () =>
    ctx.send(detailCall(ctx.settings, taskId))
  );
  return { data: result.data, raw, snapshot: snapshotOf(result.data, ctx.settings.wait.statusField) };
}

/** Reads a task's detail and its node list, each retried while a failure may pass. */
export async function readTask(taskId: string, ctx: DeployContext): Promise<TaskLook> {
  const detail = await readDetail(taskId, ctx);
  const nodes = await retried(`nodes of task ${taskId}`, ctx.retries, () => readNodeList(taskId, ctx));
  return { ...detail, nodes };
}

/**
 * Sends a call that changes a task (each is harmless to repeat), retried while a failure may pass;
 * answers the error when it did not go through. Whether it took effect is then for the task's state to
 * say, never the error.
 */
export async function sendChange(call: Call, label: string, ctx: DeployContext): Promise<Error | undefined> {
  try {
    await retried(label, ctx.retries, () => ctx.send(call));
    return undefined;
  } catch (error) {
    ctx.log(`${label}: ${describeError(error)}`);
    return error instanceof Error ? error : new Error(String(error));
  }
}

/**
 * Whether the task's configuration is `configuration`, as its detail says now (what a change whose
 * answer was a refusal left); an unreadable detail is not known to hold it.
 */
export async function holdsConfiguration(
  taskId: string,
  configuration: Configuration,
  ctx: DeployContext
): Promise<boolean> {
  try {
    const now = configurationOf((await readDetail(taskId, ctx)).data);
    return diffConfigurations(configuration, now).length === 0;
  } catch {
    return false;
  }
}

/** The point ids of the nodes. */
export function pointIds(nodes: readonly Record<string, unknown>[]): Set<string> {
  return new Set(nodes.map(pointOf).filter((id) => id !== ''));
}

/** How many nodes run, as the task's detail says (runing_points), when it says. */
export function runningOf(snapshot: TaskSnapshot | undefined): number | undefined {
  return snapshot?.nodes?.running;
}
