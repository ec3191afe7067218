import { PlatformClock } from '../../src/platform/platform-clock.js';
import type { CreateLookup } from '../../src/deploy/create.js';
import type { StepRuntime } from '../../src/deploy/step.js';

export interface TestRuntime extends StepRuntime {
  lines: string[];
  warnings: string[];
  debugLines: string[];
  masked: string[];
  created: string[];
  /** Every lookup the step reported for the post step, undefined when a create was settled for sure. */
  lookups: (CreateLookup | undefined)[];
}

/**
 * A step runtime for tests: the log kept in arrays, and a clock that only moves when the step sleeps
 * (or the test says so), so waits and retries take no real time. Pass `clock` to share one with an
 * emulator.
 */
export function testRuntime(
  transport: StepRuntime['transport'],
  options: {
    now?: () => number;
    advance?: (ms: number) => void;
    random?: () => number;
    cancelled?: () => boolean;
  } = {}
): TestRuntime {
  let time = 1_763_715_600_000;
  const now = options.now ?? (() => time);
  const advance =
    options.advance ??
    ((ms: number) => {
      time += ms;
    });
  const runtime: TestRuntime = {
    transport,
    now,
    clock: new PlatformClock(now),
    sleep: (ms) => {
      advance(ms);
      return Promise.resolve();
    },
    random: options.random ?? (() => 0.5),
    log: (line) => runtime.lines.push(line),
    warn: (line) => runtime.warnings.push(line),
    debug: (line) => runtime.debugLines.push(line),
    mask: (secret) => runtime.masked.push(secret),
    onCreated: (id) => runtime.created.push(id),
    onCreateLookup: (lookup) => runtime.lookups.push(lookup),
    cancelled: options.cancelled ?? (() => false),
    probe: () => Promise.reject(new Error('no health check in this test')),
    lines: [],
    warnings: [],
    debugLines: [],
    masked: [],
    created: [],
    lookups: []
  };
  return runtime;
}
