// The deployment's tasks, in memory: made, seeded, read, searched, stopped, paused, recovered, resized and
// updated as the reference says, their nodes (task-nodes.ts), their views (task-views.ts) and their bills.
import { bookedBetween, periods, PRICE_UNITS_PER_YUAN, taskMoney } from './billing.js';
import { nodeView, podEvents, podLog, type NodeContext, type Pod } from './nodes.js';
import { Code, parameterError, Rejection } from './rejection.js';
import { closeRun, crashLoopOf, newPod, resize, roll, runningIndexes } from './task-nodes.js';
import {
  POINTS_PER_TASK,
  type Task,
  type TaskSeed,
  type TaskSettings,
  type TaskStatus
} from './task-record.js';
import type { Stock } from './stock.js';
import { rfc3339 } from './times.js';
import { detailView, listView, serviceUrl, type TaskLook } from './task-views.js';
import { configOf, type StoredService, type TaskConfig } from './task-config.js';

export { TASK_STATUSES, type TaskSeed, type TaskSettings, type TaskStatus } from './task-record.js';
export type { CrashLoop } from './nodes.js';

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
    /** What each device has free in each region, which creates take and stops give back. */
    readonly stock: Stock,
    firstTaskId: bigint = 1229831n
  ) {
    this.#nextId = firstTaskId;
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
    resize(task, config.points, undefined, this.settings);
    this.#tasks.set(id, task);
    return id;
  }

  detail(id: bigint): Record<string, unknown> {
    const task = this.#get(id);
    return detailView(task, this.#look(task));
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
      .map((task) => listView(task, this.#look(task)))
      .map(({ forecast_value, billing_points, ...row }) =>
        this.settings.listSchemaOnly ? row : { ...row, forecast_value, billing_points }
      );
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
    resize(task, points, this.now(), this.settings);
  }

  /**
   * The reference's update: the whole configuration is overwritten by the one posted. Services keep their
   * ids by name; the write-only registry credentials were never kept.
   */
  update(id: bigint, config: TaskConfig): void {
    const task = this.#get(id);
    this.#require(task, ['Pending', 'Running', 'Paused'], 'update');
    task.config = { ...config, services: this.#withIds(config.services, task.config.services) };
    resize(task, config.points, this.now(), this.settings);
    if (task.status === 'Running') {
      task.rollout = { nextAt: this.now(), last: undefined };
      roll(task, this.settings, this.now());
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
    task.pods[index] = newPod(task, this.now() + this.settings.readyAfterMs);
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
    taskIds: readonly bigint[] | undefined,
    others: (from: number, to: number) => number = () => 0
  ): Record<string, unknown>[] {
    const tasks = [...this.#tasks.values()]
      .map((task) => this.#settle(task))
      .filter((task) => taskIds === undefined || taskIds.includes(task.task_id));
    return periods(range, from, to).map(([start, end]) => ({
      billing_coin: tasks.reduce((sum, task) => sum + this.#booked(task, start, end), others(start, end)),
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
        task_name: this.#look(task).name,
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
    const running = runningIndexes(task, this.settings, this.now());
    const money = taskMoney(task.runs, this.now(), this.#rate(task).billed);
    return {
      taskId: task.task_id,
      taskStatus: task.status,
      createdAt: task.createdAt,
      runningSince: task.runningSince,
      now: this.now(),
      config: task.config,
      crash: crashLoopOf(task, this.settings),
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
    if (
      task.status === 'Pending' &&
      this.now() >= task.settlesAt &&
      crashLoopOf(task, this.settings) === undefined
    ) {
      const fails =
        (this.settings.failPattern?.test(task.config.task_name) ?? false) || this.#failing.has(task.task_id);
      this.#enter(task, fails ? 'Other' : 'Running', task.settlesAt);
    }
    roll(task, this.settings, this.now());
    task.leaving = task.leaving.filter((node) => node.goneAt > this.now());
    return task;
  }

  #enter(task: Task, status: TaskStatus, at: number): void {
    closeRun(task, at);
    task.runningSince = status === 'Running' ? at : undefined;
    if (status === 'Running' || (status === 'Pending' && this.settings.billPending))
      task.runs.push({ from: at, to: undefined, nodes: task.config.points });
    task.status = status;
    task.leaving = [];
    if (status === 'Pending') task.settlesAt = at + this.settings.readyAfterMs;
    // Nodes scheduled while the task did not run come up with it.
    if (status !== 'Running') task.pods = task.pods.map((pod) => ({ ...pod, readyAt: undefined }));
  }

  /** What a view of the task shows beyond its record: its name, counts and money, its ports' URLs. */
  #look(task: Task): TaskLook {
    const running = runningIndexes(task, this.settings, this.now()).size + task.leaving.length;
    return {
      name: this.settings.nameOverride ?? task.config.task_name,
      counts: {
        status: task.status,
        points: task.config.points,
        runing_points: running,
        billing_points: running,
        ...(this.settings.omitCostFields ? {} : taskMoney(task.runs, this.now(), this.#rate(task).billed))
      },
      url: (port) => (task.status === 'Running' ? serviceUrl(this.settings, task.task_id, port) : null)
    };
  }
}
