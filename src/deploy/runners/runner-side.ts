import { InputError } from '../../basics/input-error.js';
import { sanitize } from '../../basics/safe-text.js';
import { describeError } from '../../platform/failures.js';
import { sumPoints } from '../../platform/money.js';
import type { CallOutcome } from '../engine/calls/make-calls.js';
import { reportEntry, type RunnerState, type StepResult } from '../engine/calls/step-result.js';
import type { DeployContext } from '../engine/context.js';
import { stepResult } from '../engine/flows/toolkit.js';
import type { RunnerHost } from '../engine/runner-host.js';
import { cleanUpTask } from '../engine/tasks/clean-up-task.js';
import { readDetail } from '../engine/tasks/read-task.js';
import { taskResult, type TaskResult } from '../engine/wait/task-result.js';

/** One runner a step started, as far as it got: registered (its runner id), made (its task id). */
export interface Started {
  readonly name: string;
  readonly runnerId: number | undefined;
  readonly taskId: string | undefined;
  readonly calls: readonly CallOutcome[];
  /** Why it could not be started. */
  readonly failure: string | undefined;
}

/** Whether the step can ask GitHub: a host that has it, and github_token set. */
export function reachesGitHub(ctx: DeployContext): boolean {
  return ctx.runtime.runnerHost !== undefined && ctx.settings.previews.githubToken !== undefined;
}

/** GitHub for a runner step, as runner_scope says; refused where the host has none. */
export async function openRunners(ctx: DeployContext): Promise<RunnerHost> {
  const open = ctx.runtime.runnerHost;
  if (open === undefined || ctx.settings.previews.githubToken === undefined)
    throw new InputError(
      `${ctx.settings.operation} registers self-hosted runners with GitHub, but github_token is empty: set it to a fine-grained token or a GitHub App's with administration: write on the repository (organization_self_hosted_runners: write with runner_scope: org), from a secret; the workflow's own GITHUB_TOKEN cannot (docs/runners.md)`
    );
  return open(ctx.settings.selfHosted.scope);
}

/**
 * A runner step that failed: every runner job it made is stopped until its state shows it (it would bill
 * with no job to run), every runner it registered removed from GitHub, and the step fails saying why, with
 * what each came to. A stop that cannot be made is said, and stays for the post step.
 */
export async function failRunners(
  started: readonly Started[],
  failure: string,
  host: RunnerHost,
  label: string,
  ctx: DeployContext,
  tasks: readonly TaskResult[] = []
): Promise<StepResult> {
  const made = started.some((one) => one.taskId !== undefined || one.runnerId !== undefined);
  ctx.log(
    `runner: ${failure}${made ? ': stopping the runner jobs this step made, and removing its runners' : ': nothing was made'}`
  );
  const states: RunnerState[] = [];
  for (const one of started) {
    const job = await stopRunnerJob(one, ctx);
    const github = await removeFromGitHub(one, host, ctx);
    // Removed: the post step has it no more to remove; else it tries again.
    if (github === 'removed')
      ctx.cleanup.update({
        registrations: ctx.cleanup.state().registrations.filter((r) => r.name !== one.name)
      });
    states.push({ name: one.name, taskId: one.taskId, github, job });
  }
  const byId = new Map(tasks.map((task) => [task.id, task]));
  return stepResult({ operation: 'runner', calls: [], wait: undefined }, ctx, {
    calls: started.flatMap((one) => one.calls),
    tasks: started.flatMap((one) =>
      one.taskId === undefined ? [] : [byId.get(one.taskId) ?? taskResult(one.taskId, { name: one.name })]
    ),
    parts: [reportEntry('selfHosted', { action: 'started', label, states, failure })]
  });
}

/** Stops a runner's platform job, verified by its state; what it came to, in a word or a line. */
async function stopRunnerJob(one: Started, ctx: DeployContext): Promise<string> {
  if (one.taskId === undefined) return 'not made';
  const outcome = await cleanUpTask(one.taskId, 'stop', ctx, one.name);
  if (outcome.kind === 'failed') {
    ctx.log(`runner ${one.name}: its job ${one.taskId} could not be stopped: ${outcome.why}`);
    return `not stopped: ${outcome.why}`;
  }
  ctx.cleanup.settle('created', one.taskId);
  const word = outcome.kind === 'done' ? 'stopped' : `ended (${outcome.state})`;
  ctx.log(`runner ${one.name}: its job ${one.taskId} ${word}`);
  return word;
}

/** Removes a registered runner from GitHub, and logs what GitHub lists after: in a word or a line. */
async function removeFromGitHub(one: Started, host: RunnerHost, ctx: DeployContext): Promise<string> {
  if (one.runnerId === undefined) return 'not registered';
  const said = await removeRunner(one.runnerId, host);
  ctx.log(`runner ${one.name}: ${said} from GitHub`);
  return said;
}

/**
 * Removes a runner from GitHub: what GitHub lists after, in a word or a line (removed; still listed,
 * running a job or idle, with what GitHub answered; not removed, and why), never a failure of its own.
 */
export async function removeRunner(id: number, host: RunnerHost): Promise<string> {
  try {
    const removal = await host.remove(id);
    if (removal.outcome === 'removed' || removal.outcome === 'gone') return 'removed';
    const refusal = removal.refusal === undefined ? '' : `: ${sanitize(removal.refusal, 200)}`;
    return `still listed (${removal.outcome === 'busy' ? 'running a job' : 'idle'}${refusal})`;
  } catch (error) {
    return `not removed: ${sanitize(describeError(error), 200)}`;
  }
}

/**
 * Stops a runner job until its state shows it, and reads what it cost: what it came to in a word or a line
 * (stopped, ended already, or not stopped and why), and its task with its last detail's figures.
 */
export async function stopAndCost(
  id: string,
  name: string | undefined,
  ctx: DeployContext
): Promise<{ word: string; task: TaskResult }> {
  const outcome = await cleanUpTask(id, 'stop', ctx, name);
  const word =
    outcome.kind === 'done'
      ? 'stopped'
      : outcome.kind === 'already'
        ? `ended (${outcome.state})`
        : `not stopped: ${outcome.why}`;
  try {
    const { snapshot } = await readDetail(id, ctx);
    const { status, billingValue, forecastValue } = snapshot;
    return {
      word,
      task: taskResult(id, { name: name ?? snapshot.name, status, billingValue, forecastValue })
    };
  } catch (error) {
    ctx.log(`runner job ${id}: what it cost could not be read: ${describeError(error)}`);
    return { word, task: taskResult(id, { name, status: word }) };
  }
}

/**
 * The result of a runner_stop or a runner_sweep: the jobs it stopped, each runner's state, what they cost
 * in all, and, when a job could not be stopped, a failure that names it (it may bill on).
 */
export function stoppedResult(
  action: 'stopped' | 'swept',
  label: string | undefined,
  stopped: { tasks: readonly TaskResult[]; states: readonly RunnerState[] },
  ctx: DeployContext
): StepResult {
  const { tasks, states } = stopped;
  const failed = states.filter((state) => state.job.startsWith('not stopped'));
  const total = sumPoints(tasks.flatMap((task) => [task.billingValue ?? '0', task.forecastValue ?? '0']));
  const operation = action === 'stopped' ? 'runner_stop' : 'runner_sweep';
  return stepResult({ operation, calls: [], wait: undefined }, ctx, {
    tasks,
    parts: [
      reportEntry('selfHosted', {
        action,
        label,
        states,
        ...(total === undefined || tasks.length === 0 ? {} : { totalPoints: total }),
        failure:
          failed.length === 0
            ? undefined
            : `${failed.length} runner job(s) could not be stopped, and may bill on: ${failed.map((s) => s.taskId ?? s.name).join(', ')}`
      })
    ]
  });
}
