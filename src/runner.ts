import { readFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import * as core from '@actions/core';
import { ApiClient } from './client.js';
import { PlatformClock } from './platform-clock.js';
import { readSettings, type Settings } from './settings.js';
import type { StepRuntime } from './step.js';
import { USER_AGENT } from './version.js';

/** The inputs as the runner gives them, with the DEPLOY_API_* variables as fallbacks. */
export function settingsFromRunner(): Settings {
  return readSettings(
    (name) => core.getInput(name),
    core.setSecret,
    (name) => process.env[name],
    (path) => readFileSync(path, 'utf8')
  );
}

/** The runtime of a step on the runner: the HTTPS client, the clocks, and the log through @actions/core. */
export function runnerRuntime(
  settings: Settings,
  cancel: AbortSignal,
  onCreated: StepRuntime['onCreated'] = () => undefined
): StepRuntime & { client: ApiClient } {
  const client = new ApiClient({ userAgent: USER_AGENT, timeoutMs: settings.requestTimeoutMs, cancel });
  return {
    client,
    transport: client,
    now: Date.now,
    clock: new PlatformClock(Date.now),
    sleep: (ms) => sleep(ms, undefined, { signal: cancel }),
    random: Math.random,
    log: (line) => {
      core.info(line);
    },
    warn: (line) => {
      core.warning(line);
    },
    debug: (line) => {
      core.debug(line);
    },
    mask: core.setSecret,
    onCreated,
    cancelled: () => cancel.aborted
  };
}
