// npm run bench:capacity: what picking the resource and preheating cost and save, against the emulator,
// printed and written to bench/CAPACITY.md. Nothing here is asserted: the figures are reported.
//
// 1. Time to ready for a cold image and a preheated one, on the emulator's clock (the step's sleeps move
//    it, so minutes of platform time take a second): the same pull time, the same preheat time.
// 2. The overhead of gpu (a resource search, a task search) next to a create with a pasted mark: wall
//    time of node dist/index.js on Node 24 (median of ROUNDS), and the requests each sends.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { startEmulator, type Emulator } from '../emulator/index.js';
import { readSettings } from '../src/deploy/settings.js';
import { loadYaml } from '../src/deploy/yaml.js';
import { cleanupRecorder, deployContext, planStep, runStep as runEngineStep } from '../src/deploy/door.js';
import { realTimer, type StepRuntime } from '../src/deploy/engine/step-runtime.js';
import { ApiClient } from '../src/platform/client.js';
import { PlatformClock } from '../src/platform/platform-clock.js';
import { nodeRuntimes, ROOT, runStep } from '../scripts/action-runner.js';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 15);
const PULL_SECONDS = 300;
const PREHEAT_SECONDS = 240;
const READY_AFTER_SECONDS = 20;
const say = (text: string): void => {
  process.stderr.write(`${text}\n`);
};

const body = (image: string): string =>
  `{services: [{service_name: api, service_image: "${image}", remote_ports: [{service_port: 8000}]}]}`;

/** Runs one step of the engine in process, on the emulator's clock; answers its time and requests. */
async function engineStep(
  emulator: Emulator,
  clock: { ms: number },
  inputs: Record<string, string>
): Promise<{ seconds: number; requests: number; failure: string | undefined }> {
  const all: Record<string, string> = {
    base_url: emulator.base_url,
    token: emulator.token_mode.token,
    api_profile: 'live',
    poll_interval: '10s',
    wait_timeout: '1h',
    ...inputs
  };
  const settings = readSettings(
    (name) => all[name] ?? '',
    () => undefined
  );
  const client = new ApiClient({ userAgent: 'bench', timeoutMs: 10_000, maxResponseBytes: 16 * 2 ** 20 });
  const now = (): number => clock.ms;
  const runtime: StepRuntime = {
    transport: client,
    now,
    clock: new PlatformClock(now),
    sleep: (ms) => {
      clock.ms += ms;
      return Promise.resolve();
    },
    random: Math.random,
    log: () => undefined,
    warn: () => undefined,
    debug: () => undefined,
    cancelled: () => false,
    probe: (url) => client.probe(url),
    every: realTimer,
    uncancelled: () => ({ ...runtime, dispose: () => undefined })
  };
  const before = emulator.requests.length;
  const started = clock.ms;
  try {
    const planned = await planStep(settings);
    const ctx = deployContext(settings, runtime, {
      budgetMs: settings.wait.timeoutMs,
      cleanup: cleanupRecorder(planned.cleanup)
    });
    const result = await runEngineStep(planned, ctx);
    const failed = result?.calls.find((call) => call.error !== undefined)?.error?.message;
    const verdict = result?.tasks[0]?.verdict;
    return {
      seconds: (clock.ms - started) / 1000,
      requests: emulator.requests.length - before,
      failure: failed ?? (verdict === 'reached' ? undefined : verdict)
    };
  } finally {
    client.dispose();
  }
}

async function coldAndPreheated(): Promise<Record<string, unknown>> {
  say(`1. time to ready: a ${PULL_SECONDS} s image pull, a ${PREHEAT_SECONDS} s preheat (emulator clock)`);
  const clock = { ms: Date.parse('2026-11-24T09:00:00Z') };
  const emulator = await startEmulator({
    now: () => clock.ms,
    readyAfterSeconds: READY_AFTER_SECONDS,
    profile: 'live'
  });
  try {
    emulator.preheats.setImagePull({ seconds: PULL_SECONDS });
    emulator.preheats.configure({ durationSeconds: PREHEAT_SECONDS });
    const create = { operation: 'create', task_name: 'bench', gpu: '4090', points: '1' };
    const cold = await engineStep(emulator, clock, { ...create, body: body('cold:1') });
    const inStep = await engineStep(emulator, clock, {
      ...create,
      body: body('warm-in-step:1'),
      preheat: 'region'
    });
    const warming = await engineStep(emulator, clock, {
      operation: 'preheat',
      task_name: 'bench-warm',
      gpu: '4090',
      body: body('warmed-before:1')
    });
    const warmed = await engineStep(emulator, clock, { ...create, body: body('warmed-before:1') });
    const failures = [cold, inStep, warming, warmed].flatMap((r) =>
      r.failure === undefined ? [] : [r.failure]
    );
    if (failures.length > 0) throw new Error(`a step failed: ${failures.join('; ')}`);
    return {
      pullSeconds: PULL_SECONDS,
      preheatSeconds: PREHEAT_SECONDS,
      readyAfterSeconds: READY_AFTER_SECONDS,
      cold,
      preheatInStep: inStep,
      preheatStep: warming,
      afterPreheat: warmed
    };
  } finally {
    await emulator.stop();
  }
}

async function pickOverhead(): Promise<Record<string, unknown>> {
  say(`2. gpu next to a pasted mark: node dist/index.js on Node 24, ${ROUNDS} rounds each`);
  const node24 = nodeRuntimes().find((r) => r.major === 24);
  if (node24 === undefined) throw new Error('Node 24 is missing: run npm ci (node@24 is a dev dependency)');
  const emulator = await startEmulator({ readyAfterSeconds: 1, profile: 'live' });
  try {
    const inputs = {
      base_url: emulator.base_url,
      token: emulator.token_mode.token,
      api_profile: 'live',
      operation: 'create',
      task_name: 'bench-pick',
      points: '1',
      wait: 'false'
    };
    const env = { NODE_EXTRA_CA_CERTS: emulator.ca_file };
    const mark = await pastedMark(emulator, node24, env);
    const ways: Record<string, Record<string, string>> = {
      'pasted mark': { ...inputs, body: `{resources: [{mark: "${mark}"}], ${body('a:1').slice(1)}` },
      'gpu: 4090': { ...inputs, gpu: '4090', body: body('a:1') }
    };
    const samples: Record<string, { ms: number[]; requests: number }> = {};
    for (let round = 0; round <= ROUNDS; round++) {
      for (const [name, given] of round % 2 === 0 ? Object.entries(ways) : Object.entries(ways).reverse()) {
        const before = emulator.requests.length;
        const run = await runStep(node24, given, { env });
        if (run.exitCode !== 0) throw new Error(`${name} failed: ${run.stdout}`);
        const entry = (samples[name] ??= { ms: [], requests: 0 });
        entry.requests = emulator.requests.length - before;
        if (round > 0) entry.ms.push(run.wallMs);
      }
    }
    return Object.fromEntries(
      Object.entries(samples).map(([name, { ms, requests }]) => [name, { medianMs: median(ms), requests }])
    );
  } finally {
    await emulator.stop();
  }
}

/** The mark a user would paste: the first 4090 region's, from a resource search the action sends. */
async function pastedMark(
  emulator: Emulator,
  node24: NonNullable<ReturnType<typeof nodeRuntimes>[number]>,
  env: Record<string, string>
): Promise<string> {
  const search = await runStep(
    node24,
    {
      base_url: emulator.base_url,
      token: emulator.token_mode.token,
      api_profile: 'live',
      operation: 'search_resources'
    },
    { env }
  );
  const data = JSON.parse(search.outputs.data ?? '{}') as {
    results: { device_name: string; regions: { mark: { mark: string } }[] }[];
  };
  const mark = data.results.find((d) => d.device_name === '4090')?.regions[0]?.mark.mark;
  if (mark === undefined) throw new Error('no 4090 in the resource search');
  return mark;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
}

function render(time: Record<string, unknown>, pick: Record<string, unknown>): string {
  const t = time as Record<string, { seconds: number; requests: number }> & Record<string, number>;
  const row = (what: string, r: { seconds: number; requests: number }): string =>
    `| ${what} | ${r.seconds.toFixed(0)} s | ${r.requests} |`;
  const p = pick as Record<string, { medianMs: number; requests: number }>;
  return [
    '# Capacity and preheat: what they cost and save',
    '',
    `Written by \`npm run bench:capacity\` on ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC. Measured, never asserted.`,
    '',
    `## Time to ready, cold and preheated`,
    '',
    `On the emulator's clock: ready ${String(t.readyAfterSeconds)} s after scheduling, plus a ${String(t.pullSeconds)} s pull of an image no preheat cached in the region; a preheat takes ${String(t.preheatSeconds)} s; the step polls every 10 s.`,
    '',
    '| Step | Time to ready | API requests |',
    '|---|---|---|',
    row('create, cold image', t.cold as never),
    row('create with `preheat: region` (preheat, then create)', t.preheatInStep as never),
    row('`operation: preheat` on its own (run when the image is pushed)', t.preheatStep as never),
    row('create after that preheat', t.afterPreheat as never),
    '',
    '## gpu next to a pasted mark',
    '',
    `Wall time of \`node dist/index.js\` on Node 24, a create that does not wait, median of ${ROUNDS} runs each, against the emulator on this machine.`,
    '',
    '| Create | Wall time | API requests |',
    '|---|---|---|',
    ...Object.entries(p).map(([name, r]) => `| ${name} | ${r.medianMs.toFixed(0)} ms | ${r.requests} |`),
    ''
  ].join('\n');
}

// The action loads its YAML parser lazily, before it reads its inputs; so does this.
await loadYaml();
const time = await coldAndPreheated();
const pick = await pickOverhead();
const text = render(time, pick);
writeFileSync(join(ROOT, 'bench/CAPACITY.md'), text);
process.stdout.write(text);
