import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, renameSync, rmdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createPrivateFile, readRegularFile } from '../host/private-file.js';
import { onParentGone, onStopSignals } from '../action/signals.js';
import { VERSION } from '../deploy/door.js';
import { lockStateFile } from './state-lock.js';

/** What the CLI needs of its process: arguments, environment, streams, files and signals. */
export interface CliIo {
  argv: readonly string[];
  env: (name: string) => string | undefined;
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  /**
   * Reads a regular file of at most `maxBytes` (size and kind checked before a byte is read); throws an
   * error with a `code` (ENOENT, ENOTREG, EFBIG...) when it cannot.
   */
  readFile: (path: string, maxBytes: number) => string;
  writeFile: (path: string, text: string) => void;
  /** Calls `listener` on SIGINT and SIGTERM; the returned function stops listening. */
  onSignal: (listener: (signal: string) => void) => () => void;
  /** Whether stderr is a terminal: a person watches, so every poll of a wait gets a line. */
  isTerminal: boolean;
  /** Whether stdout is a terminal: the outputs are then a table, unless --output says otherwise. */
  stdoutIsTerminal?: boolean;
  version: string;
  /**
   * Makes the run's own temporary directory (this user's alone), for its files when --files-dir names
   * none; `remove` deletes it and all in it. Absent: the files go where RUNNER_TEMP, else the system's
   * temporary directory, says, and stay.
   */
  makeRunDir?: () => { path: string; remove: () => void };
  /**
   * Makes a directory and those above it, where missing (--files-dir), and checks that a file can be made
   * in it; throws with a `code` when it cannot.
   */
  ensureDir?: (path: string) => void;
  /**
   * Takes a state file for this process alone until the returned function releases it (see
   * lockStateFile); throws StateFileBusy when another run holds it. Absent: no lock is taken.
   */
  lock?: (path: string) => () => void;
}

/** The CLI's process: its arguments, environment, stdout and stderr, files and signals. */
export function nodeIo(argv: readonly string[]): CliIo {
  // A run whose parent is gone may find its output closed: a write there must not end it mid-cleanup.
  for (const stream of [process.stdout, process.stderr]) stream.on('error', ignoreBrokenPipe);
  return {
    argv,
    env: (name) => process.env[name],
    stdout: (text) => {
      process.stdout.write(text);
    },
    stderr: (text) => {
      process.stderr.write(text);
    },
    readFile: (path, maxBytes) => readRegularFile(path, maxBytes),
    writeFile: writeWhole,
    onSignal: (listener) => {
      const stopSignals = onStopSignals(listener);
      const stopWatching = onParentGone(listener);
      return () => {
        stopSignals();
        stopWatching();
      };
    },
    isTerminal: process.stderr.isTTY,
    stdoutIsTerminal: process.stdout.isTTY,
    version: VERSION,
    ensureDir: (path) => {
      mkdirSync(path, { recursive: true });
      // A directory that exists may still refuse a file (permissions, a read-only mount): found now, before
      // anything is sent, not once the run has billed.
      rmdirSync(mkdtempSync(join(path, '.elastic-deploy-probe-')));
    },
    lock: lockStateFile,
    makeRunDir: () => {
      const path = mkdtempSync(join(tmpdir(), 'elastic-deploy-run-'));
      return {
        path,
        remove: () => {
          rmSync(path, { recursive: true, force: true });
        }
      };
    }
  };
}

/**
 * Writes the file whole or not at all, readable by its owner only: a temporary file beside it, renamed
 * over it. A state file cut short by a kill mid-write would leave a later cleanup unable to read what to
 * stop; a rename leaves the old state or the new one. The temporary file has a name no one can guess and
 * is created exclusively, never through a link (see createPrivateFile): a file or link planted beside
 * the state file cannot redirect the write.
 */
export function writeWhole(path: string, text: string): void {
  const temporary = `${path}.${randomBytes(8).toString('hex')}.tmp`;
  try {
    createPrivateFile(temporary, text);
  } catch (error) {
    // A name taken already is someone else's file: never removed. One this call made is.
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') rmSync(temporary, { force: true });
    throw error;
  }
  try {
    renameSync(temporary, path);
  } catch (error) {
    rmSync(temporary, { force: true });
    throw error;
  }
}

function ignoreBrokenPipe(error: NodeJS.ErrnoException): void {
  if (error.code !== 'EPIPE') throw error;
}
