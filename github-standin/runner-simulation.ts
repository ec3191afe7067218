// A simulated GitHub runner (GitHub's side only: the platform's side stays the emulator), started with a
// just-in-time configuration as `run.sh --jitconfig` is: with a valid, unused one it connects (GitHub lists
// it online), takes one workflow job (busy), and, being ephemeral, exits 0 once the job is done (GitHub
// removes it); with an invalid one, or one a runner has used, it exits 1 at once with the runner's own
// error text. Its waits go through an injected sleep the test drives; knobs make it hostile.
import { decodeConfig, RUNNER_VERSION, type RunnerFacts } from './runners.js';
import type { GitHubStore } from './store.js';

/** Where the simulated runner is. */
export type RunnerPhase = 'starting' | 'listening' | 'running' | 'offline' | 'exited';

export interface RunnerKnobs {
  /** It never connects: GitHub keeps listing it offline, and it retries until stopped. */
  readonly neverOnline?: boolean;
  /** It loses its connection during its job: listed offline (and busy), it retries until stopped. */
  readonly offlineMidJob?: boolean;
  /** After its job GitHub keeps listing it, offline, until it is removed (DELETE), as GitHub does at times. */
  readonly listedAfterExit?: boolean;
}

export interface RunnerOptions extends RunnerKnobs {
  /** Waits, in ms: connecting, until a job comes, the job's run. Each goes through `sleep`. */
  readonly timings?: { connect?: number; jobArrives?: number; job?: number };
  /** The sleep the runner's waits take (the test's, to drive them); setTimeout's by default. */
  readonly sleep?: (ms: number) => Promise<void>;
  /** The workflow job it takes. */
  readonly jobName?: string;
}

export interface RunnerExit {
  /** 0 once its one job is done; 1 (the runner's TerminatedError) when it cannot start; 143 when stopped. */
  readonly code: number;
  /** Every line it printed. */
  readonly output: readonly string[];
}

export interface SimulatedRunner {
  readonly phase: RunnerPhase;
  /** The lines printed so far. */
  readonly output: readonly string[];
  /** Resolves with its exit. */
  readonly exited: Promise<RunnerExit>;
  /** Resolves once it has reached `phase` (or at once, if it has). */
  reached(phase: RunnerPhase): Promise<void>;
  /** Its container is stopped: it dies (143) where it is; GitHub keeps a registered runner, offline. */
  stop(): void;
}

/** The runner's own words when its configuration's registration is gone (used, or removed). */
export const REGISTRATION_DELETED = [
  '√ Connected to GitHub',
  'Failed to create a session. The runner registration has been deleted from the server, please ' +
    're-configure. Runner registrations are automatically deleted for runners that have not connected to ' +
    'the service recently.',
  'Runner listener exit with terminated error, stop the service, no retry needed.',
  'Exiting runner...'
];
const CONNECT_ERROR = 'Runner connect error: Connection refused. Retrying until reconnected.';
const ORDER: readonly RunnerPhase[] = ['starting', 'listening', 'running', 'offline', 'exited'];

export function simulateRunner(
  store: GitHubStore,
  encodedJitConfig: string,
  options: RunnerOptions = {}
): SimulatedRunner {
  const output: string[] = [];
  const waiters: { phase: RunnerPhase; resolve: () => void }[] = [];
  let phase: RunnerPhase = 'starting';
  let runner: RunnerFacts | undefined;
  let finish: (exit: RunnerExit) => void = () => undefined;
  const exited = new Promise<RunnerExit>((resolve) => {
    finish = resolve;
  });
  let stopped: () => void = () => undefined;
  const stopping = new Promise<'stopped'>((resolve) => {
    stopped = () => {
      resolve('stopped');
    };
  });
  const enter = (next: RunnerPhase): void => {
    phase = next;
    for (const waiter of waiters.splice(0))
      if (ORDER.indexOf(waiter.phase) <= ORDER.indexOf(next) || next === 'exited') waiter.resolve();
      else waiters.push(waiter);
  };
  const exit = (code: number): void => {
    if (phase === 'exited') return;
    enter('exited');
    finish({ code, output: [...output] });
  };
  const sleep = options.sleep ?? ((ms) => new Promise<void>((r) => setTimeout(r, ms)));
  /** A wait that a stop cuts short: true when it ran its course. */
  const wait = async (ms: number): Promise<boolean> =>
    (await Promise.race([sleep(ms).then(() => 'slept' as const), stopping])) === 'slept';
  const say = (line: string): void => {
    output.push(`${new Date(store.now()).toISOString().replace(/\.\d{3}Z$/, 'Z')}: ${line}`);
  };
  const timings = { connect: 2_000, jobArrives: 5_000, job: 30_000, ...options.timings };

  const run = async (): Promise<void> => {
    const decoded = decodeConfig(encodedJitConfig);
    if ('error' in decoded) {
      output.push(decoded.error);
      exit(1);
      return;
    }
    runner = store.runners.bySecret(decoded.secret);
    if (runner === undefined || runner.used) {
      output.push(...REGISTRATION_DELETED);
      exit(1);
      return;
    }
    if (options.neverOnline === true) {
      say(CONNECT_ERROR);
      await stopping;
      return;
    }
    runner.used = true;
    if (!(await wait(timings.connect))) return;
    Object.assign(runner, { status: 'online', version: RUNNER_VERSION });
    output.push('√ Connected to GitHub', '', `Current runner version: '${RUNNER_VERSION}'`);
    say('Listening for Jobs');
    enter('listening');
    if (!(await wait(timings.jobArrives))) return;
    const job = options.jobName ?? 'gpu';
    runner.busy = true;
    say(`Running job: ${job}`);
    enter('running');
    if (!(await wait(timings.job))) return;
    if (options.offlineMidJob === true) {
      runner.status = 'offline';
      say(CONNECT_ERROR);
      enter('offline');
      await stopping;
      return;
    }
    runner.busy = false;
    say(`Job ${job} completed with result: Succeeded`);
    if (options.listedAfterExit === true) runner.status = 'offline';
    else store.runners.remove(runner);
    exit(0);
  };
  void run();

  return {
    get phase() {
      return phase;
    },
    get output() {
      return output;
    },
    exited,
    reached: (target) =>
      phase === 'exited' || ORDER.indexOf(phase) >= ORDER.indexOf(target)
        ? Promise.resolve()
        : new Promise<void>((resolve) => waiters.push({ phase: target, resolve })),
    stop: () => {
      if (phase === 'exited') return;
      if (runner !== undefined && store.runners.all().includes(runner))
        Object.assign(runner, { status: 'offline', busy: false });
      stopped();
      exit(143);
    }
  };
}
