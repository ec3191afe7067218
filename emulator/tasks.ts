import { Code, Rejection } from './rejection.js';

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

const PRICE_PER_POINT_HOUR = 1.5;
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

  constructor(
    private readonly now: () => number,
    readonly settings: TaskSettings,
    firstTaskId: bigint = 1229831n
  ) {
    this.#nextId = firstTaskId;
  }

  create(input: TaskInput): bigint {
    return this.seed(input);
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

  nodes(id: bigint): Record<string, unknown>[] {
    const task = this.#get(id);
    const status = NODE_STATUS[task.status];
    return Array.from({ length: task.points }, (_, i) => ({
      point_id: `${task.task_id}-${i + 1}`,
      task_id: task.task_id,
      status,
      create_time: formatTime(task.createdAt)
    }));
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
    if (task.status === 'Pending' && this.now() >= task.settlesAt) {
      const fails = this.settings.failPattern?.test(task.task_name) ?? false;
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
    return template.replaceAll('{task_id}', taskId.toString()).replaceAll('{port}', String(port));
  }

  #billingValue(task: Task): number {
    const runningMs = task.billedMs + (task.runningSince === undefined ? 0 : this.now() - task.runningSince);
    return Math.round((runningMs / 3_600_000) * task.points * PRICE_PER_POINT_HOUR * 10_000) / 10_000;
  }

  #view(task: Task): Record<string, unknown> {
    const reachable = task.status === 'Running';
    return {
      task_id: task.task_id,
      task_type: task.task_type,
      task_name: this.settings.nameOverride ?? task.task_name,
      status: task.status,
      points: task.points,
      runing_points: reachable ? task.points : 0,
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
