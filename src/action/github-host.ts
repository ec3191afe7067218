import * as core from '@actions/core';
import type { ActionHost } from './host.js';
import { onStopSignals } from './signals.js';

/** The runner, as @actions/core and the process see it. */
export function githubHost(): ActionHost {
  return {
    input: (name) => core.getInput(name),
    env: (name) => process.env[name],
    state: (name) => core.getState(name),
    saveState: (name, value) => {
      core.saveState(name, value);
    },
    setOutput: (name, value) => {
      core.setOutput(name, value);
    },
    setSecret: (secret) => {
      core.setSecret(secret);
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
    debug: (line) => {
      core.debug(line);
    },
    startGroup: (title) => {
      core.startGroup(title);
    },
    endGroup: () => {
      core.endGroup();
    },
    setFailed: (message) => {
      core.setFailed(message);
    },
    appendSummary: async (markdown) => {
      await core.summary.addRaw(markdown).write();
    },
    onCancel: onStopSignals
  };
}
