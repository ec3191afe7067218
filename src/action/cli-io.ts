import { readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import type { CliIo } from './cli.js';
import { onStopSignals } from './signals.js';
import { VERSION } from '../deploy/engine.js';

/** The CLI's process: its arguments, environment, stdout and stderr, files and signals. */
export function nodeIo(argv: readonly string[]): CliIo {
  return {
    argv,
    env: (name) => process.env[name],
    stdout: (text) => {
      process.stdout.write(text);
    },
    stderr: (text) => {
      process.stderr.write(text);
    },
    readFile: (path) => readFileSync(path, 'utf8'),
    writeFile: writeWhole,
    onSignal: onStopSignals,
    isTerminal: process.stderr.isTTY,
    version: VERSION
  };
}

/**
 * Writes the file whole or not at all, readable by its owner only: a temporary file beside it, renamed
 * over it. A state file cut short by a kill mid-write would leave a later cleanup unable to read what to
 * stop; a rename leaves the old state or the new one.
 */
export function writeWhole(path: string, text: string): void {
  const temporary = `${path}.${process.pid}.tmp`;
  try {
    writeFileSync(temporary, text, { mode: 0o600 });
    renameSync(temporary, path);
  } catch (error) {
    rmSync(temporary, { force: true });
    throw error;
  }
}
