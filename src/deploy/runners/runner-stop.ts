import { InputError } from '../../basics/input-error.js';
import { sanitize } from '../../basics/safe-text.js';
import { describeError } from '../../platform/failures.js';
import type { RunnerState, StepResult } from '../engine/calls/step-result.js';
import type { DeployContext } from '../engine/context.js';
import type { Flow } from '../engine/flows/flow.js';
import { NO_CLEANUP } from '../engine/cleanup-state.js';
import { stepResult } from '../engine/flows/toolkit.js';
import type { HostRunner, RunnerHost } from '../engine/runner-host.js';
import { retried } from '../engine/retries.js';
import { searchTasks } from '../engine/tasks/find-tasks.js';
import type { TaskResult } from '../engine/wait/task-result.js';
import { runnerLabel } from './runner-names.js';
import { openRunners, reachesGitHub, removeRunner, stopAndCost, stoppedResult } from './runner-side.js';

const NO_PLAN = { operation: 'runner_stop', calls: [], wait: undefined } as const;

/**
 * The stop of a workflow run's runners (operation: runner_stop, for a last job with if: always()): the
 * runner jobs of the run's label (task_name, the run and its attempt), or those task_id names, each
 * stopped until its state shows it, the runners still registered removed from GitHub, and what each cost
 * said. A job already ended (its runner took its job and exited) needs no stop, and is said so.
 */
export const runnerStopFlow: Flow = {
  plan: (settings) => {
    if (settings.taskName === undefined && settings.taskIds.length === 0)
      throw new InputError(
        "runner_stop needs the runners: set task_name to the runner step's (its runners are found by the run's label), or task_id to their jobs (the runner step's task_ids output)"
      );
    return {
      plan: NO_PLAN,
      cleanup: NO_CLEANUP,
      run: (ctx) => stopRunners(ctx, false),
      dryRun: (ctx) => stopRunners(ctx, true)
    };
  }
};

/** A runner job to stop: its id, and its name (its runner's) when known. */
interface RunnerJob {
  readonly id: string;
  readonly name: string | undefined;
}

async function stopRunners(ctx: DeployContext, dryRun: boolean): Promise<StepResult> {
  if (dryRun && !reachesGitHub(ctx)) return dryRunAlone(ctx);
  const host = await openRunners(ctx);
  const { taskName, taskIds } = ctx.settings;
  const label = taskName === undefined ? undefined : runnerLabel(taskName, host.run);
  const jobs =
    taskIds.length > 0 ? taskIds.map((id) => ({ id, name: undefined })) : await jobsOf(label ?? '', ctx);
  ctx.log(
    `runner_stop: ${jobs.length} runner job(s)${label === undefined ? '' : ` labeled ${label}`}${jobs.length === 0 ? ', nothing to stop on the platform' : `: ${jobs.map((job) => job.id).join(', ')}`}`
  );
  if (dryRun) {
    for (const job of jobs)
      ctx.log(`dry run: job ${job.id} would be stopped, and its runner removed from GitHub`);
    return stepResult(NO_PLAN, ctx, {});
  }
  const states: RunnerState[] = [];
  const tasks: TaskResult[] = [];
  for (const job of jobs) {
    const { state, task } = await stopOne(job, ctx);
    states.push(state);
    tasks.push(task);
  }
  const removed = await removeRunners(label, states, host, ctx);
  return stoppedResult('stopped', label, { tasks, states: removed }, ctx);
}

/**
 * A dry run without GitHub (no github_token): the jobs given by id would be stopped; those of a label are
 * named by the run, which GitHub's variables say, so the dry run says how they are found.
 */
function dryRunAlone(ctx: DeployContext): StepResult {
  const { taskIds, taskName } = ctx.settings;
  if (taskIds.length > 0)
    for (const id of taskIds)
      ctx.log(`dry run: job ${id} would be stopped, and its runner removed from GitHub`);
  else
    ctx.log(
      `dry run: the runner jobs named ${taskName ?? ''}-<run id>-<attempt>-<n> of this workflow run would be stopped, and their runners removed from GitHub (without github_token, GitHub is not read)`
    );
  return stepResult(NO_PLAN, ctx, {});
}

/**
 * The label's runner jobs, whatever their status (one whose runner took its job has ended, and is said so,
 * with what it cost): those the job search lists whose name is `<label>-<n>`.
 */
async function jobsOf(label: string, ctx: DeployContext): Promise<RunnerJob[]> {
  const runnerName = new RegExp(`^${label.replace(/[.]/g, '\\.')}-\\d+$`);
  const found = await retried(`the job search for ${label}`, ctx.retries, () =>
    searchTasks(label, (name) => runnerName.test(name), ctx, 'every')
  );
  return found.map((task) => ({ id: task.id, name: task.name }));
}

/** Stops one runner job until its state shows it; what it came to, and what it cost by its last detail. */
async function stopOne(
  job: RunnerJob,
  ctx: DeployContext
): Promise<{ state: RunnerState; task: TaskResult }> {
  const { word, task } = await stopAndCost(job.id, job.name, ctx);
  ctx.log(`runner job ${job.id}${job.name === undefined ? '' : ` (${job.name})`}: ${word}`);
  return {
    state: { name: task.name ?? job.id, taskId: job.id, github: 'not listed', job: sanitize(word, 300) },
    task
  };
}

/**
 * Removes from GitHub the runners of the label, or of the stopped jobs' names, that are still listed: an
 * ephemeral runner that took its job is gone already. A runner running a job stays (GitHub removes one
 * only between jobs), and is said.
 */
async function removeRunners(
  label: string | undefined,
  states: readonly RunnerState[],
  host: RunnerHost,
  ctx: DeployContext
): Promise<RunnerState[]> {
  const labels = label !== undefined ? [label] : [...new Set(states.map((s) => s.name.replace(/-\d+$/, '')))];
  let listed: HostRunner[] = [];
  try {
    for (const one of labels) listed = [...listed, ...(await host.list(one))];
  } catch (error) {
    ctx.log(`runner_stop: GitHub's runners could not be read, so none was removed: ${describeError(error)}`);
    return [...states];
  }
  const result: { -readonly [K in keyof RunnerState]: RunnerState[K] }[] = states.map((state) => ({
    ...state
  }));
  for (const runner of listed) {
    const github = await removeRunner(runner.id, host);
    ctx.log(`runner ${runner.name}: ${github} from GitHub`);
    const own = result.find((state) => state.name === runner.name);
    if (own === undefined) result.push({ name: runner.name, taskId: undefined, github, job: 'none found' });
    else own.github = github;
  }
  return result;
}
