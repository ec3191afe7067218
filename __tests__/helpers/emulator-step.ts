import type { Emulator } from '../../emulator/index.js';
import { failureOf, outputsOf } from '../../src/action/outputs.js';
import { readSettings } from '../../src/action/settings.js';
import type { ApiClient } from '../../src/platform/client.js';
import { rsaInputs } from './emulator-inputs.js';
import type { TestClock } from './platform-client.js';
import { runTestStep, testRuntime } from './runtime.js';

/**
 * Runs a step in this process against an emulator over real HTTPS, on the fake clock both share: the
 * step's sleeps move the emulator's time. Log lines and the tasks created go to `into`.
 */
export function emulatorStep(
  emulator: Emulator,
  clock: TestClock,
  client: ApiClient,
  into: { log: string[]; created?: string[] },
  defaults: Record<string, string> = {}
) {
  return async (inputs: Record<string, string> = {}, options: { dryRun?: boolean } = {}) => {
    const all: Record<string, string> = { ...rsaInputs(emulator), ...defaults, ...inputs };
    const settings = readSettings(
      (name) => all[name] ?? '',
      () => undefined
    );
    const runtime = testRuntime(client, {
      now: clock.now,
      advance: (ms) => {
        clock.advance(ms / 1000);
      }
    });
    runtime.log = (line) => into.log.push(line);
    runtime.probe = (url) => client.probe(url);
    const { result, saved } = await runTestStep(settings, runtime, options);
    into.created?.push(...saved.created());
    return { result, outputs: outputsOf(result), failure: failureOf(result) };
  };
}
