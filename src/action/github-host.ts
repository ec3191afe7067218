import { randomUUID } from 'node:crypto';
import { appendFileSync, closeSync, constants, openSync, readSync, writeSync } from 'node:fs';
import { EOL, tmpdir } from 'node:os';
import type { StepHost } from './host.js';
import { privateFiles, readPrivateFile } from '../host/private-file.js';
import { onStopSignals } from './signals.js';
import { workflowCommand } from './workflow-command.js';

/** The runner, as its workflow commands and environment show it (the forms @actions/core reads and writes). */
export function githubHost(): StepHost {
  return {
    input: (name) => (process.env[`INPUT_${name.replace(/ /g, '_').toUpperCase()}`] ?? '').trim(),
    env: (name) => process.env[name],
    state: (name) => process.env[`STATE_${name}`] ?? '',
    saveState: (values) => {
      writeFileCommand('GITHUB_STATE', 'save-state', values);
      // Kept in this process too, where the runner would hand it to the post step: a host that runs the
      // main and post steps in one process (@github/local-action) finds it there.
      for (const [name, value] of Object.entries(values)) process.env[`STATE_${name}`] = value;
    },
    // RUNNER_TEMP: the job's own, which the post step shares and the runner empties when the job ends.
    stash: privateFiles(() => process.env.RUNNER_TEMP || tmpdir()),
    setOutputs,
    // One write of stdout for them all: a private key is masked whole and line by line, some thirty lines.
    setSecrets: (secrets) => {
      if (secrets.length > 0) write(secrets.map((secret) => workflowCommand('add-mask', secret)).join(''));
    },
    info: (line) => {
      write(line + EOL);
    },
    warning: (line) => {
      write(workflowCommand('warning', line));
    },
    error: (line, title) => {
      write(workflowCommand('error', line, { title }));
    },
    // The runner keeps ::debug:: lines only when debug logging is on (RUNNER_DEBUG=1), and drops them
    // otherwise: a 200-task detail would write 400 lines for nothing.
    ...(process.env.RUNNER_DEBUG === '1'
      ? {
          debug: (line: string) => {
            write(workflowCommand('debug', line));
          }
        }
      : {}),
    startGroup: (title) => {
      write(workflowCommand('group', title));
    },
    endGroup: () => {
      write(workflowCommand('endgroup', ''));
    },
    setFailed: (message) => {
      process.exitCode = 1;
      write(workflowCommand('error', message));
    },
    appendSummary,
    onCancel: onStopSignals
  };
}

function write(text: string): void {
  process.stdout.write(text);
}

/**
 * Values in one write of the runner's file for them (GITHUB_OUTPUT, GITHUB_STATE), in the form @actions/core
 * writes one at a time (`name<<delimiter`, the value, the delimiter: GitHub's form for values of many
 * lines), where a step writing thirty outputs would open and append to the file thirty times. A runner
 * without the file gets them as the `command` lines (::set-output::, ::save-state::) older runners read.
 */
function writeFileCommand(
  variable: 'GITHUB_OUTPUT' | 'GITHUB_STATE',
  command: 'set-output' | 'save-state',
  values: Readonly<Record<string, string>>
): void {
  const file = process.env[variable];
  if (file === undefined || file === '') {
    const lines = Object.entries(values).map(([name, value]) => workflowCommand(command, value, { name }));
    write(lines.join(''));
    return;
  }
  const delimiter = `ghadelimiter_${randomUUID()}`;
  const entries = Object.entries(values).map(([name, value]) => {
    if (name.includes(delimiter) || value.includes(delimiter))
      throw new Error(`the value of ${name} holds its own delimiter`);
    return `${name}<<${delimiter}${EOL}${value}${EOL}${delimiter}${EOL}`;
  });
  appendFileSync(file, entries.join(''), { encoding: 'utf8' });
}

/**
 * The outputs in one write of GITHUB_OUTPUT, then those in files (`files`, a bulk step's data) copied in.
 * A runner without the file takes outputs as commands: a value from a file is read whole then.
 */
function setOutputs(
  outputs: Readonly<Record<string, string>>,
  files: Readonly<Record<string, string>> = {}
): void {
  const file = process.env.GITHUB_OUTPUT;
  if (file === undefined || file === '') {
    const read: Record<string, string> = {};
    for (const [name, path] of Object.entries(files))
      read[name] = readPrivateFile(path, MOST_OUTPUT_FILE_BYTES);
    writeFileCommand('GITHUB_OUTPUT', 'set-output', { ...outputs, ...read });
    return;
  }
  writeFileCommand('GITHUB_OUTPUT', 'set-output', outputs);
  for (const [name, path] of Object.entries(files)) copyOutputFile(file, name, path);
}

/** The largest output a step reads from its own file whole (a runner without GITHUB_OUTPUT). */
const MOST_OUTPUT_FILE_BYTES = 256 * 1024 * 1024;

/**
 * Appends an output whose value is in a file to GITHUB_OUTPUT, in the form writeFileCommand writes,
 * copying the file a chunk at a time: a bulk step's data output is never held whole. The delimiter is
 * looked for across chunk ends too.
 */
function copyOutputFile(output: string, name: string, path: string): void {
  const delimiter = `ghadelimiter_${randomUUID()}`;
  const marker = Buffer.from(delimiter);
  const from = openSync(path, constants.O_RDONLY | constants.O_NOFOLLOW);
  const to = openSync(output, 'a');
  try {
    writeSync(to, `${name}<<${delimiter}${EOL}`);
    const chunk = Buffer.alloc(64 * 1024);
    let tail = Buffer.alloc(0);
    for (let read = readSync(from, chunk); read > 0; read = readSync(from, chunk)) {
      const part = chunk.subarray(0, read);
      if (Buffer.concat([tail, part]).includes(marker))
        throw new Error(`the value of ${name} holds its own delimiter`);
      writeSync(to, part);
      tail = Buffer.from(part.subarray(Math.max(0, read - marker.length + 1)));
    }
    writeSync(to, `${EOL}${delimiter}${EOL}`);
  } finally {
    closeSync(from);
    closeSync(to);
  }
}

/**
 * Appends to the job summary file with one synchronous write: core.summary.write() checks and appends
 * through fs.promises, which starts libuv's thread pool for it (about 1 ms of a step).
 */
function appendSummary(markdown: string): void {
  const file = process.env.GITHUB_STEP_SUMMARY;
  if (file === undefined || file === '')
    throw new Error('GITHUB_STEP_SUMMARY is not set: this runner has no job summary');
  appendFileSync(file, markdown, { encoding: 'utf8' });
}
