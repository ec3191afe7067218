import {
  cleanupRecorder,
  NO_CLEANUP,
  type CleanupState,
  type CreateLookup
} from '../../src/deploy/engine/cleanup-state.js';
import { deployContext, type DeployContext } from '../../src/deploy/engine/context.js';
import type { StepRuntime } from '../../src/deploy/engine/step-runtime.js';
import type { StepResult } from '../../src/deploy/engine/calls/step-result.js';
import { planStep, runStep } from '../../src/deploy/step.js';
import type { DeploySettings } from '../../src/deploy/engine/settings.js';
import { PlatformClock } from '../../src/platform/platform-clock.js';
import { FakeTimers } from './platform-client.js';

export interface TestRuntime extends StepRuntime {
  lines: string[];
  warnings: string[];
  debugLines: string[];
  /** The files the step made (see StepRuntime.openFile), by path: their text, kept in memory. */
  files: Map<string, string>;
}

/**
 * A step runtime for tests: the log kept in arrays, and a clock that only moves when the step sleeps
 * (or the test says so), so waits and retries take no real time. Pass `now` and `advance` to share one
 * clock with an emulator.
 */
export function testRuntime(
  transport: StepRuntime['transport'],
  options: {
    now?: () => number;
    advance?: (ms: number) => void;
    random?: () => number;
    cancelled?: () => boolean;
    every?: StepRuntime['every'];
  } = {}
): TestRuntime {
  let time = 1_763_715_600_000;
  const now = options.now ?? (() => time);
  // The runtime's timers (StepRuntime.every) tick as its sleeps move the clock; a test that shares a
  // clock with an emulator passes that clock's own (TestClock.every) instead.
  const timers = new FakeTimers(now);
  const moved = options.advance ?? ((ms: number) => (time += ms));
  const advance = (ms: number): void => {
    moved(ms);
    timers.fire();
  };
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
    cancelled: options.cancelled ?? (() => false),
    every: options.every ?? ((everyMs, tick) => timers.every(everyMs, tick)),
    probe: () => Promise.reject(new Error('no health check in this test')),
    // As the real one: the same transport and clock, which the cancellation does not stop.
    uncancelled: () => ({ ...runtime, cancelled: () => false, dispose: () => undefined }),
    openFile: (name) => {
      const path = `/test-files/${runtime.files.size + 1}-${name}`;
      runtime.files.set(path, '');
      return {
        path,
        append: (text) => {
          runtime.files.set(path, `${runtime.files.get(path) ?? ''}${text}`);
        }
      };
    },
    lines: [],
    warnings: [],
    debugLines: [],
    files: new Map()
  };
  return runtime;
}

/** What a step left for the post step, as it saved it: every state in turn, and the tasks it created. */
export interface SavedCleanup {
  states: CleanupState[];
  created: () => readonly string[];
  /** Every lookup the step saved, undefined when a create was settled for sure. */
  lookups: () => (CreateLookup | undefined)[];
}

/** A deploy context on a test runtime, its budget the step's wait_timeout unless told; saves are recorded. */
export function testContext(
  settings: DeploySettings,
  runtime: StepRuntime,
  options: {
    budgetMs?: number;
    cleanup?: CleanupState;
    onSave?: (state: CleanupState, before: CleanupState | undefined) => void;
  } = {}
): DeployContext & { saved: SavedCleanup } {
  const states: CleanupState[] = [];
  const cleanup = cleanupRecorder(options.cleanup ?? NO_CLEANUP, (state) => {
    options.onSave?.(state, states.at(-1));
    states.push(state);
  });
  const ctx = deployContext(settings, runtime, {
    budgetMs: options.budgetMs ?? settings.wait.timeoutMs,
    cleanup
  });
  const lookups = (): (CreateLookup | undefined)[] =>
    states.slice(1).flatMap((state, i) => (state.lookup === states[i]?.lookup ? [] : [state.lookup]));
  return { ...ctx, saved: { states, created: () => cleanup.state().created, lookups } };
}

/** Plans and runs a step as the main step does, on a test runtime: its result, and what it left. */
export async function runTestStep(
  settings: DeploySettings,
  runtime: StepRuntime,
  options: { dryRun?: boolean } = {}
): Promise<{ result: StepResult; saved: SavedCleanup }> {
  const planned = await planStep(settings);
  const ctx = testContext(settings, runtime, { cleanup: planned.cleanup });
  const result = await runStep(planned, ctx, options);
  if (result === undefined) throw new Error('the step reported nothing (a dry run that prints only)');
  return { result, saved: ctx.saved };
}

/**
 * A deploy context whose requests a test answers itself (`send`, a platform scripted call by call), on a
 * clock that moves only when the step sleeps; what the step leaves for the post step is recorded.
 */
export function scriptedContext(
  send: DeployContext['send'],
  options: {
    settings: DeploySettings;
    maxRetries?: number;
    budgetMs?: number;
    log?: (line: string) => void;
    onSave?: (state: CleanupState, before: CleanupState | undefined) => void;
    /**
     * When the job is cancelled, on the step's clock: from then on the step reads cancelled, and a sleep
     * that would pass it ends there, rejecting, as the runtime's cancellable sleep does.
     */
    cancelAt?: number;
  }
): DeployContext & { saved: SavedCleanup; time: () => number; advance: (ms: number) => void } {
  let now = 0;
  const { cancelAt = Infinity } = options;
  const runtime = testRuntime(
    { send: () => Promise.reject(new Error('sent past the scripted platform')) },
    {
      now: () => now,
      advance: (ms) => {
        now += ms;
      },
      cancelled: () => now >= cancelAt
    }
  );
  runtime.sleep = (ms) => {
    if (now + ms < cancelAt) {
      now += ms;
      return Promise.resolve();
    }
    now = Math.max(now, cancelAt);
    return Promise.reject(new Error('the step was cancelled'));
  };
  if (options.log !== undefined) runtime.log = options.log;
  const settings = { ...options.settings, maxRetries: options.maxRetries ?? options.settings.maxRetries };
  const ctx = testContext(settings, runtime, {
    budgetMs: options.budgetMs ?? 3_600_000,
    ...(options.onSave === undefined ? {} : { onSave: options.onSave })
  });
  return {
    ...ctx,
    send,
    time: () => now,
    advance: (ms) => {
      now += ms;
    }
  };
}
