import type { OperationName } from '../platform/platform-settings.js';

/** What the post step (or a later cleanup) does with the tasks this step created. */
export type CleanupAction = 'stop' | 'pause';

/** The cleanup a step may ask for: nothing, or one of the actions. */
export const CLEANUP_CHOICES = ['none', 'stop', 'pause'] as const;

/** What a cleanup did to a task, in a word: stopped or paused. */
export const CLEANUP_DONE: Readonly<Record<CleanupAction, string>> = { stop: 'stopped', pause: 'paused' };

/** The cleanup action a text names, or undefined for none (or anything else). */
export function cleanupActionOf(text: string): CleanupAction | undefined {
  return text in CLEANUP_DONE ? (text as CleanupAction) : undefined;
}

/**
 * What the post step needs to find a task a create may have made without the step learning its id (the
 * job was cancelled with the request in flight, the answer carried no id, or an earlier attempt may land
 * after a re-create): its name, the tasks of that name that existed before (never touched), and until
 * when an attempt sent may still land (ms since the epoch).
 */
export interface CreateLookup {
  taskName: string;
  existingIds: string[];
  /** Until when a task of this create may still appear: the last attempt's deadline and a margin. */
  landsBy: number;
  /** How many attempts were sent that may each have made a task (one a refusal or a 429 made none). */
  attempts: number;
}

/**
 * What a step leaves for the post step to finish, whatever happens to the job: the tasks it created (to
 * stop or pause as `action` says), a create whose task may exist without its id (`lookup`), tasks to
 * stop whatever `action` says (`retire`: the old generation a replace is retiring), image preheats
 * still running (`preheats`: stopped, as a preheat that did not complete is), and an update to roll back
 * (`rollback`: posted back, and waited for until it serves), and a scale up to set back if its new nodes
 * fail (`scaleBack`: they are waited for, and the count set back only if one fails).
 */
export interface CleanupState {
  action: CleanupAction | undefined;
  created: readonly string[];
  lookup: CreateLookup | undefined;
  retire: readonly string[];
  preheats: readonly string[];
  /** An update under way: the task and the configuration it had (compact JSON), to post back if it fails. */
  rollback: Rollback | undefined;
  /** A scale up under way: the count to set back if its new nodes fail. */
  scaleBack: ScaleBack | undefined;
}

/** What an update leaves until its new configuration serves: how to set the task back as it was. */
export interface Rollback {
  taskId: string;
  /** The configuration the task had, as compact JSON (numbers exact). */
  configuration: string;
  /** Why the configuration saved for the post step could not be read back, when it could not. */
  lost?: string;
}

/**
 * What a scale up leaves until its new nodes run: the task, the count it had (`points`), the count asked
 * (`target`), and the nodes it ran before (point ids), so that a new node that fails can be told.
 */
export interface ScaleBack {
  taskId: string;
  points: number;
  target: number;
  before: readonly string[];
}

/**
 * The operations whose step may leave a change for the post step to finish, whatever `cleanup` says: an
 * update to roll back (`rollback`), a scale up to set back if a new node fails (`scaleBack`).
 */
const LEAVES_CHANGES: ReadonlySet<string> = new Set<OperationName>(['update', 'scale']);

/** Whether a step of this operation may leave a change for the post step to finish. */
export function leavesChange(operation: string): boolean {
  return LEAVES_CHANGES.has(operation);
}

export const NO_CLEANUP: CleanupState = {
  action: undefined,
  created: [],
  lookup: undefined,
  retire: [],
  preheats: [],
  rollback: undefined,
  scaleBack: undefined
};

/**
 * What the state leaves to clean up, a phrase each (`task 7 to stop`, `an update of task 7 to roll back`),
 * none when a cleanup would have nothing to do.
 */
export function leftovers(state: CleanupState): string[] {
  const tasks = (ids: readonly string[], what: string): string[] =>
    ids.length === 0 ? [] : [`task ${ids.join(', ')} ${what}`];
  const verb = state.action === undefined ? undefined : `to ${state.action}`;
  return [
    ...(verb === undefined ? [] : tasks(state.created, verb)),
    ...tasks(state.retire, 'to stop (the old generation of a replace)'),
    ...tasks(state.preheats, 'to stop (image preheats)'),
    ...(state.lookup === undefined
      ? []
      : [`a task named ${JSON.stringify(state.lookup.taskName)} that a create may have made`]),
    ...(state.rollback === undefined ? [] : [`an update of task ${state.rollback.taskId} to roll back`]),
    ...(state.scaleBack === undefined ? [] : [`a scale up of task ${state.scaleBack.taskId} to finish`])
  ];
}

/** Where a step records what it leaves: each change is saved at once, so a cancelled job loses none. */
export interface CleanupRecorder {
  readonly state: () => CleanupState;
  update: (change: Partial<CleanupState>) => void;
}

/** A recorder that keeps the state and hands every new one to `save` (the host's saved state). */
export function cleanupRecorder(
  initial: CleanupState,
  save: (state: CleanupState) => void = () => undefined
): CleanupRecorder {
  let state = initial;
  save(state);
  return {
    state: () => state,
    update: (change) => {
      state = { ...state, ...change };
      save(state);
    }
  };
}
