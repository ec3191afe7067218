import { utcTime } from '../../../basics/units.js';
import { mapLimit } from '../../../basics/concurrency.js';
import { isRecord } from '../../../basics/records.js';
import { lastLines, sanitize } from '../../../basics/safe-text.js';
import { describeError } from '../../../platform/failures.js';
import { nodeEventsCall } from '../../../platform/operations/calls.js';
import { readNodeList, readNodeLog } from '../tasks/read-task.js';
import { describeNodeProblem, failingNode } from '../tasks/failing-nodes.js';
import { fieldText as text, nodeRunning } from '../../../platform/node-data.js';
import { containerServices, serviceNames } from '../tasks/node-services.js';
import type { DeployContext } from '../context.js';
import type { FollowedLog } from './follow-job-log.js';

/** Events per node shown: the last ones. */
const MAX_EVENTS = 10;

/**
 * What to read: the nodes that do not run, those that failed or restarted (a job's: its other pods
 * succeeded or run), or all of them (at most `maxNodes`), and their events, logs or both.
 */
export interface ReadScope {
  nodes: 'stuck' | 'failed' | 'all';
  maxNodes: number;
  events: boolean;
  logs: boolean;
}

/** What a failed wait reads: the nodes that do not run, at most 3, their events and logs. */
export const DIAGNOSTICS: ReadScope = { nodes: 'stuck', maxNodes: 3, events: true, logs: true };
const MAX_LINE = 500;

export interface NodeEvent {
  readonly time: string;
  readonly type: string;
  readonly reason: string;
  readonly message: string;
  readonly service: string;
}

export interface ServiceLog {
  readonly service: string;
  /** The last lines, safe to print after a prefix (see lastLines). */
  readonly lines: readonly string[];
  /** Lines before those, not shown. */
  readonly omitted: number;
  /** Read while the job ran (its node's log could not be read once it failed): see withFollowedLogs. */
  readonly whileRunning?: true;
}

export interface NodeDiagnostics {
  readonly pointId: string;
  readonly status: string;
  /** Why the node will not come up, when its containers say. */
  readonly problem: string | undefined;
  readonly events: readonly NodeEvent[];
  readonly logs: readonly ServiceLog[];
  /** What could not be read, and why. */
  readonly unread: readonly string[];
}

/** Why a task's wait failed, as its nodes tell: the nodes that do not run (a few), their events and logs. */
export interface TaskDiagnostics {
  readonly taskId: string;
  readonly nodes: readonly NodeDiagnostics[];
  /** Nodes of the scope left out (beyond the most shown). */
  readonly moreNodes: number;
  /** Nodes that do not run, and nodes that do. */
  readonly notRunningNodes: number;
  readonly runningNodes: number;
  /** A job's pods that failed or restarted (its others succeeded or run), where those were read. */
  readonly failedNodes?: number;
  /** Why a job failed, as its detail says (see jobFailureReason). */
  readonly reason?: string;
  readonly unread: readonly string[];
}

/**
 * Reads what a failed or timed-out wait leaves to explain it: the task's node list, and for each node that
 * does not run (at most three) its last events and the last `logLines` lines of each service's log (none
 * when 0). Every read that fails is noted and the rest go on; everything from the server is made safe text.
 */
export async function diagnose(
  taskId: string,
  taskData: unknown,
  ctx: Pick<DeployContext, 'send' | 'settings'>,
  scope: ReadScope = DIAGNOSTICS
): Promise<TaskDiagnostics> {
  const { settings } = ctx;
  let nodes: Record<string, unknown>[];
  try {
    nodes = await readNodeList(taskId, ctx);
  } catch (error) {
    return {
      taskId,
      nodes: [],
      moreNodes: 0,
      notRunningNodes: 0,
      runningNodes: 0,
      unread: [`the node list: ${describeError(error)}`]
    };
  }
  const stuck = nodes.filter(
    (node) => !nodeRunning(node) || failingNode({ results: [node] }, 1) !== undefined
  );
  const chosen =
    scope.nodes === 'all'
      ? nodes
      : scope.nodes === 'failed'
        ? nodes.filter((node) => failingNode({ results: [node] }, 1) !== undefined)
        : stuck;
  const shown = await mapLimit(chosen.slice(0, scope.maxNodes), settings.concurrency, (node) =>
    nodeDiagnostics(taskId, node, serviceNames(taskData), ctx, scope)
  );
  return {
    taskId,
    nodes: shown,
    moreNodes: Math.max(0, chosen.length - scope.maxNodes),
    notRunningNodes: stuck.length,
    runningNodes: nodes.length - stuck.length,
    ...(scope.nodes === 'failed' ? { failedNodes: chosen.length } : {}),
    unread: []
  };
}

/**
 * A failed job's diagnostics with the last lines the step read of its pods' logs while it ran (`followed`,
 * at most `most` each), where reading them once it failed gave none: a node whose log could not be read
 * then, or, when no failed pod could be read at all, each pod the step followed (at most `maxNodes`, the
 * last). What the log showed, the summary shows.
 */
export function withFollowedLogs(
  d: TaskDiagnostics,
  followed: readonly FollowedLog[],
  { most, maxNodes }: { most: number; maxNodes: number }
): TaskDiagnostics {
  if (followed.length === 0 || most <= 0) return d;
  const logsOf = (pointId: string): ServiceLog[] =>
    followed
      .filter((log) => log.pointId === pointId && log.lines.length > 0)
      .map((log) => ({
        service: log.service,
        lines: log.lines.slice(-most),
        omitted: log.omitted + Math.max(0, log.lines.length - most),
        whileRunning: true
      }));
  if (d.nodes.length > 0)
    return {
      ...d,
      nodes: d.nodes.map((node) => (node.logs.length > 0 ? node : { ...node, logs: logsOf(node.pointId) }))
    };
  const pods = [...new Set(followed.map((log) => log.pointId))].slice(-maxNodes);
  const nodes = pods
    .map((pointId) => ({
      pointId,
      status: 'unknown',
      problem: undefined,
      events: [],
      logs: logsOf(pointId),
      unread: []
    }))
    .filter((node) => node.logs.length > 0);
  return nodes.length === 0 ? d : { ...d, nodes };
}

async function nodeDiagnostics(
  taskId: string,
  node: Record<string, unknown>,
  services: ReadonlyMap<string, string>,
  ctx: Pick<DeployContext, 'send' | 'settings'>,
  scope: ReadScope
): Promise<NodeDiagnostics> {
  const pointId = text(node.point_id) ?? 'unknown';
  const unread: string[] = [];
  const problem = failingNode({ results: [node] }, 1);
  let events: NodeEvent[] = [];
  if (scope.events) {
    try {
      const { result } = await ctx.send(nodeEventsCall(ctx.settings, pointId));
      const list = isRecord(result.data) && Array.isArray(result.data.events) ? result.data.events : [];
      events = list
        .filter(isRecord)
        .slice(-MAX_EVENTS)
        .map((event) => ({
          // One form for every time the tool prints: RFC 3339 in UTC (the platform writes several).
          time: utcTime(text(event.event_time) ?? ''),
          type: text(event.type) ?? '',
          reason: text(event.reason) ?? '',
          message: sanitize(typeof event.message === 'string' ? event.message : '', MAX_LINE),
          service: text(event.service) ?? ''
        }));
    } catch (error) {
      unread.push(`events: ${describeError(error)}`);
    }
  }
  const logs: ServiceLog[] = [];
  if (scope.logs && ctx.settings.wait.logLines > 0) {
    for (const [serviceId, service] of containerServices(node, services)) {
      try {
        const raw = await readNodeLog(taskId, pointId, serviceId, ctx);
        logs.push({ service, ...lastLines(raw, ctx.settings.wait.logLines, MAX_LINE) });
      } catch (error) {
        unread.push(`the log of ${service}: ${describeError(error)}`);
      }
    }
  }
  return {
    pointId,
    status: text(node.status) ?? 'unknown',
    problem: problem === undefined ? undefined : describeNodeProblem(problem),
    events,
    logs,
    unread
  };
}
