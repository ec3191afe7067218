import { isLosslessNumber } from 'lossless-json';
import { TransportError } from './client.js';
import { mapLimit } from './concurrency.js';
import { describeDryRun } from './dry-run.js';
import { detailCall, planCalls, type Call, type Plan } from './operations.js';
import { ApiError, readEnvelope, type ApiResult, type HttpAnswer } from './protocol/envelope.js';
import { buildRequest, type PreparedRequest } from './protocol/request.js';
import { sanitize } from './safe-text.js';
import type { Settings } from './settings.js';
import { criteriaFor, snapshotOf, type Criteria } from './task-status.js';
import { waitForTasks, type Poll, type TaskWait } from './wait.js';

export interface Transport {
  send: (request: PreparedRequest) => Promise<HttpAnswer>;
}

export interface StepRuntime {
  transport: Transport;
  now: () => number;
  sleep: (ms: number) => Promise<void>;
  log: (line: string) => void;
  mask: (secret: string) => void;
  /** Told as soon as a create answers, so cleanup can find the task whatever happens next. */
  onCreated: (taskId: string) => void;
}

export interface CallOutcome {
  call: Call;
  result: ApiResult | undefined;
  /** The answer's body exactly as received. */
  raw: string | undefined;
  error: Error | undefined;
}

export interface TaskReport {
  id: string;
  /** done: acted on without waiting; the others say how the wait (or the call) ended. */
  outcome: 'done' | TaskWait['verdict'];
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
  elapsedMs: number;
  dryRun: boolean;
}

/** A detail error that means the task is gone, in the words platforms use for it. */
const GONE = /not (exist|found)|no such task|does ?n[o']t exist|不存在|已删除/i;

type Send = (call: Call) => Promise<{ result: ApiResult; raw: string }>;

/** Makes every call of the step, then waits for its tasks when the operation (or `wait`) says so. */
export async function runStep(settings: Settings, runtime: StepRuntime): Promise<StepResult> {
  const plan = planCalls(settings);
  if (settings.dryRun) return dryRun(plan, settings, runtime);
  const send = sender(settings, runtime);
  const startedAt = runtime.now();
  runtime.log(describePlan(plan, settings));
  const calls = await makeCalls(plan, settings, runtime, send);
  const tasks = tasksOf(plan, calls, settings, runtime);
  const criteria = plan.wait === undefined ? undefined : criteriaFor(plan.wait, settings.wait);
  const timedOut =
    criteria === undefined
      ? false
      : await waitFor(tasks, criteria, { plan, settings, runtime, send, startedAt });
  return { plan, calls, tasks, criteria, timedOut, elapsedMs: runtime.now() - startedAt, dryRun: false };
}

function dryRun(plan: Plan, settings: Settings, runtime: StepRuntime): StepResult {
  for (const call of plan.calls) {
    const which = call.taskId === undefined ? '' : ` of task ${call.taskId}`;
    runtime.log(`dry run: ${call.operation}${which} would send this, and sends nothing:`);
    describeDryRun(prepare(settings, call, runtime.now())).forEach((line) => {
      runtime.log(line);
    });
  }
  return { plan, calls: [], tasks: [], criteria: undefined, timedOut: false, elapsedMs: 0, dryRun: true };
}

/** Every call of the plan, `concurrency` at a time; a failed call is an outcome, not an exception. */
function makeCalls(plan: Plan, settings: Settings, runtime: StepRuntime, send: Send): Promise<CallOutcome[]> {
  const bulk = plan.calls.length > 1;
  return mapLimit(plan.calls, settings.concurrency, async (call): Promise<CallOutcome> => {
    const who = bulk ? `task ${call.taskId ?? ''}` : call.operation;
    try {
      const { result, raw } = await send(call);
      runtime.log(`${who}: code ${result.code}${result.msg === '' ? '' : `, ${sanitize(result.msg, 200)}`}`);
      return { call, result, raw, error: undefined };
    } catch (error) {
      if (call.operation === 'stop' && isGone(error)) {
        // Stopping a task that no longer exists leaves it stopped: the step's goal holds.
        runtime.log(`${who}: no longer exists, so it is stopped`);
        return { call, result: undefined, raw: undefined, error: undefined };
      }
      runtime.log(`${who}: ${describeError(error)}`);
      return { call, result: undefined, raw: undefined, error: error as Error };
    }
  });
}

/** Waits for the tasks whose call went through, and records how each wait ended; true on timeout. */
async function waitFor(
  tasks: TaskReport[],
  criteria: Criteria,
  context: { plan: Plan; settings: Settings; runtime: StepRuntime; send: Send; startedAt: number }
): Promise<boolean> {
  const { plan, settings, runtime, send } = context;
  const waiting = tasks.filter((t) => t.outcome === 'done');
  if (waiting.length === 0) return false;
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
      isTransient,
      describeError
    }
  );
  for (const result of waited.tasks) {
    const report = tasks.find((t) => t.id === result.id);
    if (report === undefined) continue;
    Object.assign(report, {
      outcome: result.verdict,
      status: result.snapshot?.status ?? report.status,
      name: result.snapshot?.name ?? report.name,
      urls: (result.snapshot?.urls ?? []).filter((u): u is string => u !== null),
      data: result.data ?? report.data,
      raw: result.raw ?? report.raw,
      timeline: result.timeline,
      elapsedMs: result.elapsedMs,
      message: result.message
    });
  }
  return waited.timedOut;
}

/** Sends a call as the spec demands (a fresh timestamp and signature each time) and reads the envelope. */
export function sender(settings: Settings, runtime: Pick<StepRuntime, 'transport' | 'now' | 'mask'>): Send {
  return async (call) => {
    const request = prepare(settings, call, runtime.now());
    if (request.headers.sign_str !== undefined) runtime.mask(request.headers.sign_str);
    const answer = await runtime.transport.send(request);
    return { result: readEnvelope(answer), raw: answer.body };
  };
}

function prepare(settings: Settings, call: Call, now: number): PreparedRequest {
  return buildRequest({ ...call, baseUrl: settings.baseUrl, credentials: settings.credentials, now });
}

/** The tasks a step concerns: the ids given, or the one a create made. */
function tasksOf(plan: Plan, calls: CallOutcome[], settings: Settings, runtime: StepRuntime): TaskReport[] {
  const report = (id: string, outcome: CallOutcome): TaskReport => {
    const snapshot =
      outcome.result === undefined ? undefined : snapshotOf(outcome.result.data, settings.wait.statusField);
    const data = outcome.result?.data;
    return {
      id,
      outcome: outcome.error === undefined ? 'done' : 'error',
      status: plan.operation === 'detail' ? snapshot?.status : undefined,
      name: snapshot?.name,
      urls: (snapshot?.urls ?? []).filter((u): u is string => u !== null),
      data,
      raw: outcome.raw,
      timeline: [],
      elapsedMs: 0,
      message: outcome.error === undefined ? undefined : describeError(outcome.error)
    };
  };
  if (plan.operation === 'create') {
    const [created] = calls;
    if (created?.result === undefined) return [];
    const id = taskIdOf(created.result.data);
    if (id === undefined) {
      runtime.log('create: the answer carries no task_id, so there is nothing to wait for or clean up');
      return [];
    }
    runtime.onCreated(id);
    runtime.log(`task_id: ${id}`);
    return [{ ...report(id, created), name: settings.taskName }];
  }
  return calls.flatMap((outcome) =>
    outcome.call.taskId === undefined ? [] : [report(outcome.call.taskId, outcome)]
  );
}

/** Whether a refusal says the task no longer exists. */
export function isGone(error: unknown): boolean {
  return error instanceof ApiError && error.httpStatus === 200 && GONE.test(error.description ?? '');
}

async function pollTask(
  taskId: string,
  send: (call: Call) => Promise<{ result: ApiResult; raw: string }>,
  settings: Settings
): Promise<Poll> {
  try {
    const { result, raw } = await send(detailCall(settings, taskId));
    return { kind: 'task', data: result.data, raw };
  } catch (error) {
    if (isGone(error)) return { kind: 'gone', message: describeError(error) };
    throw error;
  }
}

export function taskIdOf(data: unknown): string | undefined {
  if (typeof data !== 'object' || data === null || !('task_id' in data)) return undefined;
  const id = data.task_id;
  const text =
    typeof id === 'number' || typeof id === 'string' || typeof id === 'bigint'
      ? String(id)
      : isLosslessNumber(id)
        ? id.toString()
        : '';
  return /^\d+$/.test(text) ? text : undefined;
}

/** Network errors, 429 and 5xx, and answers that are not JSON may succeed if tried again. */
export function isTransient(error: unknown): boolean {
  if (error instanceof TransportError) return true;
  if (error instanceof ApiError)
    return error.httpStatus === 429 || error.httpStatus >= 500 || error.code === undefined;
  return false;
}

export function describeError(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
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
