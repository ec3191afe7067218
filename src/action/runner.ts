import * as core from '@actions/core';
import { ApiClient } from '../platform/client.js';
import { PlatformClock } from '../platform/platform-clock.js';
import { readSettings, type Settings } from './settings.js';
import type { StepRuntime } from '../deploy/step.js';
import { USER_AGENT } from '../platform/version.js';
import { readWorkspaceFile } from './workspace-file.js';

/** A body file larger than this is refused (the largest body the platform is known to take is a few MiB, encrypted). */
const MAX_BODY_FILE_BYTES = 1024 * 1024;

/** The inputs as the runner gives them, with the DEPLOY_API_* variables as fallbacks. */
export function settingsFromRunner(): Settings {
  return readSettings(
    (name) => core.getInput(name),
    core.setSecret,
    (name) => process.env[name],
    (path) =>
      readWorkspaceFile(
        'body_file',
        path,
        {
          workspace: process.env.GITHUB_WORKSPACE ?? process.cwd(),
          others: process.env.RUNNER_TEMP === undefined ? [] : [process.env.RUNNER_TEMP]
        },
        MAX_BODY_FILE_BYTES
      )
  );
}

/** The runtime of a step on the runner: the HTTPS client, the clocks, and the log through @actions/core. */
export function runnerRuntime(
  settings: Settings,
  cancel: AbortSignal,
  hooks: Partial<Pick<StepRuntime, 'onCreated' | 'onCreateLookup'>> = {}
): StepRuntime & { client: ApiClient } {
  const client = new ApiClient({
    userAgent: USER_AGENT,
    timeoutMs: settings.requestTimeoutMs,
    maxResponseBytes: settings.maxResponseBytes,
    cancel
  });
  return {
    client,
    transport: client,
    now: Date.now,
    clock: new PlatformClock(Date.now),
    sleep: cancellableSleep(cancel),
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
    onCreated: hooks.onCreated ?? (() => undefined),
    onCreateLookup: hooks.onCreateLookup ?? (() => undefined),
    cancelled: () => cancel.aborted
  };
}

/**
 * Sleeps that end early, rejecting, when the step is cancelled. One listener on the signal wakes every
 * sleeper: a bulk step sleeps in many places at once, and a listener per sleep would pass Node's limit
 * of 10 per signal and print MaxListenersExceededWarning.
 */
export function cancellableSleep(cancel: AbortSignal): (ms: number) => Promise<void> {
  const sleepers = new Set<() => void>();
  cancel.addEventListener(
    'abort',
    () => {
      for (const wake of sleepers) wake();
    },
    { once: true }
  );
  return (ms) =>
    new Promise<void>((resolve, reject) => {
      if (cancel.aborted) {
        reject(new Error('the step was cancelled'));
        return;
      }
      const wake = (): void => {
        clearTimeout(timer);
        sleepers.delete(wake);
        reject(new Error('the step was cancelled'));
      };
      const timer = setTimeout(() => {
        sleepers.delete(wake);
        resolve();
      }, ms);
      sleepers.add(wake);
    });
}
