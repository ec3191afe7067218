// The bench of the runner tests: the platform's emulator on the fake clock (a step bench) whose jobs run
// the GitHub stand-in's simulated runner, and GitHub's stand-in on the same clock, seen from a step as a
// workflow run sees it, through the toolkit's client over real HTTPS.
import {
  startGitHub,
  type GitHubStandIn,
  type RunnerOptions,
  type SimulatedRunner
} from '../../github-standin/index.js';
import type { RunnerHostOpener, RunnerRun } from '../../src/deploy/engine/runner-host.js';
import { openRunnerHost } from '../../src/github/runner-host.js';

import { RUNNER_BODY } from './bodies.js';
import { useStepBench, type StepBench } from './emulator-step.js';

export { RUNNER_BODY };

/** The inputs every runner test's step starts from. */
export const RUNNER_INPUTS = {
  operation: 'runner',
  task_name: 'gpu',
  body: RUNNER_BODY,
  gpu: '4090',
  poll_interval: '10s',
  wait_timeout: '10m',
  github_token: 'ghs_runner'
} as const;

/** The workflow run the step is in: run 9001, attempt 1, on a push. */
export const RUN: RunnerRun = {
  repository: 'acme/app',
  id: '9001',
  attempt: '1',
  url: undefined,
  eventName: 'push',
  fromFork: false
};

export interface RunnerBench extends StepBench {
  readonly github: GitHubStandIn;
  /** The simulated runners the emulator's jobs started, in order. */
  readonly runners: readonly SimulatedRunner[];
  /** How the next runners start: their knobs, and whether their configuration reaches them intact. */
  simulate(options: RunnerOptions & { corrupt?: boolean }): void;
  /** GitHub as a step in `run` sees it, with `token` (the stand-in's runner token unless given). */
  host(run?: Partial<RunnerRun>, token?: string): RunnerHostOpener;
  /** Every configuration a runner job's container was given, for the tests that look for it where it must not be. */
  configs(): string[];
  /** Starts `count` runners in run `runId` (online, handed over): their job ids. */
  start(count: number, runId?: string): Promise<string[]>;
}

/**
 * Registers the hooks of a runner test: a step bench (jobs running after 10 s) with RUNNER_INPUTS under
 * `inputs`, linked to GitHub's stand-in's simulated runner, the stand-in started on its clock before each
 * test. A runner connects at once once its pod runs, then waits for a job until the test ends it.
 */
export function useRunnerBench(inputs: Record<string, string> = {}): RunnerBench {
  let current: GitHubStandIn | undefined;
  let started: SimulatedRunner[] = [];
  let given: string[] = [];
  let next: RunnerOptions & { corrupt?: boolean } = {};
  const github = (): GitHubStandIn => {
    if (current === undefined) throw new Error("GitHub's stand-in is used outside a test");
    return current;
  };
  const bench = useStepBench(
    {
      readyAfterSeconds: 10,
      strict: true,
      runners: {
        simulate: (config) => {
          const { corrupt, ...options } = next;
          given.push(config);
          const runner = github().simulateRunner(corrupt === true ? `${config.slice(0, -4)}AAAA` : config, {
            timings: { connect: 1, jobArrives: 3_600_000, job: 1 },
            // It connects at once; a job never comes while the step runs.
            sleep: (ms) => (ms === 1 ? Promise.resolve() : new Promise<void>(() => undefined)),
            ...options
          });
          started.push(runner);
          return runner;
        }
      }
    },
    { ...RUNNER_INPUTS, ...inputs }
  );
  beforeEach(async () => {
    current = await startGitHub({ now: () => bench.clock.now() });
    started = [];
    given = [];
    next = {};
  });
  afterEach(async () => {
    const stopping = github();
    current = undefined;
    await stopping.stop();
  });
  const own = Object.create(bench) as RunnerBench;
  Object.defineProperties(own, {
    github: { get: github },
    runners: { get: () => started }
  });
  return Object.assign(own, {
    simulate: (options: RunnerOptions & { corrupt?: boolean }) => {
      next = options;
    },
    host:
      (run: Partial<RunnerRun> = {}, token?: string): RunnerHostOpener =>
      (scope) =>
        Promise.resolve(
          openRunnerHost({ ...RUN, ...run }, scope, {
            token: token ?? github().runnerToken,
            apiUrl: github().url,
            userAgent: 'elastic-deploy-action/test',
            deadline: Date.now() + 120_000,
            log: () => undefined,
            mask: () => undefined,
            requests: { timeoutMs: 5000, maxResponseBytes: 1024 * 1024, cancel: new AbortController().signal }
          })
        ),
    configs: () => [...given],
    start: async (count: number, runId = RUN.id ?? '') => {
      const { outputs, failure } = await own.step(
        { runners: String(count) },
        { runnerHost: own.host({ id: runId }) }
      );
      if (failure !== undefined) throw new Error(`the runners were not started: ${failure}`);
      return JSON.parse(outputs.task_ids) as string[];
    }
  });
}
