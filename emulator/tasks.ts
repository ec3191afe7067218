import { Code, parameterError, Rejection } from './rejection.js';

export const TASK_STATUSES = ['Pending', 'Running', 'Paused', 'End', 'Other'] as const;
export type TaskStatus = (typeof TASK_STATUSES)[number];

export interface ServiceInput {
  service_name: string;
  service_image: string;
  remote_ports: { service_port: number }[];
}

export interface TaskInput {
  task_name: string;
  points: number;
  task_type?: string;
  resources?: unknown[];
  services?: ServiceInput[];
}

/** A task put in place by a test, in any state. */
export interface TaskSeed extends TaskInput {
  task_id?: bigint | number | string;
  status?: TaskStatus;
}

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

export interface TaskSettings {
  /** How long a new or recovered task stays Pending. */
  readyAfterMs: number;
  /** Tasks whose name matches end in Other instead of Running. */
  failPattern: RegExp | undefined;
  /** Replaces every task name in answers (to test how clients print server text). */
  nameOverride: string | undefined;
  /** Ended tasks are deleted: every call about them answers that they do not exist. */
  endedTasksGone: boolean;
  /** The URL of a running service port, {task_id} and {port} replaced; undefined for the default. */
  serviceUrl: string | undefined;
  /** How long after a task runs its nodes take to run, one after another: runing_points lags behind points. */
  nodeLagMs: number;
  crashLoops: CrashLoop[];
  /** The services the emulator serves itself (see appAnswer): how long they warm up, then what they answer. */
  app: { warmupMs: number; status: number };
  /** The emulator's own origin, for the {base_url} of a service URL template. */
  baseUrl: string;
  /** The creates (1 for the first) whose task ends in Other instead of Running. */
  failingCreates: ReadonlySet<number>;
  /** What a task costs per node and hour while it runs (billing_value). */
  pricePerPointHour: number;
}

interface Task {
  readonly task_id: bigint;
  readonly task_type: string;
  readonly task_name: string;
  readonly resources: unknown[];
  readonly services: (ServiceInput & { service_id: number })[];
  readonly createdAt: number;
  points: number;
  status: TaskStatus;
  /** When a Pending task settles (Running, or Other for a failing name). */
  settlesAt: number;
  /** Running time already billed, and since when the current run lasts. */
  billedMs: number;
  runningSince: number | undefined;
}

/** Node ids are the task id times this, plus the node's number (from 1). */
const POINTS_PER_TASK = 1000n;
const pointId = (taskId: bigint, index: number): bigint => taskId * POINTS_PER_TASK + BigInt(index + 1);
const NODE_STATUS: Record<TaskStatus, string> = {
  Pending: 'Pending',
  Running: 'Running',
  Paused: 'End',
  End: 'End',
  Other: 'Failed'
};

/**
 * The platform's tasks, in memory. State is derived lazily from the injected clock, so tests can move
 * time instead of sleeping: a Pending task becomes Running (or Other) once its time has come.
 */
export class TaskStore {
  readonly #tasks = new Map<bigint, Task>();
  #nextId: bigint;
  #nextServiceId = 1;
  #creates = 0;
  /** Tasks made by a failing create (see failingCreates). */
  readonly #failing = new Set<bigint>();

  constructor(
    private readonly now: () => number,
    readonly settings: TaskSettings,
    firstTaskId: bigint = 1229831n
  ) {
    this.#nextId = firstTaskId;
  }

  create(input: TaskInput): bigint {
    this.#creates += 1;
    const id = this.seed(input);
    if (this.settings.failingCreates.has(this.#creates)) this.#failing.add(id);
    return id;
  }

  seed(seed: TaskSeed): bigint {
    const id = seed.task_id === undefined ? this.#nextId : BigInt(seed.task_id);
    if (this.#tasks.has(id)) throw new Error(`task ${id} exists already`);
    if (id >= this.#nextId) this.#nextId = id + 1n;
    const now = this.now();
    const task: Task = {
      task_id: id,
      task_type: seed.task_type ?? 'Deployment',
      task_name: seed.task_name,
      resources: seed.resources ?? [],
      services: (seed.services ?? []).map((s) => ({ service_id: this.#nextServiceId++, ...s })),
      createdAt: now,
      points: seed.points,
      status: 'Pending',
      settlesAt: now + this.settings.readyAfterMs,
      billedMs: 0,
      runningSince: undefined
    };
    this.#tasks.set(id, task);
    if (seed.status !== undefined && seed.status !== 'Pending') this.#enter(task, seed.status, now);
    return id;
  }

  detail(id: bigint): Record<string, unknown> {
    return this.#view(this.#get(id));
  }

  search(filter: {
    statuses?: TaskStatus[];
    searchValue?: string;
    type?: string;
  }): Record<string, unknown>[] {
    return [...this.#tasks.values()]
      .reverse()
      .map((task) => this.#settle(task))
      .filter((task) => filter.statuses === undefined || filter.statuses.includes(task.status))
      .filter((task) => filter.type === undefined || task.task_type === filter.type)
      .filter((task) => filter.searchValue === undefined || task.task_name.includes(filter.searchValue))
      .map((task) => this.#view(task));
  }

  pause(id: bigint): void {
    const task = this.#get(id);
    this.#require(task, ['Running'], 'pause');
    this.#enter(task, 'Paused', this.now());
  }

  recover(id: bigint): void {
    const task = this.#get(id);
    this.#require(task, ['Paused', 'Other'], 'recover');
    this.#enter(task, 'Pending', this.now());
  }

  stop(id: bigint): void {
    const task = this.#get(id);
    this.#require(task, ['Pending', 'Running', 'Paused', 'Other'], 'stop');
    this.#enter(task, 'End', this.now());
  }

  changePoints(id: bigint, points: number): void {
    const task = this.#get(id);
    this.#require(task, ['Pending', 'Running', 'Paused'], 'change the points of');
    task.points = points;
  }

  /** The task's nodes, one per point, each with a container per service. */
  nodes(id: bigint): Record<string, unknown>[] {
    const task = this.#get(id);
    const crash = this.#crashLoop(task);
    const running = this.#runningPoints(task);
    return Array.from({ length: task.points }, (_, i) => {
      const status =
        crash !== undefined && task.status === 'Pending'
          ? crash.nodeStatus
          : task.status === 'Running'
            ? i < running
              ? 'Running'
              : 'Pending'
            : NODE_STATUS[task.status];
      return {
        point_id: pointId(task.task_id, i),
        task_id: task.task_id,
        status,
        create_time: formatTime(task.createdAt),
        containers: this.#services(task).map((service) => this.#container(task, service, status, crash))
      };
    });
  }

  /** Kubernetes-style events of a node, oldest first. */
  events(point: bigint): Record<string, unknown>[] {
    const { task, index } = this.#point(point);
    const crash = this.#crashLoop(task);
    const at = (ms: number): string => formatTime(task.createdAt + ms);
    const node = `${task.task_id}-${index + 1}`;
    return this.#services(task).flatMap((service) => {
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
      if (crash === undefined || task.status !== 'Pending') return events;
      return [
        ...events,
        {
          reason: 'BackOff',
          message: `Back-off restarting failed container ${name} in pod ${node} (${crash.reason}, exit code ${crash.exitCode})`,
          type: 'Warning',
          event_time: formatTime(this.now()),
          service: name
        }
      ];
    });
  }

  /** A service's log on a node. */
  log(taskId: bigint, point: bigint, serviceId: number): string {
    const task = this.#get(taskId);
    const { task: owner } = this.#point(point);
    if (owner !== task) {
      throw parameterError(`point ${point} is not a node of task ${taskId}`);
    }
    const service = this.#services(task).find((s) => s.service_id === serviceId);
    if (service === undefined) {
      throw parameterError(`task ${taskId} has no service ${serviceId}`);
    }
    const crash = this.#crashLoop(task);
    if (crash !== undefined && task.status === 'Pending') return crash.log;
    const ports = service.remote_ports.map((p) => p.service_port).join(', ');
    return `${service.service_name}: starting\n${service.service_name}: listening on ${ports || 'no port'}\n`;
  }

  #crashLoop(task: Task): CrashLoop | undefined {
    return this.settings.crashLoops.find((crash) => crash.pattern.test(task.task_name));
  }

  /** The services of a task, or one stand-in when it was made without any. */
  #services(task: Task): Task['services'] {
    return task.services.length > 0
      ? task.services
      : [{ service_id: 0, service_name: 'main', service_image: 'unknown', remote_ports: [] }];
  }

  #container(
    task: Task,
    service: Task['services'][number],
    nodeStatus: string,
    crash: CrashLoop | undefined
  ): Record<string, unknown> {
    const crashing = crash !== undefined && task.status === 'Pending';
    const restarts = crashing ? Math.floor((this.now() - task.createdAt) / crash.restartEveryMs) : 0;
    return {
      service_id: service.service_id,
      service_name: service.service_name,
      reason: crashing ? crash.reason : nodeStatus === 'Pending' ? 'ContainerCreating' : null,
      message: crashing ? `back-off restarting failed container ${service.service_name}` : null,
      exit_code: crashing ? crash.exitCode : null,
      describe_dto: { restart_count: restarts }
    };
  }

  #point(point: bigint): { task: Task; index: number } {
    const task = this.#tasks.get(point / POINTS_PER_TASK);
    const index = Number(point % POINTS_PER_TASK) - 1;
    if (task === undefined || index < 0 || index >= task.points) {
      throw parameterError(`point ${point} does not exist`);
    }
    return { task: this.#settle(task), index };
  }

  /** Running nodes: all of a running task's, unless they are still coming up one after another. */
  #runningPoints(task: Task): number {
    if (task.status !== 'Running' || task.runningSince === undefined) return 0;
    const lag = this.settings.nodeLagMs;
    if (lag <= 0 || task.points <= 1) return task.points;
    const up = 1 + Math.floor(((task.points - 1) * (this.now() - task.runningSince)) / lag);
    return Math.min(task.points, up);
  }

  billing(): Record<string, unknown>[] {
    return [...this.#tasks.values()].reverse().map((task) => ({
      task_id: task.task_id,
      task_name: this.settings.nameOverride ?? task.task_name,
      points: task.points,
      billing_value: this.#billingValue(this.#settle(task)),
      start_time: formatTime(task.createdAt)
    }));
  }

  #get(id: bigint): Task {
    const task = this.#tasks.get(id);
    if (task === undefined || (this.settings.endedTasksGone && task.status === 'End')) {
      throw new Rejection(Code.taskNotFound, 'task_not_found', `task ${id} does not exist`);
    }
    return this.#settle(task);
  }

  #require(task: Task, allowed: TaskStatus[], action: string): void {
    if (!allowed.includes(task.status)) {
      throw new Rejection(
        Code.taskState,
        'task_wrong_state',
        `cannot ${action} task ${task.task_id} while it is ${task.status} (allowed from ${allowed.join(', ')})`
      );
    }
  }

  #settle(task: Task): Task {
    if (task.status === 'Pending' && this.now() >= task.settlesAt && this.#crashLoop(task) === undefined) {
      const fails =
        (this.settings.failPattern?.test(task.task_name) ?? false) || this.#failing.has(task.task_id);
      this.#enter(task, fails ? 'Other' : 'Running', task.settlesAt);
    }
    return task;
  }

  #enter(task: Task, status: TaskStatus, at: number): void {
    if (task.runningSince !== undefined) task.billedMs += at - task.runningSince;
    task.runningSince = status === 'Running' ? at : undefined;
    task.status = status;
    if (status === 'Pending') task.settlesAt = at + this.settings.readyAfterMs;
  }

  #url(taskId: bigint, port: number): string {
    const template = this.settings.serviceUrl ?? 'https://t{task_id}-{port}.apps.emulator.invalid';
    return template
      .replaceAll('{base_url}', this.settings.baseUrl)
      .replaceAll('{task_id}', taskId.toString())
      .replaceAll('{port}', String(port));
  }

  /**
   * What a service the emulator serves itself answers (its URLs `{base_url}/_app/{task_id}/{port}`): 502
   * while the task does not run, 404 for a port it has not, 503 during the warm-up, then the app's status.
   */
  appAnswer(taskId: string, port: string): { status: number; body: string } {
    const task = /^\d+$/.test(taskId) ? this.#tasks.get(BigInt(taskId)) : undefined;
    if (task === undefined || this.#settle(task).status !== 'Running' || task.runningSince === undefined)
      return { status: 502, body: 'bad gateway: the task does not run\n' };
    if (!task.services.some((s) => s.remote_ports.some((p) => String(p.service_port) === port)))
      return { status: 404, body: 'no such port\n' };
    if (this.now() < task.runningSince + this.settings.app.warmupMs)
      return { status: 503, body: 'warming up\n' };
    const { status } = this.settings.app;
    return { status, body: status < 400 ? 'ok\n' : 'unhealthy\n' };
  }

  #billingValue(task: Task): number {
    const runningMs = task.billedMs + (task.runningSince === undefined ? 0 : this.now() - task.runningSince);
    return (
      Math.round((runningMs / 3_600_000) * task.points * this.settings.pricePerPointHour * 10_000) / 10_000
    );
  }

  #view(task: Task): Record<string, unknown> {
    const reachable = task.status === 'Running';
    return {
      task_id: task.task_id,
      task_type: task.task_type,
      task_name: this.settings.nameOverride ?? task.task_name,
      status: task.status,
      points: task.points,
      runing_points: this.#runningPoints(task),
      billing_value: this.#billingValue(task),
      create_time: formatTime(task.createdAt),
      resources: task.resources,
      services: task.services.map((service) => ({
        service_id: service.service_id,
        service_name: service.service_name,
        service_image: service.service_image,
        remote_ports: service.remote_ports.map((port) => ({
          service_port: port.service_port,
          url: reachable ? this.#url(task.task_id, port.service_port) : null
        }))
      }))
    };
  }
}

function formatTime(ms: number): string {
  return new Date(ms).toISOString().replace('T', ' ').slice(0, 19);
}
