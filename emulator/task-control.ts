// What a test (or the emulator's --config) sets of the deployment's tasks and sees of them: tasks put in
// place, moved on or stopped as another client would; how long they take, what they cost, how they fail;
// the apps the emulator serves at their URLs.
import type { CrashLoopSpec } from './records.js';
import type { Stores } from './stores.js';
import type { CrashLoop, TaskSeed } from './tasks.js';

/** A request to a service the emulator serves (see TaskControl.setApps). */
export interface AppRequest {
  path: string;
  status: number;
  headerNames: string[];
}

export interface TaskControl {
  /** Puts a task in place, in any state; answers its id as digits. */
  add(seed: TaskSeed): string;
  /** The task as task detail shows it. */
  get(taskId: bigint | number | string): Record<string, unknown>;
  /**
   * Has a Pending task come up now, whatever readyAfterSeconds said when it was made: the moment a test
   * needs, rather than one that a slow machine could miss.
   */
  settle(taskId: bigint | number | string): void;
  /** Stops a task as another client's stop would (as late as the act lag says). */
  stop(taskId: bigint | number | string): void;
  /** Fails a node (by its point_id) for good: it says Failed until it is deleted (delete_pod). */
  failNode(pointId: bigint | number | string): void;
  /** How long a new task stays Pending (and a new node, and an image preheat takes). */
  setReadyAfter(seconds: number): void;
  /** How long after a stop, a pause or a recover is accepted it takes effect (0: at once). */
  setActLag(seconds: number): void;
  /** How long after a task runs its nodes take to run, one after another. */
  setNodeLag(seconds: number): void;
  /**
   * The URL every service port shows once its task runs: a template where {task_id} and {port} are
   * replaced (any text at all, to test how clients treat it); undefined restores the default.
   */
  setServiceUrl(template: string | undefined): void;
  /**
   * Serves every service itself, at its service URLs `{base_url}/_app/{task_id}/{port}/...`: 503 during
   * `warmupSeconds` once the task runs, then `status`.
   */
  setApps(apps: { warmupSeconds?: number; status?: number }): void;
  /** Requests to the services the emulator serves (setApps), apart from the API's. */
  readonly appRequests: readonly AppRequest[];
  /** The creates (counted from 1, since the emulator started) whose task ends in Other. */
  setFailingCreates(creates: readonly number[]): void;
  /** The task names whose tasks end in Other; undefined: none. */
  setFailPattern(pattern: RegExp | undefined): void;
  /** The crash loops, replacing those set before; [] lifts them. */
  setCrashLoops(loops: readonly CrashLoopSpec[]): void;
  /** The images that crash-loop wherever they run (a bad release), restarting every so often; undefined: none. */
  setBadImages(pattern: RegExp | undefined, restartEverySeconds?: number): void;
  /**
   * What a node costs per hour, in yuan, while a task runs on a resource without a price (a mark no
   * search gave, or a task put in place by add); one created on a searched resource bills by that entry's
   * discount_price (and books price minus it as the discount), read as thousandths of a yuan per node-hour.
   */
  setPrice(perPointHour: number): void;
  /** Whether a task bills while Pending too (starting or recovering), not only while Running (default). */
  setBillPending(bill: boolean): void;
  /** Whether details and searches leave out billing_value and forecast_value (see TaskSettings.omitCostFields). */
  setOmitCostFields(omit: boolean): void;
  /** Whether ended tasks are deleted, so that asking about them answers that they do not exist. */
  setEndedTasksGone(gone: boolean): void;
  /**
   * Whether the task list answers its schema's fields only (billing_value, no forecast_value nor
   * billing_points): what a task has used since it was last billed then shows in its detail alone.
   */
  setListSchemaOnly(only: boolean): void;
}

export function taskControl(
  stores: Stores,
  emulator: { applyLate: () => void; appRequests: readonly AppRequest[] }
): TaskControl {
  const { tasks, preheats } = stores;
  const { settings } = tasks;
  return {
    add: (seed) => tasks.seed(seed).toString(),
    get: (taskId) => {
      emulator.applyLate();
      return tasks.detail(BigInt(taskId));
    },
    settle: (taskId) => {
      tasks.settleNow(BigInt(taskId));
    },
    stop: (taskId) => {
      tasks.stop(BigInt(taskId));
    },
    failNode: (pointId) => {
      tasks.failNode(BigInt(pointId));
    },
    setReadyAfter: (seconds) => {
      settings.readyAfterMs = seconds * 1000;
      preheats.settings.durationMs = seconds * 1000;
    },
    setActLag: (seconds) => {
      settings.actLagMs = seconds * 1000;
    },
    setNodeLag: (seconds) => {
      settings.nodeLagMs = seconds * 1000;
    },
    setServiceUrl: (template) => {
      settings.serviceUrl = template;
    },
    setApps: (apps) => {
      settings.serviceUrl = '{base_url}/_app/{task_id}/{port}';
      settings.app = { warmupMs: (apps.warmupSeconds ?? 0) * 1000, status: apps.status ?? 200 };
    },
    get appRequests() {
      return emulator.appRequests;
    },
    setFailingCreates: (creates) => {
      settings.failingCreates = new Set(creates);
    },
    setFailPattern: (pattern) => {
      settings.failPattern = pattern;
    },
    setCrashLoops: (loops) => {
      settings.crashLoops = loops.map(crashLoop);
    },
    setBadImages: (pattern, restartEverySeconds = 10) => {
      settings.badImages = pattern;
      settings.badImageRestartMs = restartEverySeconds * 1000;
    },
    setPrice: (perPointHour) => {
      settings.pricePerPointHour = perPointHour;
    },
    setBillPending: (bill) => {
      settings.billPending = bill;
    },
    setOmitCostFields: (omit) => {
      settings.omitCostFields = omit;
    },
    setEndedTasksGone: (gone) => {
      settings.endedTasksGone = gone;
    },
    setListSchemaOnly: (only) => {
      settings.listSchemaOnly = only;
    }
  };
}

/** A crash loop as a test gives it, with its defaults. */
export function crashLoop(spec: CrashLoopSpec): CrashLoop {
  return {
    pattern: typeof spec.pattern === 'string' ? new RegExp(spec.pattern) : spec.pattern,
    reason: spec.reason ?? 'CrashLoopBackOff',
    exitCode: spec.exitCode ?? 1,
    restartEveryMs: (spec.restartEverySeconds ?? 1) * 1000,
    nodeStatus: spec.nodeStatus ?? 'Running',
    log: spec.log ?? 'starting\nError: cannot connect to the model store\n'
  };
}
