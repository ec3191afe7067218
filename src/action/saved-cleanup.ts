import {
  cleanupActionOf,
  type CleanupState,
  type CreateLookup,
  type Rollback,
  type ScaleBack
} from '../deploy/engine.js';
import type { ActionHost } from './host.js';

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

export function saveCleanup(host: Pick<ActionHost, 'saveState'>, state: CleanupState): void {
  host.saveState(KEYS.action, state.action ?? 'none');
  host.saveState(KEYS.created, JSON.stringify(state.created));
  host.saveState(KEYS.lookup, state.lookup === undefined ? '' : JSON.stringify(state.lookup));
  host.saveState(KEYS.retire, JSON.stringify(state.retire));
  host.saveState(KEYS.preheats, JSON.stringify(state.preheats));
  host.saveState(KEYS.rollback, state.rollback === undefined ? '' : JSON.stringify(state.rollback));
  host.saveState(KEYS.scaleBack, state.scaleBack === undefined ? '' : JSON.stringify(state.scaleBack));
}

/** What the main step left, as saved; what was never saved reads as nothing to do. */
export function savedCleanup(host: Pick<ActionHost, 'state'>): CleanupState {
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
    rollback: rollback === '' ? undefined : (JSON.parse(rollback) as Rollback),
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
