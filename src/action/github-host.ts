import { randomUUID } from 'node:crypto';
import { appendFileSync } from 'node:fs';
import { EOL, tmpdir } from 'node:os';
import * as core from '@actions/core';
import type { StepHost } from './host.js';
import { privateFiles } from './private-file.js';
import { onStopSignals } from './signals.js';

/** The runner, as @actions/core and the process see it. */
export function githubHost(): StepHost {
  return {
    input: (name) => core.getInput(name),
    env: (name) => process.env[name],
    state: (name) => core.getState(name),
    saveState: (values) => {
      writeFileCommand('GITHUB_STATE', values, core.saveState);
    },
    // RUNNER_TEMP: the job's own, which the post step shares and the runner empties when the job ends.
    stash: privateFiles(() => process.env.RUNNER_TEMP || tmpdir()),
    setOutputs,
    setSecrets: (secrets) => {
      // One write of stdout for them all (a writev on the runner's pipe), where core.setSecret writes each
      // line on its own: a private key is masked whole and line by line, some thirty lines.
      process.stdout.cork();
      try {
        for (const secret of secrets) core.setSecret(secret);
      } finally {
        process.stdout.uncork();
      }
    },
    info: (line) => {
      core.info(line);
    },
    warning: (line) => {
      core.warning(line);
    },
    error: (line, title) => {
      core.error(line, { title });
    },
    // The runner keeps ::debug:: lines only when debug logging is on (RUNNER_DEBUG=1), and drops them
    // otherwise: a 200-task detail would write 400 lines for nothing.
    ...(core.isDebug()
      ? {
          debug: (line: string) => {
            core.debug(line);
          }
        }
      : {}),
    startGroup: (title) => {
      core.startGroup(title);
    },
    endGroup: () => {
      core.endGroup();
    },
    setFailed: (message) => {
      core.setFailed(message);
    },
    appendSummary,
    onCancel: onStopSignals
  };
}

function setOutputs(outputs: Readonly<Record<string, string>>): void {
  writeFileCommand('GITHUB_OUTPUT', outputs, core.setOutput);
}

/**
 * Values in one write of the runner's file for them (GITHUB_OUTPUT, GITHUB_STATE), in the form @actions/core
 * writes one at a time (`name<<delimiter`, the value, the delimiter: GitHub's form for values of many
 * lines), where a step writing thirty outputs would open and append to the file thirty times. A runner
 * without the file gets them one by one from `each` (core.setOutput, core.saveState), as ::set-output::
 * and ::save-state:: lines.
 */
function writeFileCommand(
  variable: 'GITHUB_OUTPUT' | 'GITHUB_STATE',
  values: Readonly<Record<string, string>>,
  each: (name: string, value: string) => void
): void {
  const file = process.env[variable];
  if (file === undefined || file === '') {
    for (const [name, value] of Object.entries(values)) each(name, value);
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
 * Appends to the job summary file with one synchronous write: core.summary.write() checks and appends
 * through fs.promises, which starts libuv's thread pool for it (about 1 ms of a step).
 */
function appendSummary(markdown: string): void {
  const file = process.env.GITHUB_STEP_SUMMARY;
  if (file === undefined || file === '')
    throw new Error('GITHUB_STEP_SUMMARY is not set: this runner has no job summary');
  appendFileSync(file, markdown, { encoding: 'utf8' });
}
