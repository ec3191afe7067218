import { mapLimit } from '../basics/concurrency.js';
import { sanitize } from '../basics/safe-text.js';
import { describeError, transientReason } from '../platform/failures.js';
import { ApiError } from '../protocol/envelope.js';
import { toCompactJson } from '../protocol/json.js';
import { describeState, readTaskState } from './task-state.js';
import { detailCall, searchByNameCall, type Plan } from '../platform/operations.js';
import { describeNodeProblem, failingNode } from './nodes.js';
import { DEFAULT_BACKOFF, type RetryDeps, type RetryPolicy } from '../platform/retry.js';
import { openSession, type Send, type SessionRuntime } from '../platform/session.js';
import { makeCalls, type CallOutcome } from './calls.js';
import { diagnose, readNodeList } from './diagnostics.js';
import { checkHealth } from './health.js';
import { finishReplace } from './replace.js';
import { sweep } from './sweep.js';
import { CLEANUP_RETRIES, cleanUpTask } from './cleanup.js';
import { stopTwins, type CreateContext, type CreateLookup } from './create.js';
import {
  listsOf,
  taskAfterCall,
  taskAfterWait,
  type PublishUrls,
  type StepResult,
  type TaskResult
} from './result.js';
import { criteriaFor, type Criteria, type DeploySettings } from './task-status.js';
import { publishableUrls } from './urls.js';
import { waitForTasks, type Poll } from './wait.js';

export interface StepRuntime extends SessionRuntime {
  /** A number in [0, 1), for retry jitter. */
  random: () => number;
  /** Told as soon as a create answers, so cleanup can find the task whatever happens next. */
  onCreated: (taskId: string) => void;
  /**
   * Told before a create is sent (with what the post step needs to find its task by name), and again
   * (undefined) once the create is settled for sure; see CreateLookup.
   */
  onCreateLookup: (lookup: CreateLookup | undefined) => void;
  cancelled: () => boolean;
  /** GETs a service URL (no API credentials) and answers its HTTP status: the health check. */
  probe: (url: string) => Promise<number>;
}

/** Makes every call of the plan, then waits for its tasks when the plan says so. */
export async function runStep(
  plan: Plan,
  settings: DeploySettings,
  runtime: StepRuntime,
  /** dryRun: reads only (a sweep lists what it would stop). */
  options: { dryRun?: boolean } = {}
): Promise<StepResult> {
  const startedAt = runtime.now();
  const deadline = startedAt + settings.wait.timeoutMs;
  const send = openSession(settings, runtime, deadline);
  const retries = {
    policy: { maxRetries: settings.maxRetries, ...DEFAULT_BACKOFF, deadline },
    deps: { now: runtime.now, sleep: runtime.sleep, random: runtime.random, log: runtime.log }
  };
  // Stops (of a sweep, of a replace) get a cleanup's retries: a task left running costs money.
  const stopRetries = { ...retries, policy: { ...retries.policy, maxRetries: CLEANUP_RETRIES } };
  runtime.log(describePlan(plan, settings));
  if (plan.sweep !== undefined) {
    const tasks = await sweep(plan.sweep, {
      settings,
      send,
      retries: stopRetries,
      log: runtime.log,
      dryRun: options.dryRun === true
    });
    return {
      operation: plan.operation,
      calls: [],
      tasks,
      criteria: undefined,
      timedOut: false,
      elapsedMs: runtime.now() - startedAt,
      replaced: [],
      bills: [],
      offers: []
    };
  }
  const create = createContext(settings, runtime, send, retries);
  const calls = await makeCalls(plan, {
    settings,
    send,
    retries,
    create,
    log: runtime.log,
    platformNow: () => runtime.clock.now()
  });
  const publish = urlPublisher(runtime);
  const called = await withNodeReads(tasksOf(calls, settings, runtime, publish), calls, { send, settings });
  const criteria = plan.wait === undefined ? undefined : criteriaFor(plan.wait, settings.wait);
  const waitContext = { calls, settings, runtime, send, startedAt, publish, retries };
  const waited =
    criteria === undefined
      ? { tasks: called, timedOut: false }
      : await waitFor(called, criteria, waitContext);
  // The first attempt of a re-sent create may land late: by now it has had the wait to show up.
  const twinLookup = calls[0]?.twinLookup;
  const kept = waited.tasks[0]?.id;
  if (twinLookup !== undefined && kept !== undefined && !runtime.cancelled())
    await stopTwins(twinLookup, kept, create);
  const replacing =
    plan.replace === true
      ? await finishReplace(waited.tasks[0], calls[0]?.existingIds ?? [], {
          settings,
          send,
          retries: stopRetries,
          log: runtime.log,
          waitEnded: async (old) =>
            (await waitFor(old, criteriaFor('ended', settings.wait), waitContext)).tasks
        })
      : undefined;
  return {
    operation: plan.operation,
    calls,
    tasks: replacing?.created === undefined ? waited.tasks : [replacing.created, ...waited.tasks.slice(1)],
    criteria,
    timedOut: waited.timedOut,
    elapsedMs: runtime.now() - startedAt,
    replaced: replacing?.replaced ?? [],
    ...listsOf(calls)
  };
}

/** How this step creates: searches by name, tracks the lookup for the post step, stops twins with retries. */
function createContext(
  settings: DeploySettings,
  runtime: StepRuntime,
  send: Send,
  retries: { policy: RetryPolicy; deps: RetryDeps }
): CreateContext {
  return {
    send,
    searchCall: (name, page) => searchByNameCall(settings, name, page),
    ...retries,
    graceMs: 2 * settings.requestTimeoutMs,
    track: runtime.onCreateLookup,
    stop: async (taskId) => {
      const outcome = await cleanUpTask(taskId, 'stop', settings, { send, ...retries });
      if (outcome.kind === 'failed') throw new Error(outcome.why);
    }
  };
}

/** The tasks the step concerns, as their calls left them: the ids given, or the one a create made. */
function tasksOf(
  calls: readonly CallOutcome[],
  settings: DeploySettings,
  runtime: StepRuntime,
  publish: PublishUrls
): TaskResult[] {
  return calls.flatMap((outcome) => {
    const { taskId } = outcome;
    if (taskId === undefined) return [];
    if (outcome.call.traits.answers === 'new_task') {
      runtime.onCreated(taskId);
      runtime.log(`task_id: ${taskId}`);
    }
    return [taskAfterCall({ ...outcome, taskId }, settings.wait.statusField, publish)];
  });
}

/** Waits for the tasks whose call went through; each waited task's result is replaced by how its wait ended. */
async function waitFor(
  tasks: TaskResult[],
  criteria: Criteria,
  context: {
    calls: readonly CallOutcome[];
    settings: DeploySettings;
    runtime: StepRuntime;
    send: Send;
    startedAt: number;
    publish: PublishUrls;
    retries: { policy: RetryPolicy; deps: RetryDeps };
  }
): Promise<{ tasks: TaskResult[]; timedOut: boolean }> {
  const { settings, runtime, send } = context;
  const waiting = tasks.filter((t) => t.verdict === 'done');
  if (waiting.length === 0) return { tasks, timedOut: false };
  // A call whose answer is the task's detail gives the task's first check.
  const answeredWithTask = new Set(
    context.calls.filter((c) => c.call.traits.answers === 'task').map((c) => c.taskId)
  );
  const initial = new Map<string, Poll>(
    waiting
      .filter((t) => answeredWithTask.has(t.id))
      .map((t) => [t.id, { kind: 'task', data: t.data, raw: t.raw ?? '' }])
  );
  const names = new Map(waiting.map((t) => [t.id, t.name]));
  const which = waiting.length === 1 ? `task ${waiting[0]?.id ?? ''}` : `${waiting.length} tasks`;
  runtime.log(`waiting for ${which} to be ${criteria.target} (${describeCriteria(criteria)})`);
  const waited = await waitForTasks(
    waiting.map((t) => t.id),
    {
      criteria,
      statusField: settings.wait.statusField,
      timeoutMs: settings.wait.timeoutMs,
      intervalMs: settings.wait.intervalMs,
      errorBudget: settings.wait.pollErrorBudget,
      concurrency: settings.concurrency,
      startedAt: context.startedAt,
      initial
    },
    {
      poll: (taskId) => pollTask(taskId, names.get(taskId), { send, settings, retries: context.retries }),
      now: runtime.now,
      sleep: runtime.sleep,
      log: runtime.log,
      isTransient: (error) => transientReason(error) !== undefined,
      describeError,
      cancelled: runtime.cancelled,
      ...(criteria.target === 'ready'
        ? { checkNodes: (taskId: string) => nodeFailure(taskId, send, settings) }
        : {})
    }
  );
  const byId = new Map(waited.tasks.map((w) => [w.id, w]));
  const settled = tasks.map((task) => {
    const result = byId.get(task.id);
    return result === undefined ? task : taskAfterWait(task, result, context.publish);
  });
  const checked = await withHealth(settled, criteria, context);
  return { tasks: await withDiagnostics(checked, criteria, context), timedOut: waited.timedOut };
}

/**
 * Each task that is ready, checked as health_path says: its app must answer an accepted status at every
 * service URL before wait_timeout. A task whose app does not is not ready: its wait fails.
 */
async function withHealth(
  tasks: TaskResult[],
  criteria: Criteria,
  context: { settings: DeploySettings; runtime: StepRuntime; startedAt: number }
): Promise<TaskResult[]> {
  const { settings, runtime } = context;
  const path = settings.health.path;
  if (path === undefined || criteria.target !== 'ready') return tasks;
  return mapLimit(tasks, settings.concurrency, async (task): Promise<TaskResult> => {
    if (task.verdict !== 'reached') return task;
    const problem =
      task.urls.length === 0
        ? `has no service URL to check ${path} at`
        : await checkHealth(
            task.urls,
            { ...settings.health, path },
            {
              deadline: context.startedAt + settings.wait.timeoutMs,
              intervalMs: settings.wait.intervalMs,
              startedAt: context.startedAt
            },
            { probe: runtime.probe, now: runtime.now, sleep: runtime.sleep, log: runtime.log, describeError }
          );
    if (problem === undefined) return { ...task, healthy: true };
    const message = task.urls.length === 0 ? problem : `is not healthy: ${problem}`;
    runtime.log(`task ${task.id} ${message}`);
    return {
      ...task,
      healthy: false,
      verdict: 'failed',
      message,
      elapsedMs: runtime.now() - context.startedAt
    };
  });
}

/** Nodes the logs and events operations read of each task, at the most. */
const NODES_READ = 10;

/** For the logs and events operations: each task with its nodes' logs or events (see OperationTraits.follow). */
async function withNodeReads(
  tasks: TaskResult[],
  calls: readonly CallOutcome[],
  context: { send: Send; settings: DeploySettings }
): Promise<TaskResult[]> {
  const follow = calls[0]?.call.traits.follow;
  if (follow === undefined) return tasks;
  const scope = {
    nodes: 'all',
    maxNodes: NODES_READ,
    events: follow === 'events',
    logs: follow === 'logs'
  } as const;
  return mapLimit(tasks, context.settings.concurrency, async (task) =>
    task.verdict === 'done'
      ? { ...task, diagnostics: await diagnose(task.id, task.data, context, scope) }
      : task
  );
}

/** Each task whose wait until ready failed or timed out, with what its nodes say about it. */
async function withDiagnostics(
  tasks: TaskResult[],
  criteria: Criteria,
  context: { settings: DeploySettings; runtime: StepRuntime; send: Send }
): Promise<TaskResult[]> {
  const failed = (task: TaskResult): boolean => task.verdict === 'failed' || task.verdict === 'timed_out';
  if (criteria.target !== 'ready' || context.runtime.cancelled() || !tasks.some(failed)) return tasks;
  return mapLimit(tasks, context.settings.concurrency, async (task) => {
    if (!failed(task)) return task;
    context.runtime.log(`task ${task.id}: reading its nodes, their events and logs, to show why`);
    return { ...task, diagnostics: await diagnose(task.id, task.data, context) };
  });
}

/** The service URLs a task result publishes; each URL dropped is warned about once. */
function urlPublisher(runtime: StepRuntime): PublishUrls {
  const warned = new Set<string>();
  return (taskId, urls) =>
    publishableUrls(urls, (url) => {
      if (warned.has(url)) return;
      warned.add(url);
      runtime.warn(
        `task ${taskId}: the service URL ${JSON.stringify(sanitize(url, 120))} is not an absolute http(s) URL, so it is not published in url, urls or the summary`
      );
    });
}

/** Why one of the task's nodes will not come up, from the first page of its node list; or undefined. */
async function nodeFailure(
  taskId: string,
  send: Send,
  settings: DeploySettings
): Promise<string | undefined> {
  const nodes = await readNodeList(taskId, { send, settings });
  const problem = failingNode({ results: nodes }, settings.wait.maxRestarts);
  return problem === undefined
    ? undefined
    : `has a node that will not come up: ${describeNodeProblem(problem)}`;
}

/**
 * One look at a task: its detail. When the platform refuses the detail (not a failure that may pass),
 * the task search of every status decides, never the refusal's code: a task no search lists is gone,
 * one the search lists is seen as the search shows it, and one that cannot be read fails the poll.
 */
async function pollTask(
  taskId: string,
  name: string | undefined,
  ctx: { send: Send; settings: DeploySettings; retries: { policy: RetryPolicy; deps: RetryDeps } }
): Promise<Poll> {
  try {
    const { result, raw } = await ctx.send(detailCall(ctx.settings, taskId));
    return { kind: 'task', data: result.data, raw };
  } catch (error) {
    const refused =
      error instanceof ApiError && error.body === 'envelope' && transientReason(error) === undefined;
    if (!refused) throw error;
    const state = await readTaskState(taskId, { ...ctx, ...ctx.retries }, { name, detailRefused: true });
    if (state.kind === 'absent')
      return { kind: 'gone', message: `${describeError(error)}; ${describeState(state)}` };
    if (state.kind === 'status') return { kind: 'task', data: state.data, raw: toCompactJson(state.data) };
    throw error;
  }
}

function describePlan(plan: Plan, settings: DeploySettings): string {
  const [first] = plan.calls;
  if (first === undefined) return `${plan.operation}: nothing to send`;
  const names = first.query.map(([name]) => name);
  const query = names.length === 0 ? '' : ` with query ${names.join(', ')}`;
  const tasks =
    plan.calls.length > 1
      ? ` for ${plan.calls.length} tasks`
      : first.taskId === undefined
        ? ''
        : ` for task ${first.taskId}`;
  const mode = settings.credentials.mode === 'rsa' ? 'RSA mode' : 'token mode';
  const body = first.body === undefined ? 'no body' : first.endpoint.encrypt ? 'encrypted body' : 'JSON body';
  return `${plan.operation}: ${first.endpoint.method} ${first.endpoint.path}${query}${tasks} (${mode}, version ${first.endpoint.version}, ${body})`;
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
