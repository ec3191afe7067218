import { failureOf } from './verdict.js';
import type { Emulator, EmulatorOptions } from '../../emulator/index.js';
import { outputsOf } from '../../src/action/outputs.js';
import { readSettings } from '../../src/deploy/settings.js';
import { ApiClient } from '../../src/platform/client.js';
import { rsaInputs } from './emulator-inputs.js';
import { startTestEmulator, type TestClock } from './platform-client.js';
import { runTestStep, testContext, testRuntime, type TestRuntime } from './runtime.js';
import { finishCleanup, type CleanupReport } from '../../src/deploy/engine/cleanup/finish-cleanup.js';
import { NO_CLEANUP, type CleanupState } from '../../src/deploy/engine/cleanup-state.js';
import { SHUFFLED_CODES } from './platform-client.js';
import { PlatformClock } from '../../src/platform/platform-clock.js';
import type { PullRequests } from '../../src/deploy/engine/pull-requests.js';
import type { RunnerHostOpener } from '../../src/deploy/engine/runner-host.js';

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
  return async (inputs: Record<string, string> = {}, options: StepOptions = {}) => {
    const { settings, runtime } = emulatorRun(
      emulator,
      clock,
      client,
      into,
      { ...defaults, ...inputs },
      options.env
    );
    const { cancelWhen } = options;
    // Another runner's clock: its requests' timestamps (and so their signatures) differ from this one's.
    if (options.clockSkewMs !== undefined) {
      const skew = options.clockSkewMs;
      runtime.clock = new PlatformClock(() => clock.now() + skew);
    }
    // The pull requests' host a preview step asks: GitHub's stand-in, through the real client.
    if (options.pullRequests !== undefined) runtime.pullRequests = options.pullRequests;
    // GitHub's runners a runner step asks: GitHub's stand-in, through the real client.
    if (options.runnerHost !== undefined) runtime.runnerHost = options.runnerHost;
    if (cancelWhen !== undefined) {
      // The job is cancelled once the step logs a line that matches.
      let cancelled = false;
      runtime.log = (line) => {
        into.log.push(line);
        cancelled ||= cancelWhen.test(line);
      };
      runtime.cancelled = () => cancelled;
    }
    const { result, saved } = await runTestStep(settings, runtime, options);
    into.created?.push(...saved.created());
    // What the step left for the post step, as last saved.
    const left = saved.states.at(-1);
    return {
      result,
      outputs: outputsOf(result),
      failure: failureOf(result),
      left,
      states: saved.states,
      files: runtime.files,
      /** The host's warnings the step gave (annotations on GitHub's runner). */
      warnings: runtime.warnings
    };
  };
}

/** How a test runs a step: a dry run, cancelled at a line, on GitHub's stand-in, on another runner's clock. */
export interface StepOptions {
  dryRun?: boolean;
  cancelWhen?: RegExp;
  pullRequests?: () => Promise<PullRequests>;
  runnerHost?: RunnerHostOpener;
  /** How far the runner's clock is ahead (steps run at once on the shared clock would stamp alike). */
  clockSkewMs?: number;
  /** The runner's environment the settings read (GITHUB_WORKSPACE: where workspace copies start). */
  env?: Record<string, string>;
}

/** Runs the post step's cleanup of `state` in this process against the emulator, on the shared fake clock. */
export function emulatorCleanup(
  emulator: Emulator,
  clock: TestClock,
  client: ApiClient,
  into: { log: string[] },
  inputs: Record<string, string>,
  state: Partial<CleanupState>,
  runnerHost?: RunnerHostOpener
): Promise<CleanupReport> {
  const { settings, runtime } = emulatorRun(emulator, clock, client, into, inputs);
  // GitHub's runners the post step removes: GitHub's stand-in, through the real client.
  if (runnerHost !== undefined) runtime.runnerHost = runnerHost;
  const ctx = testContext(settings, runtime, { budgetMs: settings.cleanupTimeoutMs });
  return finishCleanup({ ...NO_CLEANUP, ...state }, ctx);
}

/** A deploy context on the emulator (see emulatorRun), for a test of one part of a step. */
export function emulatorContext(
  emulator: Emulator,
  clock: TestClock,
  client: ApiClient,
  into: { log: string[] },
  inputs: Record<string, string>
): ReturnType<typeof testContext> & { runtime: TestRuntime } {
  const { settings, runtime } = emulatorRun(emulator, clock, client, into, inputs);
  return Object.assign(testContext(settings, runtime), { runtime });
}

/** The settings (RSA inputs of the emulator, then `inputs`) and a test runtime on the shared clock. */
function emulatorRun(
  emulator: Emulator,
  clock: TestClock,
  client: ApiClient,
  into: { log: string[] },
  inputs: Record<string, string>,
  env: Record<string, string> = {}
) {
  const all: Record<string, string> = { ...rsaInputs(emulator), ...inputs };
  const settings = readSettings(
    (name) => all[name] ?? '',
    () => undefined,
    (name) => env[name]
  );
  const runtime = testRuntime(client, {
    now: clock.now,
    advance: (ms) => {
      clock.advance(ms / 1000);
    },
    every: clock.every
  });
  runtime.log = (line) => into.log.push(line);
  runtime.probe = (url) => client.probe(url);
  return { settings, runtime };
}

/** An emulator on a fake clock, a client and a log, fresh for each test of the describe block. */
export interface StepBench {
  readonly emulator: Emulator;
  readonly clock: TestClock;
  readonly client: ApiClient;
  /** The step's log lines of the current test. */
  readonly log: string[];
  /** Runs a step with `defaults` under `inputs`. */
  readonly step: (
    inputs?: Record<string, string>,
    options?: StepOptions
  ) => ReturnType<ReturnType<typeof emulatorStep>>;
  /** The requests the emulator received on `path`. */
  readonly sent: (path: string) => Emulator['requests'];
  /** Runs the post step's cleanup of `state`, with `defaults` under `inputs` (and GitHub's runners, if given). */
  readonly cleanup: (
    state: Partial<CleanupState>,
    inputs?: Record<string, string>,
    runnerHost?: RunnerHostOpener
  ) => Promise<CleanupReport>;
}

/**
 * Registers the hooks that start an emulator (with `options`, then `setup`) and a client before each test
 * and stop them after it; the bench's fields are the current test's.
 */
export function useStepBench(
  options: EmulatorOptions,
  defaults: Record<string, string>,
  setup: (emulator: Emulator) => void = () => undefined
): StepBench {
  let current: Omit<StepBench, 'step' | 'sent' | 'cleanup'> | undefined;
  const now = () => {
    if (current === undefined) throw new Error('the step bench is used outside a test');
    return current;
  };
  beforeEach(async () => {
    const { emulator, clock } = await startTestEmulator({ ...SHUFFLED_CODES, ...options });
    setup(emulator);
    const client = new ApiClient({ userAgent: 'test', timeoutMs: 5000, maxResponseBytes: 16 * 1024 * 1024 });
    current = { emulator, clock, client, log: [] };
  });
  afterEach(async () => {
    const { client, emulator } = now();
    current = undefined;
    client.dispose();
    await emulator.stop();
  });
  return {
    get emulator() {
      return now().emulator;
    },
    get clock() {
      return now().clock;
    },
    get client() {
      return now().client;
    },
    get log() {
      return now().log;
    },
    step: (inputs = {}, stepOptions = {}) => {
      const { emulator, clock, client, log } = now();
      return emulatorStep(emulator, clock, client, { log }, defaults)(inputs, stepOptions);
    },
    sent: (path) => now().emulator.requests.filter((r) => r.path === path),
    cleanup: (state, inputs = {}, runnerHost) => {
      const { emulator, clock, client, log } = now();
      return emulatorCleanup(emulator, clock, client, { log }, { ...defaults, ...inputs }, state, runnerHost);
    }
  };
}

/**
 * The bench's step, run each a second after the one before: two runs never stamp a request in the same
 * millisecond.
 */
export function aSecondApart(bench: StepBench): StepBench['step'] {
  return (inputs, options) => {
    bench.clock.advance(1);
    return bench.step(inputs, options);
  };
}
