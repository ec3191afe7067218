import { mapLimit } from '../basics/concurrency.js';
import { cleanUpTask } from './cleanup.js';
import { createOnce, stopTwins, type Answer, type CreateContext, type CreateLookup } from './create.js';
import { signatureDiagnosis } from '../platform/signature-diagnosis.js';
import { describeDryRun } from '../action/dry-run.js';
import {
  describeError,
  isGone,
  isSignatureRefusal,
  notApplied,
  retryIfTransient,
  serverRetryDelay,
  TaskNotFoundError,
  transientReason
} from '../platform/failures.js';
import { formatDuration } from '../action/inputs.js';
import {
  answerProblem,
  detailCall,
  planCalls,
  searchByNameCall,
  type Call,
  type Plan
} from '../platform/operations.js';
import type { PlatformClock } from '../platform/platform-clock.js';
import { ApiError, readEnvelope, type ApiResult, type HttpAnswer } from '../protocol/envelope.js';
import { buildRequest, type PreparedRequest } from '../protocol/request.js';
import { DEFAULT_BACKOFF, withRetries, type RetryDeps, type RetryPolicy } from '../platform/retry.js';
import { sanitize } from '../basics/safe-text.js';
import type { Settings } from '../action/settings.js';
import { criteriaFor, snapshotOf, taskIdOf, type Criteria } from './task-status.js';
import { Throttle } from '../platform/throttle.js';
import { publishableUrls } from './urls.js';
import { waitForTasks, type Poll, type TaskWait } from './wait.js';

export interface Transport {
  send: (request: PreparedRequest) => Promise<HttpAnswer>;
}

export interface StepRuntime {
  transport: Transport;
  /** Local time: elapsed times and the step's deadline. */
  now: () => number;
  /** The time requests are stamped with, corrected for clock skew when the platform insists. */
  clock: PlatformClock;
  /** Waits; rejects at once when the step is cancelled. */
  sleep: (ms: number) => Promise<void>;
  /** A number in [0, 1), for retry jitter. */
  random: () => number;
  log: (line: string) => void;
  warn: (line: string) => void;
  debug: (line: string) => void;
  mask: (secret: string) => void;
  /** Told as soon as a create answers, so cleanup can find the task whatever happens next. */
  onCreated: (taskId: string) => void;
  /**
   * Told before a create is sent (with what the post step needs to find its task by name), and again
   * (undefined) once the create is settled for sure; see CreateLookup.
   */
  onCreateLookup: (lookup: CreateLookup | undefined) => void;
  cancelled: () => boolean;
}

export interface CallOutcome {
  call: Call;
  result: ApiResult | undefined;
  /** The answer's body exactly as received. */
  raw: string | undefined;
  error: Error | undefined;
  /** A create sent again after an attempt that may still land: look for a twin once the wait is over. */
  twinLookup?: CreateLookup | undefined;
}

export interface TaskReport {
  id: string;
  /** done: acted on without waiting; the others say how the wait (or the call) ended. */
  outcome: 'done' | 'not_found' | TaskWait['verdict'];
  status: string | undefined;
  name: string | undefined;
  urls: string[];
  data: unknown;
  raw: string | undefined;
  timeline: { atMs: number; status: string }[];
  elapsedMs: number;
  message: string | undefined;
}

export interface StepResult {
  plan: Plan;
  calls: CallOutcome[];
  tasks: TaskReport[];
  /** What the wait was for, when the step waited. */
  criteria: Criteria | undefined;
  timedOut: boolean;
  cancelled: boolean;
  elapsedMs: number;
  dryRun: boolean;
}

type Send = (call: Call) => Promise<Answer>;

/** Calls whose effect a retry can meet already done (and then be refused for the state it left). */
const STATE_CHANGING: ReadonlySet<string> = new Set(['stop', 'pause', 'recover', 'change_points']);

/** Makes every call of the step, then waits for its tasks when the operation (or `wait`) says so. */
export async function runStep(settings: Settings, runtime: StepRuntime): Promise<StepResult> {
  const plan = planCalls(settings);
  runtime.log(`api profile: ${settings.apiProfile} (${settings.apiProfileReason})`);
  if (settings.dryRun) return dryRun(plan, settings, runtime);
  const startedAt = runtime.now();
  const send = sender(settings, runtime, startedAt + settings.wait.timeoutMs);
  const retries = {
    policy: {
      maxRetries: settings.maxRetries,
      ...DEFAULT_BACKOFF,
      deadline: startedAt + settings.wait.timeoutMs
    },
    deps: { now: runtime.now, sleep: runtime.sleep, random: runtime.random, log: runtime.log }
  };
  runtime.log(describePlan(plan, settings));
  const create = createContext(settings, runtime, send, retries);
  const calls = await makeCalls(plan, settings, runtime, send, retries, create);
  const publish = urlPublisher(runtime);
  const tasks = tasksOf(plan, calls, settings, runtime, publish);
  const criteria = plan.wait === undefined ? undefined : criteriaFor(plan.wait, settings.wait);
  const waited =
    criteria === undefined
      ? { timedOut: false }
      : await waitFor(tasks, criteria, { plan, settings, runtime, send, startedAt, publish });
  // The first attempt of a re-sent create may land late: by now it has had the wait to show up.
  const twinLookup = calls[0]?.twinLookup;
  const kept = tasks[0]?.id;
  if (twinLookup !== undefined && kept !== undefined && !runtime.cancelled())
    await stopTwins(twinLookup, kept, create);
  return {
    plan,
    calls,
    tasks,
    criteria,
    timedOut: waited.timedOut,
    cancelled: runtime.cancelled(),
    elapsedMs: runtime.now() - startedAt,
    dryRun: false
  };
}

/**
 * Sends a call as the spec demands, a fresh timestamp and signature each time, and reads the envelope.
 * It learns the platform's clock from each answer; a timestamp refused while the clocks are more than
 * the platform's window apart is corrected and sent once more, and a signature refusal is explained.
 */
export function sender(
  settings: Settings,
  runtime: Pick<StepRuntime, 'transport' | 'now' | 'clock' | 'sleep' | 'mask' | 'log' | 'warn' | 'debug'>,
  deadline: number
): Send {
  let warnedSkew = false;
  const throttle = new Throttle(settings.concurrency, runtime.now, runtime.sleep, deadline);
  return async (call) => {
    for (let resent = false; ; resent = true) {
      // Stamped and signed once through the throttle, so a wait there cannot age the timestamp.
      const { request, answer } = await throttle.run(async () => {
        const prepared = prepare(settings, call, runtime.clock.stamp());
        if (prepared.headers.sign_str !== undefined) runtime.mask(prepared.headers.sign_str);
        runtime.debug(describeForDebug(prepared));
        return { request: prepared, answer: await runtime.transport.send(prepared) };
      });
      runtime.clock.observe(answer.headers.date, runtime.now());
      // Any answer but a 429 got past the platform's rate limit, a refusal of the call included.
      if (answer.status !== 429) throttle.passed();
      const offset = runtime.clock.offsetMs;
      if (!warnedSkew && offset !== undefined && Math.abs(offset) > 60_000) {
        warnedSkew = true;
        runtime.warn(
          `this runner's clock is ${skewText(offset)} the platform's (by its Date header): keep it in sync with NTP`
        );
      }
      runtime.debug(`answer: HTTP ${answer.status}, ${Buffer.byteLength(answer.body)} bytes`);
      try {
        return { result: readEnvelope(answer), raw: answer.body };
      } catch (error) {
        // A 429 slows every request of the step down, for as long as the server asked.
        if (error instanceof ApiError && error.httpStatus === 429) {
          throttle.rateLimited(serverRetryDelay(error, runtime.clock.now()) ?? DEFAULT_BACKOFF.baseMs);
        }
        if (!isSignatureRefusal(error, settings.errorCodes)) throw error;
        if (!resent && runtime.clock.correct()) {
          runtime.log(
            `the platform refused the timestamp, and this runner's clock is ${skewText(offset ?? 0)} it: stamping requests on the platform's time and sending once more`
          );
          continue;
        }
        throw new ApiError(
          `${error.message}. ${signatureDiagnosis(request, settings.credentials, offset)}`,
          error
        );
      }
    }
  };
}

function skewText(offsetMs: number): string {
  return `${formatDuration(Math.abs(offsetMs))} ${offsetMs > 0 ? 'behind' : 'ahead of'}`;
}

function prepare(settings: Settings, call: Call, now: number): PreparedRequest {
  return buildRequest({ ...call, baseUrl: settings.baseUrl, credentials: settings.credentials, now });
}

/** The request for debug logs: header names, never their secret values, and no body text. */
function describeForDebug(request: PreparedRequest): string {
  const shown = new Set(['version', 'timestamp', 'content-type']);
  const headers = Object.entries(request.headers).map(
    ([name, value]) => `${name}=${shown.has(name) ? value : '<redacted>'}`
  );
  const body =
    request.body === ''
      ? 'no body'
      : `body of ${Buffer.byteLength(request.body)} bytes${request.encrypted ? ', encrypted' : ''}`;
  return `request: ${request.method} ${request.url.split('?')[0] ?? ''} (${headers.join(', ')}; ${body})`;
}

function dryRun(plan: Plan, settings: Settings, runtime: StepRuntime): StepResult {
  for (const call of plan.calls) {
    const which = call.taskId === undefined ? '' : ` of task ${call.taskId}`;
    runtime.log(`dry run: ${call.operation}${which} would send this, and sends nothing:`);
    describeDryRun(prepare(settings, call, runtime.clock.now()), call).forEach((line) => {
      runtime.log(line);
    });
  }
  return {
    plan,
    calls: [],
    tasks: [],
    criteria: undefined,
    timedOut: false,
    cancelled: false,
    elapsedMs: 0,
    dryRun: true
  };
}

/** Every call of the plan, `concurrency` at a time, each with the retries its kind allows. */
function makeCalls(
  plan: Plan,
  settings: Settings,
  runtime: StepRuntime,
  send: Send,
  retries: { policy: RetryPolicy; deps: RetryDeps },
  create: CreateContext
): Promise<CallOutcome[]> {
  const bulk = plan.calls.length > 1;
  return mapLimit(plan.calls, settings.concurrency, async (call): Promise<CallOutcome> => {
    const who = bulk ? `task ${call.taskId ?? ''}` : call.operation;
    // Whether a failed attempt of a call that changes state may still have taken effect.
    const state = { mayHaveApplied: false };
    const changesState =
      STATE_CHANGING.has(call.operation) || (call.operation === 'request' && call.endpoint.method === 'POST');
    try {
      let twinLookup: CreateLookup | undefined;
      const { result, raw } =
        call.operation === 'create'
          ? await createOnce(call, create).then((created) => {
              if (created.recreated) twinLookup = created.lookup;
              return created;
            })
          : await withRetries(
              who,
              () => send(call),
              (error) => {
                const verdict = retryIfTransient(error, runtime.clock.now());
                state.mayHaveApplied ||= verdict.retry && changesState && !notApplied(error);
                // A POST to an unknown endpoint may not be safe to repeat once it may have taken effect.
                return state.mayHaveApplied && call.operation === 'request' ? { retry: false } : verdict;
              },
              retries.policy,
              retries.deps
            );
      runtime.log(`${who}: code ${result.code}${result.msg === '' ? '' : `, ${sanitize(result.msg, 200)}`}`);
      const problem = answerProblem(call, result.data);
      if (problem !== undefined) runtime.log(`${who}: ${problem}`);
      return { call, result, raw, error: problem === undefined ? undefined : new Error(problem), twinLookup };
    } catch (error) {
      if (state.mayHaveApplied && error instanceof ApiError && plan.wait !== undefined) {
        runtime.log(
          `${who}: the platform refused the retry (${sanitize(error.description ?? '', 200)}); an earlier attempt may have taken effect, so the task's status decides`
        );
        return { call, result: undefined, raw: undefined, error: undefined };
      }
      if (call.taskId !== undefined && isGone(error, settings.errorCodes)) {
        // Only the post-step cleanup may take a task that does not exist as done; asked for explicitly, it fails.
        const notFound = new TaskNotFoundError(call.taskId, error);
        runtime.log(`${who}: ${notFound.message}`);
        return { call, result: undefined, raw: undefined, error: notFound };
      }
      const note = state.mayHaveApplied
        ? ' (the request may have taken effect: check before repeating it)'
        : '';
      runtime.log(`${who}: ${describeError(error)}${note}`);
      return {
        call,
        result: undefined,
        raw: undefined,
        error: note === '' ? (error as Error) : new Error(`${describeError(error)}${note}`)
      };
    }
  });
}

/** How this step creates: searches by name, tracks the lookup for the post step, stops twins with retries. */
function createContext(
  settings: Settings,
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

/** Waits for the tasks whose call went through, and records how each wait ended. */
async function waitFor(
  tasks: TaskReport[],
  criteria: Criteria,
  context: {
    plan: Plan;
    settings: Settings;
    runtime: StepRuntime;
    send: Send;
    startedAt: number;
    publish: PublishUrls;
  }
): Promise<{ timedOut: boolean }> {
  const { plan, settings, runtime, send } = context;
  const waiting = tasks.filter((t) => t.outcome === 'done');
  if (waiting.length === 0) return { timedOut: false };
  // A detail call's own answer is the first check of its task.
  const initial = new Map<string, Poll>(
    plan.operation === 'detail'
      ? waiting.map((t) => [t.id, { kind: 'task', data: t.data, raw: t.raw ?? '' }])
      : []
  );
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
      poll: (taskId) => pollTask(taskId, send, settings),
      now: runtime.now,
      sleep: runtime.sleep,
      log: runtime.log,
      isTransient: (error) => transientReason(error) !== undefined,
      describeError,
      cancelled: runtime.cancelled
    }
  );
  for (const result of waited.tasks) {
    const report = tasks.find((t) => t.id === result.id);
    if (report === undefined) continue;
    Object.assign(report, {
      outcome: result.verdict,
      status: result.snapshot?.status ?? report.status,
      name: result.snapshot?.name ?? report.name,
      urls: context.publish(result.id, result.snapshot?.urls ?? []),
      data: result.data ?? report.data,
      raw: result.raw ?? report.raw,
      timeline: result.timeline,
      elapsedMs: result.elapsedMs,
      message: result.message
    });
  }
  return { timedOut: waited.timedOut };
}

/** The tasks a step concerns: the ids given, or the one a create made. */
function tasksOf(
  plan: Plan,
  calls: CallOutcome[],
  settings: Settings,
  runtime: StepRuntime,
  publish: PublishUrls
): TaskReport[] {
  const report = (id: string, outcome: CallOutcome): TaskReport => {
    const snapshot =
      outcome.result === undefined ? undefined : snapshotOf(outcome.result.data, settings.wait.statusField);
    return {
      id,
      outcome:
        outcome.error === undefined
          ? 'done'
          : outcome.error instanceof TaskNotFoundError
            ? 'not_found'
            : 'error',
      status: plan.operation === 'detail' ? snapshot?.status : undefined,
      name: snapshot?.name,
      urls: publish(id, snapshot?.urls ?? []),
      data: outcome.result?.data,
      raw: outcome.raw,
      timeline: [],
      elapsedMs: 0,
      message: outcome.error === undefined ? undefined : describeError(outcome.error)
    };
  };
  if (plan.operation === 'create') {
    const [created] = calls;
    const id = created?.error === undefined ? taskIdOf(created?.result?.data) : undefined;
    if (created === undefined || id === undefined) return [];
    runtime.onCreated(id);
    runtime.log(`task_id: ${id}`);
    return [{ ...report(id, created), name: settings.taskName }];
  }
  return calls.flatMap((outcome) =>
    outcome.call.taskId === undefined ? [] : [report(outcome.call.taskId, outcome)]
  );
}

type PublishUrls = (taskId: string, urls: readonly (string | null)[]) => string[];

/** The service URLs a task report publishes; each URL dropped is warned about once. */
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

async function pollTask(taskId: string, send: Send, settings: Settings): Promise<Poll> {
  try {
    const { result, raw } = await send(detailCall(settings, taskId));
    return { kind: 'task', data: result.data, raw };
  } catch (error) {
    if (isGone(error, settings.errorCodes)) return { kind: 'gone', message: describeError(error) };
    throw error;
  }
}

function describePlan(plan: Plan, settings: Settings): string {
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
  const urls = criteria.requireUrls ? ' with every service URL' : '';
  const failure = criteria.failure.length === 0 ? '' : `; fails on ${criteria.failure.join(', ')}`;
  return `done on ${criteria.success.join(', ')}${urls}${failure}`;
}
