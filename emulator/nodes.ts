// A task's nodes as the platform's reference shows them (suanli-job/api/node-list.md): the restart count
// is the node's (describe_dto), its containers name their service (or null), image and GPUs, and a
// crash-looping container can sit on a node that still says Running.
import type { StoredConfig, StoredService } from './task-config.js';

/**
 * Containers that crash over and over, for the tasks whose name matches: the task stays Pending, its
 * nodes show the container's reason, exit code and a restart count that grows with time.
 */
export interface CrashLoop {
  pattern: RegExp;
  /** The container's reason, such as CrashLoopBackOff, OOMKilled or ImagePullBackOff. */
  reason: string;
  exitCode: number;
  /** One restart every this many ms since the task was made. */
  restartEveryMs: number;
  /** What the node list says of the node: Running (its container restarts) or Failed. */
  nodeStatus: 'Running' | 'Failed';
  /** The service's log. */
  log: string;
}

/** One node of a task: its number, and when it comes up (undefined: with its task). */
export interface Pod {
  seq: number;
  readyAt: number | undefined;
  /** The services it runs: the task's configuration when it was scheduled (a rolling update replaces it). */
  services: StoredService[];
  /** Failed for good (a test's failNode): the platform schedules no replacement until it is deleted. */
  failed?: boolean;
}

/** What a node's view reads of its task. */
export interface NodeContext {
  taskId: bigint;
  taskStatus: string;
  createdAt: number;
  runningSince: number | undefined;
  now: number;
  config: StoredConfig;
  crash: CrashLoop | undefined;
  /** Whether an image is one the tester marked bad: its container crash-loops wherever it runs. */
  badImage: (image: string) => boolean;
  /** How often such a container restarts. */
  badImageRestartMs: number;
  isRunning: (index: number) => boolean;
  pointId: (pod: Pod) => bigint;
  nodeBillingValue: number;
}

const STOPPED: Record<string, string> = { Paused: 'End', End: 'End', Other: 'Failed', Pending: 'Pending' };
/** Where a node runs when its task names no resource a search gave. */
const DEFAULT_PLACE = { region: 'beijing-jxq-p1', region_name: '北京一区' };

function crashing(ctx: NodeContext): boolean {
  return ctx.crash !== undefined && ctx.taskStatus === 'Pending';
}

/** A node runs a bad image: it says Running while its container restarts, and never serves. */
export function runsBadImage(ctx: Pick<NodeContext, 'badImage'>, pod: Pod): boolean {
  return pod.services.some((service) => ctx.badImage(service.service_image));
}

function nodeStatus(ctx: NodeContext, pod: Pod, index: number): string {
  if (ctx.crash !== undefined && ctx.taskStatus === 'Pending') return ctx.crash.nodeStatus;
  if (pod.failed === true && ctx.taskStatus === 'Running') return 'Failed';
  if (runsBadImage(ctx, pod) && ctx.taskStatus === 'Running' && ctx.now >= (pod.readyAt ?? 0))
    return 'Running';
  if (ctx.taskStatus === 'Running') return ctx.isRunning(index) ? 'Running' : 'Pending';
  return STOPPED[ctx.taskStatus] ?? 'Unknown';
}

/** A node as the node list gives it. */
export function nodeView(ctx: NodeContext, pod: Pod, index: number): Record<string, unknown> {
  const status = nodeStatus(ctx, pod, index);
  const [entry] = ctx.config.resources;
  const resource = entry?.resource ?? null;
  const restarts = restartsOf(ctx, pod);
  const upSince = status === 'Running' ? Math.max(ctx.runningSince ?? ctx.now, pod.readyAt ?? 0) : ctx.now;
  return {
    point_id: ctx.pointId(pod),
    name: `deployment-${ctx.taskId}-${pod.seq}`,
    status,
    region: resource?.region ?? DEFAULT_PLACE.region,
    region_name: entry?.region_name ?? DEFAULT_PLACE.region_name,
    resource: {
      gpu_name: resource?.gpu_name ?? null,
      gpu_count: resource?.gpu_count ?? 0,
      cpu_cores: resource?.cpu_cores ?? 0
    },
    containers: services(ctx, pod).map((service) => container(ctx, service, status, pod)),
    runing_time: Math.floor((ctx.now - upSince) / 1000),
    billing_value: ctx.nodeBillingValue,
    // In the reference's example (null), not its schema.
    port_mappings: null,
    describe_dto: {
      last_restart_time: restarts.count > 0 ? new Date(restarts.last).toISOString() : null,
      restart_count: restarts.count
    }
  };
}

/**
 * A node's restarts, and when the last was: one every restartEveryMs since its task was made for a crash
 * loop, one every badImageRestartMs since it came up for a bad image.
 */
function restartsOf(ctx: NodeContext, pod: Pod): { count: number; last: number } {
  const every = (from: number, ms: number) => {
    const count = Math.max(0, Math.floor((ctx.now - from) / ms));
    return { count, last: from + count * ms };
  };
  if (crashing(ctx) && ctx.crash !== undefined) return every(ctx.createdAt, ctx.crash.restartEveryMs);
  const up = pod.readyAt ?? ctx.runningSince;
  if (!runsBadImage(ctx, pod) || ctx.taskStatus !== 'Running' || up === undefined)
    return { count: 0, last: 0 };
  return every(up, ctx.badImageRestartMs);
}

/** The services a node runs (the task's when no node is given), or one stand-in when there are none. */
function services(ctx: NodeContext, pod?: Pod): StoredService[] {
  const own = pod?.services ?? ctx.config.services;
  return own.length > 0
    ? own
    : [
        {
          service_id: 0,
          service_name: 'main',
          service_image: 'unknown',
          env: null,
          shared_mem_size: null,
          storage_config: null,
          share_storage_config: null,
          nas_storage_config: null,
          remote_ports: [],
          health_checks: null,
          start_script_v2: null
        }
      ];
}

function container(
  ctx: NodeContext,
  service: StoredService,
  status: string,
  pod: Pod
): Record<string, unknown> {
  const loop = crashing(ctx) ? ctx.crash : undefined;
  const bad = status === 'Running' && ctx.badImage(service.service_image);
  const failed = status === 'Failed' && loop === undefined;
  const crash = loop ?? (bad ? { reason: 'CrashLoopBackOff', exitCode: 1 } : undefined);
  return {
    service_name: service.service_name,
    name: `${service.service_name}-${ctx.taskId}-${pod.seq}-container`,
    image: service.service_image,
    gpu_limit: ctx.config.resources[0]?.resource?.gpu_count ?? 0,
    reason: failed ? 'Error' : (crash?.reason ?? (status === 'Pending' ? 'ContainerCreating' : null)),
    message: crash === undefined ? null : `back-off restarting failed container ${service.service_name}`,
    exit_code: failed ? '137' : crash === undefined ? null : String(crash.exitCode)
  };
}

/** Kubernetes-style events of a node, oldest first. */
export function podEvents(ctx: NodeContext, pod: Pod): Record<string, unknown>[] {
  const at = (ms: number): string => formatTime(ctx.createdAt + ms);
  const node = `${ctx.taskId}-${pod.seq}`;
  return services(ctx, pod).flatMap((service) => {
    const name = service.service_name;
    const normal = (reason: string, message: string, ms: number) => ({
      reason,
      message,
      type: 'Normal',
      event_time: at(ms),
      service: name
    });
    const events = [
      normal('Scheduled', `Successfully assigned pod ${node} to a node`, 0),
      normal('Pulling', `Pulling image "${service.service_image}"`, 100),
      normal('Pulled', `Successfully pulled image "${service.service_image}"`, 200),
      normal('Created', `Created container ${name}`, 300),
      normal('Started', `Started container ${name}`, 400)
    ];
    if (!crashing(ctx) || ctx.crash === undefined) return events;
    return [
      ...events,
      {
        reason: 'BackOff',
        message: `Back-off restarting failed container ${name} in pod ${node} (${ctx.crash.reason}, exit code ${ctx.crash.exitCode})`,
        type: 'Warning',
        event_time: formatTime(ctx.now),
        service: name
      }
    ];
  });
}

/** A service's log on a node. */
export function podLog(ctx: NodeContext, service: StoredService): string {
  if (crashing(ctx) && ctx.crash !== undefined) return ctx.crash.log;
  const ports = service.remote_ports.map((p) => p.service_port).join(', ');
  return `${service.service_name}: starting\n${service.service_name}: listening on ${ports || 'no port'}\n`;
}

function formatTime(ms: number): string {
  return new Date(ms).toISOString().replace('T', ' ').slice(0, 19);
}
