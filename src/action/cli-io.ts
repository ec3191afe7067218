import { readFileSync, writeFileSync } from 'node:fs';
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
    writeFile: (path, text) => {
      writeFileSync(path, text, { mode: 0o600 });
    },
    onSignal: onStopSignals,
    isTerminal: process.stderr.isTTY,
    version: VERSION
  };
}
