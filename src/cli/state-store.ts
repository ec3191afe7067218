import { leftovers, NO_CLEANUP } from '../deploy/door.js';
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
        `--state-file names ${JSON.stringify(this.file)}, which holds no state of elastic-deploy (${(error as Error).message}): give the file the run wrote with --state-file (nothing was stopped)`,
        { cause: error }
      );
    }
  }

  /**
   * Takes the values of a state file's text; throws when it is none: a state file is a JSON object that
   * names the inputs of the run that wrote it (any other JSON, a package.json or an outputs file, is not).
   */
  loadText(text: string): void {
    let saved: unknown;
    try {
      saved = JSON.parse(text);
    } catch {
      throw new Error('it is no JSON');
    }
    if (typeof saved !== 'object' || saved === null || Array.isArray(saved))
      throw new Error('it is no JSON object');
    if (typeof (saved as Record<string, unknown>)[INPUTS_KEY] !== 'string')
      throw new Error("it names no run's inputs, as a state file does");
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

/** What a path holds for a new run's state: nothing left (free to use), or why a run may not write it. */
export type StateFileUse = { free: true } | { free: false; why: string };

/**
 * Whether a new run may write its state to `path`: free when there is no such file, or it is a state file
 * an earlier run wrote that leaves nothing (a cleanup ran). A state file that still names what an earlier
 * run left is not free (its record would be lost), nor is anything that is not a state file (it is never
 * written over: a package.json, a directory, /dev/null).
 */
export function stillToClean(path: string, io: CliIo): StateFileUse {
  let text: string;
  try {
    text = io.readFile(path, MAX_STATE_FILE);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return { free: true };
    return {
      free: false,
      why:
        code === 'ENOTREG'
          ? 'which is no regular file (a directory or a device): name a file'
          : code === 'EFBIG'
            ? 'which is larger than a state file: name another file'
            : `which cannot be read (${code ?? 'error'}): name a file that can be`
    };
  }
  if (text.trim() === '') return { free: true };
  const saved = new StateStore(io, undefined);
  try {
    saved.loadText(text);
  } catch (error) {
    return {
      free: false,
      why: `which is no state file of elastic-deploy (${(error as Error).message}), and a run would write over it: name another file`
    };
  }
  const left = leftovers(savedCleanup(stateHost(saved)));
  if (left.length === 0) return { free: true };
  return {
    free: false,
    why: `which still names what an earlier run left: ${left.join('; ')}. A new run would replace that record, and it would never be cleaned up: run elastic-deploy cleanup --state-file ${path} first, or name another file`
  };
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
