// npm run demo -- --runner: GPU runners for a workflow's job (operation: runner), as a workflow run runs
// the bundled action (dist/index.js) against both stand-ins: the platform's emulator, whose runner jobs run
// GitHub's stand-in's simulated runner (the emulator's `runners` link), and GitHub's. The `gpu-runner`
// job's step starts two runners and hands them over once GitHub lists them online (its outputs, runs_on
// among them); each runner then takes one job of the run and exits, and its platform job completes by
// itself; a last job's runner_stop finds nothing left billing, and says what the runners cost. The
// simulated runners' waits are short real ones (a job comes when the demo says): a few seconds in all.
import type { Emulator, RunnerLink } from '../emulator/index.js';
import { startGitHub, type GitHubStandIn, type SimulatedRunner } from '../github-standin/index.js';
import { hasValue } from '../src/cli/json-outputs.js';
import { shortened, terminalSummary } from '../src/cli/terminal-summary.js';
import { readablePoints, sumPoints } from '../src/platform/money.js';
import { runStep, type StepRun } from './action-runner.js';
import type { DemoParts } from './demo-preview.js';

const RUN_ID = '7613012';
const RUN_ATTEMPT = '1';
/** The simulated runner's waits, in ms: connecting, until its job comes (the demo's gate), the job. */
const CONNECT_MS = 300;
const JOB_ARRIVES_MS = 3_600_000;
const JOB_MS = 500;
/** How long the demo waits for the runners to take their jobs and exit before it says they did not. */
const EXIT_WAIT_MS = 20_000;

/** GitHub's side of the demo: the stand-in, the emulator's link to its runner, the runners it started. */
export interface RunnerSide {
  readonly github: GitHubStandIn;
  /** The emulator's `runners` option: a runner job's pod runs the stand-in's simulated runner. */
  readonly link: RunnerLink;
  /** The simulated runners the emulator's jobs started, in order. */
  readonly runners: readonly SimulatedRunner[];
  /** The workflow's jobs on runs_on are queued: each runner waiting for one takes it. */
  jobsQueued(): void;
}

/** Starts GitHub's stand-in, with a workflow run of it, and the link the emulator runs its runners with. */
export async function startRunnerSide(): Promise<RunnerSide> {
  const github = await startGitHub();
  github.store.startRun({ id: Number(RUN_ID), attempt: Number(RUN_ATTEMPT), event: 'push' });
  const runners: SimulatedRunner[] = [];
  let queue: () => void = () => undefined;
  const queued = new Promise<void>((resolve) => {
    queue = resolve;
  });
  // A runner waits for its job until the demo queues the jobs; its other waits are short real ones.
  const sleep = (ms: number): Promise<void> =>
    ms === JOB_ARRIVES_MS ? queued : new Promise((resolve) => setTimeout(resolve, ms));
  const link: RunnerLink = {
    simulate: (config) => {
      const runner = github.simulateRunner(config, {
        sleep,
        timings: { connect: CONNECT_MS, jobArrives: JOB_ARRIVES_MS, job: JOB_MS },
        jobName: 'tests'
      });
      runners.push(runner);
      return runner;
    }
  };
  return { github, link, runners, jobsQueued: queue };
}

/** 0 when two runners came online, took a job each and exited, their jobs completed, and nothing bills. */
export async function runnerDemo(parts: DemoParts, side: RunnerSide): Promise<number> {
  const { emulator, say } = parts;
  const { github } = side;
  try {
    say(
      `Emulator on ${emulator.base_url} (a runner job's pod runs GitHub's runner); GitHub's stand-in on ${github.url} (repository ${github.repository}, workflow run ${RUN_ID}, attempt ${RUN_ATTEMPT}).`
    );
    say(
      'The gpu-runner job starts two runners (operation: runner); the tests jobs run on its runs_on; a last job stops what is left (operation: runner_stop).\n'
    );
    const main = await startRunners(parts, side);
    const post = await runStep(parts.node, runnerInputs(parts, side), {
      env: runEnv(parts, side),
      state: main.state
    });
    parts.show('post step of gpu-runner (the job ends; its runners are handed over, not stopped)', post);
    const ids = JSON.parse(main.outputs.task_ids ?? '[]') as string[];
    const exits = await takeJobs(parts, side, ids);
    const stop = await stopRunners(parts, side);
    return verdict(parts, side, { main, post, stop, ids, exits });
  } finally {
    for (const runner of side.runners) runner.stop();
    await github.stop();
    await emulator.stop();
  }
}

/** The gpu-runner job's step: two runners on a 4090 each, handed over once GitHub lists them online. */
async function startRunners(parts: DemoParts, side: RunnerSide): Promise<StepRun> {
  const main = await runStep(parts.node, runnerInputs(parts, side), { env: runEnv(parts, side) });
  parts.show('gpu-runner: the runner step (operation: runner, runners: 2)', main);
  outputs(parts, main, ['runner_label', 'runner_names', 'runs_on', 'task_ids']);
  const listed = side.github.store.runners.all().map((r) => `${r.name} ${r.status}${r.busy ? ', busy' : ''}`);
  parts.say(`GitHub lists ${listed.length} runner(s): ${listed.join('; ') || 'none'}.\n`);
  return main;
}

/** The runner step's inputs: a runner image's job, two of them, GitHub's token with administration: write. */
function runnerInputs({ emulator }: DemoParts, { github }: RunnerSide): Record<string, string> {
  return {
    operation: 'runner',
    base_url: emulator.base_url,
    token: emulator.token_mode.token,
    github_token: github.runnerToken,
    task_name: 'gpu',
    gpu: '4090',
    runners: '2',
    body: [
      'services:',
      '  - service_name: runner',
      '    service_image: ghcr.io/acme/gpu-runner:2.328.0',
      '    resource_weight: {cpu_weight: 8, mem_weight: 32, gpu_weight: 1}',
      '    start_script: {command: [./run.sh], args: []}'
    ].join('\n'),
    poll_interval: '1s',
    wait_timeout: '2m'
  };
}

/** The workflow run's variables, as the runner gives them to each of its steps. */
function runEnv({ env }: DemoParts, { github }: RunnerSide): Record<string, string> {
  return {
    ...env,
    GITHUB_REPOSITORY: github.repository,
    GITHUB_API_URL: github.url,
    GITHUB_SERVER_URL: 'https://github.test',
    GITHUB_RUN_ID: RUN_ID,
    GITHUB_RUN_ATTEMPT: RUN_ATTEMPT,
    GITHUB_EVENT_NAME: 'push'
  };
}

/** The named outputs of a step, those that say something. */
function outputs({ say }: DemoParts, run: StepRun, names: readonly string[]): void {
  say('── outputs ──');
  for (const name of names) {
    const value = run.outputs[name];
    if (value !== undefined && hasValue(value)) say(`  ${name} = ${shortened(value)}`);
  }
  say();
}

/**
 * The tests jobs are queued: each runner takes one, runs it and exits, as an ephemeral runner does; its
 * platform job ends with it. The runners' own lines, and the jobs' states as the emulator says them.
 */
async function takeJobs(
  { emulator, say }: DemoParts,
  side: RunnerSide,
  ids: readonly string[]
): Promise<(number | undefined)[]> {
  side.jobsQueued();
  const exits = await Promise.all(
    side.runners.map((runner) =>
      Promise.race([
        runner.exited.then((exit) => exit.code),
        new Promise<undefined>((resolve) => {
          setTimeout(resolve, EXIT_WAIT_MS, undefined).unref();
        })
      ])
    )
  );
  say('── the tests jobs run on runs_on: each runner takes one, and exits ──');
  for (const [i, runner] of side.runners.entries()) {
    say(`  runner ${i + 1} (${exits[i] === undefined ? 'still running' : `exit code ${exits[i]}`}):`);
    for (const line of runner.output) say(`    ${line}`.trimEnd());
  }
  for (const id of ids) {
    const { status, jobStatus } = jobState(emulator, id);
    say(`  platform job ${id}: ${status} (${jobStatus})`);
  }
  say();
  return exits;
}

/** A job's state as its detail says it: the task's status, the job's, and what it cost (points). */
function jobState(
  emulator: Emulator,
  id: string
): { status: string; jobStatus: string; points: readonly string[] } {
  const job = emulator.jobs.get(id) as {
    status: string;
    job_status: { status: string };
    billing_value?: number | string;
    forecast_value?: number | string;
  };
  return {
    status: job.status,
    jobStatus: job.job_status.status,
    points: [String(job.billing_value ?? 0), String(job.forecast_value ?? 0)]
  };
}

/** The last job's step: runner_stop by task_name, as the run's label finds its runner jobs. */
async function stopRunners(parts: DemoParts, side: RunnerSide): Promise<StepRun> {
  const stop = await runStep(
    parts.node,
    {
      operation: 'runner_stop',
      base_url: parts.emulator.base_url,
      token: parts.emulator.token_mode.token,
      github_token: side.github.runnerToken,
      task_name: 'gpu',
      poll_interval: '1s'
    },
    { env: runEnv(parts, side) }
  );
  parts.show('stop-runner: operation: runner_stop (if: always())', stop);
  outputs(parts, stop, ['task_ids', 'total_cost']);
  parts.say('── job summary of runner_stop (as a terminal shows it) ──');
  parts.say(terminalSummary(stop.summary).trimEnd().replace(/^/gm, '  '));
  parts.say();
  return stop;
}

/** Read by state: every step passed, both runners exited 0, both jobs completed, GitHub lists none. */
function verdict(
  { emulator, say }: DemoParts,
  { github, runners }: RunnerSide,
  run: { main: StepRun; post: StepRun; stop: StepRun; ids: string[]; exits: (number | undefined)[] }
): number {
  const completed = run.ids.filter((id) => {
    const { status, jobStatus } = jobState(emulator, id);
    return status === 'End' && jobStatus === 'Complete';
  });
  const listed = github.store.runners.all().length;
  const cost = sumPoints(run.ids.flatMap((id) => jobState(emulator, id).points));
  say(
    `The emulator: ${completed.length} of ${run.ids.length} runner job(s) completed, billing no more; they cost ${cost === undefined ? 'an unknown sum' : readablePoints(cost)} in all. GitHub: ${listed} runner(s) still listed.`
  );
  const ok =
    [run.main, run.post, run.stop].every((step) => step.exitCode === 0) &&
    run.ids.length === 2 &&
    runners.length === 2 &&
    run.exits.every((code) => code === 0) &&
    completed.length === 2 &&
    listed === 0;
  say(
    ok
      ? 'Demo finished: two runners came online and were handed over, each took one job and exited, their platform jobs completed by themselves, and runner_stop left nothing billing or registered.'
      : 'Demo FAILED.'
  );
  return ok ? 0 : 1;
}
