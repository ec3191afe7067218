// What the emulator's own tests register in a describe block: an emulator of each test's own on a test
// clock, with the fixture keys, and a raw client for it; the paths and knobs several of them use.
import type { Emulator, EmulatorOptions } from '../../emulator/index.js';
import type { ObjectStorageSpec, StorageRegion } from '../../emulator/object-storages.js';
import { startTestEmulator, type TestClient, type TestClock } from '../helpers/platform-client.js';

export const SEARCH_PATH = '/api/deployment/resource/search';
/** A resource search as the platform takes it: its two parameters are required. */
export const SEARCH = `${SEARCH_PATH}?task_type=Deployment&device_type=GpuDevice`;

/** The options of an object storage named corpus, activated and accelerated in `region` (addObjectStorage's knob). */
export const corpusIn = (region: StorageRegion): ObjectStorageSpec => ({
  name: 'corpus',
  status: 'Activate',
  regions: [region],
  activeRegions: [region]
});

export interface EmulatorBench {
  readonly emulator: Emulator;
  readonly client: TestClient;
  readonly clock: TestClock;
}

/** Starts an emulator (with `options`) before each test and stops it after; the bench's fields are the current test's. */
export function useTestEmulator(options: EmulatorOptions = {}): EmulatorBench {
  let current: EmulatorBench | undefined;
  const now = (): EmulatorBench => {
    if (current === undefined) throw new Error('the emulator is used outside a test');
    return current;
  };
  beforeEach(async () => {
    current = await startTestEmulator(options);
  });
  afterEach(async () => {
    const { emulator } = now();
    current = undefined;
    await emulator.stop();
  });
  return {
    get emulator() {
      return now().emulator;
    },
    get client() {
      return now().client;
    },
    get clock() {
      return now().clock;
    }
  };
}
