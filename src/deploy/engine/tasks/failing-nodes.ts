import { isRecord } from '../../../basics/records.js';
import {
  containersOf,
  fieldText,
  nodeFailed,
  nodePending,
  nodeRunning,
  restartsOf
} from '../../../platform/node-data.js';

/** A node that will not come up: failed, or a container that keeps restarting. */
export interface NodeProblem {
  pointId: string;
  status: string;
  service: string | undefined;
  reason: string | undefined;
  exitCode: string | undefined;
  restarts: number | undefined;
}

/**
 * The first node of a node list (`{results: [...]}`) that will not come up: one whose status is
 * Failed, or one restarted `maxRestarts` times or more (0: restarts never count). The platform's
 * reference keeps the restart count on the node (`describe_dto.restart_count`); a count a container
 * carries counts too, and a node that still says Running can be crash-looping. Decided from the fields,
 * never from a message.
 */
export function failingNode(page: unknown, maxRestarts: number): NodeProblem | undefined {
  return failingNodes(page, maxRestarts)[0];
}

/**
 * Whether every node of a node list is held back: Pending (scheduled, pulling its image, starting), or
 * Running with a container that a reason holds back (such as CrashLoopBackOff). While every node is, the
 * task cannot be ready and has not ended: its detail can wait. A list of no nodes says nothing: not held.
 */
export function allHeldBack(page: unknown): boolean {
  const nodes = isRecord(page) && Array.isArray(page.results) ? page.results : [];
  return (
    nodes.length > 0 &&
    nodes.every(
      (node) =>
        isRecord(node) &&
        (nodePending(node) ||
          (nodeRunning(node) && containersOf(node).some((c) => fieldText(c.reason) !== undefined)))
    )
  );
}

/** Every node of a node list that will not come up, as failingNode judges each one. */
export function failingNodes(page: unknown, maxRestarts: number): NodeProblem[] {
  const nodes = isRecord(page) && Array.isArray(page.results) ? page.results : [];
  return nodes.flatMap((node) => {
    const problem = isRecord(node) ? problemOf(node, maxRestarts) : undefined;
    return problem === undefined ? [] : [problem];
  });
}

function problemOf(node: Record<string, unknown>, maxRestarts: number): NodeProblem | undefined {
  const status = fieldText(node.status) ?? 'unknown';
  const containers = containersOf(node);
  const restarts = Math.max(restartsOf(node) ?? 0, ...containers.map((c) => restartsOf(c) ?? 0));
  const restarting = maxRestarts > 0 && restarts >= maxRestarts;
  if (!nodeFailed(node) && !restarting) return undefined;
  // The container that says why: the one restarted most, else one with a reason, else the first.
  const container =
    containers.find((c) => restarts > 0 && restartsOf(c) === restarts) ??
    containers.find((c) => fieldText(c.reason) !== undefined) ??
    containers[0];
  return {
    pointId: fieldText(node.point_id) ?? 'unknown',
    status,
    service:
      container === undefined ? undefined : (fieldText(container.service_name) ?? fieldText(container.name)),
    reason: container === undefined ? undefined : fieldText(container.reason),
    exitCode: container === undefined ? undefined : fieldText(container.exit_code),
    restarts: restarts > 0 ? restarts : undefined
  };
}

/** "node 1229831001 (Running): container web CrashLoopBackOff, exit code 1, restarted 3 times". */
export function describeNodeProblem(problem: NodeProblem): string {
  const facts = [
    problem.reason,
    problem.exitCode === undefined ? undefined : `exit code ${problem.exitCode}`,
    problem.restarts === undefined || problem.restarts === 0
      ? undefined
      : `restarted ${problem.restarts} times`
  ].filter((fact): fact is string => fact !== undefined);
  const container = problem.service === undefined ? 'its container' : `container ${problem.service}`;
  const why = facts.length === 0 ? '' : `: ${container} ${facts.join(', ')}`;
  return `node ${problem.pointId} (${problem.status})${why}`;
}
