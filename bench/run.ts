// npm run bench: measures what users of the action pay for, on this machine, against the platform's
// documented forms (the emulator's live profile), side by side with yardsticks that do the same work
// bare, and writes bench/RESULTS.md (and bench/results.json). Nothing here is asserted: the figures are
// reported against the targets of the house issue.
//
// Every comparison is paired and interleaved (A, B, B, A, ...), and reported as medians with CPU time
// beside wall time; the yardsticks' requests are signed and accepted, as the action's are.
import { execFile, execFileSync, spawn } from 'node:child_process';
import { constants, publicEncrypt } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, release, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { DEVICES, markOf, resourceOf } from '../emulator/catalog.js';
import { startEmulator, type Emulator, type RecordedRequest } from '../emulator/index.js';
import { nodeRuntimes, ROOT, runStep, type NodeRuntime, type StepRun } from '../scripts/action-runner.js';
import { encryptBody } from '../src/protocol/encryption.js';
import { toCompactJson } from '../src/protocol/json.js';
import { loadPlatformPublicKey, loadPrivateKey } from '../src/protocol/keys.js';
import { signRequest } from '../src/protocol/signing.js';
import type { BenchResults, Stats, Usage } from './results.js';
import { workspaceCopy } from './workspace-copy.js';

const [GPU_4090] = DEVICES;
if (GPU_4090?.regions[0] === undefined) throw new Error('the emulator catalog has no 4090');
/** A create's body in the documented form: one web service on a 4090 node of the first region. */
const WEB_BODY = JSON.stringify({
  resources: [{ mark: markOf(GPU_4090, GPU_4090.regions[0], 'Deployment') }],
  services: [{ service_name: 'web', service_image: 'nginx:1.27', remote_ports: [{ service_port: 80 }] }]
});

/** A GPU batch job of one pod on the same node, in the documented form (job_support, services). */
const JOB_BODY = JSON.stringify({
  resources: [{ mark: markOf(GPU_4090, GPU_4090.regions[0], 'Job') }],
  job_support: {
    timeout_sec: 3600,
    parallelism: 1,
    mod_param: { default: { backoff_limit: 0, restart_policy: 'Never' } }
  },
  services: [
    {
      service_name: 'tests',
      service_image: 'pytorch/pytorch:2.5.1',
      resource_weight: { cpu_weight: 1, mem_weight: 1, gpu_weight: 1 },
      start_script: { command: ['pytest'], args: ['-q'] }
    }
  ]
});

/** Pairs of start-up runs (the first round warms the disk cache and is not counted). */
const PAIRS = Number(process.env.BENCH_ROUNDS ?? 41);
/** Runs of each latency measure, each at a random phase within a poll interval. */
const PHASES = Number(process.env.BENCH_PHASES ?? 10);
/** The poll interval of the latency runs; the rate is measured at the default, 10 s. */
const INTERVAL_S = 2;
const work = mkdtempSync(join(tmpdir(), 'elastic-deploy-bench-'));

function stats(values: number[]): Stats {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  const median =
    sorted.length % 2 === 1 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
  const mean = values.reduce((sum, v) => sum + v, 0) / Math.max(1, values.length);
  return { median, mean, min: sorted[0] ?? 0, max: sorted.at(-1) ?? 0, runs: values.length };
}

const say = (text: string): void => {
  process.stderr.write(`${text}\n`);
};

interface Context {
  emulator: Emulator;
  node24: NodeRuntime;
  rsa: Record<string, string>;
  env: Record<string, string>;
  bareEnv: Record<string, string>;
  cliEnv: Record<string, string>;
  peerEnv: Record<string, string>;
}

let usageFiles = 0;
/** The environment that makes a Node process write its usage (see usage.mjs), and how to read it. */
function usageProbe(): { env: Record<string, string>; read: () => { peakMiB: number; cpuMs: number } } {
  const file = join(work, `usage-${++usageFiles}`);
  writeFileSync(file, '');
  return {
    env: { NODE_OPTIONS: `--import ${join(ROOT, 'bench/usage.mjs')}`, USAGE_FILE: file },
    read: () => {
      const [kib, us] = readFileSync(file, 'utf8').trim().split(/\s+/).map(Number);
      return { peakMiB: (kib ?? 0) / 1024, cpuMs: (us ?? 0) / 1000 };
    }
  };
}

/** Runs a command to its end (the event loop stays free for the in-process emulator). */
function run(command: string, args: string[], env: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(command, args, {
      env: { PATH: process.env.PATH, HOME: process.env.HOME, ...env },
      stdio: ['ignore', 'ignore', 'pipe']
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('exit', (code) => {
      const ms = performance.now() - started;
      if (code === 0) resolve(ms);
      else reject(new Error(`${command} ${args.join(' ')} exited ${String(code)}: ${stderr}`));
    });
  });
}

/** A Node script, with its wall time, CPU time and peak memory. */
async function node(ctx: Context, args: string[], env: Record<string, string>): Promise<Usage> {
  const probe = usageProbe();
  const wallMs = await run(ctx.node24.path, args, { ...env, ...probe.env });
  return { wallMs, ...probe.read() };
}

/** The action's step (dist/index.js as the runner starts it), with its usage. */
async function step(ctx: Context, inputs: Record<string, string>, what: string): Promise<Usage & StepRun> {
  const probe = usageProbe();
  const done = checked(
    await runStep(ctx.node24, { ...ctx.rsa, ...inputs }, { env: { ...ctx.env, ...probe.env } }),
    what
  );
  return { ...done, ...probe.read() };
}

/** The shell peer, with its CPU time (GNU time, which counts openssl and curl: 10 ms steps). */
async function peer(ctx: Context, taskId: string): Promise<Usage> {
  const file = join(work, 'peer-time');
  const wallMs = await run(
    '/usr/bin/time',
    ['-o', file, '-f', '%U %S %M', 'bash', join(ROOT, 'bench/peers/detail.sh')],
    { ...ctx.peerEnv, TASK_ID: taskId }
  );
  const [user, system, kib] = readFileSync(file, 'utf8').trim().split(/\s+/).map(Number);
  return { wallMs, cpuMs: ((user ?? 0) + (system ?? 0)) * 1000, peakMiB: (kib ?? 0) / 1024 };
}

function checked(done: StepRun, what: string): StepRun {
  if (done.exitCode !== 0)
    throw new Error(
      `${what} failed: ${done.stdout
        .split('\n')
        .filter((l) => l.startsWith('::error::'))
        .join(' ')}`
    );
  return done;
}

/** Runs each of `commands` once per round, in an order that turns every round; usage per command. */
async function interleaved(
  commands: Record<string, () => Promise<Usage>>,
  rounds: number,
  warmUp: boolean
): Promise<Record<string, Usage[]>> {
  const names = Object.keys(commands);
  const samples: Record<string, Usage[]> = Object.fromEntries(names.map((n) => [n, []]));
  for (let round = 0; round < rounds + (warmUp ? 1 : 0); round++) {
    const order = names.map((_, i) => names[(i + round) % names.length] ?? '');
    if (round % 2 === 1) order.reverse();
    for (const name of order) {
      const usage = await (commands[name] as () => Promise<Usage>)();
      if (!warmUp || round > 0) samples[name]?.push(usage);
    }
  }
  return samples;
}

const summarise = (samples: Usage[]) => ({
  wallMs: stats(samples.map((s) => s.wallMs)),
  cpuMs: stats(samples.map((s) => s.cpuMs)),
  peakMiB: stats(samples.map((s) => s.peakMiB))
});

/** elastic-deploy's detail of one task, as the start-up measures run it. */
const cliDetail = (taskId: string): string[] => [
  join(ROOT, 'dist/cli/index.js'),
  'detail',
  '--task-id',
  taskId,
  '--summary',
  'false'
];

async function startUp(ctx: Context): Promise<BenchResults['startUp']> {
  say(`1. start-up: one RSA-mode detail, ${PAIRS} interleaved rounds`);
  const taskId = ctx.emulator.tasks.add({ task_name: 'bench-start-up', points: 1, status: 'Running' });
  const samples = await interleaved(
    {
      bare: () => node(ctx, [join(ROOT, 'bench/bare-signed.mjs')], { ...ctx.bareEnv, TASK_IDS: taskId }),
      action: () => step(ctx, { operation: 'detail', task_id: taskId }, 'detail'),
      cli: () => node(ctx, cliDetail(taskId), ctx.cliEnv),
      peer: () => peer(ctx, taskId)
    },
    PAIRS,
    true
  );
  const over = (name: string, field: 'cpuMs' | 'wallMs'): Stats =>
    stats((samples[name] ?? []).map((s, i) => s[field] - (samples.bare?.[i]?.[field] ?? 0)));
  const counts = await instructionCounts(ctx, taskId);
  return {
    bare: summarise(samples.bare ?? []),
    action: summarise(samples.action ?? []),
    cli: summarise(samples.cli ?? []),
    peer: summarise(samples.peer ?? []),
    actionCpuOverBare: over('action', 'cpuMs'),
    actionWallOverBare: over('action', 'wallMs'),
    cliCpuOverBare: over('cli', 'cpuMs'),
    ...(counts === undefined ? {} : { instructions: counts })
  };
}

/** valgrind counting the instructions a process runs, all its threads (cachegrind without its cache model). */
const VALGRIND = ['valgrind', '--tool=cachegrind', '--cache-sim=no', '--cachegrind-out-file=/dev/null'];
/** Runs of each command under valgrind (some 5 to 10 s each). */
const COUNTED_RUNS = 3;

function instructionsOf(stderr: string): number {
  const count = /I\s+refs:\s+([\d,]+)/.exec(stderr)?.[1];
  if (count === undefined) throw new Error(`valgrind printed no instruction count: ${stderr.slice(-500)}`);
  return Number(count.replace(/,/g, '')) / 1e6;
}

/** A Node script run under valgrind: the instructions it ran, in millions. */
function counted(ctx: Context, args: string[], env: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    const [command = 'valgrind', ...flags] = VALGRIND;
    execFile(
      command,
      [...flags, ctx.node24.path, ...args],
      { env: { PATH: process.env.PATH, HOME: process.env.HOME, ...env }, timeout: 120_000 },
      (error, _stdout, stderr) => {
        if (error !== null) reject(new Error(`${args.join(' ')} under valgrind: ${error.message}`));
        else resolve(instructionsOf(stderr));
      }
    );
  });
}

/**
 * The instructions of the start-up's three Node commands, counted by valgrind: unlike CPU time, which on
 * this shared machine varies by a third with its neighbours' load, the count varies by a few percent.
 * None when valgrind is not installed.
 */
async function instructionCounts(
  ctx: Context,
  taskId: string
): Promise<BenchResults['startUp']['instructions']> {
  try {
    execFileSync('valgrind', ['--version'], { stdio: 'ignore' });
  } catch {
    say('   valgrind is not installed: no instruction counts (apt-get install valgrind)');
    return undefined;
  }
  say(`   and each command's instructions, counted by valgrind, ${COUNTED_RUNS} runs`);
  const runs: Record<'bare' | 'action' | 'cli', number[]> = { bare: [], action: [], cli: [] };
  for (let run = 0; run < COUNTED_RUNS; run++) {
    runs.bare.push(
      await counted(ctx, [join(ROOT, 'bench/bare-signed.mjs')], { ...ctx.bareEnv, TASK_IDS: taskId })
    );
    const done = checked(
      await runStep(
        ctx.node24,
        { ...ctx.rsa, operation: 'detail', task_id: taskId },
        { env: ctx.env, under: VALGRIND }
      ),
      'detail under valgrind'
    );
    runs.action.push(instructionsOf(done.stderr));
    runs.cli.push(await counted(ctx, cliDetail(taskId), ctx.cliEnv));
  }
  return { bare: stats(runs.bare), action: stats(runs.action), cli: stats(runs.cli) };
}

/**
 * A task whose detail is as rich as the reference's (suanli-deployment/api/task-detail.md): a searched
 * resource, every scheduling setting, and two services, each with its environment, storage mounts of the
 * three kinds, two ports, the three health probes and a start script.
 */
function richTask(name: string): Parameters<Emulator['tasks']['add']>[0] {
  const [device] = DEVICES;
  const [region] = device?.regions ?? [];
  if (device === undefined || region === undefined) throw new Error('an empty catalog');
  const probe = (path: string) => ({
    switch: true,
    probe_type: 'http',
    path,
    port: 8080,
    initial_delay_seconds: 10,
    period_seconds: 10,
    timeout_seconds: 5,
    failure_threshold: 3
  });
  const service = (service_name: string, port: number) => ({
    service_name,
    service_image: `registry.example.com/team/${service_name}:2026.11.28`,
    env: JSON.stringify([
      { name: 'MODEL_PATH', value: '/models/llama-3-8b-instruct' },
      { name: 'MAX_BATCH_SIZE', value: '32' },
      { name: 'LOG_LEVEL', value: 'info' }
    ]),
    shared_mem_size: 2048,
    storage_config: [{ storage_id: 4101, target_dir: '/models' }],
    share_storage_config: [{ storage_id: 4102, target_dir: '/shared' }],
    nas_storage_config: [{ storage_id: 4103, target_dir: '/data' }],
    remote_ports: [{ service_port: port }, { service_port: port + 1 }],
    health_checks: {
      liveness_probe: probe('/healthz'),
      startup_probe: probe('/startup'),
      readiness_probe: probe('/ready')
    },
    start_script_v2: { command: 'python', args: ['-m', 'server', '--port', String(port)] }
  });
  return {
    task_name: name,
    points: 2,
    status: 'Running',
    resources: [
      {
        resource: resourceOf(device, region),
        region_name: region.region_name,
        mark: markOf(device, region, 'Deployment')
      }
    ],
    services: [service('api', 8080), service('worker', 9090)],
    scheduling: {
      scheduler_strategy: { mode: 'spread' },
      task_qos: { class: 'Guaranteed' },
      load_balance: { type: 'round_robin', params: { header: null, cookie: null } },
      dynamic_pod_strategy: null
    }
  };
}

async function bulk(ctx: Context, tasks: number): Promise<BenchResults['bulk'][number]> {
  say(
    `2. bulk: detail of ${tasks} tasks as rich as the reference's, the action against the bare script, 4 in flight`
  );
  const ids = Array.from({ length: tasks }, (_, i) =>
    ctx.emulator.tasks.add(richTask(`bench-bulk-${tasks}-${i}`))
  );
  const samples = await interleaved(
    {
      bare: () =>
        node(ctx, [join(ROOT, 'bench/bare-signed.mjs')], { ...ctx.bareEnv, TASK_IDS: ids.join(',') }),
      action: async () => {
        const done = await step(
          ctx,
          { operation: 'detail', task_id: ids.join('\n'), summary: 'false' },
          `detail of ${tasks}`
        );
        const answered = Object.keys(JSON.parse(done.outputs.statuses ?? '{}') as object).length;
        if (answered !== tasks) throw new Error(`only ${answered} of ${tasks} tasks answered`);
        return done;
      }
    },
    5,
    true
  );
  return { tasks, bare: summarise(samples.bare ?? []), action: summarise(samples.action ?? []) };
}

async function rateLimited(ctx: Context): Promise<BenchResults['rateLimited']> {
  const tasks = 200;
  say(`3. detail of ${tasks} tasks at 20 requests/s, burst 20`);
  const ids = Array.from({ length: tasks }, (_, i) =>
    ctx.emulator.tasks.add({ task_name: `bench-limited-${i}`, points: 1, status: 'Running' })
  );
  const wall: number[] = [];
  const tooMany: number[] = [];
  for (let i = 0; i < 3; i++) {
    await new Promise((resolve) => setTimeout(resolve, 1500));
    ctx.emulator.setRateLimit({ ratePerSecond: 20, burst: 20, path: '/api/task/deployment/detail' });
    const before = ctx.emulator.requests.length;
    const done = await step(
      ctx,
      { operation: 'detail', task_id: ids.join('\n'), summary: 'false' },
      'limited'
    );
    ctx.emulator.setRateLimit(undefined);
    wall.push(done.wallMs);
    tooMany.push(
      ctx.emulator.requests.slice(before).filter((r) => r.fault?.startsWith('HTTP 429') === true).length
    );
  }
  return { tasks, wallMs: stats(wall), tooMany: stats(tooMany), floorMs: ((tasks - 20) / 20) * 1000 };
}

/** The requests a step sent about one task (its detail and its node list), and the create. */
function taskRequests(requests: readonly RecordedRequest[], taskId: string): RecordedRequest[] {
  return requests.filter((r) => r.target.includes(`task_id=${taskId}`));
}

/** A create-and-wait step, with when its create reached the platform and when its process ended. */
async function createAndWait(
  ctx: Context,
  name: string,
  inputs: Record<string, string>
): Promise<{
  done: StepRun & Usage;
  createdAt: number;
  endedAt: number;
  taskId: string;
  requests: RecordedRequest[];
}> {
  const before = ctx.emulator.requests.length;
  const probe = usageProbe();
  const done = await runStep(
    ctx.node24,
    { ...ctx.rsa, operation: 'create', task_name: name, points: '1', body: WEB_BODY, ...inputs },
    { env: { ...ctx.env, ...probe.env }, timeoutMs: 600_000 }
  );
  const endedAt = Date.now();
  const requests = ctx.emulator.requests.slice(before);
  const create = requests.find((r) => r.path === '/api/task/deployment/create' && r.applied);
  const taskId = create?.createdTaskId ?? '';
  if (create === undefined || taskId === '')
    throw new Error(`${name}: no create recorded: ${done.stdout.slice(-2000)}`);
  return { done: { ...done, ...probe.read() }, createdAt: create.receivedAt, endedAt, taskId, requests };
}

/** Requests about the task per minute of its wait (from its create to the step's end). */
const perTaskMinute = (sent: number, fromMs: number, toMs: number): number =>
  sent / ((toMs - fromMs) / 60_000);

async function crashVerdicts(ctx: Context): Promise<BenchResults['crash']> {
  say(
    `4. crash verdict: ${PHASES} crash loops at random phases, poll_interval ${INTERVAL_S}s, max_restarts 3`
  );
  const runs: BenchResults['crash']['runs'] = [];
  ctx.emulator.tasks.setReadyAfter(3600);
  for (let i = 0; i < PHASES; i++) {
    // The third restart, which max_restarts 3 judges, comes at 3 x restartEvery: uniform over one interval.
    const restartEvery = (6 + Math.random() * INTERVAL_S) / 3;
    const name = `bench-crash-${i}`;
    ctx.emulator.tasks.setCrashLoops([{ pattern: `^${name}$`, restartEverySeconds: restartEvery }]);
    const { done, createdAt, endedAt, taskId, requests } = await createAndWait(ctx, name, {
      poll_interval: `${INTERVAL_S}s`
    });
    if (done.exitCode === 0 || !done.stdout.includes('will not come up'))
      throw new Error(`${name}: the step did not fail on the crash loop`);
    const shows = createdAt + restartEvery * 3000;
    runs.push({
      latencyMs: endedAt - shows,
      phaseMs: restartEvery * 3000 - 6000,
      requests: taskRequests(requests, taskId).length,
      waitMs: endedAt - createdAt
    });
  }
  ctx.emulator.tasks.setCrashLoops([]);
  return { intervalMs: INTERVAL_S * 1000, runs, latencyMs: stats(runs.map((r) => r.latencyMs)) };
}

async function readyLatency(ctx: Context): Promise<BenchResults['ready']> {
  say(`5. ready to step end: ${PHASES} tasks ready at random phases, poll_interval ${INTERVAL_S}s`);
  const runs: BenchResults['ready']['runs'] = [];
  const peaks: number[] = [];
  for (let i = 0; i < PHASES; i++) {
    const readyAfter = 4 + Math.random() * INTERVAL_S;
    ctx.emulator.tasks.setReadyAfter(readyAfter);
    const { done, createdAt, endedAt } = await createAndWait(ctx, `bench-ready-${i}`, {
      poll_interval: `${INTERVAL_S}s`
    });
    checked(done, 'ready');
    const readyAt = createdAt + readyAfter * 1000;
    runs.push({ latencyMs: endedAt - readyAt, phaseMs: readyAfter * 1000 - 4000 });
    peaks.push(done.peakMiB);
  }
  return {
    intervalMs: INTERVAL_S * 1000,
    runs,
    latencyMs: stats(runs.map((r) => r.latencyMs)),
    peakMiB: stats(peaks)
  };
}

/**
 * The wait's polls of a task (its detail and node list), and the reads of a failure's diagnostics (the
 * node list read again, its events and logs), told apart by the first diagnostic read.
 */
function pollsOf(
  requests: readonly RecordedRequest[],
  taskId: string
): { polls: number; diagnostics: number } {
  const about = taskRequests(requests, taskId);
  const diagnosis = about.findIndex((r) => /pod_event|point_log/.test(r.path));
  // The diagnosis reads the node list first, just before its events.
  const pollsEnd = diagnosis === -1 ? about.length : diagnosis - 1;
  return { polls: pollsEnd, diagnostics: about.length - pollsEnd };
}

/** How long the default-interval waits take: long enough that the first and last rounds weigh little. */
const SLOW_S = 180;

async function defaultInterval(ctx: Context): Promise<BenchResults['rate']> {
  say(
    `6. requests per task-minute at the default poll_interval (10s): a ${SLOW_S} s start, then a crash loop`
  );
  ctx.emulator.tasks.setReadyAfter(SLOW_S);
  const slow = await createAndWait(ctx, 'bench-rate-ready', {});
  checked(slow.done, 'rate: ready');
  ctx.emulator.tasks.setReadyAfter(3600);
  const restartEvery = SLOW_S / 3 + 0.5;
  ctx.emulator.tasks.setCrashLoops([{ pattern: '^bench-rate-crash$', restartEverySeconds: restartEvery }]);
  const crash = await createAndWait(ctx, 'bench-rate-crash', {});
  ctx.emulator.tasks.setCrashLoops([]);
  const measured = (run: typeof slow, shows: number) => {
    const { polls, diagnostics } = pollsOf(run.requests, run.taskId);
    return {
      requests: polls,
      diagnostics,
      waitMs: run.endedAt - run.createdAt,
      perTaskMinute: perTaskMinute(polls, run.createdAt, run.endedAt),
      latencyMs: run.endedAt - (run.createdAt + shows)
    };
  };
  return {
    readyAfterMs: SLOW_S * 1000,
    crashAfterMs: 3 * restartEvery * 1000,
    ready: measured(slow, SLOW_S * 1000),
    crash: measured(crash, 3 * restartEvery * 1000)
  };
}

/**
 * A GPU job's wait, as the step runs it: its pod's run drawn at a uniform phase within one poll interval,
 * its log a line every half second. From the job's end on the platform to the end of the step's process,
 * and from each line's writing to its line in the step's log (stdout, as it comes).
 */
async function jobLatency(ctx: Context): Promise<BenchResults['job']> {
  say(
    `8. a GPU job: ${PHASES} jobs ending at random phases, poll_interval ${INTERVAL_S}s, their logs streamed`
  );
  const runs: BenchResults['job']['runs'] = [];
  for (let i = 0; i < PHASES; i++) {
    const runSeconds = 3 + Math.random() * INTERVAL_S;
    const lines = Math.floor(runSeconds * 2);
    const name = `bench-job-${i}`;
    ctx.emulator.jobs.configure({
      scripts: [
        {
          pattern: new RegExp(`^${name}$`),
          runSeconds,
          log: Array.from({ length: lines }, (_, n) => `line ${n}`)
        }
      ]
    });
    const run = await runJob(ctx, name, { poll_interval: `${INTERVAL_S}s` });
    // The pod starts JOB_START_MS after the create (the emulator's readyAfterSeconds); line n is written
    // at (n + 1) / lines of its run.
    const podStart = run.createdAt + JOB_START_MS;
    const jobEnd = podStart + runSeconds * 1000;
    const lineLatencies = Array.from({ length: lines }, (_, n) => {
      const shown = run.shownAt.get(`| line ${n}`);
      if (shown === undefined) throw new Error(`${name}: line ${n} of its log never reached the step's log`);
      return shown - (podStart + ((n + 1) * runSeconds * 1000) / lines);
    });
    runs.push({
      endLatencyMs: run.endedAt - jobEnd,
      phaseMs: (runSeconds - 3) * 1000,
      lineLatencyMs: stats(lineLatencies)
    });
  }
  say(`   and the reads per poll of a ${JOB_SLOW_S} s job at the default poll_interval (10s)`);
  ctx.emulator.jobs.configure({
    scripts: [
      {
        pattern: /^bench-job-slow$/,
        runSeconds: JOB_SLOW_S,
        log: Array.from({ length: JOB_SLOW_S }, (_, n) => `line ${n}`)
      }
    ]
  });
  const slow = await runJob(ctx, 'bench-job-slow', {});
  const reads = (path: string): number => slow.requests.filter((r) => r.path === path).length;
  const polls = reads('/api/task/job/detail');
  const all = polls + reads('/api/deployment/task/points') + reads('/api/deployment/task/point_log');
  return {
    intervalMs: INTERVAL_S * 1000,
    runs,
    endLatencyMs: stats(runs.map((r) => r.endLatencyMs)),
    lineLatencyMaxMs: stats(runs.map((r) => r.lineLatencyMs.max)),
    slow: {
      runMs: JOB_SLOW_S * 1000,
      polls,
      reads: all,
      perJobMinute: perTaskMinute(all, slow.createdAt, slow.endedAt)
    }
  };
}

/** How long the bench's transfer copies: 2000 MiB at a rate that takes about this long. */
const TRANSFER_S = 120;

/**
 * A transfer into a volume at the default poll_interval, as the step runs it: when each progress line
 * reaches its stdout after the read that showed the counters moved, how often it reads, and a re-run of
 * the same source, which must copy nothing.
 */
async function transferLatency(ctx: Context): Promise<NonNullable<BenchResults['transfer']>> {
  say(`9. a transfer of about ${TRANSFER_S} s into a volume, at the default poll_interval, then again`);
  ctx.emulator.storage.setVolumeSettleSeconds(0);
  ctx.emulator.storage.setTransferPace({
    queueMs: 2000,
    pendingMs: 2000,
    countMs: 5000,
    bytesPerSecond: Math.round((2000 * 1024 * 1024) / (TRANSFER_S - 9))
  });
  checked(
    await runStep(
      ctx.node24,
      { ...ctx.rsa, operation: 'volume', volume: 'bench-data', size: '10' },
      { env: ctx.env }
    ),
    'volume'
  );
  const inputs = {
    ...ctx.rsa,
    operation: 'transfer',
    volume: 'bench-data',
    direction: 's3-to-volume',
    s3_supplier: 'tencent',
    s3_endpoint: 'cos.example.com',
    s3_bucket: 'bench',
    s3_access_key: 'AKIDBENCH',
    s3_secret_key: 'bench-secret',
    volume_path: '/data'
  };
  const copy = async (): Promise<{
    shown: { line: string; at: number }[];
    requests: RecordedRequest[];
    outputs: Record<string, string>;
  }> => {
    const before = ctx.emulator.requests.length;
    const shown: { line: string; at: number }[] = [];
    let partial = '';
    const done = await runStep(ctx.node24, inputs, {
      env: ctx.env,
      timeoutMs: 600_000,
      onStdout: (chunk, atMs) => {
        const lines = (partial + chunk).split('\n');
        partial = lines.pop() ?? '';
        for (const line of lines) if (line.startsWith('transfer 5')) shown.push({ line, at: atMs });
      }
    });
    checked(done, 'transfer');
    return { shown, requests: ctx.emulator.requests.slice(before), outputs: done.outputs };
  };
  const first = await copy();
  const detail = first.requests.filter((r) => r.path === '/api/storage/nas/v1/s3/detail');
  const created = first.requests.find((r) => r.path === '/api/storage/nas/v1/encrypt/s3/create');
  const last = detail.at(-1);
  if (created === undefined || last === undefined) throw new Error('transfer: no create or detail recorded');
  // Each read answered a line (the counters move every second while it copies): its delay to the log.
  const copying = first.shown.filter((s) => / files, /.test(s.line));
  const latencies = copying.flatMap((line) => {
    const read = [...detail].reverse().find((r) => r.receivedAt <= line.at);
    return read === undefined ? [] : [line.at - read.receivedAt];
  });
  const gaps = copying.slice(1).map((line, i) => line.at - (copying[i]?.at ?? line.at));
  const runMs = last.receivedAt - created.receivedAt;
  const again = await copy();
  return {
    intervalMs: 10_000,
    runMs,
    polls: detail.length,
    // The reads between the first and the last, a minute: the steady rate, without the fencepost.
    perTransferMinute: perTaskMinute(detail.length - 1, created.receivedAt, last.receivedAt),
    lineLatencyMs: stats(latencies),
    gapMaxMs: Math.max(0, ...gaps),
    rerun: {
      filesCopied: Number(again.outputs.files ?? 'NaN'),
      bytesCopied: Number(again.outputs.bytes ?? 'NaN'),
      creates: again.requests.filter((r) => r.path === '/api/storage/nas/v1/encrypt/s3/create').length
    }
  };
}

/** The emulator's readyAfterSeconds, which is also how long a job's pods take to start. */
const JOB_START_MS = 1000;
const JOB_SLOW_S = 90;

/** A job step (dist/index.js on Node 24), with when each line of its log reached its stdout. */
async function runJob(
  ctx: Context,
  name: string,
  inputs: Record<string, string>
): Promise<{
  createdAt: number;
  endedAt: number;
  shownAt: Map<string, number>;
  requests: RecordedRequest[];
}> {
  const before = ctx.emulator.requests.length;
  const shownAt = new Map<string, number>();
  let partial = '';
  const done = await runStep(
    ctx.node24,
    { ...ctx.rsa, operation: 'job', task_name: name, body: JOB_BODY, ...inputs },
    {
      env: ctx.env,
      timeoutMs: 600_000,
      onStdout: (chunk, atMs) => {
        const lines = (partial + chunk).split('\n');
        partial = lines.pop() ?? '';
        for (const line of lines) if (!shownAt.has(line)) shownAt.set(line, atMs);
      }
    }
  );
  const endedAt = Date.now();
  checked(done, name);
  const requests = ctx.emulator.requests.slice(before);
  const create = requests.find((r) => r.path === '/api/task/job/create' && r.applied);
  if (create === undefined) throw new Error(`${name}: no create recorded: ${done.stdout.slice(-2000)}`);
  return { createdAt: create.receivedAt, endedAt, shownAt, requests };
}

async function largeBody(ctx: Context): Promise<BenchResults['largeBody']> {
  say("7. the spec profile's encrypted create of a 1 MiB body");
  // The blob fills body.json ({"blob":"..."}) to exactly 1 MiB, the most body_file takes.
  const body = { task_name: 'bench-large', points: 1, blob: 'x'.repeat(1024 * 1024 - '{"blob":""}'.length) };
  const spec = await startEmulator({ readyAfterSeconds: 1, profile: 'spec' });
  try {
    const platformKey = loadPlatformPublicKey(readFileSync(spec.rsa.platform_public_key_file, 'utf8'));
    const { key: clientKey } = loadPrivateKey(readFileSync(spec.rsa.private_key_file, 'utf8'), {
      format: 'auto',
      passphrase: ''
    });
    const phases = {
      serialise: [] as number[],
      encrypt: [] as number[],
      sign: [] as number[],
      loop: [] as number[]
    };
    let plaintext = '';
    for (let i = 0; i < 5; i++) {
      let t = performance.now();
      plaintext = toCompactJson(body);
      phases.serialise.push(performance.now() - t);
      t = performance.now();
      const ciphertext = encryptBody(plaintext, platformKey);
      phases.encrypt.push(performance.now() - t);
      t = performance.now();
      signRequest(clientKey, {
        target: '/api/deployment/task/create',
        version: '1.0.0',
        timestamp: String(Date.now()),
        token: 't',
        body: ciphertext
      });
      phases.sign.push(performance.now() - t);
      // The floor: the same chunks through publicEncrypt in a bare loop.
      const bytes = Buffer.from(plaintext, 'utf8');
      t = performance.now();
      const blocks: Buffer[] = [];
      for (let offset = 0; offset < bytes.length; offset += 244)
        blocks.push(
          publicEncrypt(
            { key: platformKey, padding: constants.RSA_PKCS1_PADDING },
            bytes.subarray(offset, offset + 244)
          )
        );
      Buffer.concat(blocks).toString('base64');
      phases.loop.push(performance.now() - t);
    }
    const bodyFile = join(work, 'body.json');
    writeFileSync(bodyFile, JSON.stringify({ blob: body.blob }));
    const steps: number[] = [];
    for (let i = 0; i < 3; i++) {
      const inputs = {
        api_profile: 'spec',
        base_url: spec.base_url,
        token: spec.rsa.token,
        private_key: readFileSync(spec.rsa.private_key_file, 'utf8'),
        platform_public_key: readFileSync(spec.rsa.platform_public_key_file, 'utf8'),
        operation: 'create',
        task_name: `bench-large-${i}`,
        points: '1',
        body_file: bodyFile,
        wait: 'false'
      };
      const env = { NODE_EXTRA_CA_CERTS: spec.ca_file, GITHUB_WORKSPACE: work };
      steps.push(checked(await runStep(ctx.node24, inputs, { env }), 'large create').wallMs);
    }
    return {
      plaintextBytes: Buffer.byteLength(plaintext),
      chunks: Math.ceil(Buffer.byteLength(plaintext) / 244),
      serialise: stats(phases.serialise),
      encrypt: stats(phases.encrypt),
      sign: stats(phases.sign),
      loop: stats(phases.loop),
      step: stats(steps)
    };
  } finally {
    await spec.stop();
  }
}

function machine(node24: NodeRuntime): Record<string, string> {
  const version = execFileSync(node24.path, ['--version'], { encoding: 'utf8' }).trim();
  return {
    cpu: `${cpus()[0]?.model ?? 'unknown'} × ${cpus().length}`,
    memory: `${Math.round(totalmem() / 2 ** 30)} GiB`,
    os: `Linux ${release()}`,
    node: version,
    openssl: execFileSync('openssl', ['version'], { encoding: 'utf8' }).trim(),
    curl: execFileSync('curl', ['--version'], { encoding: 'utf8' }).split('\n')[0] ?? '',
    date: new Date().toISOString().slice(0, 16).replace('T', ' ') + ' UTC',
    commit: execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: ROOT, encoding: 'utf8' }).trim()
  };
}

const node24 = nodeRuntimes().find((r) => r.major === 24);
if (node24 === undefined) throw new Error('Node 24 is missing: run npm ci (node@24 is a dev dependency)');
const emulator = await startEmulator({ readyAfterSeconds: 1 });
try {
  const rsa = {
    base_url: emulator.base_url,
    token: emulator.rsa.token,
    private_key: readFileSync(emulator.rsa.private_key_file, 'utf8'),
    platform_public_key: readFileSync(emulator.rsa.platform_public_key_file, 'utf8')
  };
  const ctx: Context = {
    emulator,
    node24,
    rsa,
    env: { NODE_EXTRA_CA_CERTS: emulator.ca_file },
    bareEnv: {
      BASE_URL: emulator.base_url,
      NODE_EXTRA_CA_CERTS: emulator.ca_file,
      TOKEN: emulator.rsa.token,
      PRIVATE_KEY_FILE: emulator.rsa.private_key_file
    },
    cliEnv: {
      NODE_EXTRA_CA_CERTS: emulator.ca_file,
      ELASTIC_DEPLOY_BASE_URL: emulator.base_url,
      ELASTIC_DEPLOY_TOKEN: emulator.rsa.token,
      ELASTIC_DEPLOY_PRIVATE_KEY: rsa.private_key
    },
    peerEnv: {
      BASE_URL: emulator.base_url,
      TOKEN: emulator.rsa.token,
      PRIVATE_KEY_FILE: emulator.rsa.private_key_file,
      CA_FILE: emulator.ca_file
    }
  };
  // BENCH_ONLY=crash,ready (say) measures those again and keeps the other figures of results.json; each
  // measure is written there as soon as it is taken, so a run cut short keeps what it measured.
  const only = process.env.BENCH_ONLY?.split(',');
  const file = join(ROOT, 'bench/results.json');
  const results = (only === undefined ? {} : JSON.parse(readFileSync(file, 'utf8'))) as Partial<BenchResults>;
  const measure = async <K extends keyof BenchResults>(
    name: string,
    key: K,
    take: () => Promise<BenchResults[K]>
  ): Promise<void> => {
    if (only !== undefined && !only.includes(name)) return;
    results[key] = await take();
    results.measuredAt = { ...results.measuredAt, [key]: results.machine?.commit ?? '' };
    writeFileSync(file, `${JSON.stringify(results, null, 2)}\n`);
  };
  results.machine = machine(node24);
  await measure('start-up', 'startUp', () => startUp(ctx));
  await measure('bulk', 'bulk', async () => [await bulk(ctx, 200), await bulk(ctx, 1000)]);
  await measure('bulk', 'rateLimited', () => rateLimited(ctx));
  await measure('crash', 'crash', () => crashVerdicts(ctx));
  await measure('ready', 'ready', () => readyLatency(ctx));
  await measure('rate', 'rate', () => defaultInterval(ctx));
  await measure('large', 'largeBody', () => largeBody(ctx));
  await measure('job', 'job', () => jobLatency(ctx));
  await measure('transfer', 'transfer', () => transferLatency(ctx));
  await measure('copy', 'workspaceCopy', () =>
    workspaceCopy({
      node24,
      work,
      jobBody: JOB_BODY,
      rounds: Number(process.env.BENCH_COPY_ROUNDS ?? 5),
      say,
      stats,
      usageProbe
    })
  );
  const { renderResults } = await import('./results.js');
  writeFileSync(join(ROOT, 'bench/RESULTS.md'), await renderResults(results as BenchResults));
  say('wrote bench/RESULTS.md and bench/results.json');
} finally {
  await emulator.stop();
  rmSync(work, { recursive: true, force: true });
}
