import { detailCall, taskKindOf } from '../../../platform/operations/calls.js';
import type { TaskSnapshot } from '../../../platform/task-data.js';
import { configurationOf, diffConfigurations, type Configuration } from './configuration.js';
import { retried } from '../retries.js';
import type { DeployContext } from '../context.js';
import { isRecord } from '../../../basics/records.js';
import { nodeLogCall, nodesCall } from '../../../platform/operations/calls.js';
import { toCompactJson } from '../../../protocol/json.js';
import { fieldText } from '../../../platform/node-data.js';
import { readAllPages } from './read-all-pages.js';

/** A task as a change reads it first: its detail, and every node of its node list. */
export interface TaskLook {
  readonly data: unknown;
  readonly raw: string;
  readonly snapshot: TaskSnapshot;
  readonly nodes: readonly Record<string, unknown>[];
}

/** A task's detail as read: its data, the body received, and what its kind reads of it (its snapshot). */
export type TaskDetail = Omit<TaskLook, 'nodes'>;

/**
 * The one way the step reads a task's state: its kind's detail (a deployment's detail, a job's
 * job_detail), sent once, its snapshot read by the kind's reader (see TaskKindDescriptor.snapshotOf).
 * A poll's round reads it so (its poll counts what it could not read); readDetail sends it again while
 * a failure may pass.
 */
export async function readDetailOnce(
  taskId: string,
  ctx: Pick<DeployContext, 'send' | 'settings'>
): Promise<TaskDetail> {
  const { result, raw } = await ctx.send(detailCall(ctx.settings, taskId));
  // Read when asked for, once: a wait's poll reads the data, and its watcher the snapshot, its own way.
  let snapshot: TaskSnapshot | undefined;
  return {
    data: result.data,
    raw,
    get snapshot() {
      snapshot ??= taskKindOf(ctx.settings).snapshotOf(result.data, ctx.settings.wait.statusField);
      return snapshot;
    }
  };
}

/** Reads a task's detail (see readDetailOnce), retried while a failure may pass. */
export function readDetail(
  taskId: string,
  ctx: Pick<DeployContext, 'send' | 'settings' | 'retries'>
): Promise<TaskDetail> {
  return retried(`detail of task ${taskId}`, ctx.retries, () => readDetailOnce(taskId, ctx));
}

/** Reads a task's detail and its node list, each retried while a failure may pass. */
export async function readTask(taskId: string, ctx: DeployContext): Promise<TaskLook> {
  const detail = await readDetail(taskId, ctx);
  const nodes = await retried(`nodes of task ${taskId}`, ctx.retries, () => readNodeList(taskId, ctx));
  return { ...detail, nodes };
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

/** Every node of a task, across the pages of its node list. */
export async function readNodeList(
  taskId: string,
  ctx: Pick<DeployContext, 'send' | 'settings'>
): Promise<Record<string, unknown>[]> {
  const { results } = await readAllPages(
    `the node list of task ${taskId}`,
    (page) => nodesCall(ctx.settings, taskId, page),
    ctx.send,
    (node) => (isRecord(node) ? (fieldText(node.point_id) ?? toCompactJson(node)) : toCompactJson(node))
  );
  return results.filter(isRecord);
}

/** A service's log on a node: the whole text so far (point_log answers all of it), '' when it says none. */
export async function readNodeLog(
  taskId: string,
  pointId: string,
  serviceId: string,
  ctx: Pick<DeployContext, 'send' | 'settings'>
): Promise<string> {
  const { result } = await ctx.send(nodeLogCall(ctx.settings, taskId, pointId, serviceId));
  return isRecord(result.data) && typeof result.data.logs === 'string' ? result.data.logs : '';
}

/** A node's point_id, as text ('' when it has none). */
export function pointOf(node: Record<string, unknown>): string {
  return fieldText(node.point_id) ?? '';
}
