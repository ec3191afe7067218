// End-to-end scenarios: dist/index.js run as the runner runs it (main, then post with the saved state)
// against an emulator in this process. Each test file runs them under one Node version.
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { format } from 'node:util';
import {
  startEmulator,
  type Emulator,
  type EmulatorOptions,
  type RecordedRequest
} from '../../emulator/index.js';
import { parse } from 'yaml';
import { ROOT, runnerView, runStep, type NodeRuntime, type StepRun } from '../../scripts/action-runner.js';
import { startConnectProxy } from '../helpers/proxy.js';
import { rsaInputs } from '../helpers/emulator-inputs.js';
import { JOB_BODY, JOB_MARK_4090, jobBodyWithEnv, MARK_4090, REGION_4090 } from '../helpers/bodies.js';
import { tallyScenario, tallySelf } from '../helpers/profile-tally.js';
import { fixtureEmulatorKeys, fixtureKey } from '../helpers/fixtures.js';
import { until } from '../helpers/until.js';
import { SHUFFLED_CODES } from '../helpers/platform-client.js';

/** A create's body in the platform's documented forms: the resource (a 4090 node, by its mark) and a service. */
const SERVICE = `resources: [{mark: "${MARK_4090}"}]\nservices:\n  - service_name: web\n    service_image: nginx:1.27\n    remote_ports: [{service_port: 80}, {service_port: 443}]\n`;
const FAST = { poll_interval: '1s' };
const CREATE = '/api/task/deployment/create';
const STOP = '/api/deployment/task/stop';
const SEARCH = '/api/deployment/task/search';
const DETAIL = '/api/task/deployment/detail';
/** The operations that send a create: the platform refuses one without resources and services. */
const CREATING = new Set(['create', 'replace']);

/** Credentials some scenarios send in bodies; they must never be visible either. */
const SECRETS = ['AKIDEXAMPLE', 'wJalrXUtnFEMI', 'registry-bot', 'reg-pass-1'];

const keyLines = (pem: string): string[] => pem.split('\n').filter((line) => line.trim() !== '');

/**
 * What holds after every step, whatever it did: with debugging on and the ::add-mask:: commands applied
 * as the runner applies them, no secret, no line of the key and no signature is visible in the log, and
 * none is in stderr, the summary or the outputs; no signature is masked (that would be one ::add-mask::
 * line per request); no two requests shared a timestamp and signature; and of the tasks the run's creates
 * made, at most one is left running (a create sent again after an attempt that may land makes a twin,
 * which the step stops).
 */
function expectRunInvariants(
  result: StepRun,
  requests: readonly RecordedRequest[],
  secrets: string[],
  bills: (taskId: string) => boolean
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
  const stamps = requests
    .filter((r) => r.headers.sign_str !== undefined)
    .map((r) => `${r.headers.timestamp ?? ''} ${r.headers.sign_str ?? ''}`);
  expect(new Set(stamps).size).toBe(stamps.length);
  const made = requests.flatMap((r) => (r.createdTaskId === undefined ? [] : [r.createdTaskId]));
  const running = made.filter(bills);
  expect({ made, running: running.length <= 1 }).toEqual({ made, running: true });
}

/**
 * Whether the emulator's task or job still bills: a deployment until End; a job until it reads Paused or
 * End (stopped), or its run ended with no pod active. One neither kind knows is gone.
 */
function stillBills(emulator: Emulator, id: string): boolean {
  try {
    return emulator.task(id).status !== 'End';
  } catch {
    // Not a deployment.
  }
  try {
    const job = emulator.job(id) as { status: string; job_status: Record<string, unknown> };
    const run = ['Complete', 'Failed'].includes(String(job.job_status.status));
    return !['Paused', 'End'].includes(job.status) && !(run && job.job_status.active_pods === 0);
  } catch {
    return false;
  }
}

/** One scenario's own emulator, and a way to run the step against it. */
interface Scenario {
  emulator: Emulator;
  /** The RSA-mode inputs for this emulator: base_url, token, private_key, platform_public_key. */
  rsa: Record<string, string>;
  /** Runs the step with step debugging on (as ACTIONS_STEP_DEBUG does), checking what every run must hold. */
  run: (
    inputs: Record<string, string>,
    state?: Record<string, string>,
    extraEnv?: Record<string, string>,
    signalOn?: { text: string; signal: NodeJS.Signals } | { when: () => boolean; signal: NodeJS.Signals }
  ) => Promise<StepRun>;
  /**
   * Runs steps at once, as overlapping jobs do; what every run must hold is checked once all have ended,
   * over the requests of them all (the tasks they made, and the timestamps and signatures they sent).
   */
  runTogether: (inputs: Record<string, string>[]) => Promise<StepRun[]>;
  /** Stops the emulator, and empties the job's RUNNER_TEMP. */
  close: () => Promise<void>;
}

const DEFAULT_EMULATOR: EmulatorOptions = { readyAfterSeconds: 1, failPattern: /-broken$/, strict: true };
/** A scenario waits on real time (tasks that take a second to start, retries): time it out late. */
const SCENARIO_TIMEOUT_MS = 30_000;

/**
 * The scenarios run under a second Node version: one of each kind of thing that could differ between
 * versions (TLS and proxies, signals, timers and abort listeners, child output, files), not the matrix.
 */
const SMOKE = new Set([
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
  'on SIGTERM while a job runs, stops it at once and reads its end: the post step has nothing left'
]);

async function openScenario(runtime: NodeRuntime, options: EmulatorOptions): Promise<Scenario> {
  const emulator = await startEmulator({ keys: fixtureEmulatorKeys(), ...SHUFFLED_CODES, ...options });
  const rsa = rsaInputs(emulator);
  // One job: its steps and their post steps share RUNNER_TEMP, as on a runner, which empties it after.
  const job = mkdtempSync(join(tmpdir(), 'e2e-job-'));
  const env = { NODE_EXTRA_CA_CERTS: emulator.ca_file, RUNNER_TEMP: job };
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
    );
  const check = (results: StepRun[], before: number, secrets: string[]): void => {
    for (const result of results) {
      expectRunInvariants(
        result,
        emulator.requests.slice(before),
        [...SECRETS, ...secrets, rsa.token ?? '', ...keyLines(rsa.private_key ?? '')],
        (id) => stillBills(emulator, id)
      );
    }
  };
  const run: Scenario['run'] = async (inputs, state, extraEnv = {}, signalOn) => {
    const before = emulator.requests.length;
    const result = await step(inputs, state, extraEnv, signalOn);
    check([result], before, []);
    return result;
  };
  const runTogether: Scenario['runTogether'] = async (inputs) => {
    const before = emulator.requests.length;
    const results = await Promise.all(inputs.map((one) => step(one)));
    check(
      results,
      before,
      inputs.flatMap((one) => (one.token === undefined ? [] : [one.token]))
    );
    return results;
  };
  const close = async (): Promise<void> => {
    await emulator.stop();
    rmSync(job, { recursive: true, force: true });
  };
  return { emulator, rsa, run, runTogether, close };
}

/**
 * A create or replace that names no body, body_file or gpu sends the scenario's service (SERVICE): the
 * platform's create requires resources and services, and most scenarios are about something else.
 */
function withService(inputs: Record<string, string>): Record<string, string> {
  const bare = ['body', 'body_file', 'gpu'].every((name) => inputs[name] === undefined);
  return CREATING.has(inputs.operation ?? '') && bare ? { ...inputs, body: SERVICE } : inputs;
}

const json = (text: string | undefined): unknown => JSON.parse(text ?? 'null');
/** The lines the runner shows (without step debugging). */
const shown = (result: StepRun): string[] => runnerView(result).lines;

/**
 * Defines the scenarios for one Node version: every one (`all`), or the smoke set. Each scenario has an
 * emulator of its own, so they run concurrently, in any order.
 */
export function defineScenarios(runtime: NodeRuntime, which: 'all' | 'smoke'): void {
  const defined = new Set<string>();
  const chosen = (name: string): boolean => {
    defined.add(name);
    return which === 'all' || SMOKE.has(name);
  };
  if (which === 'smoke') {
    it('finds every smoke scenario by its name', () => {
      expect([...SMOKE].filter((name) => !defined.has(name))).toEqual([]);
    });
  }
  const withScenario =
    (name: string, options: EmulatorOptions, body: (s: Scenario) => Promise<void>) =>
    async (): Promise<void> => {
      const s = await openScenario(runtime, options);
      // Concurrent scenarios share no hooks: each says itself which forms it ran.
      tallySelf(s.emulator);
      try {
        await body(s);
      } finally {
        if (s.emulator.requests.length > 0) tallyScenario(name, [s.emulator.profile]);
        await s.close();
      }
    };
  // Jest runs the concurrent tests of one describe block together, and the blocks one after another: a
  // group names its scenarios instead, so that every scenario of the file runs in one concurrent batch.
  let prefix = '';
  const group = (name: string, define: () => void): void => {
    prefix = `${name} › `;
    define();
    prefix = '';
  };
  const scenario = (
    name: string,
    body: (s: Scenario) => Promise<void>,
    options: EmulatorOptions = DEFAULT_EMULATOR
  ): void => {
    const title = `${prefix}${name}`;
    if (chosen(name)) it.concurrent(title, withScenario(title, options, body), SCENARIO_TIMEOUT_MS);
  };
  scenario.each =
    <const T extends readonly unknown[]>(table: readonly T[]) =>
    (name: string, body: (s: Scenario, ...row: [...T]) => Promise<void>): void => {
      table.forEach((row) => {
        // As Jest's each: the placeholders take the row's first values, and the rest stay out of the title.
        const placeholders = name.match(/%[sdifjo]/g)?.length ?? 0;
        const title = format(name, ...row.slice(0, placeholders));
        scenario(title, (s) => body(s, ...([...row] as [...T])));
      });
    };

  scenario(
    'creates a task and waits until it is Running with its URLs, with outputs and a summary',
    async (s) => {
      const result = await s.run({
        operation: 'create',
        task_name: 'e2e-web',
        points: '1',
        body: SERVICE,
        ...FAST
      });
      expect(result.stderr).toBe('');
      expect(result.exitCode).toBe(0);
      const id = result.outputs.task_id ?? '';
      const url = `https://t${id}-80.apps.emulator.invalid`;
      expect(result.outputs).toMatchObject({
        code: '0000',
        msg: 'success',
        task_ids: JSON.stringify([id]),
        status: 'Running',
        statuses: JSON.stringify({ [id]: 'Running' }),
        url,
        urls: JSON.stringify([url, `https://t${id}-443.apps.emulator.invalid`]),
        timed_out: 'false'
      });
      expect(json(result.outputs.data)).toMatchObject({ task_id: Number(id), status: 'Running' });
      expect(json(result.responseFile)).toMatchObject({
        code: '0000',
        data: { task_id: Number(id), status: 'Running' }
      });
      expect(Number(result.outputs.elapsed_seconds)).toBeGreaterThanOrEqual(1);
      expect(result.summary).toContain(`| ${id} | e2e-web | Running | ✅ ready | <a href="${url}">`);
      expect(result.summary).toMatch(/Status timeline[\s\S]*- \d+s: task \d+ Pending[\s\S]*task \d+ Running/);
      expect(shown(result)).toEqual(
        expect.arrayContaining([
          `task_id: ${id}`,
          expect.stringMatching(/^task \d+ "e2e-web" is ready after \ds: https:/)
        ])
      );
    }
  );

  scenario('shows the debug lines of each request with every secret masked', async (s) => {
    const result = await s.run({
      operation: 'detail',
      task_id: s.emulator.addTask({ task_name: 'dbg', points: 1 })
    });
    const view = runnerView(result, { debug: true });
    expect(result.stdout).toContain(`::add-mask::${s.rsa.token ?? ''}`);
    expect(view.lines).toContainEqual(
      expect.stringMatching(
        /^::debug::request: GET https:\/\/127\.0\.0\.1:\d+\/api\/task\/deployment\/detail \(token=<redacted>, version=1\.0\.0, timestamp=\d{13}, content-type=application\/json, sign_str=<redacted>; no body\)$/
      )
    );
    expect(view.lines.join('\n')).not.toContain(s.rsa.token);
  });

  scenario(
    'fails the step for a task that ends in Other, with the outputs written; the post step, which the platform does not let stop it, fails loudly',
    async (s) => {
      const inputs = {
        operation: 'create',
        task_name: 'e2e-broken',
        points: '1',
        cleanup: 'stop',
        cleanup_timeout: '5s',
        ...FAST
      };
      const result = await s.run(inputs);
      expect(result.exitCode).toBe(1);
      const id = result.outputs.task_id ?? '';
      expect(id).toMatch(/^\d+$/);
      expect(result.outputs).toMatchObject({ status: 'Other', timed_out: 'false', code: '0000' });
      expect(result.stdout).toMatch(
        new RegExp(`::error::create: task ${id} \\(e2e-broken\\) ended in Other after \\ds\\n`)
      );
      expect(result.summary).toContain('❌ failed');
      // The platform's reference stops Running, Pending and Paused tasks only: the post step reads the
      // task, finds it in Other, and says at once that it is left to stop by hand.
      const post = await s.run(inputs, result.state);
      expect(post.exitCode).toBe(1);
      expect(shown(post)).toContainEqual(
        expect.stringMatching(
          new RegExp(
            `^::error title=Task left running::task ${id} may still be running, and billing: .*its status is Other, and the platform applies stop to Running, Pending, Paused tasks only`
          )
        )
      );
      expect(post.summary).toContain(`Task ${id} may still be running, and billing`);
    }
  );

  scenario('only warns when the job summary cannot be written', async (s) => {
    const result = await s.run({ operation: 'search_resources' }, undefined, {
      GITHUB_STEP_SUMMARY: '/nonexistent/dir/summary.md'
    });
    expect(result.exitCode).toBe(0);
    expect(result.stdout).toMatch(
      /^::warning::could not write the job summary: .*\/nonexistent\/dir\/summary\.md/m
    );
  });

  scenario(
    'fails the step on timeout, naming the last status and the time, with timed_out true',
    async (s) => {
      s.emulator.setReadyAfter(600);
      const result = await s.run({
        operation: 'create',
        task_name: 'e2e-slow',
        points: '1',
        wait_timeout: '2s',
        ...FAST
      });
      expect(result.exitCode).toBe(1);
      expect(result.outputs).toMatchObject({ timed_out: 'true', status: 'Pending' });
      expect(result.stdout).toMatch(
        /::error::create: task \d+ \(e2e-slow\) timed out after 2s, last status Pending\n/
      );
    }
  );

  scenario('waits with detail when wait is true', async (s) => {
    // The task comes up once the detail step has seen it Pending, however slowly that step starts.
    s.emulator.setReadyAfter(600);
    const created = await s.run({ operation: 'create', task_name: 'e2e-detail', points: '1', wait: 'false' });
    expect(created.outputs.status).toBe('');
    const id = created.outputs.task_id ?? '';
    const meanwhile = s.emulator.afterRequest((request) => {
      if (request.path === DETAIL) s.emulator.settleTask(id);
    });
    const result = await s.run({ operation: 'detail', task_id: id, wait: 'true', ...FAST });
    meanwhile();
    expect(result.exitCode).toBe(0);
    expect(result.outputs.status).toBe('Running');
    expect(shown(result)).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/: Pending -> Running after \d+s \(\d+m\d+s left, cost so far [^)]+ yuan\)$/)
      ])
    );
  });

  scenario('runs every operation of the table on one task', async (s) => {
    const created = await s.run({
      operation: 'create',
      task_name: 'e2e-ops',
      points: '1',
      body: SERVICE,
      ...FAST
    });
    const task_id = created.outputs.task_id ?? '';
    const step = async (inputs: Record<string, string>): Promise<StepRun> => {
      const result = await s.run({ task_id, ...FAST, ...inputs });
      expect([inputs.operation, result.exitCode, result.stdout.match(/::error::.*/)?.[0]]).toEqual([
        inputs.operation,
        0,
        undefined
      ]);
      return result;
    };
    expect((await step({ operation: 'pause' })).outputs.status).toBe('Paused');
    expect((await step({ operation: 'recover' })).outputs.status).toBe('Running');
    expect((await step({ operation: 'change_points', points: '3' })).outputs.code).toBe('0000');
    expect(json((await step({ operation: 'nodes', query: 'page_size: 2' })).outputs.data)).toMatchObject({
      count: 3,
      results: [{}, {}]
    });
    const searched = await s.run({ operation: 'search_tasks', query: 'search_value: e2e-ops' });
    expect(json(searched.outputs.data)).toMatchObject({ count: 1, results: [{ task_id: Number(task_id) }] });
    expect(
      json((await s.run({ operation: 'search_resources', query: 'device_type: GpuDevice' })).outputs.data)
    ).toMatchObject({ count: 2 });
    expect(json((await s.run({ operation: 'billing', query: 'page: 1' })).outputs.data)).toMatchObject({
      count: expect.any(Number)
    });
    const storage = await s.run({
      operation: 'storage_check',
      body: '{supplier: tencent, endpoint: e.example, ak: AKIDEXAMPLE, sk: wJalrXUtnFEMI, bucket: b, prefix: d/}'
    });
    expect(json(storage.outputs.data)).toEqual({ pass: true, message: null });
    expect(shown(storage).join('\n')).not.toContain('wJalrXUtnFEMI');
    const request = await s.run({
      operation: 'request',
      method: 'GET',
      path: '/api/deployment/task/detail',
      query: `task_id: ${task_id}`
    });
    expect(json(request.outputs.data)).toMatchObject({ points: 3 });
    const stopped = await step({ operation: 'stop' });
    expect(stopped.outputs).toMatchObject({ status: 'End', statuses: JSON.stringify({ [task_id]: 'End' }) });
  });

  scenario(
    'follows an endpoints override: detail on the older path, GET with task_id in the query',
    async (s) => {
      const id = s.emulator.addTask({ task_name: 'e2e-get', points: 1, status: 'Running' });
      const result = await s.run({
        operation: 'detail',
        task_id: id,
        endpoints: 'detail: {path: /api/deployment/task/detail}'
      });
      expect(result.exitCode).toBe(0);
      expect(s.emulator.requests.at(-1)).toMatchObject({
        method: 'GET',
        target: `/api/deployment/task/detail?task_id=${id}`,
        body: ''
      });
      expect(result.outputs.status).toBe('Running');
    }
  );

  scenario('goes through the proxy in https_proxy: creates and waits, every request tunnelled', async (s) => {
    // platform.test resolves nowhere but in the proxy, so nothing can have reached the emulator directly.
    const proxy = await startConnectProxy('platform.test');
    try {
      const before = s.emulator.requests.length;
      const result = await s.run(
        {
          operation: 'create',
          task_name: 'e2e-proxied',
          points: '1',
          base_url: s.emulator.base_url.replace('127.0.0.1', 'platform.test'),
          ...FAST
        },
        undefined,
        { https_proxy: proxy.url }
      );
      expect(result.exitCode).toBe(0);
      expect(result.outputs.status).toBe('Running');
      const port = new URL(s.emulator.base_url).port;
      expect(proxy.tunnels.length).toBeGreaterThan(0);
      expect(new Set(proxy.tunnels)).toEqual(new Set([`platform.test:${port}`]));
      expect(s.emulator.requests.slice(before).map((r) => r.path)).toEqual(
        expect.arrayContaining([CREATE, DETAIL])
      );
    } finally {
      await proxy.stop();
    }
  });

  // 60 requests: the step turns V8's optimizing compilers off at run time (action/compiler-tiers.ts), on
  // every Node version the bundle runs on.
  scenario('reads the detail of 60 tasks in one step', async (s) => {
    const ids = Array.from({ length: 60 }, (_, i) =>
      s.emulator.addTask({ task_name: `bulk-${i}`, points: 1, status: i % 2 === 0 ? 'Running' : 'Paused' })
    );
    const result = await s.run({ operation: 'detail', task_id: ids.join('\n'), concurrency: '8' });
    expect(result.exitCode).toBe(0);
    expect(json(result.outputs.task_ids)).toEqual(ids);
    expect(result.outputs.status).toBe('mixed');
    expect(json(result.outputs.statuses)).toEqual(
      Object.fromEntries(ids.map((id, i) => [id, i % 2 === 0 ? 'Running' : 'Paused']))
    );
    expect((json(result.outputs.data) as unknown[]).length).toBe(60);
    expect((json(result.responseFile) as unknown[]).length).toBe(60);
  });

  scenario('stops the task it created in the post step, with cleanup: stop', async (s) => {
    const main = await s.run({
      operation: 'create',
      task_name: 'e2e-cleanup',
      points: '1',
      cleanup: 'stop',
      wait: 'false'
    });
    const id = main.outputs.task_id ?? '';
    expect(main.state).toEqual({
      isPost: 'true',
      cleanup: 'stop',
      create_lookup: '',
      created_task_ids: JSON.stringify([id]),
      // What a replace retires, image preheats still running, an update to roll back and a scale up to set
      // back: nothing for a create.
      retire_task_ids: '[]',
      preheat_task_ids: '[]',
      rollback: '',
      scale_back: ''
    });
    const post = await s.run(
      { operation: 'create', task_name: 'e2e-cleanup', points: '1', cleanup: 'stop', wait: 'false' },
      main.state
    );
    expect(post.exitCode).toBe(0);
    expect(shown(post)).toContain(`cleanup: stopped task ${id}`);
    // The stop, then the detail that shows it ended.
    expect(s.emulator.requests.slice(-2)).toMatchObject([
      { path: '/api/deployment/task/stop', body: `{"task_id":${id}}`, applied: true },
      { path: '/api/task/deployment/detail', target: expect.stringContaining(`task_id=${id}`) as unknown }
    ]);
    expect(s.emulator.task(id).status).toBe('End');
    const again = await s.run(
      { operation: 'create', task_name: 'e2e-cleanup', points: '1', cleanup: 'stop' },
      main.state
    );
    expect(again.exitCode).toBe(0);
    expect(shown(again)).toContain(`cleanup: task ${id} is already End`);
    s.emulator.setEndedTasksGone(true);
    const gone = await s.run(
      { operation: 'create', task_name: 'e2e-cleanup', points: '1', cleanup: 'stop' },
      main.state
    );
    s.emulator.setEndedTasksGone(false);
    expect(gone.exitCode).toBe(0);
    expect(shown(gone)).toContain(`cleanup: task ${id} is already gone`);
  });

  // Regression (issue 37): a stop answered 0000 was taken as done: "stopped task N", exit 0, the task on.
  scenario(
    'stops a task in the post step only once its detail says End, asking again while a platform does not act',
    async (s) => {
      const inputs = {
        operation: 'create',
        task_name: 'e2e-lag',
        points: '1',
        cleanup: 'stop',
        wait: 'false'
      };
      const main = await s.run(inputs);
      const id = main.outputs.task_id ?? '';
      // Two stops are accepted and never acted on, as a platform that loses them would.
      s.emulator.inject({ path: STOP, times: 2, answer: { kind: 'envelope', code: '0000' } });
      const post = await s.run(inputs, main.state);
      expect([post.exitCode, s.emulator.task(id).status]).toEqual([0, 'End']);
      expect(s.emulator.requests.filter((r) => r.path === STOP)).toHaveLength(3);
      expect(shown(post)).toContainEqual(
        expect.stringMatching(
          new RegExp(
            `^cleanup: stop task ${id}: the platform accepted it, but its status is (Pending|Running): asking again in`
          )
        )
      );
      expect(shown(post)).toContain(`cleanup: stopped task ${id}`);
      // One that never acts: the post step fails at cleanup_timeout, saying how to stop it by hand.
      const again = await s.run(inputs);
      const left = again.outputs.task_id ?? '';
      s.emulator.inject({ path: STOP, times: Infinity, answer: { kind: 'envelope', code: '0000' } });
      const failed = await s.run({ ...inputs, cleanup_timeout: '5s' }, again.state);
      expect([failed.exitCode, s.emulator.task(left).status]).toEqual([1, 'Running']);
      expect(failed.stdout).toMatch(
        new RegExp(
          `::error title=Task left running::task ${left} may still be running, and billing: the post step could not stop it within cleanup_timeout 5s \\(the platform accepted it, but its status is Running; asked for 5s\\)\\. Stop it by hand now`
        )
      );
    }
  );

  // Regression (issue 37): a sweep paged by offset over a list that changed while it was read skipped a
  // task, and counted a task whose stop was answered 0000 as stopped while it ran on: exit 0 both times.
  scenario(
    'sweeps until a fresh search finds no task of the pattern live, each counted once its detail says End',
    async (s) => {
      s.emulator.setPageSizeMax(2);
      const ids = Array.from({ length: 5 }, (_, i) =>
        s.emulator.addTask({ task_name: `pr-9-web-${i}`, points: 1, status: 'Running' })
      );
      // Meanwhile another run stops one task once the first page is read, and makes one more of the
      // pattern once this sweep stops its first; the first stop is accepted and never acted on.
      let late = '';
      let pages = 0;
      const meanwhile = s.emulator.afterRequest((request) => {
        if (request.path === SEARCH && ++pages === 1) s.emulator.stopTask(ids[4] ?? '');
        if (request.path === STOP && late === '')
          late = s.emulator.addTask({ task_name: 'pr-9-web-late', points: 1, status: 'Running' });
      });
      s.emulator.inject({ path: STOP, answer: { kind: 'envelope', code: '0000' } });
      const result = await s.run({ operation: 'sweep', task_name: 'pr-9-*' });
      meanwhile();
      expect(result.exitCode).toBe(0);
      expect([...ids, late].map((id) => s.emulator.task(id).status)).toEqual(Array(6).fill('End'));
      expect(shown(result)).toContain('sweep: a fresh search finds no other task of "pr-9-*" live');
    }
  );

  scenario('sends nothing in a dry run, printing the request with its secrets redacted', async (s) => {
    const before = s.emulator.requests.length;
    const result = await s.run({ operation: 'create', task_name: 'e2e-dry', points: '1', dry_run: 'true' });
    expect(result.exitCode).toBe(0);
    expect(s.emulator.requests).toHaveLength(before);
    const lines = shown(result);
    expect(lines).toEqual(
      expect.arrayContaining([
        `POST ${s.emulator.base_url}${CREATE}`,
        '  headers: token, version, timestamp, content-type, sign_str',
        '    <token>'
      ])
    );
    expect(lines.join('\n')).not.toContain(s.emulator.rsa.token);
    expect(result.outputs).toEqual({});
  });

  scenario.each([
    [
      { operation: 'create', points: '1' },
      'task_name is empty, but create needs it: set task_name to the name of the new task'
    ],
    [
      { operation: 'detail', task_id: '12a' },
      'task_id "12a" is not an integer: set task_id to the numeric id of a task, such as 1229831'
    ],
    [
      { operation: 'create', task_name: 'x', points: '0' },
      'points "0" is not a positive whole number: set points to the number of nodes, such as 1'
    ],
    [
      { operation: 'storage_check', body: '[1, 2]' },
      'body is not a mapping: write fields as "key: value" lines or a JSON object'
    ],
    [
      { operation: 'search_tasks', query: '{status: [' },
      /^query is not valid YAML or JSON at line \d+, column \d+/
    ],
    [{ operation: 'deploy' }, /^operation "deploy" is not one of create, /],
    [
      { operation: 'stop', task_id: '1,229,832' },
      /^task_id "1,229,832" has commas without a space, which reads as one number with thousands separators, not a list: /
    ]
  ])('refuses %j in one line and sends nothing', async (s, inputs, message) => {
    const before = s.emulator.requests.length;
    const result = await s.run(inputs);
    expect(result.exitCode).toBe(1);
    const errors = result.stdout.split('\n').filter((line) => line.startsWith('::error::'));
    expect(errors).toEqual([
      expect.stringMatching(
        typeof message === 'string'
          ? `^::error::${escapeRegExp(message)}$`
          : message.source.replace('^', '^::error::')
      )
    ]);
    expect(s.emulator.requests).toHaveLength(before);
  });

  group('fault matrix', () => {
    const detailOf = (s: Scenario, name: string): Promise<StepRun> => {
      const id = s.emulator.addTask({ task_name: name, points: 1, status: 'Running' });
      return s.run({ operation: 'detail', task_id: id });
    };
    const retries = (result: StepRun): string[] =>
      shown(result).filter((line) => / retry \d+ of 5 in /.test(line));
    const creates = (s: Scenario, before: number) =>
      s.emulator.requests.slice(before).filter((r) => r.path === CREATE);

    scenario('429 twice with Retry-After: waits as asked, then succeeds', async (s) => {
      s.emulator.inject({
        path: DETAIL,
        times: 2,
        answer: { kind: 'status', status: 429, retryAfter: { seconds: 1 } }
      });
      const result = await detailOf(s, 'f-429');
      expect([result.exitCode, result.outputs.status]).toEqual([0, 'Running']);
      expect(retries(result)).toEqual([
        'detail: HTTP 429; retry 1 of 5 in 1.0s (as the server asked)',
        'detail: HTTP 429; retry 2 of 5 in 1.0s (as the server asked)'
      ]);
    });

    scenario('503 then 502: retried with backoff, then succeeds', async (s) => {
      s.emulator.inject({ path: DETAIL, answer: { kind: 'status', status: 503 } });
      s.emulator.inject({ path: DETAIL, answer: { kind: 'status', status: 502 } });
      const result = await detailOf(s, 'f-5xx');
      expect(result.exitCode).toBe(0);
      expect(retries(result)).toEqual([
        expect.stringMatching(/^detail: HTTP 503; retry 1 of 5 in \d\.\ds$/),
        expect.stringMatching(/^detail: HTTP 502; retry 2 of 5 in \d\.\ds$/)
      ]);
    });

    scenario('a connection reset before the answer: retried', async (s) => {
      s.emulator.inject({ path: DETAIL, answer: { kind: 'reset' } });
      const result = await detailOf(s, 'f-reset');
      expect(result.exitCode).toBe(0);
      expect(retries(result)).toEqual([expect.stringMatching(/^detail: (ECONNRESET|EPIPE); retry 1 of 5/)]);
    });

    scenario('an HTML error page: retried, and named by status and excerpt', async (s) => {
      s.emulator.inject({ path: DETAIL, answer: { kind: 'status', status: 500, body: 'html' } });
      const result = await detailOf(s, 'f-html');
      expect(result.exitCode).toBe(0);
      expect(retries(result)).toEqual([expect.stringMatching(/^detail: HTTP 500; retry 1 of 5/)]);
      s.emulator.inject({
        path: DETAIL,
        times: Infinity,
        answer: { kind: 'status', status: 404, body: 'html' }
      });
      const failed = await detailOf(s, 'f-html-404');
      expect(failed.stdout).toMatch(
        /::error::detail: task \d+: HTTP 404 with a non-JSON answer \(text\/html\): "404 Error 404 Error nginx" \(request id emu-\d+\)/
      );
    });

    scenario('a malformed JSON answer: retried', async (s) => {
      s.emulator.inject({ path: DETAIL, answer: { kind: 'malformed_json' } });
      const result = await detailOf(s, 'f-json');
      expect(result.exitCode).toBe(0);
      expect(retries(result)).toEqual([
        expect.stringMatching(/^detail: an answer that is not JSON; retry 1 of 5/)
      ]);
    });

    // Regression (issue 48): a 429 was taken as certainly not applied, and the create sent again at once.
    scenario(
      '429 on create: looked for by name before it is sent again (a 429 may land); one task',
      async (s) => {
        const before = s.emulator.requests.length;
        s.emulator.inject({
          path: CREATE,
          answer: { kind: 'status', status: 429, retryAfter: { seconds: 1, as: 'http-date' } }
        });
        const result = await s.run({
          operation: 'create',
          task_name: 'f-create-429',
          points: '1',
          wait: 'false',
          request_timeout: '2s'
        });
        expect(result.exitCode).toBe(0);
        expect(creates(s, before).map((r) => r.applied)).toEqual([false, true]);
        expect(shown(result)).toEqual(
          expect.arrayContaining([
            'create: HTTP 429 after the request was sent, so the task may have been created; looking for a new task named "f-create-429" for up to 4s before creating it again',
            'create: no task named "f-create-429" appeared within 4s, so it is created again; should the first attempt still land, that task is stopped'
          ])
        );
      }
    );

    scenario('a create answered 429 that lands two seconds later: found and adopted; one task', async (s) => {
      const before = s.emulator.requests.length;
      s.emulator.inject({ path: CREATE, answer: { kind: 'status', status: 429 }, applyAfterMs: 2000 });
      const result = await s.run({
        operation: 'create',
        task_name: 'f-create-429-lands',
        points: '1',
        wait: 'false',
        request_timeout: '2s'
      });
      expect(result.exitCode).toBe(0);
      expect(creates(s, before)).toHaveLength(1);
      const id = result.outputs.task_id ?? '';
      expect(s.emulator.task(id).task_name).toBe('f-create-429-lands');
    });

    scenario.each([
      ['then resets the connection', { kind: 'reset' } as const],
      ['then answers 502', { kind: 'status', status: 502 } as const]
    ])('a create applied that %s: the task is found and adopted; one task', async (s, _what, answer) => {
      const before = s.emulator.requests.length;
      s.emulator.inject({ path: CREATE, apply: true, answer });
      const name = `f-adopt-${answer.kind}`;
      const result = await s.run({
        operation: 'create',
        task_name: name,
        points: '1',
        wait: 'false',
        request_timeout: '2s'
      });
      expect(result.exitCode).toBe(0);
      expect(creates(s, before).map((r) => r.applied)).toEqual([true]);
      const id = result.outputs.task_id ?? '';
      expect(s.emulator.task(id).task_name).toBe(name);
      expect(shown(result)).toContain(
        `create: found task ${id} named "${name}", made by the request that failed; adopting it instead of creating another`
      );
    });

    scenario(
      'a create answered after request_timeout: the slow original is waited for and adopted; one task',
      async (s) => {
        const before = s.emulator.requests.length;
        s.emulator.inject({ path: CREATE, delayMs: 3000 });
        const result = await s.run({
          operation: 'create',
          task_name: 'f-slow',
          points: '1',
          wait: 'false',
          request_timeout: '2s'
        });
        expect(result.exitCode).toBe(0);
        expect(creates(s, before).map((r) => r.applied)).toEqual([true]);
        expect(shown(result)).toContainEqual(
          'create: no answer within request_timeout after the request was sent, so the task may have been created; looking for a new task named "f-slow" for up to 4s before creating it again'
        );
        expect(shown(result)).toContainEqual(expect.stringMatching(/^create: found task \d+ named "f-slow"/));
      }
    );

    scenario('a token-bucket rate limit: every task answered, the 429s waited out', async (s) => {
      s.emulator.setRateLimit({ ratePerSecond: 4, burst: 2, path: DETAIL });
      const ids = Array.from({ length: 6 }, (_, i) =>
        s.emulator.addTask({ task_name: `f-rl-${i}`, points: 1, status: 'Running' })
      );
      const result = await s.run({ operation: 'detail', task_id: ids.join(', '), concurrency: '3' });
      expect(result.exitCode).toBe(0);
      expect(json(result.outputs.statuses)).toEqual(Object.fromEntries(ids.map((id) => [id, 'Running'])));
      expect(retries(result).length).toBeGreaterThan(0);
    });

    // Regression: the clock was corrected only under the one code the emulator used for a stale
    // timestamp; a platform that refuses it with any other code failed the step. No code's meaning is
    // published, so the Date header decides, whatever the code.
    scenario.each([
      ['ahead', 600, 'behind', 'C002'],
      ['behind', -600, 'ahead of', 'C002'],
      ['ahead', 600, 'behind', 'C005'],
      ['behind', -600, 'ahead of', 'C999']
    ])(
      'a server clock 10 minutes %s, the stale timestamp refused with %#: warned, corrected once, then accepted',
      async (s, _where, offset, runner, code) => {
        s.emulator.setClockOffset(offset);
        s.emulator.setRefusalCodes({ timestamp_expired: code });
        const result = await detailOf(s, 'f-clock');
        expect(result.exitCode).toBe(0);
        // The Date header counts whole seconds, read as the middle of its second: the offset measured is
        // 10 minutes give or take half a second plus the request's latency, so 9m59s or 10m1s is as right.
        const skew = '(9m59s|10m0s|10m1s)';
        expect(result.stdout).toMatch(
          new RegExp(
            `^::warning::this runner's clock is ${skew} ${runner} the platform's \\(by its Date header\\): keep it in sync with NTP$`,
            'm'
          )
        );
        expect(shown(result)).toContainEqual(
          expect.stringMatching(
            new RegExp(
              `^the platform refused GET /api/task/deployment/detail \\(${code}\\) while this runner's clock is ${skew} ${runner} it: stamping requests on the platform's time from now on, and sending it once more$`
            )
          )
        );
      }
    );

    scenario(
      'a signature refused on the search a create sends first: the error names that search, once',
      async (s) => {
        s.emulator.setVersion('/api/deployment/task/search', '2.0.0');
        const result = await s
          .run({ operation: 'create', task_name: 'f-presearch', points: '1' })
          .finally(() => {
            s.emulator.setVersion('/api/deployment/task/search', '1.0.0');
          });
        expect(result.exitCode).toBe(1);
        // The key is proven by a read every key may send, so the refusal is quoted, not explained.
        expect(result.stdout).toMatch(
          /^::error::create failed: the task search sent before creating \(to find tasks named "f-presearch" that exist already\) failed, so nothing was created: HTTP 200, code \w+: signature error: version header "1\.0\.0" is not this endpoint's interface version "2\.0\.0"[^\n]* \(request id emu-\d+\)\n/m
        );
        expect(result.stdout).not.toContain('should it have refused the key');
        expect(result.stdout).not.toContain('create: create:');
        expect(result.stdout).not.toContain('create failed: create:');
        expect(result.state.create_lookup ?? '').toBe('');
      }
    );

    scenario('a server that never answers: a clear timeout error', async (s) => {
      s.emulator.inject({ path: DETAIL, times: Infinity, delayMs: 60_000 });
      const result = await s.run({
        operation: 'detail',
        task_id: s.emulator.addTask({ task_name: 'f-hang', points: 1 }),
        request_timeout: '1s',
        max_retries: '1'
      });
      expect(result.exitCode).toBe(1);
      expect(result.stdout).toMatch(
        /::error::detail: task \d+: GET \/api\/task\/deployment\/detail\?task_id=\d+ got no answer within 1s \(request_timeout\)\n/
      );
    });

    scenario('never runs past wait_timeout by more than one request timeout', async (s) => {
      s.emulator.setReadyAfter(600);
      s.emulator.inject({ path: DETAIL, times: Infinity, delayMs: 1500 });
      const result = await s.run({
        operation: 'create',
        task_name: 'f-deadline',
        points: '1',
        wait_timeout: '3s',
        poll_interval: '1s',
        request_timeout: '2s'
      });
      expect([result.exitCode, result.outputs.timed_out]).toEqual([1, 'true']);
      // No poll started past the deadline, told by the polls' count, not by the time they were stamped (a
      // busy machine stamps a poll some milliseconds after the loop decided to start it): each takes 1.5 s
      // at the least, so a loop that keeps to a 3 s deadline starts three at the most (at 0, 1.5 s and at
      // the deadline), however slow the machine; one that went on past it would start a fourth. What
      // follows the timeout (the diagnostics of the nodes) is bounded by request_timeout each.
      const polls = s.emulator.requests.filter((r) => r.path === DETAIL);
      expect(polls.length).toBeGreaterThan(0);
      expect(polls.length).toBeLessThanOrEqual(3);
    });

    // Regression: a refusal was explained only when its code was C002, the emulator's own choice.
    scenario(
      'a request refused before the key is proven: each cause explained once, with the key fingerprint, whatever the code',
      async (s) => {
        const id = s.emulator.addTask({ task_name: 'f-sig', points: 1, status: 'Running' });
        const result = await s.run({ operation: 'detail', task_id: id, api_version: '2.0.0' });
        expect(result.exitCode).toBe(1);
        expect(result.stdout).toMatch(
          /::error::detail: task \d+: HTTP 200, code \w+: signature error: version header "2\.0\.0" is not this endpoint's interface version "1\.0\.0".* \(request id emu-\d+\)\. The platform refused GET \/api\/task\/deployment\/detail before it had accepted any request of this step; should it have refused the key, the timestamp or the signature, this is what was sent for each cause: .*version header "2\.0\.0".*private key SHA256:[A-Za-z0-9+/]{43}= \(it must match/
        );
        // The read that would have proven the key was refused too; the causes are listed once.
        expect(s.emulator.requests.map((r) => r.path)).toContain('/api/deployment/resource/search');
        expect(result.stdout.split('should it have refused the key').length - 1).toBe(2);
      }
    );
  });

  group('a token-mode key on the documented forms, as the quick start sets it up', () => {
    const runLive = async (
      s: Scenario,
      inputs: Record<string, string>,
      state?: Record<string, string>
    ): Promise<StepRun> => {
      const before = s.emulator.requests.length;
      const result = await runStep(
        runtime,
        { base_url: s.emulator.base_url, token: s.emulator.token_mode.token, ...inputs },
        {
          env: { NODE_EXTRA_CA_CERTS: s.emulator.ca_file, RUNNER_DEBUG: '1' },
          ...(state === undefined ? {} : { state })
        }
      );
      expectRunInvariants(
        result,
        s.emulator.requests.slice(before),
        [...SECRETS, s.emulator.token_mode.token],
        (id) => stillBills(s.emulator, id)
      );
      return result;
    };

    scenario(
      'runs the real-platform example of docs/real-platform.md with a token-mode key: create on the resource gpu picks, wait, cleanup',
      async (s) => {
        const block = /<!-- real-platform-example -->\s*```yaml\n([\s\S]*?)```/.exec(
          readFileSync(join(ROOT, 'docs/real-platform.md'), 'utf8')
        )?.[1];
        const steps = (
          parse(block ?? '') as { id?: string; uses?: string; with?: Record<string, string> }[]
        ).filter((step) => step.uses !== undefined);
        expect(steps.map((step) => step.with?.operation)).toEqual(['create']);
        const values: Record<string, () => string> = {
          'secrets.DEPLOY_API_TOKEN': () => s.emulator.token_mode.token,
          'vars.REGISTRY_USERNAME': () => 'registry-bot',
          'secrets.REGISTRY_PASSWORD': () => 'reg-pass-1',
          'github.run_id': () => '4242'
        };
        const expand = (inputs: Record<string, unknown> = {}): Record<string, string> =>
          Object.fromEntries(
            Object.entries(inputs).map(([name, value]) => [
              name,
              String(value).replace(/\$\{\{\s*([^}\s]+)\s*\}\}/g, (_m, expression: string) => {
                const value = values[expression];
                if (value === undefined)
                  throw new Error(
                    `the README example uses \${{ ${expression} }}, which this test does not know`
                  );
                return value();
              })
            ])
          );
        const deploy = await runLive(s, { ...expand(steps[0]?.with), poll_interval: '1s' });
        expect([deploy.exitCode, deploy.outputs.status]).toEqual([0, 'Running']);
        expect(deploy.outputs.url).toMatch(/^https:\/\/t\d+-8080\.apps\.emulator\.invalid$/);
        expect(shown(deploy)[0]).toBe(
          "api profile: live (the platform's documented forms; api_profile: spec sends the interface spec's)"
        );
        const create = s.emulator.requests.find((r) => r.path === '/api/task/deployment/create' && r.applied);
        expect(JSON.parse(create?.body ?? '')).toMatchObject({
          task_type: 'Deployment',
          task_name: 'inference-4242',
          points: 1,
          // The cheapest 4090 with a node free, as the emulator's catalog has it: 北京一区 at 1880.
          resources: [
            { mark: expect.any(String), resource: { device_name: '4090' }, region_name: '北京一区' }
          ],
          repository_username: 'registry-bot',
          services: [{ service_name: 'api', health_checks: { readiness_probe: { path: '/health' } } }]
        });
        expect(deploy.stdout).toContain('::add-mask::reg-pass-1');
        expect(deploy.stdout).toContain('::add-mask::registry-bot');
        const id = deploy.outputs.task_id ?? '';
        expect([deploy.outputs.region, deploy.outputs.gpu, deploy.outputs.price]).toEqual([
          'beijing-jxq-p1',
          '4090',
          '1880'
        ]);
        const post = await runLive(s, expand(steps[0]?.with), deploy.state);
        expect(shown(post)).toContain(`cleanup: stopped task ${id}`);
        expect(s.emulator.task(id).status).toBe('End');
      }
    );

    scenario('reads detail as GET, searches with type and status, stops, in RSA mode too', async (s) => {
      const id = s.emulator.addTask({ task_name: 'live-ops', points: 1, status: 'Running' });
      const rsaKey = {
        token: s.emulator.rsa.token,
        private_key: readFileSync(s.emulator.rsa.private_key_file, 'utf8')
      };
      const detail = await runLive(s, { operation: 'detail', task_id: id, ...rsaKey });
      expect([detail.exitCode, detail.outputs.status, detail.outputs.msg]).toEqual([0, 'Running', 'success']);
      // The reference's documented detail path.
      expect(s.emulator.requests.at(-1)).toMatchObject({
        method: 'GET',
        target: `/api/task/deployment/detail?task_id=${id}`
      });
      const search = await runLive(s, { operation: 'search_tasks', query: 'search_value: live-ops' });
      expect(JSON.parse(search.outputs.data ?? '')).toMatchObject({ count: 1 });
      expect(s.emulator.requests.at(-1)?.target).toBe(
        '/api/deployment/task/search?type=Deployment&status=Running,Pending,Paused&page=1&page_size=10&search_value=live-ops'
      );
      const stop = await runLive(s, { operation: 'stop', task_id: id, poll_interval: '1s' });
      expect([stop.exitCode, stop.outputs.status]).toEqual([0, 'End']);
    });
  });

  group('cleanup and cancellation', () => {
    /** A create that does not wait, with cleanup: stop; answers the main step's run. */
    const created = (s: Scenario, name: string, extra: Record<string, string> = {}): Promise<StepRun> =>
      s.run({ operation: 'create', task_name: name, points: '1', cleanup: 'stop', wait: 'false', ...extra });
    const post = (s: Scenario, main: StepRun, extra: Record<string, string> = {}): Promise<StepRun> =>
      s.run({ operation: 'create', task_name: 'x', points: '1', cleanup: 'stop', ...extra }, main.state);
    // Regression (issue 48): the post step gave up when its next back-off would pass cleanup_timeout (at
    // 9.7 s of 20 s), though the platform applied the stop at 14 s; it said it had tried "within 20s".
    scenario(
      'asks until cleanup_timeout itself: a stop the platform applies 7 s late, with 10 s to clean up, is seen',
      async (s) => {
        const main = await created(s, 'c-slow-stop');
        const id = main.outputs.task_id ?? '';
        s.emulator.setActLag(7);
        const cleaned = await post(s, main, { cleanup_timeout: '10s' });
        expect(cleaned.exitCode).toBe(0);
        expect(s.emulator.task(id).status).toBe('End');
        expect(shown(cleaned)).toContain(`cleanup: stopped task ${id}`);
      }
    );

    /**
     * A create with cleanup: stop that the platform applies `appliesAfterMs` after it arrives, the job
     * cancelled (SIGTERM) once it has arrived: the main step's run, and the inputs to run the post step with.
     */
    const cancelledMidCreate = async (
      s: Scenario,
      name: string,
      appliesAfterMs: number,
      requestTimeout: string
    ): Promise<{ main: StepRun; inputs: Record<string, string>; before: number }> => {
      s.emulator.inject({ path: CREATE, delayMs: appliesAfterMs });
      const inputs = {
        operation: 'create',
        task_name: name,
        points: '1',
        cleanup: 'stop',
        request_timeout: requestTimeout
      };
      const before = s.emulator.requests.length;
      const received = (): boolean => s.emulator.requests.slice(before).some((r) => r.path === CREATE);
      const main = await s.run(inputs, undefined, {}, { when: received, signal: 'SIGTERM' });
      return { main, inputs, before };
    };

    scenario.each([
      ['a 503', { kind: 'status', status: 503 } as const, /HTTP 503; retry 1 of 20 in \d\.\ds$/],
      [
        'a 429',
        { kind: 'status', status: 429, retryAfter: { seconds: 1 } } as const,
        /HTTP 429; retry 1 of 20 in 1\.0s \(as the server asked\)$/
      ],
      ['a connection reset', { kind: 'reset' } as const, /(ECONNRESET|EPIPE); retry 1 of 20 in \d\.\ds$/]
    ])('retries a cleanup stop refused by %s, and stops the task', async (s, _what, answer, retried) => {
      const main = await created(s, `cleanup-${answer.kind}`);
      const id = main.outputs.task_id ?? '';
      s.emulator.inject({ path: STOP, answer });
      const result = await post(s, main);
      expect(result.exitCode).toBe(0);
      expect(shown(result)).toEqual(
        expect.arrayContaining([
          expect.stringMatching(new RegExp(`^cleanup: stop task ${id}: `)),
          `cleanup: stopped task ${id}`
        ])
      );
      expect(shown(result).find((line) => line.startsWith(`cleanup: stop task ${id}: `))).toMatch(retried);
      expect(s.emulator.task(id).status).toBe('End');
    });

    scenario(
      'goes on with its cleanup when the job is cancelled again during the post step, and stops the task',
      async (s) => {
        const main = await created(s, 'post-signalled');
        const id = main.outputs.task_id ?? '';
        // The first stop is refused a second after it arrives: the post step must live on to send another.
        s.emulator.inject({ path: STOP, delayMs: 1000, answer: { kind: 'status', status: 503 } });
        const before = s.emulator.requests.length;
        const arrived = (): boolean => s.emulator.requests.slice(before).some((r) => r.path === STOP);
        const result = await s.run(
          { operation: 'create', task_name: 'x', points: '1', cleanup: 'stop' },
          main.state,
          {},
          { when: arrived, signal: 'SIGTERM' }
        );
        expect(result.exitCode).toBe(0);
        expect(shown(result)).toContainEqual(
          expect.stringMatching(/^::warning::post step: received SIGTERM; its cleanup goes on until it ends/)
        );
        expect(shown(result)).toContain(`cleanup: stopped task ${id}`);
        expect(s.emulator.task(id).status).toBe('End');
      }
    );

    scenario(
      'gives up loudly at cleanup_timeout, naming the task and a step and a command that stop it by hand',
      async (s) => {
        const main = await created(s, 'cleanup-gives-up');
        const id = main.outputs.task_id ?? '';
        s.emulator.inject({ path: STOP, times: Infinity, answer: { kind: 'status', status: 503 } });
        const result = await post(s, main, { cleanup_timeout: '5s' });
        s.emulator.clearFaults();
        expect(result.exitCode).toBe(1);
        expect(result.stdout).toMatch(
          new RegExp(
            `^::error title=Task left running::task ${id} may still be running, and billing: the post step could not stop it within cleanup_timeout 5s \\(HTTP 503 .*; asked for 5s\\)\\. Stop it by hand now: `,
            'm'
          )
        );
        expect(result.stdout).toMatch(
          new RegExp(`^::error::cleanup \\(stop\\) failed: task ${id} may still be running$`, 'm')
        );
        expect(s.emulator.task(id).status).toBe('Running');
        expect(result.summary).toContain(`**Task ${id} may still be running, and billing.**`);
        expect(result.summary).toContain(
          `    operation: stop\n    task_id: ${id}\n    base_url: ${s.emulator.base_url}\n`
        );
        // The command in the summary stops the task, run as a user would run it.
        const shell = /```sh\n([\s\S]*?)\n```/.exec(result.summary)?.[1] ?? '';
        const dir = mkdtempSync(join(tmpdir(), 'manual-stop-'));
        try {
          writeFileSync(join(dir, 'private.pem'), s.rsa.private_key ?? '');
          // Not execFileSync: the emulator answers from this process, which must stay free to do so.
          const { stdout } = await promisify(execFile)('bash', ['-euo', 'pipefail', '-c', shell], {
            cwd: dir,
            env: {
              PATH: process.env.PATH,
              DEPLOY_API_TOKEN: s.rsa.token,
              CURL_CA_BUNDLE: s.emulator.ca_file
            },
            timeout: 10_000
          });
          expect(JSON.parse(stdout)).toMatchObject({ code: '0000' });
        } finally {
          rmSync(dir, { recursive: true, force: true });
        }
        expect(s.emulator.task(id).status).toBe('End');
      }
    );

    scenario(
      'fails the cleanup, loudly, when the key is refused with "API Key不存在": never "already gone"',
      async (s) => {
        const main = await created(s, 'cleanup-bad-key');
        const id = main.outputs.task_id ?? '';
        s.emulator.setText({ msg: 'API Key不存在' });
        const result = await post(s, main, {
          token: 'no-such-key',
          private_key: '',
          platform_public_key: '',
          cleanup_timeout: '5s'
        }).finally(() => {
          s.emulator.setText({ msg: undefined });
        });
        expect(result.exitCode).toBe(1);
        expect(shown(result).join('\n')).not.toMatch(/already gone|stopped task/);
        expect(result.stdout).toMatch(
          new RegExp(`^::error title=Task left running::task ${id} may still be running`, 'm')
        );
        expect(s.emulator.task(id).status).not.toBe('End');
      }
    );

    scenario('finds and stops the task of a create still in flight when the job was cancelled', async (s) => {
      // The platform applies the create 2.5 s after it arrives: within the 6 s request_timeout.
      const { main, inputs } = await cancelledMidCreate(s, 'cancelled-in-flight', 2500, '6s');
      expect(main.exitCode).toBe(1);
      expect(main.outputs.task_id ?? '').toBe('');
      expect(JSON.parse(main.state.create_lookup ?? '')).toEqual({
        taskName: 'cancelled-in-flight',
        existingIds: [],
        landsBy: expect.any(Number),
        attempts: 1
      });
      const result = await s.run(inputs, main.state);
      expect(result.exitCode).toBe(0);
      const line = shown(result).find((l) => l.startsWith('cleanup: stopped task '));
      expect(line).toMatch(
        /^cleanup: stopped task \d+, named "cancelled-in-flight", made by the create whose answer this step never read$/
      );
      const id = /task (\d+)/.exec(line ?? '')?.[1] ?? '';
      expect(s.emulator.task(id).status).toBe('End');
    });

    scenario(
      'finds and stops the task of a cancelled create that the platform applies after request_timeout',
      async (s) => {
        // The platform applies the create 7 s after it arrives: after the 5 s request_timeout.
        const { main, inputs, before } = await cancelledMidCreate(s, 'lands-late', 7000, '5s');
        expect(main.exitCode).toBe(1);
        const result = await s.run(inputs, main.state);
        expect(result.exitCode).toBe(0);
        expect(shown(result)).not.toContainEqual(expect.stringContaining('made none'));
        const id =
          /^cleanup: stopped task (\d+), named "lands-late"/m.exec(shown(result).join('\n'))?.[1] ?? '';
        expect(s.emulator.task(id).status).toBe('End');
        const made = s.emulator.requests.slice(before).flatMap((r) => r.createdTaskId ?? []);
        expect(made).toEqual([id]);
      }
    );

    scenario(
      'stops in the post step a twin that lands only while the post step looks, after the main step ended',
      async (s) => {
        // The first attempt times out after 2 s, no task shows up in the 4 s grace, the create is sent
        // again and answered; the first attempt's task appears at 9 s, once the post step has begun.
        s.emulator.inject({ path: CREATE, delayMs: 9000 });
        const inputs = { operation: 'create', task_name: 'twin-later', points: '1', request_timeout: '2s' };
        const main = await s.run({ ...inputs, wait: 'false' });
        expect(main.exitCode).toBe(0);
        const id = main.outputs.task_id ?? '';
        const result = await s.run(inputs, main.state);
        expect(result.exitCode).toBe(0);
        const twin = /^cleanup: stopped task (\d+), a second task named "twin-later"/m.exec(
          shown(result).join('\n')
        )?.[1];
        expect(twin).toMatch(/^\d+$/);
        expect([s.emulator.task(id).status, s.emulator.task(twin ?? '').status]).toEqual(['Running', 'End']);
      }
    );

    scenario(
      'fails the post step loudly, naming the task name and a step that stops it, when a create may still land after cleanup_timeout',
      async (s) => {
        const { main, inputs } = await cancelledMidCreate(s, 'lands-unknown', 9000, '5s');
        const result = await s.run({ ...inputs, cleanup_timeout: '5s' }, main.state);
        expect(result.exitCode).toBe(1);
        expect(shown(result)).toContainEqual(
          expect.stringMatching(
            /^::error title=Task may be left running::a task named "lands-unknown" may be running, and billing/
          )
        );
        expect(result.summary).toContain('operation: sweep');
        expect(result.summary).toContain('task_name: "lands-unknown"');
      }
    );

    scenario('finds and stops the task of a create answered without a task_id', async (s) => {
      s.emulator.inject({ path: CREATE, apply: true, answer: { kind: 'envelope', code: '0000', data: {} } });
      const main = await created(s, 'answered-without-id');
      expect(main.exitCode).toBe(1);
      const result = await post(s, main);
      expect(result.exitCode).toBe(0);
      expect(shown(result)).toContainEqual(
        expect.stringMatching(/^cleanup: stopped task \d+, named "answered-without-id"/)
      );
    });

    scenario(
      'stops the twin a late first attempt makes, so that exactly one task runs and task_id names it',
      async (s) => {
        s.emulator.setReadyAfter(3);
        s.emulator.inject({ path: CREATE, delayMs: 4000 });
        const main = await s.run({
          operation: 'create',
          task_name: 'twin-in-wait',
          points: '1',
          request_timeout: '1s',
          ...FAST
        });
        expect(main.exitCode).toBe(0);
        const id = main.outputs.task_id ?? '';
        const twin = /create: task (\d+) named "twin-in-wait" was made too/.exec(main.stdout)?.[1] ?? '';
        expect(twin).toMatch(/^\d+$/);
        expect(shown(main)).toContain(
          `create: stopped task ${twin}; task ${id} is the one this step follows`
        );
        expect([s.emulator.task(id).status, s.emulator.task(twin).status]).toEqual(['Running', 'End']);
      }
    );

    scenario(
      'stops in the post step a twin that lands after the main step ended, whatever cleanup says',
      async (s) => {
        const before = s.emulator.requests.length;
        const creates = (): RecordedRequest[] =>
          s.emulator.requests.slice(before).filter((r) => r.path === CREATE && r.applied);
        s.emulator.inject({ path: CREATE, delayMs: 6000 });
        const main = await s.run({
          operation: 'create',
          task_name: 'twin-late',
          points: '1',
          request_timeout: '1s',
          wait: 'false'
        });
        const id = main.outputs.task_id ?? '';
        expect(main.exitCode).toBe(0);
        await until(() => creates().length >= 2);
        const twin = creates().find((r) => r.createdTaskId !== id)?.createdTaskId ?? '';
        const result = await s.run({ operation: 'create', task_name: 'twin-late', points: '1' }, main.state);
        expect(result.exitCode).toBe(0);
        expect(shown(result)).toContain(
          `cleanup: stopped task ${twin}, a second task named "twin-late" made by an earlier attempt of the create`
        );
        expect([s.emulator.task(id).status, s.emulator.task(twin).status]).toEqual(['Running', 'End']);
      }
    );
  });

  group('replace', () => {
    scenario(
      'replaces a running task once the new one is ready, and keeps the new one after the post step',
      async (s) => {
        const old = s.emulator.addTask({ task_name: 'e2e-llm', points: 1, status: 'Running' });
        const inputs = { operation: 'replace', task_name: 'e2e-llm', points: '1', body: SERVICE, ...FAST };
        const main = await s.run(inputs);
        const created = main.outputs.task_id ?? '';
        expect([main.exitCode, main.outputs.replaced_task_ids]).toEqual([0, JSON.stringify([old])]);
        expect([s.emulator.task(created).status, s.emulator.task(old).status]).toEqual(['Running', 'End']);
        expect(main.summary).toContain('#### Replaced');
        expect(main.state.cleanup).toBe('none');
        const post = await s.run(inputs, main.state);
        expect([post.exitCode, s.emulator.task(created).status]).toEqual([0, 'Running']);
      }
    );

    // Regression: two replaces of one name that overlapped left two new generations billing, both green.
    scenario(
      'lets the newest ready generation win when two replaces of one name overlap: one generation is left',
      async (s) => {
        // The second run uses a key of its own, as another team's job would: two processes that send the
        // same request in the same millisecond with one key would sign it alike.
        s.emulator.addKey({
          mode: 'rsa',
          token: 'second-job-token',
          clientPublicKey: fixtureKey('client-public.pem'),
          platformPrivateKey: fixtureKey('platform-private-pkcs8.pem')
        });
        const old = s.emulator.addTask({ task_name: 'e2e-overlap', points: 1, status: 'Running' });
        s.emulator.setReadyAfter(2);
        // Both creates take effect seconds after they arrive: each run's search before it creates sees the
        // old task alone, so neither takes the other's task for part of the generation it replaces. The
        // second lands 3 s after the first, so that the older run has seen its task ready (and passed)
        // before the newer one, once ready, stops it: were both ready within one poll of each other, the
        // newer could stop the older's task before that run's wait saw it ready, and the older run would
        // fail (found on a busy machine, where the polls' phases drift).
        s.emulator.inject({ path: CREATE, delayMs: 1500 });
        s.emulator.inject({ path: CREATE, delayMs: 4500 });
        const inputs = {
          operation: 'replace',
          task_name: 'e2e-overlap',
          points: '1',
          body: SERVICE,
          ...FAST
        };
        const runs = await s.runTogether([inputs, { ...inputs, token: 'second-job-token' }]);
        const made = runs.map((run) => run.outputs.task_id ?? '');
        const newest = made.reduce((a, b) => (BigInt(a) > BigInt(b) ? a : b));
        const loser = made.find((id) => id !== newest) ?? '';
        expect(runs.map((run) => run.exitCode)).toEqual([0, 0]);
        const statuses = [old, ...made].map((id) => [id, s.emulator.task(id).status]);
        expect(statuses).toEqual([old, ...made].map((id) => [id, id === newest ? 'Running' : 'End']));
        // The winner says it stops the loser's task: as another run's, older than its own (the creates
        // are delayed so that each run searches before either lands); or, should a slow start let the
        // winner's search before creating see it, as part of the generation it replaces.
        const winner = runs.find((run) => run.outputs.task_id === newest);
        const said = winner === undefined ? [] : shown(winner);
        const asOlder = `replace: task ${loser} named "e2e-overlap" was made after this step began (another run's), and is older than task ${newest}: it is stopped too, so that the newest ready generation serves`;
        const asReplaced = (line: string): boolean =>
          line.startsWith(`replace: task ${newest} is ready; stopping task `) &&
          line.endsWith(', which it replaces') &&
          line.includes(loser);
        expect(said.filter((line) => line === asOlder || asReplaced(line))).not.toHaveLength(0);
      }
    );

    // Regression (issue 37): once the new task was ready, cleanup switched to the user's before the old
    // generation was saved, and the search between could retry for long: a kill there left both running.
    scenario(
      'leaves, when killed right after the new task is ready, one generation to the post step: never two',
      async (s) => {
        const old = s.emulator.addTask({ task_name: 'e2e-kill', points: 1, status: 'Running' });
        // The search once the new task is ready (the second) hangs: the runner is killed meanwhile.
        s.emulator.inject({ path: SEARCH, skip: 1, delayMs: 10_000 });
        const inputs = { operation: 'replace', task_name: 'e2e-kill', points: '1', body: SERVICE, ...FAST };
        const main = await s.run(inputs, undefined, {}, { text: 'is ready after', signal: 'SIGKILL' });
        // Killed, it wrote no outputs: the task its create made is the emulator's to say.
        const created = s.emulator.requests.find((r) => r.createdTaskId !== undefined)?.createdTaskId ?? '';
        expect(main.exitCode).not.toBe(0);
        const retire = JSON.parse(main.state.retire_task_ids ?? '[]') as string[];
        expect(main.state.cleanup === 'stop' || retire.includes(old)).toBe(true);
        const post = await s.run(inputs, main.state);
        expect(post.exitCode).toBe(0);
        const live = [created, old].filter((id) => s.emulator.task(id).status !== 'End');
        expect(live).toHaveLength(1);
      }
    );

    // Regression: the old generation was stopped with what was left of wait_timeout and its ids never
    // saved: a cancel (or a 503 near the deadline) during that stop left both generations billing.
    scenario(
      'finishes retiring the old generation in the post step when a replace is cancelled while it stops it',
      async (s) => {
        const old = s.emulator.addTask({ task_name: 'e2e-retire', points: 1, status: 'Running' });
        // The stop of the old task hangs (and is then refused, taking no effect): the job is cancelled meanwhile.
        s.emulator.inject({
          path: '/api/deployment/task/stop',
          delayMs: 3000,
          answer: { kind: 'status', status: 503 }
        });
        const inputs = { operation: 'replace', task_name: 'e2e-retire', points: '1', body: SERVICE, ...FAST };
        const main = await s.run(inputs, undefined, {}, { text: 'which it replaces', signal: 'SIGTERM' });
        const created = main.outputs.task_id ?? '';
        expect(main.exitCode).toBe(1);
        expect(JSON.parse(main.state.retire_task_ids ?? '')).toEqual([old]);
        expect([s.emulator.task(created).status, s.emulator.task(old).status]).toEqual([
          'Running',
          'Running'
        ]);
        const post = await s.run(inputs, main.state);
        expect(post.exitCode).toBe(0);
        expect(shown(post)).toContain(
          `cleanup: stopped task ${old}, of the generation the replace was retiring`
        );
        expect([s.emulator.task(created).status, s.emulator.task(old).status]).toEqual(['Running', 'End']);
      }
    );

    scenario(
      'rolls back a replace cancelled while it waits: the post step stops the new task, the old one serves',
      async (s) => {
        const old = s.emulator.addTask({ task_name: 'e2e-llm-2', points: 1, status: 'Running' });
        s.emulator.setReadyAfter(600);
        const inputs = { operation: 'replace', task_name: 'e2e-llm-2', points: '1', body: SERVICE, ...FAST };
        const main = await s.run(inputs, undefined, {}, { text: 'Pending after ', signal: 'SIGTERM' });
        const created = main.outputs.task_id ?? '';
        expect(main.exitCode).toBe(1);
        // Cancelled, the step cannot send any more: the stop is left to the post step, which stops whatever cleanup says.
        expect(shown(main)).toContainEqual(
          expect.stringMatching(
            new RegExp(
              `^replace: rolled back: task ${created} could not be stopped \\(.*the step was cancelled\\), the post step tries again; task ${old} keeps serving$`
            )
          )
        );
        expect(main.state.cleanup).toBe('stop');
        const post = await s.run(inputs, main.state);
        expect(post.exitCode).toBe(0);
        expect([s.emulator.task(created).status, s.emulator.task(old).status]).toEqual(['End', 'Running']);
      }
    );
  });

  group('change a running service', () => {
    scenario(
      'finishes in the post step the rollback of an update cancelled during its rollout: the old image serves again',
      async (s) => {
        const id = s.emulator.addTask({
          task_name: 'e2e-update',
          points: 2,
          status: 'Running',
          services: [
            { service_name: 'web', service_image: 'nginx:1.27', remote_ports: [{ service_port: 80 }] }
          ]
        });
        // Each new node takes 10 minutes: the job is cancelled while the first one comes up.
        s.emulator.setReadyAfter(600);
        const inputs = {
          operation: 'update',
          task_id: id,
          body: '{services: [{service_name: web, service_image: "nginx:1.28"}]}',
          ...FAST
        };
        const main = await s.run(
          inputs,
          undefined,
          {},
          { text: 'live nodes on the new images', signal: 'SIGTERM' }
        );
        expect(main.exitCode).toBe(1);
        expect(JSON.parse(main.state.rollback ?? '{}')).toMatchObject({ taskId: id });
        expect(shown(main)).toContainEqual(expect.stringMatching(/the post step rolls it back/));
        s.emulator.setReadyAfter(1);
        const post = await s.run(inputs, main.state);
        expect(post.exitCode).toBe(0);
        expect(shown(post)).toContain(
          `cleanup: rolled back the update of task ${id}: it serves the configuration it had`
        );
        const nodes = (await s.run({ operation: 'nodes', task_id: id })).outputs.data ?? '{}';
        const images = (JSON.parse(nodes) as { results: { containers: { image: string }[] }[] }).results.map(
          (node) => node.containers[0]?.image
        );
        expect(images).toEqual(['nginx:1.27', 'nginx:1.27']);
        expect(s.emulator.task(id)).toMatchObject({ status: 'Running', runing_points: 2 });
      }
    );

    // Regression (issue 37): the configuration to roll back was saved as one state value, which the runner
    // hands the post step as an environment variable (128 KiB at most): the post step failed to start
    // (E2BIG), and the task stayed on the new image.
    scenario(
      'finishes in the post step the rollback of an update of a task whose configuration is near the body limit',
      async (s) => {
        const env = `MODEL_CONFIG=${'x'.repeat(900 * 1024)}`;
        const id = s.emulator.addTask({
          task_name: 'e2e-big',
          points: 1,
          status: 'Running',
          services: [
            { service_name: 'web', service_image: 'nginx:1.27', env, remote_ports: [{ service_port: 80 }] }
          ]
        });
        s.emulator.setReadyAfter(600);
        const inputs = {
          operation: 'update',
          task_id: id,
          body: '{services: [{service_name: web, service_image: "nginx:1.28"}]}',
          ...FAST
        };
        const cancel = { text: 'live nodes on the new images', signal: 'SIGTERM' as const };
        const main = await s.run(inputs, undefined, {}, cancel);
        expect(main.exitCode).toBe(1);
        const saved = JSON.parse(main.state.rollback ?? '{}') as {
          taskId: string;
          configurationFile: string;
        };
        expect(saved.taskId).toBe(id);
        expect(Object.values(main.state).every((value) => value.length < 4096)).toBe(true);
        expect(statSync(saved.configurationFile).mode & 0o777).toBe(0o600);
        s.emulator.setReadyAfter(1);
        const post = await s.run(inputs, main.state);
        expect(post.exitCode).toBe(0);
        expect(shown(post)).toContain(
          `cleanup: rolled back the update of task ${id}: it serves the configuration it had`
        );
        expect(s.emulator.task(id)).toMatchObject({
          status: 'Running',
          services: [{ service_image: 'nginx:1.27', env }]
        });
      }
    );

    scenario(
      'sets back in the post step a scale up cancelled before its new node ran, once that node crash-loops',
      async (s) => {
        const id = s.emulator.addTask({
          task_name: 'e2e-scale',
          points: 1,
          status: 'Running',
          services: [
            { service_name: 'web', service_image: 'nginx:crash', remote_ports: [{ service_port: 80 }] }
          ]
        });
        // Its image crash-loops (so no node counts as running): the node it ran before is not the scale's to judge.
        s.emulator.setBadImages(/^nginx:crash$/, 0.5);
        const inputs = { operation: 'scale', task_id: id, points: '2', max_restarts: '2', ...FAST };
        const main = await s.run(inputs, undefined, {}, { text: 'runing_points 0 of 2', signal: 'SIGTERM' });
        expect(main.exitCode).toBe(1);
        expect(JSON.parse(main.state.scale_back ?? '{}')).toMatchObject({ taskId: id, points: 1, target: 2 });
        expect(shown(main)).toContainEqual(expect.stringMatching(/sets the count back to 1 if one fails/));
        const post = await s.run(inputs, main.state);
        expect(post.exitCode).toBe(0);
        expect(shown(post)).toContainEqual(
          expect.stringMatching(new RegExp(`^cleanup: set task ${id} back to 1 nodes \\(it has a new node`))
        );
        expect(s.emulator.task(id)).toMatchObject({ points: 1 });
      }
    );

    scenario(
      'fails loudly when an update cannot be rolled back, writing the configuration to restore with its secrets redacted',
      async (s) => {
        const id = s.emulator.addTask({
          task_name: 'e2e-stuck',
          points: 1,
          status: 'Running',
          services: [
            {
              service_name: 'web',
              service_image: 'nginx:1.27',
              env: 'DB_PASSWORD=rollback-s3cret',
              remote_ports: [{ service_port: 80 }]
            }
          ]
        });
        // The old image crash-loops too when it comes up again (its node that ran before is left).
        s.emulator.setBadImages(/^nginx:(1\.27|bad)$/, 0.5);
        // A runner temp of the test's own, so that the file outlives the step.
        const temp = mkdtempSync(join(tmpdir(), 'e2e-restore-'));
        const inputs = {
          operation: 'update',
          task_id: id,
          body: '{services: [{service_name: web, service_image: "nginx:bad"}]}',
          max_restarts: '1',
          cleanup_timeout: '20s',
          ...FAST
        };
        const main = await s.run(inputs, undefined, { RUNNER_TEMP: temp });
        expect(main.exitCode).toBe(1);
        expect(main.stdout).toMatch(
          new RegExp(
            `::error title=Update not rolled back::task ${id} may still be on the configuration that failed`
          )
        );
        expect(main.outputs.rolled_back).toBe('false');
        const file = main.outputs.restore_file ?? '';
        const restore = readFileSync(file, 'utf8');
        expect(JSON.parse(restore)).toMatchObject({
          task_name: 'e2e-stuck',
          services: [{ service_name: 'web', service_image: 'nginx:1.27', env: '<redacted>' }]
        });
        expect(restore).not.toContain('rollback-s3cret');
        rmSync(temp, { recursive: true, force: true });
        expect(main.state.rollback).not.toBe('');
      }
    );
  });

  group('honest outcomes', () => {
    scenario(
      'fails fast on a crash loop, naming the node, the reason and the exit code; the post step stops the task',
      async (s) => {
        s.emulator.setCrashLoops([
          {
            pattern: '-crashing$',
            reason: '::error::CrashLoopBackOff',
            exitCode: 137,
            restartEverySeconds: 0.5,
            log: `::error::pwned\n::add-mask::x\n##[group]y\nusing ${s.rsa.token ?? ''}\n`
          }
        ]);
        const inputs = {
          operation: 'create',
          task_name: 'e2e-crashing',
          points: '1',
          body: SERVICE,
          cleanup: 'stop',
          ...FAST
        };
        const main = await s.run(inputs);
        const id = main.outputs.task_id ?? '';
        // On the crash loop, not on the 15 minutes of wait_timeout (which the scenario's own timeout forbids).
        expect([main.exitCode, main.outputs.timed_out]).toEqual([1, 'false']);
        const errors = shown(main).filter((line) => line.startsWith('::error'));
        expect(errors).toEqual([
          expect.stringMatching(
            new RegExp(
              `^::error::create: task ${id} \\(e2e-crashing\\) has a node that will not come up: node ${id}001 \\(Running\\): container web .*CrashLoopBackOff, exit code 137, restarted \\d+ times after \\ds$`
            )
          )
        ]);
        // The diagnostics: in a log group, each server line behind a prefix; in the summary; in a file.
        const lines = shown(main);
        expect(lines).toContain(`::group::diagnostics of task ${id}: 1 node not running, 0 running`);
        expect(lines).toContain('│     ::error::pwned');
        const commands = lines.filter((line) => /^(::|##\[)/.test(line));
        expect(commands.filter((line) => !/^::(group|endgroup|error)::/.test(line))).toEqual([]);
        expect(main.summary).toContain(`#### Why task ${id} is not ready`);
        const file = main.diagnosticsFile ?? '';
        expect(file).not.toContain(s.rsa.token ?? '');
        expect(JSON.parse(file)).toMatchObject({
          tasks: [{ taskId: id, nodes: [{ logs: [{ service: 'web' }] }] }]
        });
        expect(s.emulator.task(id).status).toBe('Pending');
        const post = await s.run(inputs, main.state);
        expect([post.exitCode, s.emulator.task(id).status]).toEqual([0, 'End']);
      }
    );

    scenario(
      'fails a stop refused for an unknown key, whose message says "不存在": read by state, never by its code or text',
      async (s) => {
        const id = s.emulator.addTask({ task_name: 'key-gone', points: 1, status: 'Running' });
        s.emulator.setText({ msg: 'API Key不存在' });
        const result = await s.run({
          operation: 'stop',
          task_id: id,
          token: 'no-such-key',
          private_key: '',
          platform_public_key: ''
        });
        expect(result.exitCode).toBe(1);
        // Neither the detail nor the search can be read with that key either: not gone, a failure.
        expect(result.stdout).toMatch(
          /::error::stop: task \d+: HTTP 200, code \w+: API Key不存在 \(request id emu-\d+\)\. The platform refused POST \/api\/deployment\/task\/stop before it had accepted any request of this step; [^\n]*; its status could not be read \(/
        );
        expect(s.emulator.task(id).status).toBe('Running');
      }
    );

    scenario(
      'ends the wait as timed out when a status check is told to retry after longer than the time left',
      async (s) => {
        s.emulator.setReadyAfter(600);
        s.emulator.inject({
          path: DETAIL,
          answer: { kind: 'status', status: 429, retryAfter: { seconds: 60 } }
        });
        const result = await s.run({
          operation: 'create',
          task_name: 'ra-60',
          points: '1',
          wait_timeout: '5s',
          ...FAST
        });
        expect(result.exitCode).toBe(1);
        expect(result.outputs).toMatchObject({ timed_out: 'true', status: '' });
        expect(result.stdout).toMatch(
          /::error::create: task \d+ \(ra-60\) timed out after \ds, last status unknown: the platform asked for a pause of (59s|1m0s) before the next request \(429 with Retry-After\), longer than the \ds left before the deadline\n/
        );
      }
    );

    scenario('fails a storage check the platform answered pass: false, showing its message', async (s) => {
      s.emulator.setStorageVerdict({ pass: false, message: 'the bucket does not exist' });
      try {
        const result = await s.run({
          operation: 'storage_check',
          body: '{supplier: aws, endpoint: e.example, ak: AKIDEXAMPLE, sk: wJalrXUtnFEMI, bucket: b, prefix: d/}'
        });
        expect(result.exitCode).toBe(1);
        expect(result.stdout).toContain(
          "::error::storage_check failed: the storage did not pass the platform's check: the bucket does not exist\n"
        );
        expect(result.outputs).toMatchObject({ code: '0000' });
        expect(JSON.parse(result.outputs.data ?? '')).toEqual({
          pass: false,
          message: 'the bucket does not exist'
        });
        expect(result.summary).not.toContain('code 0000');
      } finally {
        s.emulator.setStorageVerdict({
          pass: true,
          message: 'the storage can be reached with these settings'
        });
      }
    });

    scenario('fails a create answered 0000 without a task_id, saying the task may exist', async (s) => {
      s.emulator.inject({ path: CREATE, apply: true, answer: { kind: 'envelope', code: '0000', data: {} } });
      const result = await s.run({ operation: 'create', task_name: 'no-id', points: '1' });
      expect(result.exitCode).toBe(1);
      expect(result.stdout).toContain(
        '::error::create failed: the platform accepted the create (code 0000) but its answer carries no task_id, so the task cannot be followed: a task named "no-id" may exist; look for it before running the job again\n'
      );
    });

    scenario("does not let one task's 429 stall the others of a bulk wait", async (s) => {
      s.emulator.setReadyAfter(0);
      const ids = [0, 1].map((i) =>
        s.emulator.addTask({ task_name: `ra-bulk-${i}`, points: 1, status: 'Paused' })
      );
      s.emulator.inject({
        path: DETAIL,
        answer: { kind: 'status', status: 429, retryAfter: { seconds: 60 } }
      });
      const result = await s.run({
        operation: 'recover',
        task_id: ids.join(', '),
        wait_timeout: '5s',
        ...FAST
      });
      expect([result.exitCode, result.outputs.timed_out]).toEqual([1, 'true']);
      const statuses = Object.values(JSON.parse(result.outputs.statuses ?? '{}') as Record<string, unknown>);
      expect(statuses).toContain('Running');
      expect(result.stdout).toMatch(
        /::error::recover: 1 of 2 tasks failed: \d+ \(timed out after \ds, last status unknown: the platform asked/
      );
    });

    scenario.each([['stop'], ['pause'], ['recover'], ['detail']])(
      'fails an explicit %s of a task that does not exist',
      async (s, operation) => {
        const result = await s.run({ operation, task_id: '999999999' });
        expect(result.exitCode).toBe(1);
        expect(result.stdout).toMatch(
          new RegExp(
            `::error::${operation}: task 999999999 not found: the platform refused \\(code \\w+: task 999999999 does not exist; request id emu-\\d+\\), and no task search of any status lists it\n`
          )
        );
        expect(result.summary).toContain('❌ not found');
      }
    );
  });

  group('GPU jobs', () => {
    const JOB_OPTIONS: EmulatorOptions = {
      ...DEFAULT_EMULATOR,
      jobs: {
        podSeconds: 1,
        scripts: [
          {
            pattern: /^e2e-job$/,
            runSeconds: 3,
            log: ['collected 3 items', '::warning::a line of the log, not a command', '3 passed']
          },
          // A line every 3 s of a 10-minute run.
          {
            pattern: /^e2e-job-long$/,
            runSeconds: 600,
            log: Array.from({ length: 200 }, (_, i) => `epoch ${i + 1}`)
          }
        ]
      }
    };
    const job = (name: string): Record<string, string> => ({
      operation: 'job',
      task_name: name,
      gpu: '4090',
      body: JOB_BODY,
      cleanup: 'stop',
      ...FAST
    });

    scenario(
      "runs a GPU job to its end: its log in the step's log as it runs, every line in log_file, its outputs",
      async (s) => {
        const result = await s.run(job('e2e-job'));
        expect(result.exitCode).toBe(0);
        const lines = shown(result);
        expect(lines.filter((line) => line.startsWith('| '))).toEqual([
          '| collected 3 items',
          '| ::warning::a line of the log, not a command',
          '| 3 passed'
        ]);
        // No line of the log ran as a workflow command.
        expect(lines.some((line) => line.startsWith('::warning::'))).toBe(false);
        expect(result.outputs).toMatchObject({
          job_status: 'Complete',
          succeeded_pods: '1',
          job_type: 'spot'
        });
        expect(readFileSync(result.outputs.log_file ?? '', 'utf8')).toBe(
          'collected 3 items\n::warning::a line of the log, not a command\n3 passed\n'
        );
        expect(s.emulator.job(result.outputs.task_id ?? '').status).toBe('End');
      },
      JOB_OPTIONS
    );

    // Regression (issue 48): cleanup defaulted to none for a job too: a job step whose wait timed out left
    // its GPU job running for the post step to ignore (seen: wait_timeout 8s, job Running, no stop sent).
    scenario(
      'stops a job left to its defaults as soon as its wait times out (cleanup stop, the default of a job): the post step has nothing left',
      async (s) => {
        const defaults: Record<string, string> = { ...job('e2e-job-long'), wait_timeout: '8s' };
        delete defaults.cleanup;
        const main = await s.run(defaults);
        const id = main.outputs.task_id ?? '';
        expect(main.exitCode).toBe(1);
        expect(main.outputs.timed_out).toBe('true');
        expect(s.emulator.job(id).status).toBe('Paused');
        expect(main.state).toMatchObject({ cleanup: 'stop', created_task_ids: '[]' });
        expect(shown(main)).toContain(`job ${id} may still run: stopping it now`);
        expect(main.stdout).toContain(
          "::warning::wait_timeout (8s) is shorter than the job's timeout_sec (10m0s): the step stops waiting before the job would end (and stops the job then, with cleanup: stop)"
        );
        const post = await s.run(defaults, main.state);
        expect(post.exitCode).toBe(0);
        expect(s.emulator.requests.filter((r) => r.path === '/api/task/job/stop')).toHaveLength(1);
      },
      JOB_OPTIONS
    );

    // Regression (issue 48): a Spot create refused but applied a few seconds later was followed by the
    // on-demand create: two jobs, the Spot one still running after the main and post steps, the step green.
    scenario(
      'adopts a refused Spot create that lands seconds later, and creates no on-demand job beside it',
      async (s) => {
        s.emulator.inject({
          path: '/api/task/job/create',
          answer: { kind: 'envelope', code: 'C010', message: '资源不足' },
          applyAfterMs: 3000
        });
        const marked = JSON.stringify({ ...JSON.parse(JOB_BODY), resources: [{ mark: JOB_MARK_4090 }] });
        const inputs = { ...job('e2e-job'), gpu: '', body: marked, spot_fallback: 'true' };
        const main = await s.run(inputs);
        expect(main.exitCode).toBe(0);
        const made = s.emulator.requests.flatMap((r) =>
          r.createdTaskId === undefined ? [] : [r.createdTaskId]
        );
        expect(made).toEqual([main.outputs.task_id]);
        expect(main.outputs).toMatchObject({ job_status: 'Complete', job_type: 'spot' });
        expect(s.emulator.requests.filter((r) => r.path === '/api/task/job/create')).toHaveLength(1);
        const post = await s.run(inputs, main.state);
        expect(post.exitCode).toBe(0);
      },
      JOB_OPTIONS
    );

    // Regression (issue 48): the post step's summary told a user to stop a job with operation: stop,
    // which answers "not found" for a job while it bills on.
    scenario(
      "names the job's own stop (job_stop) in what to do by hand when the post step cannot stop the job",
      async (s) => {
        s.emulator.inject({
          path: '/api/task/job/stop',
          times: Infinity,
          answer: { kind: 'envelope', code: 'C999', message: 'busy' }
        });
        const inputs = { ...job('e2e-job-long'), wait_timeout: '3s', cleanup_timeout: '5s' };
        const main = await s.run(inputs);
        const id = main.outputs.task_id ?? '';
        expect(main.state.created_task_ids).toBe(JSON.stringify([id]));
        const post = await s.run(inputs, main.state);
        expect(post.exitCode).toBe(1);
        expect(post.summary).toContain('operation: job_stop');
        expect(post.summary).toContain(`task_id: ${id}`);
        expect(post.summary).toContain('/api/task/job/stop');
        expect(post.summary).not.toMatch(/operation: stop\b/);
        s.emulator.clearFaults();
        s.emulator.stopJob(id);
      },
      JOB_OPTIONS
    );

    // Regression (issue 48): the log_file output's file held the API token, the key's lines and secret
    // env values as the job printed them; the step log masked them. Issue 50, point 5: a registry
    // password too, and the diagnostics file of a job that fails.
    scenario(
      'masks in every file it writes what the job printed of the token, the key, a secret env value and a registry password',
      async (s) => {
        const keyLine = keyLines(s.rsa.private_key ?? '')[3] ?? '';
        const printed = [
          `token=${s.rsa.token ?? ''}`,
          `key line: ${keyLine}`,
          'HF_TOKEN=hf_secret_value_1234',
          'registry: reg-pass-job-1',
          'done'
        ];
        s.emulator.setJobs({
          scripts: [
            { pattern: /^e2e-job-secrets$/, runSeconds: 2, log: printed },
            { pattern: /^e2e-job-secrets-fail$/, runSeconds: 2, exitCode: 3, log: printed }
          ]
        });
        const withEnv = JSON.parse(jobBodyWithEnv([{ name: 'HF_TOKEN', value: 'hf_secret_value_1234' }])) as {
          services: Record<string, unknown>[];
        };
        const account = { repository_username: 'registry-bot', repository_password: 'reg-pass-job-1' };
        const body = JSON.stringify({
          ...withEnv,
          services: withEnv.services.map((service) => ({ ...service, repository_account: account }))
        });
        const result = await s.run({ ...job('e2e-job-secrets'), body });
        expect(result.exitCode).toBe(0);
        const file = result.files.log_file ?? '';
        expect(file).toBe('token=***\nkey line: ***\nHF_TOKEN=***\nregistry: ***\ndone\n');
        expect(shown(result)).toEqual(
          expect.arrayContaining(['| token=***', '| HF_TOKEN=***', '| registry: ***', '| done'])
        );
        const failed = await s.run({ ...job('e2e-job-secrets-fail'), body });
        expect(failed.exitCode).toBe(1);
        expect(failed.files.diagnostics_file).toContain('registry: ***');
        // And none anywhere else: the log as the runner shows it, stderr, summary, outputs, every file.
        for (const run of [result, failed]) {
          const everything = [
            runnerView(run, { debug: true }).lines.join('\n'),
            run.stderr,
            run.summary,
            JSON.stringify(run.outputs),
            ...Object.values(run.files)
          ].join('\n');
          for (const secret of [s.rsa.token ?? '', keyLine, 'hf_secret_value_1234', 'reg-pass-job-1'])
            expect({ secret, shown: everything.includes(secret) }).toEqual({ secret, shown: false });
        }
      },
      JOB_OPTIONS
    );

    scenario(
      'on SIGTERM while a job runs, stops it at once and reads its end: the post step has nothing left',
      async (s) => {
        const main = await s.run(
          job('e2e-job-long'),
          undefined,
          {},
          { text: '| epoch 1', signal: 'SIGTERM' }
        );
        const id = main.outputs.task_id ?? '';
        expect(main.exitCode).toBe(1);
        expect(s.emulator.job(id).status).toBe('Paused');
        expect(shown(main)).toContain(`job ${id} may still run: stopping it now`);
        expect(main.state.created_task_ids).toBe('[]');
        const post = await s.run(job('e2e-job-long'), main.state);
        expect(post.exitCode).toBe(0);
        expect(s.emulator.requests.filter((r) => r.path === '/api/task/job/stop')).toHaveLength(1);
      },
      JOB_OPTIONS
    );

    // Regression (issue 48): the stop on a cancel took 8 s when the stop's answer was slow, past the 5 s it
    // has before the runner kills the step.
    scenario(
      'on SIGTERM, gives the stop of a running job its 5 s at most, however slow its answer: the post step takes over',
      async (s) => {
        s.emulator.inject({ path: '/api/task/job/stop', delayMs: 8000 });
        const main = await s.run(
          job('e2e-job-long'),
          undefined,
          {},
          { text: '| epoch 1', signal: 'SIGTERM' }
        );
        const id = main.outputs.task_id ?? '';
        expect(main.exitCode).toBe(1);
        expect(shown(main)).toContain(`job ${id} may still run: stopping it now`);
        expect(shown(main)).toContainEqual(
          expect.stringMatching(
            new RegExp(`^job ${id} could not be stopped now \\(.*\\): the post step tries again$`)
          )
        );
        expect(main.state.created_task_ids).toBe(JSON.stringify([id]));
        const post = await s.run(job('e2e-job-long'), main.state);
        expect(post.exitCode).toBe(0);
        expect(s.emulator.job(id).status).toBe('Paused');
      },
      JOB_OPTIONS
    );

    scenario(
      'when killed while a Spot job waits in the queue for its fallback, leaves it to the post step, which stops it',
      async (s) => {
        // No free node where the body puts it: the Spot job waits Queued.
        s.emulator.setStock([{ device_name: '4090', region: REGION_4090, inventory: 0 }]);
        const queued = JSON.stringify({ ...JSON.parse(JOB_BODY), resources: [{ mark: JOB_MARK_4090 }] });
        const inputs = {
          ...job('e2e-job-queued'),
          gpu: '',
          body: queued,
          spot_fallback: 'true',
          queue_timeout: '10m'
        };
        // Killed once the step reads the queued job (after it put the job on its ledger).
        const read = (): boolean => s.emulator.requests.some((r) => r.path === '/api/task/job/detail');
        const main = await s.run(inputs, undefined, {}, { when: read, signal: 'SIGKILL' });
        expect(main.exitCode).not.toBe(0);
        const id = s.emulator.requests.find((r) => r.createdTaskId !== undefined)?.createdTaskId ?? '';
        expect(s.emulator.job(id)).toMatchObject({ status: 'Pending', schedule_status: 'Queued' });
        expect(main.state.created_task_ids).toBe(JSON.stringify([id]));
        const post = await s.run(inputs, main.state);
        expect(post.exitCode).toBe(0);
        expect(s.emulator.job(id).status).toBe('Paused');
      },
      JOB_OPTIONS
    );

    scenario(
      'when killed while a job runs, leaves the job to the post step, which stops it through the Job API',
      async (s) => {
        const main = await s.run(
          job('e2e-job-long'),
          undefined,
          {},
          { text: '| epoch 1', signal: 'SIGKILL' }
        );
        expect(main.exitCode).not.toBe(0);
        const id = s.emulator.requests.find((r) => r.createdTaskId !== undefined)?.createdTaskId ?? '';
        expect(s.emulator.job(id).status).toBe('Running');
        expect(main.state.created_task_ids).toBe(JSON.stringify([id]));
        const post = await s.run(job('e2e-job-long'), main.state);
        expect(post.exitCode).toBe(0);
        expect(s.emulator.job(id).status).toBe('Paused');
        expect(shown(post)).toContain(`cleanup: stopped task ${id}`);
      },
      JOB_OPTIONS
    );
  });

  group('safe text', () => {
    scenario(
      'publishes only absolute http(s) service URLs, normalised, and warns about the others',
      async (s) => {
        s.emulator.setServiceUrl('javascript:alert({port})');
        // Regression: a task whose only URL was no http(s) URL counted as ready, and the step passed with
        // url empty. Ready needs a URL the step can publish.
        const bad = await s.run({
          operation: 'create',
          task_name: 'js-url',
          points: '1',
          body: SERVICE,
          wait_timeout: '4s',
          ...FAST
        });
        expect([bad.exitCode, bad.outputs.timed_out]).toEqual([1, 'true']);
        expect(shown(bad)).toContainEqual(
          expect.stringMatching(
            /: Running, waiting for 2 of 2 service URLs \(2 set, but not an absolute http\(s\) URL\)$/
          )
        );
        expect(bad.outputs).toMatchObject({ url: '', urls: '[]' });
        expect(bad.stdout).toMatch(
          /^::warning::task \d+: the service URL "javascript:alert\(80\)" is not an absolute http\(s\) URL, so it is not published in url, urls or the summary$/m
        );
        expect(bad.summary).not.toContain('javascript');
        s.emulator.setServiceUrl('https://t{task_id}.example/$(id)/a b"c`{port}`');
        const odd = await s.run({
          operation: 'create',
          task_name: 'odd-url',
          points: '1',
          body: SERVICE,
          ...FAST
        });
        const id = odd.outputs.task_id ?? '';
        expect(JSON.parse(odd.outputs.urls ?? '')).toEqual([
          `https://t${id}.example/$(id)/a%20b%22c%6080%60`,
          `https://t${id}.example/$(id)/a%20b%22c%60443%60`
        ]);
      }
    );

    const CREDENTIALS = {
      AccessKeyId: 'AKIAEXAMPLE1',
      api_key: 'k-123456',
      sk: 'sk-abcdef',
      auth: 'dXNlcjpwYXNz',
      password: 'hunter22',
      repository_password: 'reg-pass-1',
      repository_username: 'registry-bot'
    };

    scenario(
      'redacts secret-looking body fields and query values in a dry run, and masks them',
      async (s) => {
        const before = s.emulator.requests.length;
        const result = await s.run({
          operation: 'request',
          method: 'POST',
          path: '/api/task/deployment/create',
          body: JSON.stringify({ task_name: 'dry', points: 1, ...CREDENTIALS }),
          query: 'signature: sig-777777',
          dry_run: 'true'
        });
        expect([result.exitCode, s.emulator.requests.length]).toEqual([0, before]);
        const printed = result.stdout.split('\n').filter((line) => !line.startsWith('::add-mask::'));
        for (const value of [...Object.values(CREDENTIALS), 'sig-777777']) {
          expect({ value, printed: printed.some((line) => line.includes(value)) }).toEqual({
            value,
            printed: false
          });
          expect(result.stdout).toContain(`::add-mask::${value}`);
        }
        expect(printed.join('\n')).toContain('"repository_password":"<redacted>"');
      }
    );

    scenario('masks registry credentials of a real create before the first log line', async (s) => {
      const result = await s.run({
        operation: 'create',
        task_name: 'private-registry',
        points: '1',
        body: `repository_username: registry-bot\nrepository_password: reg-pass-1\n${SERVICE}`,
        wait: 'false'
      });
      expect(result.exitCode).toBe(0);
      const firstMask = result.stdout.indexOf('::add-mask::reg-pass-1');
      expect(firstMask).toBeGreaterThanOrEqual(0);
      expect(result.stdout).toContain('::add-mask::registry-bot');
      const before = result.stdout
        .slice(0, firstMask)
        .split('\n')
        .filter((line) => line !== '');
      expect(before.filter((line) => !line.startsWith('::add-mask::'))).toEqual([]);
    });

    scenario.each([
      ['a file outside the workspace', 'outside'],
      ['/dev/zero', '/dev/zero']
    ])('refuses body_file as %s, sending nothing and not hanging', async (s, _what, which) => {
      const workspace = mkdtempSync(join(tmpdir(), 'e2e-workspace-'));
      const home = mkdtempSync(join(tmpdir(), 'e2e-home-'));
      try {
        const outside = join(home, 'config.json');
        writeFileSync(outside, '{"auths":{"ghcr.io":{"auth":"c2VjcmV0LWRvY2tlcg=="}}}');
        const before = s.emulator.requests.length;
        const result = await s.run(
          {
            operation: 'create',
            task_name: 'bf',
            points: '1',
            body_file: which === 'outside' ? outside : which,
            dry_run: 'true'
          },
          undefined,
          { GITHUB_WORKSPACE: workspace }
        );
        expect(result.exitCode).toBe(1);
        expect(result.stdout).toMatch(
          /^::error::body_file ".*" is outside the workspace: put the file in the workspace/m
        );
        expect(result.stdout).not.toContain('c2VjcmV0');
        expect(s.emulator.requests).toHaveLength(before);
      } finally {
        rmSync(workspace, { recursive: true, force: true });
        rmSync(home, { recursive: true, force: true });
      }
    });

    scenario(
      'escapes markdown and HTML from the server in the summary, and says "stopped" after a stop',
      async (s) => {
        const name = '[click](https://evil.example) ![i](https://evil.example/p.png) <img src=x>';
        const id = s.emulator.addTask({ task_name: 'md', points: 1, status: 'Running' });
        s.emulator.setText({ taskName: name });
        const result = await s.run({ operation: 'stop', task_id: id, ...FAST });
        expect(result.exitCode).toBe(0);
        expect(result.summary).toContain(`| ${id} | &#91;click&#93;&#40;https&#58;//evil&#46;example&#41; `);
        expect(result.summary).not.toMatch(/\]\(|<img|https:\/\/evil/);
        expect(result.summary).toContain('| End | ✅ stopped |');
      }
    );
  });

  group('bounded reads', () => {
    scenario.each([
      ['with its Content-Length', false],
      ['chunked, 300 MB of it', true]
    ])(
      'fails on a huge answer %s, naming max_response_size, with the outputs written',
      async (s, _how, chunked) => {
        const id = s.emulator.addTask({ task_name: 'huge', points: 1, status: 'Running' });
        s.emulator.inject({ path: DETAIL, answer: { kind: 'large', bytes: 300_000_000, chunked } });
        const result = await s.run({ operation: 'detail', task_id: id });
        expect([result.exitCode, result.stderr]).toEqual([1, '']);
        expect(result.stdout).toContain(
          `::error::detail: task ${id}: GET /api/task/deployment/detail?task_id=${id} answered more than 16 MiB (max_response_size): the answer was not read; raise max_response_size if an answer that large is expected\n`
        );
        expect(result.outputs).toMatchObject({
          task_id: id,
          task_ids: JSON.stringify([id]),
          timed_out: 'false'
        });
      }
    );

    scenario('reads an answer up to max_response_size', async (s) => {
      const id = s.emulator.addTask({ task_name: 'sized', points: 1, status: 'Running' });
      s.emulator.inject({ path: DETAIL, answer: { kind: 'large', bytes: 100 * 1024 } });
      const refused = await s.run({ operation: 'detail', task_id: id, max_response_size: '64KiB' });
      expect(refused.stdout).toContain('answered more than 64 KiB (max_response_size)');
      s.emulator.inject({ path: DETAIL, answer: { kind: 'large', bytes: 100 * 1024 } });
      const read = await s.run({ operation: 'detail', task_id: id, max_response_size: '128KiB' });
      expect(read.exitCode).toBe(0);
      expect(read.responseFile).toHaveLength(100 * 1024);
    });

    scenario(
      'fails on an answer nested 3,000 levels deep with a clear error, not a crash, and does not retry it',
      async (s) => {
        const id = s.emulator.addTask({ task_name: 'deep', points: 1, status: 'Running' });
        s.emulator.inject({ path: DETAIL, times: Infinity, answer: { kind: 'deep', depth: 3000 } });
        const result = await s.run({ operation: 'detail', task_id: id });
        expect([result.exitCode, result.stderr]).toEqual([1, '']);
        expect(result.stdout).toMatch(
          new RegExp(
            `::error::detail: task ${id}: HTTP 200 with JSON nested deeper than 256 levels \\(request id emu-\\d+\\)\n`
          )
        );
        expect(shown(result).filter((line) => line.includes('retry'))).toEqual([]);
      }
    );

    scenario('runs 40 tasks at concurrency 32 without a MaxListenersExceededWarning', async (s) => {
      const ids = Array.from({ length: 40 }, (_, i) =>
        s.emulator.addTask({ task_name: `many-${i}`, points: 1, status: 'Running' })
      );
      s.emulator.inject({ path: DETAIL, times: 40, delayMs: 300 });
      const result = await s.run({ operation: 'detail', task_id: ids.join('\n'), concurrency: '32' });
      expect([result.exitCode, result.stderr]).toEqual([0, '']);
    });
  });

  scenario('never prints server text that could run as a workflow command', async (s) => {
    const evil =
      '::stop-commands::x\n::error::pwned\n##[add-mask]abc\n::set-output name=status::hacked\r\n::warning::w';
    s.emulator.setText({ msg: evil, taskName: evil });
    try {
      const ok = await s.run({ operation: 'create', task_name: 'inject', points: '1', ...FAST });
      s.emulator.inject({
        path: DETAIL,
        times: Infinity,
        answer: { kind: 'status', status: 500, body: 'envelope' }
      });
      const failed = await s.run({
        operation: 'detail',
        task_id: ok.outputs.task_id ?? '',
        max_retries: '0'
      });
      for (const result of [ok, failed]) {
        const lines = result.stdout.split('\n');
        const commands = lines
          .filter((line) => line.startsWith('::'))
          .map((line) => /^::([a-z-]+)/.exec(line)?.[1]);
        expect(new Set(commands)).toEqual(
          new Set(
            commands.filter((c) => ['add-mask', 'debug', 'error', 'warning', 'save-state'].includes(c ?? ''))
          )
        );
        expect(lines.filter((line) => line.includes('##['))).toEqual([]);
      }
      expect(shown(ok)).toContain(
        'create: code 0000, ::stop-commands::x ::error::pwned ## [add-mask]abc ::set-output name=status::hacked ::warning::w'
      );
      expect(failed.stdout.split('\n').filter((line) => line.startsWith('::error::'))).toHaveLength(1);
      expect(ok.summary).not.toContain('<script');
    } finally {
      s.emulator.setText({ msg: undefined, taskName: undefined });
      s.emulator.clearFaults();
    }
  });

  scenario(
    'on SIGTERM while waiting, writes the outputs known so far, keeps the cleanup state, and exits at once',
    async (s) => {
      s.emulator.setReadyAfter(600);
      const inputs = { operation: 'create', task_name: 'cancel-me', points: '1', cleanup: 'stop', ...FAST };
      const result = await s.run(inputs, undefined, {}, { text: 'Pending after ', signal: 'SIGTERM' });
      const id = result.outputs.task_id ?? '';
      expect(result.exitCode).toBe(1);
      expect(result.outputs).toMatchObject({ status: 'Pending', timed_out: 'false' });
      expect(result.stdout).toMatch(
        new RegExp(`::error::create: task ${id} \\(cancel-me\\) cancelled after \\d+s, last status Pending`)
      );
      expect(result.state.created_task_ids).toBe(JSON.stringify([id]));
      const post = await s.run(inputs, result.state);
      expect(shown(post)).toContain(`cleanup: stopped task ${id}`);
    }
  );
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
