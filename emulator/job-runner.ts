// A job that runs GitHub's runner (issue 62, point 7), opt-in: given a runner link (the emulator's
// `runners` option, set by a test that starts the GitHub stand-in too), a job whose container env holds
// RUNNER_JITCONFIG_ENV runs the simulated runner instead of its script. Its one pod runs while the runner
// runs; the runner's exit ends it (0 Complete, else Failed with the runner's code and error); a stop
// stops the runner. The emulator imports nothing of the stand-in: the link is a function the test gives.
import type { JobRun, PodRun } from './job-run.js';

/** The container env the runner image reads its just-in-time configuration from (`run.sh --jitconfig`). */
export const RUNNER_JITCONFIG_ENV = 'ACTIONS_RUNNER_INPUT_JITCONFIG';

/** How a simulated runner ended: its exit code and every line it printed. */
export interface RunnerProcessExit {
  readonly code: number;
  readonly output: readonly string[];
}

/** A runner started with a configuration, as the GitHub stand-in's simulateRunner answers it. */
export interface RunnerProcess {
  /** The lines printed so far. */
  readonly output: readonly string[];
  readonly exited: Promise<RunnerProcessExit>;
  /** Its container is stopped. */
  stop(): void;
}

/** The emulator's `runners` option: starts a simulated runner with a job's configuration. */
export interface RunnerLink {
  simulate(encodedJitConfig: string): RunnerProcess;
}

/** A job's runner: its configuration, and, once its pod started, the runner and how it exited. */
export interface JobRunner {
  readonly config: string;
  process: RunnerProcess | undefined;
  exit: (RunnerProcessExit & { at: number }) | undefined;
}

/** The job's runner, when a link is set and one of its services' env holds a configuration. */
export function jobRunnerOf(
  link: RunnerLink | undefined,
  services: readonly { env: readonly { name: string; value: string }[] | null }[]
): JobRunner | undefined {
  if (link === undefined) return undefined;
  const entry = services.flatMap((service) => service.env ?? []).find((e) => e.name === RUNNER_JITCONFIG_ENV);
  return entry === undefined ? undefined : { config: entry.value, process: undefined, exit: undefined };
}

/**
 * Keeps the runner in step with its job at `until`: started once its pod starts (not before, nor once the
 * job is stopped), stopped once the job's stop acts or its deadline passes while it runs. Its exit is
 * noted at the clock's time when it comes.
 */
export function stepRunner(
  runner: JobRunner,
  link: RunnerLink,
  now: () => number,
  times: { startAt: number; until: number; deadline: number; stopped: boolean }
): void {
  if (runner.process === undefined) {
    if (times.until < times.startAt || times.stopped) return;
    const process = link.simulate(runner.config);
    runner.process = process;
    void process.exited.then((exit) => {
      runner.exit = { ...exit, at: now() };
    });
  }
  if (runner.exit === undefined && (times.stopped || times.until >= times.deadline)) runner.process.stop();
}

/** The runner's error: its first line that says one, else its last line. */
export function runnerError(output: readonly string[]): string {
  const said = output.find((line) => /error|fail|invalid|not a valid/i.test(line));
  return said ?? [...output].reverse().find((line) => line.trim() !== '') ?? 'Error';
}

/**
 * The job's run with a runner: one pod from `startAt`, running while the runner runs; ended as the runner
 * exits (before a stop acts, or the deadline), stopped where the stop acted, or Failed at the deadline.
 */
export function runnerRun(
  runner: JobRunner,
  times: { startAt: number; until: number; deadline: number; stopped: boolean }
): JobRun {
  const pod: PodRun = {
    seq: 1,
    index: 0,
    from: times.startAt,
    to: undefined,
    status: 'Running',
    restarts: 0,
    containerFrom: times.startAt,
    exitCode: undefined,
    reason: undefined
  };
  const run: JobRun = { verdict: 'Running', endedAt: undefined, pods: [pod], succeeded: 0, failed: 0 };
  const { exit } = runner;
  if (exit !== undefined && exit.at < times.deadline && !(times.stopped && exit.at >= times.until)) {
    const ok = exit.code === 0;
    Object.assign(pod, {
      to: exit.at,
      status: ok ? 'Succeeded' : 'Failed',
      exitCode: exit.code,
      reason: ok ? 'Completed' : runnerError(exit.output)
    });
    return ok
      ? { ...run, verdict: 'Complete', endedAt: exit.at, succeeded: 1 }
      : { ...run, verdict: 'Failed', endedAt: exit.at, failed: 1 };
  }
  if (times.deadline <= times.until) {
    Object.assign(pod, { to: times.deadline, status: 'Failed', reason: 'DeadlineExceeded' });
    return { ...run, verdict: 'Failed', endedAt: times.deadline, failed: 1 };
  }
  if (times.stopped) {
    Object.assign(pod, { to: times.until, status: 'End', reason: 'Stopped' });
    return { ...run, endedAt: times.until };
  }
  return run;
}

/** The runner's log: the lines it printed so far (all of them once it exited). */
export function runnerLog(runner: JobRunner): string {
  const lines = runner.exit?.output ?? runner.process?.output ?? [];
  return lines.map((line) => `${line}\n`).join('');
}
