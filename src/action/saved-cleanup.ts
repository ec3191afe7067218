import {
  cleanupActionOf,
  LEFTOVER_KINDS,
  LEFTOVER_ORDER,
  type CleanupState,
  type LeftoverKind,
  type Stash
} from '../deploy/door.js';
import type { StepHost } from './host.js';
import { readPrivateFile } from '../host/private-file.js';

/** The saved state's key of the cleanup action; each kind of leftover has its own (see LEFTOVER_KINDS). */
const ACTION_KEY = 'cleanup';

/** The largest configuration file the post step reads back: a create's body is 1 MiB at most. */
const MAX_CONFIGURATION_BYTES = 8 * 1024 * 1024;

/** Where a host's large leftovers go: its stash (private files), read back whole up to a bound. */
function stashOf(host: Partial<Pick<StepHost, 'stash'>>): Stash {
  return {
    ...(host.stash === undefined ? {} : { put: host.stash }),
    read: (file) => readPrivateFile(file, MAX_CONFIGURATION_BYTES)
  };
}

/**
 * What the main step leaves for the post step (see CleanupState), in the runner's saved state: one value
 * per kind of leftover, each saved again whenever the step changes it, so a job cancelled at any moment
 * leaves the latest.
 */
export function saveCleanup(host: Pick<StepHost, 'saveState' | 'stash'>, state: CleanupState): void {
  const stash = stashOf(host);
  const values: Record<string, string> = { [ACTION_KEY]: state.action ?? 'none' };
  for (const kind of LEFTOVER_ORDER) values[LEFTOVER_KINDS[kind].key] = encode(kind, state, stash);
  host.saveState(values);
}

/** What the main step left, as saved; what was never saved reads as nothing to do. */
export function savedCleanup(host: Pick<StepHost, 'state'>): CleanupState {
  const stash = stashOf({});
  const state: Record<string, unknown> = { action: cleanupActionOf(host.state(ACTION_KEY)) };
  for (const kind of LEFTOVER_ORDER)
    state[kind] = LEFTOVER_KINDS[kind].decode(host.state(LEFTOVER_KINDS[kind].key), stash);
  return state as unknown as CleanupState;
}

// eslint-disable-next-line @typescript-eslint/no-unnecessary-type-parameters -- K ties the kind's spec to its value (a correlated union)
function encode<K extends LeftoverKind>(kind: K, state: CleanupState, stash: Stash): string {
  return LEFTOVER_KINDS[kind].encode(state[kind], stash);
}
