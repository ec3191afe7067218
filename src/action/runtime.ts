import { ApiClient } from '../platform/client.js';
import { PlatformClock } from '../platform/platform-clock.js';
import { USER_AGENT } from '../platform/version.js';
import type { StepRuntime } from '../deploy/step.js';
import type { ActionHost } from './host.js';
import { readSettings, type Settings } from './settings.js';
import { readWorkspaceFile } from './workspace-file.js';
import { loadYaml, yamlNeeded } from './yaml.js';

/** A body file larger than this is refused (the largest body the platform is known to take is a few MiB, encrypted). */
const MAX_BODY_FILE_BYTES = 1024 * 1024;

/**
 * The inputs as the host gives them, with the DEPLOY_API_* variables as fallbacks. The YAML parser is
 * loaded first when an input may hold YAML.
 */
export async function settingsFrom(host: ActionHost): Promise<Settings> {
  if (yamlNeeded(host.input)) await loadYaml();
  const runnerTemp = host.env('RUNNER_TEMP');
  return readSettings(host.input, host.setSecret, host.env, (path) =>
    readWorkspaceFile(
      'body_file',
      path,
      {
        workspace: host.env('GITHUB_WORKSPACE') ?? process.cwd(),
        others: runnerTemp === undefined ? [] : [runnerTemp]
      },
      MAX_BODY_FILE_BYTES
    )
  );
}

/** The runtime of a step: the HTTPS client, the clocks, and the host's log. */
export function stepRuntime(
  settings: Settings,
  host: ActionHost,
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
    log: host.info,
    warn: host.warning,
    debug: host.debug,
    mask: host.setSecret,
    onCreated: hooks.onCreated ?? (() => undefined),
    onCreateLookup: hooks.onCreateLookup ?? (() => undefined),
    cancelled: () => cancel.aborted,
    probe: (url) => client.probe(url)
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
