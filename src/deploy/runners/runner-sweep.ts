import { InputError } from '../../basics/input-error.js';
import { isRecord } from '../../basics/records.js';
import { sanitize } from '../../basics/safe-text.js';
import { formatDuration } from '../../basics/units.js';
import { describeError } from '../../platform/failures.js';
import type { RunnerState, StepResult } from '../engine/calls/step-result.js';
import { NO_CLEANUP } from '../engine/cleanup-state.js';
import type { DeployContext } from '../engine/context.js';
import type { Flow } from '../engine/flows/flow.js';
import { stepResult } from '../engine/flows/toolkit.js';
import { retried } from '../engine/retries.js';
import type { HostRunner, RunnerHost, RunState } from '../engine/runner-host.js';
import { searchTasks, type FoundTask } from '../engine/tasks/find-tasks.js';
import { readDetail } from '../engine/tasks/read-task.js';
import { taskResult, type TaskResult } from '../engine/wait/task-result.js';
import { openRunners, reachesGitHub, removeRunner, stopAndCost, stoppedResult } from './runner-side.js';

const NO_PLAN = { operation: 'runner_sweep', calls: [], wait: undefined } as const;

/**
 * How long a runner may be offline from its job's start before the sweep takes it for lost: its image
 * pulled and GitHub's runner connected take minutes, not more.
 */
export const OFFLINE_GRACE_MS = 15 * 60_000;

/**
 * The sweep of the runners (operation: runner_sweep, for a schedule): the repository's runner jobs of
 * task_name that may still bill, each stopped, until its state shows it, when the workflow run that
 * started it is over (or GitHub knows it no more), when GitHub lists its runner no more (it took its job
 * and left, or was removed), or when its runner is still offline OFFLINE_GRACE_MS after its job started;
 * the runners of those jobs still listed removed from GitHub. A table says what it stopped, why, and
 * what each cost. A dry run says what it would stop, and changes nothing.
 */
export const runnerSweepFlow: Flow = {
  plan: (settings) => {
    if (settings.taskName === undefined)
      throw new InputError(
        "runner_sweep finds the runner jobs by name: set task_name to the runner step's (its jobs are named <task_name>-<run id>-<attempt>-<n>)"
      );
    const taskName = settings.taskName;
    return {
      plan: NO_PLAN,
      cleanup: NO_CLEANUP,
      run: (ctx) => sweepRunners(taskName, ctx, false),
      dryRun: (ctx) => sweepRunners(taskName, ctx, true)
    };
  }
};

/** A runner job the search found, read with the name's parts: its run and attempt, its runner's label. */
interface SweptJob {
  readonly found: FoundTask;
  readonly runId: string;
  readonly label: string;
}

async function sweepRunners(taskName: string, ctx: DeployContext, dryRun: boolean): Promise<StepResult> {
  if (dryRun && !reachesGitHub(ctx)) return dryRunAlone(taskName, ctx);
  const host = await openRunners(ctx);
  const jobs = await runnerJobs(taskName, ctx);
  ctx.log(`runner_sweep: ${jobs.length} runner job(s) of ${taskName} may still bill`);
  const runs = new Map<string, RunState | undefined>();
  const listed = new Map<string, readonly HostRunner[]>();
  const states: RunnerState[] = [];
  const tasks: TaskResult[] = [];
  for (const job of jobs) {
    const why = await whyStop(job, host, ctx, { runs, listed }).catch((error: unknown) => {
      // What GitHub could not say decides nothing: the job is kept, and the next sweep asks again.
      ctx.log(
        `runner job ${job.found.id} (${job.found.name}): kept, GitHub could not be read: ${describeError(error)}`
      );
      return undefined;
    });
    if (why === undefined) continue;
    ctx.log(
      `runner job ${job.found.id} (${job.found.name}): ${why}: ${dryRun ? 'would be stopped (dry run)' : 'stopping it'}`
    );
    if (dryRun) {
      states.push({
        name: job.found.name,
        taskId: job.found.id,
        github: '',
        job: job.found.status ?? '',
        why
      });
      tasks.push(taskResult(job.found.id, { name: job.found.name, status: job.found.status }));
      continue;
    }
    const { state, task } = await stopAndRemove(
      job,
      why,
      host,
      await listedOf(job.label, listed, host, ctx),
      ctx
    );
    states.push(state);
    tasks.push(task);
  }
  const left = await leftRunners(taskName, jobs, host, ctx, { runs, dryRun });
  return stoppedResult('swept', undefined, { tasks, states: [...states, ...left] }, ctx);
}

/**
 * The runners the runner steps of task_name registered that are left with no job that bills (its job was
 * stopped elsewhere, or never made): removed from GitHub when offline and their workflow run is over (or
 * unknown to GitHub); one of a run in progress may be a step's that is still starting its job, and is kept.
 */
async function leftRunners(
  taskName: string,
  jobs: readonly SweptJob[],
  host: RunnerHost,
  ctx: DeployContext,
  how: { runs: Map<string, RunState | undefined>; dryRun: boolean }
): Promise<RunnerState[]> {
  const pattern = runnerNamePattern(taskName);
  const billing = new Set(jobs.map((job) => job.found.name));
  const states: RunnerState[] = [];
  try {
    for (const runner of await host.listAll()) {
      const [, runId] = pattern.exec(runner.name) ?? [];
      if (runId === undefined || billing.has(runner.name) || runner.online || runner.busy) continue;
      if (!how.runs.has(runId)) how.runs.set(runId, await host.runState(runId));
      const run = how.runs.get(runId);
      if (run !== undefined && !run.completed) continue;
      const why = `offline, with no job that bills, and its workflow run ${runId} ${run === undefined ? 'unknown to GitHub' : 'is over'}`;
      const github = how.dryRun ? 'would be removed (dry run)' : await removeRunner(runner.id, host);
      ctx.log(`runner ${runner.name}: ${why}: ${github}`);
      states.push({ name: runner.name, taskId: undefined, github, job: 'none billing', why });
    }
  } catch (error) {
    ctx.log(
      `runner_sweep: GitHub's runners could not be read, so no runner left was removed: ${describeError(error)}`
    );
  }
  return states;
}

/** The name of a runner (and its job) of task_name: `<task_name>-<run id>-<attempt>-<n>`. */
function runnerNamePattern(taskName: string): RegExp {
  return new RegExp(`^${taskName.replace(/[.]/g, '\\.')}-(\\d+)-(\\d+)-\\d+$`);
}

/**
 * A dry run without GitHub (no github_token): the runner jobs that may still bill, read from the platform,
 * each said to be stopped only if GitHub, not read, says its run is over or its runner gone.
 */
async function dryRunAlone(taskName: string, ctx: DeployContext): Promise<StepResult> {
  const jobs = await runnerJobs(taskName, ctx);
  ctx.log(
    `dry run: ${jobs.length} runner job(s) of ${taskName} may still bill; without github_token GitHub is not read, so none is judged: each would be stopped if its workflow run is over, its runner gone, or offline ${formatDuration(OFFLINE_GRACE_MS)} after its job started`
  );
  for (const job of jobs)
    ctx.log(`dry run: runner job ${job.found.id} (${job.found.name}), run ${job.runId}`);
  return stepResult(NO_PLAN, ctx, {});
}

/** The runner jobs of task_name that may still bill: named `<task_name>-<run id>-<attempt>-<n>`. */
async function runnerJobs(taskName: string, ctx: DeployContext): Promise<SweptJob[]> {
  const pattern = runnerNamePattern(taskName);
  const found = await retried(`the job search for ${taskName}`, ctx.retries, () =>
    searchTasks(taskName, (name) => pattern.test(name), ctx)
  );
  return found.map((task) => {
    const [, runId = '', attempt = ''] = pattern.exec(task.name) ?? [];
    return { found: task, runId, label: `${taskName}-${runId}-${attempt}` };
  });
}

/** Why a runner job is stopped, or undefined when it may still be of use. */
async function whyStop(
  job: SweptJob,
  host: RunnerHost,
  ctx: DeployContext,
  seen: { runs: Map<string, RunState | undefined>; listed: Map<string, readonly HostRunner[]> }
): Promise<string | undefined> {
  if (!seen.runs.has(job.runId)) seen.runs.set(job.runId, await host.runState(job.runId));
  const run = seen.runs.get(job.runId);
  if (run === undefined) return `GitHub knows no workflow run ${job.runId}`;
  if (run.completed)
    return `its workflow run ${job.runId} is over (${sanitize(run.conclusion ?? run.status, 40)})`;
  if (!seen.listed.has(job.label)) seen.listed.set(job.label, await host.list(job.label));
  const runner = seen.listed.get(job.label)?.find((one) => one.name === job.found.name);
  if (runner === undefined)
    return 'GitHub lists its runner no more (it took its job and left, or was removed)';
  if (runner.online) return undefined;
  const startedAt = await jobStart(job.found.id, ctx);
  if (startedAt === undefined) return undefined;
  const offlineMs = ctx.runtime.now() - startedAt;
  return offlineMs > OFFLINE_GRACE_MS
    ? `its runner is offline ${formatDuration(offlineMs)} after its job started (grace ${formatDuration(OFFLINE_GRACE_MS)})`
    : undefined;
}

/** GitHub's runners of a label, read once a sweep; none when they cannot be read (none is removed then). */
async function listedOf(
  label: string,
  listed: Map<string, readonly HostRunner[]>,
  host: RunnerHost,
  ctx: DeployContext
): Promise<readonly HostRunner[]> {
  const known = listed.get(label);
  if (known !== undefined) return known;
  try {
    const runners = await host.list(label);
    listed.set(label, runners);
    return runners;
  } catch (error) {
    ctx.log(
      `runner_sweep: GitHub's runners of ${label} could not be read, so none is removed: ${describeError(error)}`
    );
    return [];
  }
}

/** When a runner job started (job_status.create_time); undefined when its detail does not say. */
async function jobStart(taskId: string, ctx: DeployContext): Promise<number | undefined> {
  try {
    const { data } = await readDetail(taskId, ctx);
    const job = isRecord(data) && isRecord(data.job_status) ? data.job_status : {};
    const ms = typeof job.create_time === 'string' ? Date.parse(job.create_time) : Number.NaN;
    return Number.isNaN(ms) ? undefined : ms;
  } catch (error) {
    ctx.log(`runner job ${taskId}: its detail could not be read, so it is kept: ${describeError(error)}`);
    return undefined;
  }
}

/** Stops a runner job until its state shows it, and removes its runner if GitHub still lists it. */
async function stopAndRemove(
  job: SweptJob,
  why: string,
  host: RunnerHost,
  listed: readonly HostRunner[],
  ctx: DeployContext
): Promise<{ state: RunnerState; task: TaskResult }> {
  const { word, task } = await stopAndCost(job.found.id, job.found.name, ctx);
  const runner = listed.find((one) => one.name === job.found.name);
  const github = runner === undefined ? 'not listed' : await removeRunner(runner.id, host);
  ctx.log(`runner job ${job.found.id}: ${word}; its runner ${github}`);
  return {
    state: { name: job.found.name, taskId: job.found.id, github, job: sanitize(word, 300), why },
    task
  };
}
