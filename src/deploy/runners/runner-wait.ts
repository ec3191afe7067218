import { sanitize } from '../../basics/safe-text.js';
import { formatDuration } from '../../basics/units.js';
import { compareDecimals, readablePoints, readableYuan, sumPoints, yuanOf } from '../../platform/money.js';
import { describeError } from '../../platform/failures.js';
import { jobFactsOf, jobFailureReason } from '../../platform/task-data.js';
import type { RunnerState } from '../engine/calls/step-result.js';
import type { DeployContext } from '../engine/context.js';
import type { HostRunner, RunnerHost } from '../engine/runner-host.js';
import { readDetailOnce, type TaskDetail } from '../engine/tasks/read-task.js';
import { DIAGNOSTICS, diagnose } from '../engine/wait/diagnose.js';
import { costPoints, pointsOf, saysCost } from '../engine/wait/spending-cap.js';
import { billedSince } from '../engine/wait/billed-since.js';
import { taskResult, type TaskResult } from '../engine/wait/task-result.js';
import type { Started } from './runner-side.js';

/** How the wait for the runners to come online ended: their tasks and states, and why it failed. */
export interface WaitedRunners {
  readonly tasks: TaskResult[];
  readonly states: RunnerState[];
  readonly failure: string | undefined;
  /** The step was cancelled while it waited. */
  readonly cancelled?: true;
}

/** One round's reading of a runner: its job's detail (or why it could not be read) and GitHub's runner. */
interface Reading {
  readonly one: Started & { readonly taskId: string };
  readonly detail: TaskDetail | undefined;
  readonly unread: string | undefined;
  readonly listed: HostRunner | undefined;
}

/**
 * Waits until GitHub lists every runner online, reading each runner's platform job and GitHub's runners
 * every poll_interval, within wait_timeout. It fails, saying why, when a runner's job ends or fails before
 * its runner is online (the job's reason, and its failed pods' events and last log lines), when the jobs'
 * cost reaches max_cost, when a job cannot be read poll_error_budget times in a row, or when the time runs
 * out. No sleep passes the deadline.
 */
export async function waitOnline(
  started: readonly Started[],
  host: RunnerHost,
  label: string,
  ctx: DeployContext
): Promise<WaitedRunners> {
  const made = started.filter((one): one is Started & { taskId: string } => one.taskId !== undefined);
  let unread = 0;
  let said = '';
  let last: WaitedRunners = { tasks: [], states: [], failure: undefined };
  try {
    for (;;) {
      const readings = await readRound(made, host, label, ctx);
      last = { tasks: readings.map(taskOf), states: readings.map(stateOf), failure: undefined };
      unread = readings.some((r) => r.unread !== undefined) ? unread + 1 : 0;
      const verdict = await verdictOf(readings, last, unread, ctx);
      if (verdict !== undefined) return verdict;
      said = sayProgress(readings, last.states, said, ctx);
      if (ctx.runtime.cancelled()) return { ...last, cancelled: true };
      const left = ctx.deadline - ctx.runtime.now();
      if (left <= 0) {
        const online = readings.filter((r) => r.listed?.online === true).length;
        return {
          ...last,
          failure: `${made.length - online} of ${made.length} runner(s) not online within wait_timeout (${formatDuration(ctx.settings.wait.timeoutMs)})`
        };
      }
      await ctx.runtime.sleep(Math.min(ctx.settings.wait.intervalMs, left));
    }
  } catch (error) {
    // Cancelled: what the step made stays recorded for the post step, which stops it.
    if (!ctx.runtime.cancelled()) throw error;
    return { ...last, cancelled: true };
  }
}

/**
 * What a round decides: a runner job that ended before its runner came online, the cost at max_cost, a job
 * unread poll_error_budget times in a row, or every runner online; undefined while the wait goes on.
 */
async function verdictOf(
  readings: readonly Reading[],
  last: WaitedRunners,
  unread: number,
  ctx: DeployContext
): Promise<WaitedRunners | undefined> {
  const failed = readings.find(
    (r) => r.detail !== undefined && jobEnded(r.detail.data) && r.listed?.online !== true
  );
  if (failed !== undefined) return failedJob(failed, [...last.tasks], [...last.states], ctx);
  const capped = await pastMaxCost(readings, ctx);
  if (capped !== undefined) return { ...last, failure: capped };
  if (unread >= ctx.settings.wait.pollErrorBudget)
    return {
      ...last,
      failure: `a runner job could not be read ${unread} times in a row: ${readings.find((r) => r.unread !== undefined)?.unread ?? ''}`
    };
  return readings.every((r) => r.listed?.online === true) ? last : undefined;
}

/** A progress line when what the runners show changed: how many are online, each one's state. */
function sayProgress(
  readings: readonly Reading[],
  states: readonly RunnerState[],
  said: string,
  ctx: DeployContext
): string {
  const online = readings.filter((r) => r.listed?.online === true).length;
  const line = `runner: ${online} of ${readings.length} online (${states.map((s) => `${s.name}: ${s.github}, job ${s.job}`).join('; ')})`;
  const left = Math.max(0, ctx.deadline - ctx.runtime.now());
  const spent = costPoints(readings.map((r) => r.detail?.snapshot));
  const yuan = spent === undefined ? undefined : yuanOf(spent);
  const cost = yuan === undefined ? '' : `, cost so far ${readableYuan(yuan) ?? `${yuan} yuan`}`;
  const full = `${line}, ${formatDuration(ctx.runtime.now() - ctx.startedAt)} elapsed (${formatDuration(left)} left${cost})`;
  // A line at each change in the log; one each round where the host shows one (a terminal).
  if (line !== said) ctx.log(full);
  else ctx.runtime.progress?.(full);
  return line;
}

/** One round: each runner job's detail, then GitHub's runners of the label. */
async function readRound(
  made: readonly (Started & { taskId: string })[],
  host: RunnerHost,
  label: string,
  ctx: DeployContext
): Promise<Reading[]> {
  const details = await Promise.all(
    made.map(async (one) => {
      try {
        return { detail: await readDetailOnce(one.taskId, ctx), unread: undefined };
      } catch (error) {
        return { detail: undefined, unread: `job ${one.taskId}: ${describeError(error)}` };
      }
    })
  );
  let listed: readonly HostRunner[] = [];
  try {
    listed = await host.list(label);
  } catch (error) {
    ctx.log(`runner: GitHub's runners could not be read: ${describeError(error)}`);
  }
  return made.map((one, i) => ({
    one,
    detail: details[i]?.detail,
    unread: details[i]?.unread,
    listed: listed.find((runner) => runner.name === one.name)
  }));
}

/** Whether a runner's job ended (its run, or stopped): a runner not yet online will never be. */
function jobEnded(data: unknown): boolean {
  const facts = jobFactsOf(data);
  return facts.runEnded || facts.stopped || jobFailureReason(data) !== undefined;
}

/** A runner job that ended before its runner came online: its reason and its failed pods, read. */
async function failedJob(
  reading: Reading,
  tasks: TaskResult[],
  states: RunnerState[],
  ctx: DeployContext
): Promise<WaitedRunners> {
  const { one, detail } = reading;
  const data = detail?.data;
  const facts = jobFactsOf(data);
  const reason =
    jobFailureReason(data) ??
    `its job ended (${facts.status ?? detail?.snapshot.status ?? 'unknown'}) before its runner came online`;
  const diagnostics = await diagnose(one.taskId, data, ctx, {
    ...DIAGNOSTICS,
    nodes: 'failed',
    logs: ctx.settings.wait.logLines > 0
  });
  const withWhy = tasks.map((task) =>
    task.id === one.taskId
      ? { ...task, verdict: 'failed' as const, message: reason, diagnostics: { ...diagnostics, reason } }
      : task
  );
  // What its container said (the runner's own error, its exit code) says more than the job's counts.
  const problem = diagnostics.nodes.find((node) => node.problem !== undefined)?.problem;
  return {
    tasks: withWhy,
    states,
    failure: `${one.name}: its job ended before its runner came online: ${sanitize(problem ?? reason, 500)}`
  };
}

/** The steps that said their cap is held to the billing records: said once a step. */
const heldToBills = new WeakSet<DeployContext>();

/**
 * Why the runners' jobs stop at max_cost, once what they cost reaches it: by their details, and, for a
 * detail that says no cost, by the platform's billing records since the step started. Records that cannot
 * be read stop them too: the cap is never held blind (it fails closed, as every wait's does).
 */
async function pastMaxCost(readings: readonly Reading[], ctx: DeployContext): Promise<string | undefined> {
  const cap = ctx.settings.maxCost;
  if (cap === undefined) return undefined;
  const said = readings.filter((r) => r.detail !== undefined && saysCost(r.detail.snapshot));
  const silent = readings.filter((r) => r.detail !== undefined && !saysCost(r.detail.snapshot));
  let billed = '0';
  if (silent.length > 0) {
    if (!heldToBills.has(ctx)) {
      heldToBills.add(ctx);
      ctx.log(
        `cost: the runner jobs' details say neither billing_value nor forecast_value: max_cost ${cap} yuan is held to the platform's billing records from now on (booked every 5 minutes, so they lag the use by up to that)`
      );
    }
    try {
      billed = await billedSince(
        silent.map((r) => r.one.taskId),
        ctx
      );
    } catch (error) {
      return `max_cost ${cap} yuan cannot be held: the runner jobs' details say no cost, and their billing records could not be read (${describeError(error)})`;
    }
  }
  const spent = sumPoints([costPoints(said.map((r) => r.detail?.snapshot)) ?? '0', billed]) ?? '0';
  if ((compareDecimals(spent, pointsOf(cap)) ?? -1) < 0) return undefined;
  return `the runner jobs have cost ${readablePoints(spent)}, which reaches max_cost ${cap} yuan`;
}

function taskOf(reading: Reading): TaskResult {
  const snapshot = reading.detail?.snapshot;
  return taskResult(reading.one.taskId, {
    name: reading.one.name,
    status: snapshot?.status,
    billingValue: snapshot?.billingValue,
    forecastValue: snapshot?.forecastValue,
    data: reading.detail?.data,
    raw: reading.detail?.raw
  });
}

function stateOf(reading: Reading): RunnerState {
  const status =
    reading.detail === undefined
      ? 'unread'
      : (jobFactsOf(reading.detail.data).status ?? reading.detail.snapshot.status ?? 'unknown');
  return {
    name: reading.one.name,
    taskId: reading.one.taskId,
    github: reading.listed === undefined ? 'not listed' : sanitize(reading.listed.status, 20),
    job: sanitize(status, 20)
  };
}
