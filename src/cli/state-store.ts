import { leftovers, NO_CLEANUP } from '../deploy/engine.js';
import type { StepHost } from '../action/host.js';
import { saveCleanup, savedCleanup } from '../action/saved-cleanup.js';
import type { CliIo } from './cli-io.js';

/** Where a run's state file keeps the inputs it ran with (secrets never), for a later cleanup. */
export const INPUTS_KEY = 'cli_inputs';

/** The largest state file read: its ids, a lookup and the saved inputs, a configuration at the most. */
export const MAX_STATE_FILE = 16 * 1024 * 1024;

/** The saved state, in memory, and in the state file when one is named (written at every change). */
export class StateStore {
  readonly #values = new Map<string, string>();
  constructor(
    private readonly io: CliIo,
    private readonly file: string | undefined
  ) {}

  /** Reads the state file; throws an Error that says, in one line, why it cannot be read. */
  load(): void {
    if (this.file === undefined) return;
    let text: string;
    try {
      text = this.io.readFile(this.file, MAX_STATE_FILE);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      const why =
        code === 'ENOENT'
          ? 'which does not exist'
          : code === 'ENOTREG'
            ? 'which is no regular file'
            : code === 'EFBIG'
              ? 'which is larger than a state file'
              : `which cannot be read (${code ?? 'error'})`;
      throw new Error(
        `--state-file names ${JSON.stringify(this.file)}, ${why}: give the file the run wrote with --state-file (nothing was stopped)`,
        { cause: error }
      );
    }
    try {
      this.loadText(text);
    } catch (error) {
      throw new Error(
        `--state-file names ${JSON.stringify(this.file)}, which holds no state of elastic-deploy (it is no JSON object): give the file the run wrote with --state-file (nothing was stopped)`,
        { cause: error }
      );
    }
  }

  /** Takes the values of a state file's text; throws when it is none. */
  loadText(text: string): void {
    const saved = JSON.parse(text) as unknown;
    if (typeof saved !== 'object' || saved === null || Array.isArray(saved))
      throw new Error('a state file holds a JSON object');
    for (const [name, value] of Object.entries(saved))
      if (typeof value === 'string') this.#values.set(name, value);
  }

  get(name: string): string {
    return this.#values.get(name) ?? '';
  }

  /** A copy of the values, kept in memory only: changing it never touches the state file. */
  inMemory(): StateStore {
    const copy = new StateStore(this.io, undefined);
    copy.set(Object.fromEntries(this.#values));
    return copy;
  }

  /** Sets the values, then writes the state file once. */
  set(values: Readonly<Record<string, string>>): void {
    for (const [name, value] of Object.entries(values)) this.#values.set(name, value);
    if (this.file !== undefined)
      this.io.writeFile(this.file, `${JSON.stringify(Object.fromEntries(this.#values), null, 2)}\n`);
  }
}

/** What a state file holds for a new run: nothing left (free to use), or what it still names. */
export type StateFileUse = { free: true } | { free: false; holds: string };

/**
 * Whether a state file an earlier run wrote still leaves something to clean up (and what, in a phrase):
 * free when there is no such file, or it leaves nothing (a cleanup ran). A file that is not a state file
 * is not free: it is never overwritten.
 */
export function stillToClean(path: string, io: CliIo): StateFileUse {
  let text: string;
  try {
    text = io.readFile(path, MAX_STATE_FILE);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { free: true };
    throw error;
  }
  if (text.trim() === '') return { free: true };
  const saved = new StateStore(io, undefined);
  try {
    saved.loadText(text);
  } catch {
    return { free: false, holds: 'a file that is not a state file of elastic-deploy' };
  }
  const left = leftovers(savedCleanup(stateHost(saved)));
  return left.length === 0 ? { free: true } : { free: false, holds: left.join('; ') };
}

/** Records in the state (and its file) that the create's late task was looked for: none is left to find. */
export function forgetLookup(state: StateStore): void {
  const host = stateHost(state);
  saveCleanup(host, { ...savedCleanup(host), lookup: undefined });
}

/** The saved state's part of a host, over a state store. */
export function stateHost(state: StateStore): Pick<StepHost, 'state' | 'saveState'> {
  return {
    state: (name) => state.get(name),
    saveState: (values) => {
      state.set(values);
    }
  };
}

/** Records in the state (and its file) that nothing is left to clean up: a later run may use the file. */
export function markCleaned(state: StateStore): void {
  saveCleanup(stateHost(state), NO_CLEANUP);
}
