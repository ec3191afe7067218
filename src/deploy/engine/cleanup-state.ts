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
  /** Transfers the step started and has not seen end, to stop whatever happens to the job. */
  transfers: readonly TransferLeft[];
  /** Volumes' SFTP sessions the step asked for and has not seen destroyed, to destroy. */
  sftpSessions: readonly SftpSessionLeft[];
  /** Cluster storage volumes the step made, to delete once the job ends (volume_cleanup: delete). */
  volumes: readonly VolumeLeft[];
  /** Self-hosted runners the step registered with GitHub and did not hand over, to remove. */
  registrations: readonly RunnerLeft[];
}

/** A runner a runner step registered with GitHub: its id and name, and where it is registered. */
export interface RunnerLeft {
  id: number;
  name: string;
  scope: 'repo' | 'org';
}

/**
 * A transfer the step started: its name (unique to the run), its volume, and its id once the create's
 * answer or the list gave it (until then, the post step finds it by name among the volume's transfers).
 */
export interface TransferLeft {
  name: string;
  storageId: string;
  id: string | undefined;
}

/**
 * A volume's SFTP session the step asked for: on the ledger before its obtain is sent (so one a killed
 * step left open is destroyed), and the time it expires once Running showed it (ms since the epoch). Never
 * its credentials: the ledger is a file on the runner.
 */
export interface SftpSessionLeft {
  storageId: string;
  expiresAt: number | undefined;
}

/**
 * A volume the step is making for this run: its name, and its id once its own create's answer gave it.
 * Only a volume of a known id is deleted: one held by name only (its create never answered) is looked for
 * and kept, since another run may have made one of that name.
 */
export interface VolumeLeft {
  name: string;
  id: string | undefined;
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

export const NO_CLEANUP: CleanupState = {
  action: undefined,
  created: [],
  lookup: undefined,
  retire: [],
  preheats: [],
  rollback: undefined,
  scaleBack: undefined,
  transfers: [],
  sftpSessions: [],
  volumes: [],
  registrations: []
};

/** The kinds of leftover the ledger holds: each has its entry in LEFTOVER_KINDS and its finisher. */
export type LeftoverKind = Exclude<keyof CleanupState, 'action'>;

/** Where a saved leftover too large for the state goes (a private file), and how it is read back. */
export interface Stash {
  /** Writes `text` to a private file named after `name`, answering its path; absent: kept inline. */
  put?: (name: string, text: string) => string;
  /** Reads a stashed file back (throws when it cannot). */
  read: (file: string) => string;
}

/** How a kind of leftover is said, and kept in the runner's saved state. */
export interface LeftoverSpec<K extends LeftoverKind> {
  /** The saved state's key: the names the post step has always read (see CONTRIBUTING.md). */
  key: string;
  /** What is left, a phrase each (`task 7 to stop`); none when nothing is. */
  phrases: (value: CleanupState[K], state: CleanupState) => string[];
  /** The value as saved (text; '' or '[]' for nothing). */
  encode: (value: CleanupState[K], stash: Stash) => string;
  /** A saved text read back; what an older version saved reads too, and nothing saved as nothing. */
  decode: (text: string, stash: Stash) => CleanupState[K];
}

const ids = (text: string): string[] => JSON.parse(text || '[]') as string[];
const taskList = (list: readonly string[], what: string): string[] =>
  list.length === 0 ? [] : [`task ${list.join(', ')} ${what}`];
const optional =
  <T>(encode: (value: T) => string) =>
  (value: T | undefined) =>
    value === undefined ? '' : encode(value);

/** The file each rollback's configuration was stashed in: written once, however often the state is saved. */
const stashed = new WeakMap<Rollback, string>();

/**
 * The ledger's kinds of leftover, in the order the post step finishes them (see finishCleanup): an
 * update to roll back, a scale up to finish, the tasks created, the old generation to retire, the image
 * preheats, the transfers still under way, the volumes' SFTP sessions, the volumes made for the run (once the tasks that may mount
 * them are stopped, and the transfers into them), and last a
 * create that may still land (searched for by name, the post step's last request).
 */
export const LEFTOVER_KINDS: { readonly [K in LeftoverKind]: LeftoverSpec<K> } = {
  rollback: {
    key: 'rollback',
    phrases: (rollback) =>
      rollback === undefined ? [] : [`an update of task ${rollback.taskId} to roll back`],
    encode: (rollback, stash) => {
      if (rollback === undefined) return '';
      if (stash.put === undefined) return JSON.stringify(rollback);
      let file = stashed.get(rollback);
      if (file === undefined) {
        file = stash.put(`rollback-${rollback.taskId}.json`, rollback.configuration);
        stashed.set(rollback, file);
      }
      return JSON.stringify({ taskId: rollback.taskId, configurationFile: file });
    },
    decode: (text, stash) => {
      if (text === '') return undefined;
      const saved = JSON.parse(text) as {
        taskId: string;
        configuration?: string;
        configurationFile?: string;
      };
      const { taskId, configurationFile } = saved;
      // An older version saved the configuration itself.
      if (configurationFile === undefined) return { taskId, configuration: saved.configuration ?? '' };
      try {
        return { taskId, configuration: stash.read(configurationFile) };
      } catch (error) {
        const why =
          (error as NodeJS.ErrnoException).code ?? (error instanceof Error ? error.message : String(error));
        return { taskId, configuration: '', lost: `${configurationFile}: ${why}` };
      }
    }
  },
  scaleBack: {
    key: 'scale_back',
    phrases: (scale) => (scale === undefined ? [] : [`a scale up of task ${scale.taskId} to finish`]),
    encode: optional((scale) => JSON.stringify(scale)),
    decode: (text) => (text === '' ? undefined : (JSON.parse(text) as ScaleBack))
  },
  created: {
    key: 'created_task_ids',
    phrases: (created, state) => (state.action === undefined ? [] : taskList(created, `to ${state.action}`)),
    encode: (created) => JSON.stringify(created),
    decode: ids
  },
  retire: {
    key: 'retire_task_ids',
    phrases: (retire) => taskList(retire, 'to stop (the old generation of a replace)'),
    encode: (retire) => JSON.stringify(retire),
    decode: ids
  },
  preheats: {
    key: 'preheat_task_ids',
    phrases: (preheats) => taskList(preheats, 'to stop (image preheats)'),
    encode: (preheats) => JSON.stringify(preheats),
    decode: ids
  },
  transfers: {
    key: 'transfers',
    phrases: (transfers) =>
      transfers.map((t) =>
        t.id === undefined
          ? `the transfer named ${JSON.stringify(t.name)} to stop, if its create landed`
          : `transfer ${t.id} to stop`
      ),
    encode: (transfers) => JSON.stringify(transfers),
    decode: (text) => JSON.parse(text || '[]') as TransferLeft[]
  },
  sftpSessions: {
    key: 'sftp_sessions',
    phrases: (sessions) => sessions.map((s) => `the SFTP session of volume ${s.storageId} to destroy`),
    encode: (sessions) => JSON.stringify(sessions),
    decode: (text) =>
      (JSON.parse(text || '[]') as Partial<SftpSessionLeft>[]).map((s) => ({
        storageId: String(s.storageId),
        expiresAt: typeof s.expiresAt === 'number' ? s.expiresAt : undefined
      }))
  },
  volumes: {
    key: 'volumes',
    phrases: (volumes) =>
      volumes.map((v) =>
        v.id === undefined
          ? `the volume named ${JSON.stringify(v.name)} to look for, whose create never answered (kept if listed: a name is no proof of who made it)`
          : `volume ${v.id} (${v.name}) to delete`
      ),
    encode: (volumes) => JSON.stringify(volumes),
    decode: (text) => JSON.parse(text || '[]') as VolumeLeft[]
  },
  registrations: {
    key: 'runner_registrations',
    phrases: (registered) => registered.map((r) => `runner ${r.name} to remove from GitHub`),
    encode: (registered) => JSON.stringify(registered),
    decode: (text) => JSON.parse(text || '[]') as RunnerLeft[]
  },
  lookup: {
    key: 'create_lookup',
    phrases: (lookup) =>
      lookup === undefined
        ? []
        : [`a task named ${JSON.stringify(lookup.taskName)} that a create may have made`],
    encode: optional((lookup) => JSON.stringify(lookup)),
    decode: (text) => {
      if (text === '') return undefined;
      // One saved by an older version, without landsBy and attempts, reads as one attempt that can no
      // longer land (the post step searches once).
      const saved = JSON.parse(text) as Partial<CreateLookup>;
      return {
        taskName: saved.taskName ?? '',
        existingIds: saved.existingIds ?? [],
        landsBy: typeof saved.landsBy === 'number' ? saved.landsBy : 0,
        attempts: typeof saved.attempts === 'number' ? saved.attempts : 1
      };
    }
  }
};

/** Each kind of leftover, in the order the post step finishes them. */
export const LEFTOVER_ORDER = Object.keys(LEFTOVER_KINDS) as LeftoverKind[];

/**
 * What the state leaves to clean up, a phrase each (`task 7 to stop`, `an update of task 7 to roll back`),
 * none when a cleanup would have nothing to do.
 */
export function leftovers(state: CleanupState): string[] {
  return LEFTOVER_ORDER.flatMap((kind) => phrasesOf(kind, state));
}

// eslint-disable-next-line @typescript-eslint/no-unnecessary-type-parameters -- K ties the kind's spec to its value (a correlated union)
function phrasesOf<K extends LeftoverKind>(kind: K, state: CleanupState): string[] {
  return LEFTOVER_KINDS[kind].phrases(state[kind], state);
}

/** The tasks of the ledger's lists of task ids. */
type TaskList = 'created' | 'retire' | 'preheats';
/** The ledger's single leftovers. */
type Single = Exclude<LeftoverKind, TaskList | 'volumes' | 'transfers' | 'sftpSessions' | 'registrations'>;

/**
 * Where a step records what it leaves, the ledger: each change is saved at once, so a cancelled job loses
 * none. `add` and `settle` keep a list of task ids (added once each; settled, taken out); `set` and
 * `clear` a single leftover; `update` changes several in one save, where a cancel between two would lose
 * one.
 */
export interface CleanupRecorder {
  readonly state: () => CleanupState;
  add: (kind: TaskList, taskIds: readonly string[]) => void;
  settle: (kind: TaskList, taskId: string) => void;
  set: <K extends Single>(kind: K, value: NonNullable<CleanupState[K]>) => void;
  clear: (kind: Single) => void;
  update: (change: Partial<CleanupState>) => void;
}

/** A recorder that keeps the state and hands every new one to `save` (the host's saved state). */
export function cleanupRecorder(
  initial: CleanupState,
  save: (state: CleanupState) => void = () => undefined
): CleanupRecorder {
  let state = initial;
  save(state);
  const update = (change: Partial<CleanupState>): void => {
    state = { ...state, ...change };
    save(state);
  };
  return {
    state: () => state,
    add: (kind, taskIds) => {
      update({ [kind]: [...new Set([...state[kind], ...taskIds])] });
    },
    settle: (kind, taskId) => {
      update({ [kind]: state[kind].filter((id) => id !== taskId) });
    },
    set: (kind, value) => {
      update({ [kind]: value });
    },
    clear: (kind) => {
      update({ [kind]: undefined });
    },
    update
  };
}
