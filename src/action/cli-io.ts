import { randomBytes } from 'node:crypto';
import { renameSync, rmSync } from 'node:fs';
import type { CliIo } from './cli.js';
import { createPrivateFile, readRegularFile } from './private-file.js';
import { onParentGone, onStopSignals } from './signals.js';
import { VERSION } from '../deploy/engine.js';

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
    version: VERSION
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
