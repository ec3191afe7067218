import {
  cleanupActionOf,
  type CleanupState,
  type CreateLookup,
  type Rollback,
  type ScaleBack
} from '../deploy/engine.js';
import type { StepHost } from './host.js';
import { readPrivateFile } from './private-file.js';

/**
 * What the main step leaves for the post step (see CleanupState), in the runner's saved state: one value
 * per part, each saved again whenever the step changes it, so a job cancelled at any moment leaves the
 * latest. The names are the ones the post step has always read (see CONTRIBUTING.md).
 */
const KEYS = {
  action: 'cleanup',
  created: 'created_task_ids',
  lookup: 'create_lookup',
  retire: 'retire_task_ids',
  preheats: 'preheat_task_ids',
  rollback: 'rollback',
  scaleBack: 'scale_back'
} as const;

/** The largest configuration file the post step reads back: a create's body is 1 MiB at most. */
const MAX_CONFIGURATION_BYTES = 8 * 1024 * 1024;

/** A rollback as saved: the configuration itself, or (a host that stashes) the file that holds it. */
interface SavedRollback {
  taskId: string;
  configuration?: string;
  configurationFile?: string;
}

/** The file each rollback's configuration was stashed in: written once, however often the state is saved. */
const stashed = new WeakMap<Rollback, string>();

export function saveCleanup(host: Pick<StepHost, 'saveState' | 'stash'>, state: CleanupState): void {
  host.saveState(KEYS.action, state.action ?? 'none');
  host.saveState(KEYS.created, JSON.stringify(state.created));
  host.saveState(KEYS.lookup, state.lookup === undefined ? '' : JSON.stringify(state.lookup));
  host.saveState(KEYS.retire, JSON.stringify(state.retire));
  host.saveState(KEYS.preheats, JSON.stringify(state.preheats));
  host.saveState(
    KEYS.rollback,
    state.rollback === undefined ? '' : JSON.stringify(rollbackToSave(host, state.rollback))
  );
  host.saveState(KEYS.scaleBack, state.scaleBack === undefined ? '' : JSON.stringify(state.scaleBack));
}

/** What the main step left, as saved; what was never saved reads as nothing to do. */
export function savedCleanup(host: Pick<StepHost, 'state'>): CleanupState {
  const action = host.state(KEYS.action);
  const list = (name: string): string[] => JSON.parse(host.state(name) || '[]') as string[];
  const lookup = host.state(KEYS.lookup);
  const rollback = host.state(KEYS.rollback);
  const scaleBack = host.state(KEYS.scaleBack);
  return {
    action: cleanupActionOf(action),
    created: list(KEYS.created),
    lookup: lookup === '' ? undefined : createLookup(JSON.parse(lookup) as Partial<CreateLookup>),
    retire: list(KEYS.retire),
    preheats: list(KEYS.preheats),
    rollback: rollback === '' ? undefined : savedRollback(JSON.parse(rollback) as SavedRollback),
    scaleBack: scaleBack === '' ? undefined : (JSON.parse(scaleBack) as ScaleBack)
  };
}

/**
 * A saved lookup; one saved by an older version, without `landsBy` and `attempts`, reads as one attempt
 * that can no longer land (the post step searches once).
 */
function createLookup(saved: Partial<CreateLookup>): CreateLookup {
  return {
    taskName: saved.taskName ?? '',
    existingIds: saved.existingIds ?? [],
    landsBy: typeof saved.landsBy === 'number' ? saved.landsBy : 0,
    attempts: typeof saved.attempts === 'number' ? saved.attempts : 1
  };
}

/**
 * A rollback to save: its configuration (as large as a task's whole configuration, a big env included) in
 * a file, where the host stashes, and the file's path in the state; else as it is.
 */
function rollbackToSave(host: Pick<StepHost, 'stash'>, rollback: Rollback): SavedRollback {
  if (host.stash === undefined) return rollback;
  let file = stashed.get(rollback);
  if (file === undefined) {
    file = host.stash(`rollback-${rollback.taskId}.json`, rollback.configuration);
    stashed.set(rollback, file);
  }
  return { taskId: rollback.taskId, configurationFile: file };
}

/** A saved rollback, its configuration read back from its file (one saved by an older version holds it). */
function savedRollback(saved: SavedRollback): Rollback {
  const { taskId, configurationFile } = saved;
  if (configurationFile === undefined) return { taskId, configuration: saved.configuration ?? '' };
  try {
    return { taskId, configuration: readPrivateFile(configurationFile, MAX_CONFIGURATION_BYTES) };
  } catch (error) {
    const why =
      (error as NodeJS.ErrnoException).code ?? (error instanceof Error ? error.message : String(error));
    return { taskId, configuration: '', lost: `${configurationFile}: ${why}` };
  }
}
