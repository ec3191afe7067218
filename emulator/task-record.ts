// A deployment task as the emulator keeps it, and how its store behaves (TaskSettings).
import type { Run } from './billing.js';
import type { CrashLoop, Pod } from './nodes.js';
import type { ConfigSeed, StoredConfig } from './task-config.js';

export const TASK_STATUSES = ['Pending', 'Running', 'Paused', 'End', 'Other'] as const;
export type TaskStatus = (typeof TASK_STATUSES)[number];

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
  /**
   * The task list answers its schema's fields only: billing_value, without forecast_value and
   * billing_points (the reference's prose says the list has them; the list's schema does not).
   */
  listSchemaOnly: boolean;
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
   * Details and searches, of tasks and jobs, leave out billing_value and forecast_value (the reference
   * types both as optional): what a client reads of money then is the billing records alone.
   */
  omitCostFields: boolean;
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

/** A deployment task as the emulator keeps it. */
export interface Task {
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
export const POINTS_PER_TASK = 1000n;
