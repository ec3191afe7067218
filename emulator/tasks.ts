import { bookedBetween, periods, PRICE_UNITS_PER_YUAN, taskMoney, type Run } from './billing.js';
import {
  nodeView,
  podEvents,
  podLog,
  runsBadImage,
  type CrashLoop,
  type NodeContext,
  type Pod
} from './nodes.js';
import { Code, parameterError, Rejection } from './rejection.js';
import { Stock } from './stock.js';
import {
  configOf,
  type ConfigSeed,
  type StoredConfig,
  type StoredService,
  type TaskConfig
} from './task-config.js';

export const TASK_STATUSES = ['Pending', 'Running', 'Paused', 'End', 'Other'] as const;
export type TaskStatus = (typeof TASK_STATUSES)[number];
export type { CrashLoop } from './nodes.js';

/** A task put in place by a test, in any state. */
export interface TaskSeed extends ConfigSeed {
  task_id?: bigint | number | string;
  task_type?: string;
  status?: TaskStatus;
}

export interface TaskSettings {
  /** How long a new or recovered task stays Pending, and a new node stays Pending once scheduled. */
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
  /** Images that crash-loop wherever they run (a bad release): a rolling update stalls at the first node. */
  badImages: RegExp | undefined;
  /** How often a container of a bad image restarts. */
  badImageRestartMs: number;
  /** The services the emulator serves itself (see appAnswer): how long they warm up, then what they answer. */
  app: { warmupMs: number; status: number };
  /** The emulator's own origin, for the {base_url} of a service URL template. */
  baseUrl: string;
  /** The creates (1 for the first) whose task ends in Other instead of Running. */
  failingCreates: ReadonlySet<number>;
  /**
   * What a node costs per hour while its task runs, in yuan, where its resource has no price (a mark no
   * search gave, or a task put in place by a test); a task on a searched resource bills by its prices.
   */
  pricePerPointHour: number;
  /** Whether a task bills while Pending too (starting, or recovering), not only while Running. */
  billPending: boolean;
  /**
   * How long a new task in `region` waits to pull its services' images, beyond readyAfterMs: nothing for
   * an image cached there (by a completed preheat).
   */
  pullMs: (region: string | undefined, images: readonly string[], at: number) => number;
  /**
   * How long after a stop, a pause or a recover is accepted it takes effect: until then the task keeps
   * its status (a platform that acts late). 0: at once.
   */
  actLagMs: number;
}

interface Task {
  readonly task_id: bigint;
  readonly task_type: string;
  readonly createdAt: number;
  config: StoredConfig;
  status: TaskStatus;
  /** When a Pending task settles (Running, or Other for a failing name). */
  settlesAt: number;
  /** The stretches of time it ran, with how many nodes: what it is billed for. */
  runs: Run[];
  runningSince: number | undefined;
  pods: Pod[];
  nextPod: number;
  /** The nodes it holds of its region's stock (none for a mark no search gave, or while Paused or ended). */
  held: number;
  /**
   * A rolling update under way: nodes that run another configuration are replaced one by one, the next
   * once the one before came up (at `nextAt`); a node that crash-loops stalls it.
   */
  rollout: { nextAt: number; last: number | undefined } | undefined;
  /** Nodes a scale down took off, still running until they are gone. */
  leaving: { pod: Pod; goneAt: number }[];
  /** A stop, pause or recover accepted but not yet acted on (see actLagMs). */
  due: { action: string; at: number; act: (at: number) => void } | undefined;
  /**
   * Yuan per node and hour: what it is billed (its resource's discount_price at the create) and what its
   * list price was (price), whose difference is booked as the discount; undefined: pricePerPointHour.
   */
  rate: { billed: number; list: number } | undefined;
}

/** Node ids are the task id times this, plus the node's number (from 1). */
const POINTS_PER_TASK = 1000n;

/**
 * The platform's tasks, in memory. State is derived lazily from the injected clock, so tests can move
 * time instead of sleeping: a Pending task becomes Running (or Other) once its time has come.
 */
export class TaskStore {
  /** What each device has free in each region, which creates take and stops give back. */
  readonly stock: Stock;
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
    this.stock = new Stock(now);
  }

  /** A create: refused, making nothing, when its region has fewer nodes free than it asks for. */
  create(config: TaskConfig, taskType = 'Deployment'): bigint {
    const mark = config.resources[0]?.mark;
    const took = mark !== undefined && this.stock.take(mark, taskType, config.points);
    this.#creates += 1;
    const id = this.#add(config, taskType, undefined);
    const task = this.#get(id);
    task.held = took ? config.points : 0;
    if (this.settings.failingCreates.has(this.#creates)) this.#failing.add(id);
    return id;
  }

  seed(seed: TaskSeed): bigint {
    const id = this.#add(configOf(seed), seed.task_type ?? 'Deployment', seed.task_id);
    const task = this.#tasks.get(id);
    if (task !== undefined && seed.status !== undefined && seed.status !== 'Pending')
      this.#enter(task, seed.status, this.now());
    return id;
  }

  #add(config: TaskConfig, taskType: string, given: TaskSeed['task_id']): bigint {
    const id = given === undefined ? this.#nextId : BigInt(given);
    if (this.#tasks.has(id)) throw new Error(`task ${id} exists already`);
    if (id >= this.#nextId) this.#nextId = id + 1n;
    const now = this.now();
    const task: Task = {
      task_id: id,
      task_type: taskType,
      createdAt: now,
      config: { ...config, services: this.#withIds(config.services, []) },
      status: 'Pending',
      settlesAt:
        now +
        this.settings.readyAfterMs +
        this.settings.pullMs(
          config.resources[0]?.resource?.region ?? undefined,
          config.services.map((s) => s.service_image),
          now
        ),
      runs: [],
      runningSince: undefined,
      pods: [],
      nextPod: 1,
      held: 0,
      rollout: undefined,
      leaving: [],
      due: undefined,
      rate: this.#rateOf(config.resources[0]?.mark, taskType)
    };
    if (this.settings.billPending) task.runs.push({ from: now, to: undefined, nodes: config.points });
    this.#resize(task, config.points, undefined);
    this.#tasks.set(id, task);
    return id;
  }

  detail(id: bigint): Record<string, unknown> {
    return this.#detailView(this.#get(id));
  }

  search(filter: {
    statuses?: TaskStatus[];
    searchValue?: string;
    type?: string;
  }): Record<string, unknown>[] {
    return [...this.#tasks.values()]
      .reverse()
      .map((task) => this.#settle(task))
      .filter((task) => !(this.settings.endedTasksGone && task.status === 'End'))
      .filter((task) => filter.statuses === undefined || filter.statuses.includes(task.status))
      .filter((task) => filter.type === undefined || task.task_type === filter.type)
      .filter(
        (task) => filter.searchValue === undefined || task.config.task_name.includes(filter.searchValue)
      )
      .map((task) => this.#listView(task));
  }

  /** The reference: pause applies to a Running task only. */
  pause(id: bigint): void {
    const task = this.#get(id);
    this.#require(task, ['Running'], 'pause');
    this.#act(task, 'pause', (at) => {
      this.#release(task);
      this.#enter(task, 'Paused', at);
    });
  }

  /** The reference: recover applies to a Paused task only. */
  recover(id: bigint): void {
    const task = this.#get(id);
    this.#require(task, ['Paused'], 'recover');
    this.#act(task, 'recover', (at) => {
      // The nodes a pause gave back are taken again: refused when the region has too few free.
      const mark = task.config.resources[0]?.mark;
      if (mark !== undefined && this.stock.take(mark, task.task_type, task.config.points))
        task.held = task.config.points;
      this.#enter(task, 'Pending', at);
    });
  }

  /** A Pending task comes up now, as if its wait (readyAfterMs and its images' pull) were over. */
  settleNow(id: bigint): void {
    const task = this.#get(id);
    if (task.status === 'Pending') task.settlesAt = Math.min(task.settlesAt, this.now());
  }

  /** The reference: stop applies to a Running, Pending or Paused task, and deletes it for good. */
  stop(id: bigint): void {
    const task = this.#get(id);
    this.#require(task, ['Pending', 'Running', 'Paused'], 'stop');
    this.#act(task, 'stop', (at) => {
      this.#release(task);
      this.#enter(task, 'End', at);
    });
  }

  /**
   * Acts on an accepted request now, or actLagMs later (the task keeps its status until then). The same
   * request sent again while one is due does not put it off.
   */
  #act(task: Task, action: string, act: (at: number) => void): void {
    if (this.settings.actLagMs <= 0) {
      act(this.now());
      return;
    }
    if (task.due?.action !== action) task.due = { action, at: this.now() + this.settings.actLagMs, act };
  }

  changePoints(id: bigint, points: number): void {
    const task = this.#get(id);
    this.#require(task, ['Pending', 'Running', 'Paused'], 'change the points of');
    const mark = task.config.resources[0]?.mark;
    if (mark !== undefined && task.held > 0) {
      // More nodes are taken from the region (refused when too few are free); fewer are given back.
      if (points > task.held) this.stock.take(mark, task.task_type, points - task.held);
      else this.stock.give(mark, task.task_type, task.held - points);
      task.held = points;
    }
    this.#resize(task, points, this.now());
  }

  /**
   * The reference's update: the whole configuration is overwritten by the one posted. Services keep their
   * ids by name; the write-only registry credentials were never kept.
   */
  update(id: bigint, config: TaskConfig): void {
    const task = this.#get(id);
    this.#require(task, ['Pending', 'Running', 'Paused'], 'update');
    task.config = { ...config, services: this.#withIds(config.services, task.config.services) };
    this.#resize(task, config.points, this.now());
    if (task.status === 'Running') {
      task.rollout = { nextAt: this.now(), last: undefined };
      this.#roll(task);
    } else {
      // Nothing runs: the nodes come up with the new configuration.
      for (const pod of task.pods) pod.services = task.config.services;
    }
  }

  /** A test's node failure: the node says Failed until it is deleted. */
  failNode(point: bigint): void {
    this.#pod(point).pod.failed = true;
  }

  /** Deletes one node; the platform schedules a new one in its place, which comes up after a while. */
  deletePod(point: bigint): void {
    const { task, pod } = this.#pod(point);
    this.#require(task, ['Pending', 'Running'], 'delete a node of');
    const index = task.pods.indexOf(pod);
    task.pods[index] = this.#newPod(task, this.now() + this.settings.readyAfterMs);
  }

  /** The task's nodes, one per point, each with a container per service. */
  nodes(id: bigint): Record<string, unknown>[] {
    const task = this.#get(id);
    const ctx = this.#nodeContext(task);
    const leaving = { ...ctx, isRunning: () => true };
    return [
      ...task.pods.map((pod, index) => nodeView(ctx, pod, index)),
      ...task.leaving.map(({ pod }) => nodeView(leaving, pod, 0))
    ];
  }

  /** Kubernetes-style events of a node, oldest first. */
  events(point: bigint): Record<string, unknown>[] {
    const { task, pod } = this.#pod(point);
    return podEvents(this.#nodeContext(task), pod);
  }

  /** A service's log on a node. */
  log(taskId: bigint, point: bigint, serviceId: number): string {
    const task = this.#get(taskId);
    const { task: owner } = this.#pod(point);
    if (owner !== task) throw parameterError(`point ${point} is not a node of task ${taskId}`);
    const service = task.config.services.find((s) => s.service_id === serviceId);
    if (service === undefined) throw parameterError(`task ${taskId} has no service ${serviceId}`);
    return podLog(this.#nodeContext(task), service);
  }

  /** Booked points per period of `range` from `from` to `to`, of every task or of `taskIds`. */
  billingRecords(
    range: 'hour' | 'day' | 'week' | 'month',
    from: number,
    to: number,
    taskIds: readonly bigint[] | undefined
  ): Record<string, unknown>[] {
    const tasks = [...this.#tasks.values()]
      .map((task) => this.#settle(task))
      .filter((task) => taskIds === undefined || taskIds.includes(task.task_id));
    return periods(range, from, to).map(([start, end]) => ({
      billing_coin: tasks.reduce((sum, task) => sum + this.#booked(task, start, end), 0),
      discount_coin: tasks.reduce((sum, task) => sum + this.#booked(task, start, end, 'discount'), 0),
      start_time: rfc3339(start),
      end_time: rfc3339(end)
    }));
  }

  /** Booked points per task from `from` to `to`, for the tasks booked anything then. */
  taskBillingRecords(from: number, to: number): Record<string, unknown>[] {
    return [...this.#tasks.values()]
      .reverse()
      .map((task) => ({ task: this.#settle(task), coin: this.#booked(task, from, to) }))
      .filter(({ coin }) => coin > 0)
      .map(({ task, coin }) => ({
        task_id: task.task_id,
        task_type: task.task_type,
        task_name: this.#name(task),
        billing_coin: coin,
        discount_coin: this.#booked(task, from, to, 'discount')
      }));
  }

  /**
   * What a service the emulator serves itself answers (its URLs `{base_url}/_app/{task_id}/{port}`): 502
   * while the task does not run, 404 for a port it has not, 503 during the warm-up, then the app's status.
   */
  appAnswer(taskId: string, port: string): { status: number; body: string } {
    const task = /^\d+$/.test(taskId) ? this.#tasks.get(BigInt(taskId)) : undefined;
    if (task === undefined || this.#settle(task).status !== 'Running' || task.runningSince === undefined)
      return { status: 502, body: 'bad gateway: the task does not run\n' };
    if (!task.config.services.some((s) => s.remote_ports.some((p) => String(p.service_port) === port)))
      return { status: 404, body: 'no such port\n' };
    if (this.now() < task.runningSince + this.settings.app.warmupMs)
      return { status: 503, body: 'warming up\n' };
    const { status } = this.settings.app;
    return { status, body: status < 400 ? 'ok\n' : 'unhealthy\n' };
  }

  /** Points booked between `from` and `to`: billed (at the discount price), or the discount taken off. */
  #booked(task: Task, from: number, to: number, what: 'billed' | 'discount' = 'billed'): number {
    const { billed, list } = this.#rate(task);
    return bookedBetween(
      task.runs,
      from,
      to,
      this.now(),
      what === 'billed' ? billed : Math.max(0, list - billed)
    );
  }

  /** What the task bills per node and hour, and its list price, in yuan. */
  #rate(task: Task): { billed: number; list: number } {
    const fallback = this.settings.pricePerPointHour;
    return task.rate ?? { billed: fallback, list: fallback };
  }

  /** A searched resource's prices as yuan per node and hour (see PRICE_UNITS_PER_YUAN), when the mark has them. */
  #rateOf(mark: string | undefined, taskType: string): Task['rate'] {
    const prices = mark === undefined ? undefined : this.stock.priceOf(mark, taskType);
    if (prices === undefined) return undefined;
    return {
      billed: prices.discount_price / PRICE_UNITS_PER_YUAN,
      list: prices.price / PRICE_UNITS_PER_YUAN
    };
  }

  #nodeContext(task: Task): NodeContext {
    const running = this.#runningIndexes(task);
    const money = taskMoney(task.runs, this.now(), this.#rate(task).billed);
    return {
      taskId: task.task_id,
      taskStatus: task.status,
      createdAt: task.createdAt,
      runningSince: task.runningSince,
      now: this.now(),
      config: task.config,
      crash: this.#crashLoop(task),
      badImage: (image) => this.settings.badImages?.test(image) ?? false,
      badImageRestartMs: this.settings.badImageRestartMs,
      isRunning: (index) => running.has(index),
      pointId: (pod) => task.task_id * POINTS_PER_TASK + BigInt(pod.seq),
      nodeBillingValue: Math.floor(money.billing_value / Math.max(1, task.pods.length))
    };
  }

  #withIds(services: TaskConfig['services'], before: readonly StoredService[]): StoredService[] {
    return services.map((service) => ({
      service_id:
        before.find((old) => old.service_name === service.service_name)?.service_id ?? this.#nextServiceId++,
      ...service
    }));
  }

  /** Gives the nodes a task holds back to its region's stock. */
  #release(task: Task): void {
    const mark = task.config.resources[0]?.mark;
    if (mark !== undefined && task.held > 0) this.stock.give(mark, task.task_type, task.held);
    task.held = 0;
  }

  /** A node scheduled now with the task's configuration, up at `readyAt` (with its task when undefined). */
  #newPod(task: Task, readyAt: number | undefined): Pod {
    return { seq: task.nextPod++, readyAt, services: task.config.services };
  }

  /**
   * Sets the node count: new nodes come up readyAfter after `at` (with the task when undefined); nodes
   * taken off a running task keep running for readyAfter, until they are gone.
   */
  #resize(task: Task, points: number, at: number | undefined): void {
    task.config.points = points;
    const readyAt =
      at === undefined || task.status !== 'Running' ? undefined : at + this.settings.readyAfterMs;
    while (task.pods.length < points) task.pods.push(this.#newPod(task, readyAt));
    if (at !== undefined && task.status === 'Running')
      for (const pod of task.pods.slice(points))
        task.leaving.push({ pod, goneAt: at + this.settings.readyAfterMs });
    task.pods.length = points;
    if (at !== undefined && task.runningSince !== undefined) {
      // Billed by the node from now on.
      this.#closeRun(task, at);
      task.runs.push({ from: at, to: undefined, nodes: points });
    }
  }

  /** The indexes of the nodes that run: those that came up with the task (one after another), and later ones once ready. */
  #runningIndexes(task: Task): Set<number> {
    const running = new Set<number>();
    if (task.status !== 'Running' || task.runningSince === undefined) return running;
    const first = task.pods.filter((pod) => pod.readyAt === undefined).length;
    const lag = this.settings.nodeLagMs;
    const up =
      lag <= 0 || first <= 1
        ? first
        : Math.min(first, 1 + Math.floor(((first - 1) * (this.now() - task.runningSince)) / lag));
    const up0 = up;
    let withTask = 0;
    const ctx = { badImage: (image: string) => this.settings.badImages?.test(image) ?? false };
    task.pods.forEach((pod, index) => {
      const isUp = pod.readyAt === undefined ? withTask++ < up0 : this.now() >= pod.readyAt;
      if (isUp && pod.failed !== true && !runsBadImage(ctx, pod)) running.add(index);
    });
    return running;
  }

  /**
   * Moves a rolling update on, as far as the clock says: each node that runs another configuration than
   * the task's is replaced, one at a time, once the node replaced before it came up; a node that came up
   * crash-looping (a bad image) stalls it, the rest keep serving the configuration they run.
   */
  #roll(task: Task): void {
    const { rollout } = task;
    const step = this.settings.readyAfterMs;
    const badImage = (image: string) => this.settings.badImages?.test(image) ?? false;
    while (rollout !== undefined && task.status === 'Running' && this.now() >= rollout.nextAt) {
      const last = task.pods.find((pod) => pod.seq === rollout.last);
      if (last !== undefined && (runsBadImage({ badImage }, last) || last.failed === true)) return;
      const stale = task.pods.findIndex((pod) => !sameServices(pod.services, task.config.services));
      if (stale < 0) {
        task.rollout = undefined;
        return;
      }
      const pod = this.#newPod(task, rollout.nextAt + step);
      task.pods[stale] = pod;
      rollout.last = pod.seq;
      rollout.nextAt += step;
    }
  }

  #crashLoop(task: Task): CrashLoop | undefined {
    return this.settings.crashLoops.find((crash) => crash.pattern.test(task.config.task_name));
  }

  #pod(point: bigint): { task: Task; pod: Pod } {
    const owner = this.#tasks.get(point / POINTS_PER_TASK);
    const seq = Number(point % POINTS_PER_TASK);
    const task = owner === undefined ? undefined : this.#settle(owner);
    const pod = task?.pods.find((p) => p.seq === seq);
    if (task === undefined || pod === undefined) throw parameterError(`point ${point} does not exist`);
    return { task, pod };
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
    const due = task.due;
    if (due !== undefined && this.now() >= due.at) {
      task.due = undefined;
      due.act(due.at);
    }
    if (task.status === 'Pending' && this.now() >= task.settlesAt && this.#crashLoop(task) === undefined) {
      const fails =
        (this.settings.failPattern?.test(task.config.task_name) ?? false) || this.#failing.has(task.task_id);
      this.#enter(task, fails ? 'Other' : 'Running', task.settlesAt);
    }
    this.#roll(task);
    task.leaving = task.leaving.filter((node) => node.goneAt > this.now());
    return task;
  }

  #enter(task: Task, status: TaskStatus, at: number): void {
    this.#closeRun(task, at);
    task.runningSince = status === 'Running' ? at : undefined;
    if (status === 'Running' || (status === 'Pending' && this.settings.billPending))
      task.runs.push({ from: at, to: undefined, nodes: task.config.points });
    task.status = status;
    task.leaving = [];
    if (status === 'Pending') task.settlesAt = at + this.settings.readyAfterMs;
    // Nodes scheduled while the task did not run come up with it.
    if (status !== 'Running') task.pods = task.pods.map((pod) => ({ ...pod, readyAt: undefined }));
  }

  #closeRun(task: Task, at: number): void {
    const open = task.runs.at(-1);
    if (open !== undefined && open.to === undefined) open.to = at;
  }

  #url(taskId: bigint, port: number): string {
    const template = this.settings.serviceUrl ?? 'https://t{task_id}-{port}.apps.emulator.invalid';
    return template
      .replaceAll('{base_url}', this.settings.baseUrl)
      .replaceAll('{task_id}', taskId.toString())
      .replaceAll('{port}', String(port));
  }

  #name(task: Task): string {
    return this.settings.nameOverride ?? task.config.task_name;
  }

  #resourcesView(task: Task): Record<string, unknown>[] {
    return task.config.resources.map(({ resource, region_name, mark }) => ({ resource, region_name, mark }));
  }

  #portsView(task: Task, service: StoredService): Record<string, unknown>[] {
    const reachable = task.status === 'Running';
    return service.remote_ports.map((port) => ({
      url: reachable ? this.#url(task.task_id, port.service_port) : null,
      service_port: port.service_port
    }));
  }

  /** The counts and money of a task, as detail and the task list both give them. */
  #counts(task: Task): Record<string, unknown> {
    const running = this.#runningIndexes(task).size + task.leaving.length;
    return {
      status: task.status,
      points: task.config.points,
      runing_points: running,
      billing_points: running,
      ...taskMoney(task.runs, this.now(), this.#rate(task).billed)
    };
  }

  /** A task as the reference's task list gives it. */
  #listView(task: Task): Record<string, unknown> {
    return {
      task_id: task.task_id,
      task_name: this.#name(task),
      ...this.#counts(task),
      resources: this.#resourcesView(task),
      services: task.config.services.map((service) => ({
        service_id: service.service_id,
        service_name: service.service_name,
        service_image: service.service_image,
        remote_ports: this.#portsView(task, service)
      }))
    };
  }

  /** A task as the reference's task detail gives it: the whole configuration, and its state. */
  #detailView(task: Task): Record<string, unknown> {
    const { scheduling, services } = task.config;
    return {
      task_id: task.task_id,
      task_type: task.task_type,
      task_name: this.#name(task),
      namespace: null,
      // Write-only: taken by a create, never answered.
      repository_username: null,
      repository_password: null,
      ...this.#counts(task),
      ...scheduling,
      resources: this.#resourcesView(task),
      services: services.map((service) => ({
        service_id: service.service_id,
        service_name: service.service_name,
        service_image: service.service_image,
        env: service.env,
        shared_mem_size: service.shared_mem_size,
        storage_config: service.storage_config,
        share_storage_config: service.share_storage_config,
        nas_storage_config: service.nas_storage_config,
        remote_ports: this.#portsView(task, service),
        health_checks: service.health_checks,
        start_script_v2: service.start_script_v2
      }))
    };
  }
}

export function rfc3339(ms: number): string {
  return new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');
}

/**
 * A time as the platform writes a task's own times (the job detail's create_time, last_update_time): RFC
 * 3339 in China's time (+08:00), to the microsecond, `2026-04-21T09:01:23.441992+08:00`; with `spaced`, as
 * the job search writes them, `2026-04-21 09:04:20.500576 +08:00`.
 */
export function chinaTime(ms: number, spaced = false): string {
  const local = new Date(ms + 8 * 3_600_000).toISOString();
  const [date = '', time = ''] = local.replace(/Z$/, '').split('T');
  const micro = `${time}000`;
  return spaced ? `${date} ${micro} +08:00` : `${date}T${micro}+08:00`;
}

/** Whether two configurations of a task's services are the same (their ids aside). */
function sameServices(a: readonly StoredService[], b: readonly StoredService[]): boolean {
  const bare = (services: readonly StoredService[]) =>
    JSON.stringify(services.map((service) => ({ ...service, service_id: undefined })));
  return bare(a) === bare(b);
}
