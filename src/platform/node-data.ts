import { isLosslessNumber } from 'lossless-json';
import { isRecord } from '../basics/records.js';
import { sanitize } from '../basics/safe-text.js';

/**
 * What the platform's node list says of a node (suanli-deployment/api/node-list.md: point_id, name,
 * status, region, resource, containers, describe_dto), as task-data.ts is for tasks: its status words,
 * its containers and their restarts, read from the fields alone. A node (a job's pod) is Pending while it
 * is scheduled, pulls its image and starts; Running; and once it no longer runs Succeeded, Failed or End
 * (the list may show it so for a while).
 */

/** The statuses of a node that no longer runs: its containers exited (Succeeded, Failed) or it was removed. */
const ENDED_NODE_STATUSES: readonly string[] = ['Succeeded', 'Failed', 'End'];

/** A node's status word, as short safe text; undefined when it has none. */
export function nodeStatusOf(node: Record<string, unknown>): string | undefined {
  return fieldText(node.status);
}

/** Whether the node is scheduled, pulling its image or starting: not running yet. */
export const nodePending = (node: Record<string, unknown>): boolean => nodeStatusOf(node) === 'Pending';

/** Whether the node's status says it runs (its containers may still be held back: see heldBackReason). */
export const nodeRunning = (node: Record<string, unknown>): boolean => nodeStatusOf(node) === 'Running';

/** Whether the node failed: its containers exited with an error (a job's pod), or it will not run. */
export const nodeFailed = (node: Record<string, unknown>): boolean => nodeStatusOf(node) === 'Failed';

/**
 * Whether the node no longer runs: Succeeded, Failed or End. Every reading of a node's end is this one:
 * its log has no more lines to come, and it is no live node of a task's.
 */
export const nodeEnded = (node: Record<string, unknown>): boolean =>
  ENDED_NODE_STATUSES.includes(nodeStatusOf(node) ?? '');

/** A node's containers (those that are objects), none when it lists none. */
export function containersOf(node: Record<string, unknown>): Record<string, unknown>[] {
  return (Array.isArray(node.containers) ? node.containers : []).filter(isRecord);
}

/** The restart count of a node (describe_dto.restart_count) or of a container that carries one. */
export function restartsOf(item: Record<string, unknown>): number | undefined {
  const dto = isRecord(item.describe_dto) ? item.describe_dto : {};
  const value = dto.restart_count ?? item.restart_count;
  const n = isLosslessNumber(value) ? Number(value.toString()) : value;
  return typeof n === 'number' && Number.isFinite(n) ? n : undefined;
}

/** A field as short, safe text: a string, or a number as written; undefined when absent or empty. */
export function fieldText(value: unknown): string | undefined {
  const raw =
    typeof value === 'string'
      ? value
      : typeof value === 'number' || typeof value === 'bigint' || isLosslessNumber(value)
        ? String(value)
        : undefined;
  return raw === undefined || raw.trim() === '' ? undefined : sanitize(raw, 80);
}
