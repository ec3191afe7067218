// An emulator of each test's own, on real time, and a step that sends a call to it with the emulator's
// RSA-mode or token-mode key: the setup of the suites of single calls (api, spec forms).
import { startEmulator, type Emulator, type EmulatorOptions } from '../../emulator/index.js';
import { readSettings } from '../../src/deploy/settings.js';
import type { StepResult } from '../../src/deploy/engine/calls/step-result.js';
import { ApiClient } from '../../src/platform/client.js';
import { rsaInputs, tokenInputs } from './emulator-inputs.js';
import { fixtureKey } from './fixtures.js';
import { SHUFFLED_CODES } from './platform-client.js';
import { runTestStep, testRuntime } from './runtime.js';

export interface CallBench {
  readonly emulator: Emulator;
  /** The step's log lines of the current test. */
  readonly log: string[];
  /** Every value masked, over the whole file. */
  readonly masked: string[];
  /** Runs a step with `defaults` under `inputs`, not waiting unless asked, with the key of `mode`. */
  step: (inputs: Record<string, string>, mode?: 'rsa' | 'token') => Promise<StepResult>;
}

/** The outputs of a create the platform answered with task `id` (the envelope, and the id as one and as a list). */
export function createdOutputs(id: string): Record<string, string> {
  return { code: '0000', msg: 'success', data: `{"task_id":${id}}`, task_id: id, task_ids: `["${id}"]` };
}

/**
 * Registers the hooks that start an emulator (strict, tasks that stay Pending a minute, ids beyond 2^53,
 * the PKCS#1 client key) before each test and stop it after: no request of another test is counted.
 */
export function useCallBench(options: EmulatorOptions, defaults: Record<string, string> = {}): CallBench {
  let emulator: Emulator | undefined;
  let client: ApiClient | undefined;
  const log: string[] = [];
  const masked: string[] = [];
  beforeEach(async () => {
    log.length = 0;
    emulator = await startEmulator({
      ...SHUFFLED_CODES,
      strict: true,
      readyAfterSeconds: 60,
      firstTaskId: 9007199254740993n,
      keys: {
        rsa: {
          clientPrivateKey: fixtureKey('client-private-pkcs1.pem'),
          platformPrivateKey: fixtureKey('platform-private-pkcs8.pem')
        }
      },
      ...options
    });
    client = new ApiClient({ userAgent: 'test', timeoutMs: 5000, maxResponseBytes: 16 * 1024 * 1024 });
  });
  afterEach(async () => {
    client?.dispose();
    await emulator?.stop();
  });
  const current = (): { emulator: Emulator; client: ApiClient } => {
    if (emulator === undefined || client === undefined)
      throw new Error('the call bench is used outside a test');
    return { emulator, client };
  };
  return {
    get emulator() {
      return current().emulator;
    },
    log,
    masked,
    step: async (inputs, mode = 'rsa') => {
      const { emulator: own, client: http } = current();
      const all: Record<string, string> = {
        wait: 'false',
        ...defaults,
        ...(mode === 'rsa' ? rsaInputs(own) : tokenInputs(own)),
        ...inputs
      };
      const settings = readSettings(
        (name) => all[name] ?? '',
        (secrets) => masked.push(...secrets)
      );
      const runtime = testRuntime(http, { now: Date.now });
      runtime.log = (line) => log.push(line);
      return (await runTestStep(settings, runtime)).result;
    }
  };
}
