import { mapLimit } from '../../../basics/concurrency.js';
import { describeError, isRefusal, transientReason } from '../../../platform/failures.js';
import { taskKindOf } from '../../../platform/operations/calls.js';
import { toCompactJson } from '../../../protocol/json.js';
import { readsBy, type DeployContext } from '../context.js';
import { diagnose, DIAGNOSTICS, withFollowedLogs } from './diagnose.js';
import type { JobLogFollower } from './follow-job-log.js';
import { readDetailOnce, readNodeList } from '../tasks/read-task.js';
import { checkHealth, healthDeps, type Health } from './check-health.js';
import { allHeldBack, describeNodeProblem, failingNode } from '../tasks/failing-nodes.js';
import { taskAfterWait, type TaskResult } from './task-result.js';
import type { PublishUrls } from '../tasks/publishable-urls.js';
import { describeState, readTaskState } from '../tasks/read-task-state.js';
import type { Criteria } from './criteria.js';
import type { SpendingCap } from './spending-cap.js';
import { stopCapped } from './stop-at-cap.js';
import { billedSince } from './billed-since.js';
import type { NodesRead } from './task-watch.js';
import { waitForTasks, type Poll, type WaitDeps } from './wait-for-tasks.js';

/**
 * Waits for the tasks whose call went through until the criteria settle them, or the step's deadline;
 * each waited task's result is replaced by how its wait ended, checked for health where asked (a task
 * whose app does not answer is not ready), and, when a wait until ready failed, with what its nodes say.
 */
export async function waitUntil(
  tasks: TaskResult[],
  criteria: Criteria,
  ctx: DeployContext,
  how: {
    readAlready: ReadonlySet<string>;
    publish: PublishUrls;
    /** max_cost, when the wait is held to it. */
    cap?: SpendingCap;
  }
): Promise<WaitedTasks> {
  const { settings } = ctx;
  const waiting = tasks.filter((t) => t.verdict === 'done');
  if (waiting.length === 0) return { tasks, timedOut: false };
  const kind = taskKindOf(settings);
  // The log of a job waited on to its end, read on as it runs (see followJobLogs).
  const logs =
    kind.followsLog && criteria.target === 'finished'
      ? (await import('./follow-job-log.js')).followJobLogs(ctx)
      : undefined;
  const which = waiting.length === 1 ? `task ${waiting[0]?.id ?? ''}` : `${waiting.length} tasks`;
  ctx.log(`waiting for ${which} to be ${criteria.target} (${describeCriteria(criteria)})`);
  const names = new Map(waiting.map((t) => [t.id, t.name]));
  const waited = await waitForTasks(
    waiting.map((t) => t.id),
    {
      criteria,
      // A job's wait reads its job_status; a deployment's, its status field.
      snapshotOf: (data: unknown) => kind.snapshotOf(data, settings.wait.statusField),
      timeoutMs: ctx.deadline - ctx.startedAt,
      intervalMs: settings.wait.intervalMs,
      errorBudget: settings.wait.pollErrorBudget,
      concurrency: settings.concurrency,
      startedAt: ctx.startedAt,
      initial: firstChecks(waiting, how.readAlready),
      ...(how.cap === undefined ? {} : { cap: how.cap })
    },
    { ...waitDeps(criteria, names, ctx), ...(logs === undefined ? {} : { follow: logs.follow }) }
  );
  const byId = new Map(waited.tasks.map((w) => [w.id, w]));
  const settled = tasks.map((task) => {
    const result = byId.get(task.id);
    return result === undefined ? task : taskAfterWait(task, result, how.publish);
  });
  const capped = await stopCapped(settled, waited.cap, ctx);
  const checked = await withHealth(capped.tasks, criteria, ctx);
  const logFile = logs?.file();
  return {
    tasks: await withDiagnostics(checked, criteria, ctx, logs),
    timedOut: waited.timedOut,
    ...(logFile === undefined ? {} : { logFile }),
    ...(capped.alongside.length === 0 ? {} : { alongsideStopped: capped.alongside })
  };
}

/** How a wait ended for its tasks. */
export interface WaitedTasks {
  tasks: TaskResult[];
  timedOut: boolean;
  /** The file of the jobs' logs read as they ran. */
  logFile?: string;
  /** The tasks beside those waited on that max_cost counted (see SpendingCap.alongside), stopped at the cap. */
  alongsideStopped?: TaskResult[];
}

/** A task whose call answered with its detail (`readAlready`) has its first check in its result. */
function firstChecks(waiting: readonly TaskResult[], readAlready: ReadonlySet<string>): Map<string, Poll> {
  return new Map(
    waiting
      .filter((t) => readAlready.has(t.id))
      .map((t) => [t.id, { kind: 'task', data: t.data, raw: t.raw ?? '' } as const])
  );
}

function waitDeps(
  criteria: Criteria,
  names: ReadonlyMap<string, string | undefined>,
  ctx: DeployContext
): WaitDeps {
  const { runtime } = ctx;
  return {
    poll: (taskId, notAfter) => pollTask(taskId, names.get(taskId), readsBy(ctx, notAfter)),
    now: runtime.now,
    sleep: runtime.sleep,
    log: ctx.log,
    warn: runtime.warn,
    isTransient: (error) => error instanceof UnreadTaskError || transientReason(error) !== undefined,
    describeError,
    cancelled: runtime.cancelled,
    ...(runtime.progress === undefined ? {} : { progress: runtime.progress }),
    billed: (taskIds, notAfter, fromMs) => billedSince(taskIds, readsBy(ctx, notAfter), fromMs),
    ...(criteria.target === 'ready'
      ? { checkNodes: (taskId: string, notAfter?: number) => readNodesOf(taskId, readsBy(ctx, notAfter)) }
      : {})
  };
}

/**
 * One look at a task: its detail. When the platform refuses the detail (not a failure that may pass),
 * the task search of every status decides, never the refusal's code: a task no search lists is gone,
 * one the search lists is seen as the search shows it, and one that cannot be read fails the poll, as a
 * failure that may pass (see UnreadTaskError).
 */
async function pollTask(taskId: string, name: string | undefined, ctx: DeployContext): Promise<Poll> {
  try {
    const { data, raw } = await readDetailOnce(taskId, ctx);
    return { kind: 'task', data, raw };
  } catch (error) {
    if (!isRefusal(error)) throw error;
    const state = await readTaskState(taskId, ctx, { name, detailRefused: true });
    if (state.kind === 'absent')
      return { kind: 'gone', message: `${describeError(error)}; ${describeState(state)}` };
    if (state.kind === 'status') return { kind: 'task', data: state.data, raw: toCompactJson(state.data) };
    throw new UnreadTaskError(`${describeError(error)}; ${describeState(state)}`);
  }
}

/**
 * A poll that learned nothing: the detail was refused and the task search could not be read either. Not
 * a verdict on the task, whose state is unknown: it counts against poll_error_budget, as a failure that
 * may pass does.
 */
class UnreadTaskError extends Error {
  override name = 'UnreadTaskError';
}

/** What the task's node list says: why one of its nodes will not come up, and whether all are held back. */
async function readNodesOf(taskId: string, ctx: DeployContext): Promise<NodesRead> {
  const nodes = await readNodeList(taskId, ctx);
  const problem = failingNode({ results: nodes }, ctx.settings.wait.maxRestarts);
  return {
    failure:
      problem === undefined ? undefined : `has a node that will not come up: ${describeNodeProblem(problem)}`,
    heldBack: allHeldBack({ results: nodes })
  };
}

/**
 * Each task that is ready, checked as health_path says: its app must answer an accepted status at every
 * service URL before the deadline. A task whose app does not is not ready: its wait fails.
 */
async function withHealth(
  tasks: TaskResult[],
  criteria: Criteria,
  ctx: DeployContext
): Promise<TaskResult[]> {
  const { settings, runtime } = ctx;
  const path = settings.health.path;
  if (path === undefined || criteria.target !== 'ready') return tasks;
  return mapLimit(tasks, settings.concurrency, async (task): Promise<TaskResult> => {
    if (task.verdict !== 'reached') return task;
    const fromMs = runtime.now() - ctx.startedAt;
    const health: Health =
      task.urls.length === 0
        ? { healthy: false, why: `has no service URL to check ${path} at` }
        : await checkHealth(
            task.urls,
            { ...settings.health, path },
            { deadline: ctx.deadline, intervalMs: settings.wait.intervalMs, startedAt: ctx.startedAt },
            healthDeps(ctx)
          );
    const healthCheck = { fromMs, toMs: runtime.now() - ctx.startedAt };
    if (health.healthy) return { ...task, healthy: true, healthCheck };
    const message = task.urls.length === 0 ? health.why : `is not healthy: ${health.why}`;
    ctx.log(`task ${task.id} ${message}`);
    return { ...task, healthy: false, verdict: 'failed', message, elapsedMs: healthCheck.toMs, healthCheck };
  });
}

/** Each task whose wait until ready failed or timed out, with what its nodes say about it. */
async function withDiagnostics(
  tasks: TaskResult[],
  criteria: Criteria,
  ctx: DeployContext,
  logs?: JobLogFollower
): Promise<TaskResult[]> {
  const failed = (task: TaskResult): boolean => task.verdict === 'failed' || task.verdict === 'timed_out';
  // A wait until ready, or until a job's end: what a stop or a pause leaves needs no explaining.
  const explained = criteria.target === 'ready' || criteria.target === 'finished';
  if (!explained || ctx.runtime.cancelled() || !tasks.some(failed)) return tasks;
  const kind = taskKindOf(ctx.settings);
  const scope = { ...DIAGNOSTICS, nodes: kind.diagnosedNodes };
  return mapLimit(tasks, ctx.settings.concurrency, async (task) => {
    if (!failed(task)) return task;
    const why = kind.failureReason(task.data);
    if (why !== undefined) ctx.log(`task ${task.id}: ${why}`);
    ctx.log(`task ${task.id}: reading its nodes, their events and logs, to show why`);
    // What the step read of its pods' logs while it ran, where they cannot be read now.
    const diagnostics = withFollowedLogs(
      await diagnose(task.id, task.data, ctx, scope),
      logs?.tails(task.id) ?? [],
      {
        most: ctx.settings.wait.logLines,
        maxNodes: scope.maxNodes
      }
    );
    return { ...task, diagnostics: why === undefined ? diagnostics : { ...diagnostics, reason: why } };
  });
}

function describeCriteria(criteria: Criteria): string {
  const urls = [
    ...(criteria.requireUrls ? ['every service URL'] : []),
    ...(criteria.requireAllNodes ? ['every node running'] : [])
  ];
  const needs = urls.length === 0 ? '' : ` with ${urls.join(' and ')}`;
  const failure = criteria.failure.length === 0 ? '' : `; fails on ${criteria.failure.join(', ')}`;
  return `done on ${criteria.success.join(', ')}${needs}${failure}`;
}
