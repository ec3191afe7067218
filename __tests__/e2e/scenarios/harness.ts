// What every end-to-end scenario shares: its own emulator and a way to run dist/index.js as the runner
// runs it (main, then post with the saved state) against it, the invariants every run must hold, and the
// bodies and names the scenarios use. Each group of scenarios is a module of this folder.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  startEmulator,
  type Emulator,
  type EmulatorOptions,
  type RecordedRequest
} from '../../../emulator/index.js';
import { runnerView, runStep, type NodeRuntime, type StepRun } from '../../../scripts/action-runner.js';
import { rsaInputs } from '../../helpers/emulator-inputs.js';
import { MARK_4090 } from '../../helpers/bodies.js';
import { fixtureEmulatorKeys } from '../../helpers/fixtures.js';
import { SHUFFLED_CODES } from '../../helpers/platform-client.js';
/** A create's body in the platform's documented forms: the resource (a 4090 node, by its mark) and a service. */

export const SERVICE = `resources: [{mark: "${MARK_4090}"}]\nservices:\n  - service_name: web\n    service_image: nginx:1.27\n    remote_ports: [{service_port: 80}, {service_port: 443}]\n`;
export const FAST = { poll_interval: '1s' };
export const CREATE = '/api/task/deployment/create';
export const STOP = '/api/deployment/task/stop';
export const SEARCH = '/api/deployment/task/search';
export const DETAIL = '/api/task/deployment/detail';
/** The operations that send a create: the platform refuses one without resources and services. */
export const CREATING = new Set(['create', 'replace']);

/** Credentials some scenarios send in bodies; they must never be visible either. */
export const SECRETS = ['AKIDEXAMPLE', 'wJalrXUtnFEMI', 'registry-bot', 'reg-pass-1'];

export const keyLines = (pem: string): string[] => pem.split('\n').filter((line) => line.trim() !== '');

/**
 * What holds after every step, whatever it did: with debugging on and the ::add-mask:: commands applied
 * as the runner applies them, no secret, no line of the key and no signature is visible in the log, and
 * none is in stderr, the summary or the outputs; no signature is masked (that would be one ::add-mask::
 * line per request); no two requests shared a timestamp and signature; and of the tasks the run's creates
 * made, at most one is left running (a create sent again after an attempt that may land makes a twin,
 * which the step stops), or `leaves` of them where the step hands over that many (a runner step: one
 * platform job per runner, each running on for the workflow job it takes).
 */
export function expectRunInvariants(
  result: StepRun,
  requests: readonly RecordedRequest[],
  secrets: string[],
  bills: (taskId: string) => boolean,
  together = 1,
  leaves = 1
): void {
  const signatures = requests.map((r) => r.headers.sign_str).filter((s): s is string => s !== undefined);
  const visible = runnerView(result, { debug: true }).lines.join('\n');
  // Every file the step wrote that an output names: the response, the diagnostics, a job's log.
  const raw = [
    result.stderr,
    result.summary,
    JSON.stringify(result.outputs),
    ...Object.values(result.files)
  ].join('\n');
  for (const secret of [...secrets, ...signatures].filter((s) => s.length >= 4)) {
    expect({ secret, visible: visible.includes(secret) || raw.includes(secret) }).toEqual({
      secret,
      visible: false
    });
  }
  // Regression (issue 37): each signature was masked, one ::add-mask:: per request (about 15 MB of them
  // in a 6 h wait); a signature is used once, and never printed, so none is masked.
  const masks = result.stdout.split('\n').filter((line) => line.startsWith('::add-mask::'));
  for (const signature of signatures)
    expect({ signature, masked: masks.includes(`::add-mask::${signature}`) }).toEqual({
      signature,
      masked: false
    });
  // One process never sends two requests with one timestamp (platform-clock.ts). Runs in flight together
  // are separate processes with the same token: two of them sending the same call in the same millisecond
  // sign it alike, so there a stamp may repeat, but only on the very same call, and at most once a run.
  const stamps = new Map<string, { call: string; times: number }>();
  for (const r of requests) {
    if (r.headers.sign_str === undefined) continue;
    const stamp = `${r.headers.timestamp ?? ''} ${r.headers.sign_str}`;
    const call = `${r.method} ${r.target} ${r.body}`;
    const seen = stamps.get(stamp) ?? { call, times: 0 };
    stamps.set(stamp, { call, times: seen.times + 1 });
    expect({ stamp, call }).toEqual({ stamp, call: seen.call });
  }
  const repeated = [...stamps].filter(([, seen]) => seen.times > together);
  expect(repeated).toEqual([]);
  const made = createdIds(requests);
  const running = made.filter(bills);
  expect({ made, running: running.length <= leaves }).toEqual({ made, running: true });
}

/** The ids of the tasks and jobs these requests' creates made, in the order they were made. */
export const createdIds = (requests: readonly RecordedRequest[]): string[] =>
  requests.flatMap((r) => (r.createdTaskId === undefined ? [] : [r.createdTaskId]));

/**
 * Whether the emulator's task or job still bills: a deployment until End; a job until it reads Paused or
 * End (stopped), or its run ended with no pod active. One neither kind knows is gone.
 */
export function stillBills(emulator: Emulator, id: string): boolean {
  try {
    return emulator.tasks.get(id).status !== 'End';
  } catch {
    // Not a deployment.
  }
  try {
    const job = emulator.jobs.get(id) as {
      status: string;
      job_status: Record<string, unknown>;
      billing_points: number;
    };
    const run = ['Complete', 'Failed'].includes(String(job.job_status.status));
    // A pod may be billed after it exits: a job bills while billing_points says so.
    if (job.billing_points > 0) return true;
    return !['Paused', 'End'].includes(job.status) && !(run && job.job_status.active_pods === 0);
  } catch {
    return false;
  }
}

/** One scenario's own emulator, and a way to run the step against it. */
export interface Scenario {
  emulator: Emulator;
  /** The RSA-mode inputs for this emulator: base_url, token, private_key, platform_public_key. */
  rsa: Record<string, string>;
  /** Runs the step with step debugging on (as ACTIONS_STEP_DEBUG does), checking what every run must hold. */
  run: (
    inputs: Record<string, string>,
    state?: Record<string, string>,
    extraEnv?: Record<string, string>,
    signalOn?: { text: string; signal: NodeJS.Signals } | { when: () => boolean; signal: NodeJS.Signals },
    /** How many of the tasks it made it may leave billing (1 unless it hands them over: runners). */
    leaves?: number
  ) => Promise<StepRun>;
  /**
   * Runs steps at once, as overlapping jobs do; what every run must hold is checked once all have ended,
   * over the requests of them all (the tasks they made, and the timestamps and signatures they sent).
   */
  runTogether: (inputs: Record<string, string>[]) => Promise<StepRun[]>;
  /** Stops the emulator, and empties the job's RUNNER_TEMP. */
  close: () => Promise<void>;
  /** What the scenario's steps printed, the last lines of each: shown when the scenario fails. */
  printed: () => string;
}

/**
 * Brings up the task the scenario's create made once a read of its detail has shown it Pending (the
 * emulator set to keep it Pending until then): the moment the scenario needs, at the machine's pace,
 * where a task that came up a second after its create could be read first as Running on a busy machine.
 * Answers a function that stops watching.
 */
export function settleAfterPendingRead(emulator: Emulator): () => void {
  emulator.tasks.setReadyAfter(600);
  const timer = setInterval(() => {
    const made = emulator.requests.find((r) => r.createdTaskId !== undefined)?.createdTaskId;
    const seen = emulator.requests.some(
      (r) => r.path === DETAIL && r.answer !== undefined && r.answer.includes('"status":"Pending"')
    );
    if (made === undefined || !seen) return;
    clearInterval(timer);
    emulator.tasks.settle(made);
  }, 20);
  return () => {
    clearInterval(timer);
  };
}

export const DEFAULT_EMULATOR: EmulatorOptions = {
  readyAfterSeconds: 1,
  failPattern: /-broken$/,
  strict: true
};
/**
 * A scenario waits on real time (tasks that take a second to start, retries): its timeout guards against a
 * hang, never measures speed; ten run at once on a machine that may be busy with other work.
 */
export const SCENARIO_TIMEOUT_MS = 300_000;

/**
 * The scenarios run under a second Node version: one of each kind of thing that could differ between
 * versions (TLS and proxies, signals, timers and abort listeners, child output, files), not the matrix.
 */
export const SMOKE = new Set([
  'creates a task and waits until it is Running with its URLs, with outputs and a summary',
  'stops the task it created in the post step, with cleanup: stop',
  'goes through the proxy in https_proxy: creates and waits, every request tunnelled',
  'on SIGTERM while waiting, writes the outputs known so far, keeps the cleanup state, and exits at once',
  'runs 40 tasks at concurrency 32 without a MaxListenersExceededWarning',
  'finds and stops the task of a create still in flight when the job was cancelled',
  '503 then 502: retried with backoff, then succeeds',
  'sends nothing in a dry run, printing the request with its secrets redacted',
  'never prints server text that could run as a workflow command',
  'fails on an answer nested 3,000 levels deep with a clear error, not a crash, and does not retry it',
  'fails fast on a crash loop, naming the node, the reason and the exit code; the post step stops the task',
  'goes on with its cleanup when the job is cancelled again during the post step, and stops the task',
  "runs a GPU job to its end: its log in the step's log as it runs, every line in log_file, its outputs",
  'on SIGTERM while a job runs, stops it at once and reads its end: the post step has nothing left',
  'fails naming the permission when GitHub refuses the deployment, and creates nothing',
  'goes through the proxy in https_proxy to both the platform and GitHub, every request tunnelled',
  'starts two runners that come online and hands them over: outputs, runs_on, the post step stops nothing, no configuration written',
  'on SIGTERM while waiting for the runners to come online, exits keeping both jobs for the post step, which stops them',
  'uploads the data from the workspace before the job is made and downloads its results into the workspace after it'
]);

export async function openScenario(runtime: NodeRuntime, options: EmulatorOptions): Promise<Scenario> {
  const emulator = await startEmulator({ keys: fixtureEmulatorKeys(), ...SHUFFLED_CODES, ...options });
  const rsa = rsaInputs(emulator);
  // One job: its steps and their post steps share RUNNER_TEMP, as on a runner, which empties it after.
  const job = mkdtempSync(join(tmpdir(), 'e2e-job-'));
  const env = { NODE_EXTRA_CA_CERTS: emulator.ca_file, RUNNER_TEMP: job };
  const ran: StepRun[] = [];
  const step = (
    inputs: Record<string, string>,
    state?: Record<string, string>,
    extraEnv: Record<string, string> = {},
    signalOn?: Parameters<Scenario['run']>[3]
  ): Promise<StepRun> =>
    runStep(
      runtime,
      { ...rsa, ...withService(inputs) },
      {
        env: { ...env, RUNNER_DEBUG: '1', ACTIONS_STEP_DEBUG: 'true', ...extraEnv },
        ...(state === undefined ? {} : { state }),
        ...(signalOn === undefined ? {} : { signalOn })
      }
    ).then((result) => {
      ran.push(result);
      return result;
    });
  const printed = (): string =>
    ran
      .map((result, i) => {
        const lines = result.stdout.split('\n').filter((line) => !line.startsWith('::add-mask::'));
        const tail = lines.slice(-60).join('\n');
        return `step ${i + 1} (exit ${result.exitCode}), its last lines:\n${tail}\n${result.stderr.slice(-2000)}`;
      })
      .join('\n\n');
  // The runs in flight, each with the most that were in flight at once while it ran (a scenario may start
  // two steps together through run as well as through runTogether).
  const inFlight = new Set<{ count: number; together: number }>();
  const flying = async <T>(count: number, work: () => Promise<T>): Promise<[T, number]> => {
    const flight = { count, together: 0 };
    inFlight.add(flight);
    const size = [...inFlight].reduce((sum, one) => sum + one.count, 0);
    for (const other of inFlight) other.together = Math.max(other.together, size);
    try {
      return [await work(), flight.together];
    } finally {
      inFlight.delete(flight);
    }
  };
  const check = (
    results: StepRun[],
    before: number,
    secrets: string[],
    together: number,
    leaves = 1
  ): void => {
    for (const result of results) {
      expectRunInvariants(
        result,
        emulator.requests.slice(before),
        [...SECRETS, ...secrets, rsa.token ?? '', ...keyLines(rsa.private_key ?? '')],
        (id) => stillBills(emulator, id),
        together,
        leaves
      );
    }
  };
  const run: Scenario['run'] = async (inputs, state, extraEnv = {}, signalOn, leaves) => {
    const before = emulator.requests.length;
    const [result, together] = await flying(1, () => step(inputs, state, extraEnv, signalOn));
    check([result], before, [], together, leaves);
    return result;
  };
  const runTogether: Scenario['runTogether'] = async (inputs) => {
    const before = emulator.requests.length;
    const [results, together] = await flying(inputs.length, () =>
      Promise.all(inputs.map((one) => step(one)))
    );
    check(
      results,
      before,
      inputs.flatMap((one) => (one.token === undefined ? [] : [one.token])),
      together
    );
    return results;
  };
  const close = async (): Promise<void> => {
    await emulator.stop();
    rmSync(job, { recursive: true, force: true });
  };
  return { emulator, rsa, run, runTogether, close, printed };
}

/** The inputs of a create of one point named `taskName`, and `more` (without a body it sends SERVICE). */
export const createOf = (taskName: string, more: Record<string, string> = {}): Record<string, string> => ({
  operation: 'create',
  task_name: taskName,
  points: '1',
  ...more
});

/**
 * A create or replace that names no body, body_file or gpu sends the scenario's service (SERVICE): the
 * platform's create requires resources and services, and most scenarios are about something else.
 */
export function withService(inputs: Record<string, string>): Record<string, string> {
  const bare = ['body', 'body_file', 'gpu'].every((name) => inputs[name] === undefined);
  return CREATING.has(inputs.operation ?? '') && bare ? { ...inputs, body: SERVICE } : inputs;
}

export const json = (text: string | undefined): unknown => JSON.parse(text ?? 'null');
/** The lines the runner shows (without step debugging). */
export const shown = (result: StepRun): string[] => runnerView(result).lines;

/** All a run shows anywhere: its log as the runner shows it (debug too), stderr, summary, outputs, every file. */
export const everythingShown = (run: StepRun): string =>
  [
    runnerView(run, { debug: true }).lines.join('\n'),
    run.stderr,
    run.summary,
    JSON.stringify(run.outputs),
    ...Object.values(run.files)
  ].join('\n');

export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Defines one scenario (with its own emulator: `options`), or one per row of a table (`each`). */
export interface ScenarioDefiner {
  /** `timeoutMs`: longer than SCENARIO_TIMEOUT_MS for a scenario of many steps that each write to GitHub. */
  (name: string, body: (s: Scenario) => Promise<void>, options?: EmulatorOptions, timeoutMs?: number): void;
  each: <const T extends readonly unknown[]>(
    table: readonly T[]
  ) => (name: string, body: (s: Scenario, ...row: [...T]) => Promise<void>) => void;
}

/** What a module of scenarios is given: how to define a scenario, and a group of them. */
export interface ScenarioApi {
  scenario: ScenarioDefiner;
  group: (name: string, define: () => void) => void;
  /** The Node version the scenarios run dist/ under. */
  runtime: NodeRuntime;
}
