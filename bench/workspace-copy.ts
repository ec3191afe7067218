// The bench's workspace copy (issue 64, point 8): a job step uploading its `data` from the workspace into a
// volume over the volume's SFTP session, against bench/bare-sftp.mjs doing the same upload with the same
// library (ssh2) at the same concurrency, on 1,000 small files and on one 1 GiB file, paired and interleaved.
// The emulator runs in a process of its own (emulator/cli.ts), so that its SFTP server's work is in neither
// measured process. Timed on the emulator's clock, from its record of requests, the same way for both: from
// the obtain that answered Running (the session open: its Pending time, which the platform sets, is left
// out) to the destroy after it; that window holds the connection, the walk, every file and the close.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  closeSync,
  existsSync,
  mkdirSync,
  openSync,
  readFileSync,
  rmSync,
  writeFileSync,
  writeSync
} from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { ROOT, runStep, type NodeRuntime, type StepRun } from '../scripts/action-runner.js';
import { ALGORITHMS } from '../src/platform/sftp/sftp-files.js';
import type { Stats, Usage } from './results.js';

/** What the bench's run.ts lends this measure. */
export interface CopyBenchTools {
  node24: NodeRuntime;
  /** A temporary directory of the bench's, removed at its end. */
  work: string;
  jobBody: string;
  rounds: number;
  say: (text: string) => void;
  stats: (values: number[]) => Stats;
  /** The environment that makes a Node process write its usage (bench/usage.mjs), and how to read it. */
  usageProbe: () => { env: Record<string, string>; read: () => { peakMiB: number; cpuMs: number } };
}

/** One run: the process's usage, and the copy's window on the emulator's clock. */
interface CopyRun extends Usage {
  copyMs: number;
}

export interface CopySide {
  copyMs: Stats;
  wallMs: Stats;
  cpuMs: Stats;
  peakMiB: Stats;
}

export interface CopyCase {
  what: string;
  files: number;
  bytes: number;
  step: CopySide;
  /**
   * The bare script as the bundle carries ssh2 (no native addon) and as the step connects (Nagle off, the
   * step's ciphers first): the yardstick of the target.
   */
  bareBundled: CopySide;
  /** The bare script with ssh2 as npm builds it (its native addon, its own ciphers), Nagle off. */
  bareNative: CopySide;
  /** The step's copy window over the bundled bare script's, paired round by round (the target's). */
  ratioBundled: Stats;
  /** The step's copy window over the native bare script's, paired round by round. */
  ratioNative: Stats;
}

export interface WorkspaceCopyResults {
  streams: number;
  chunksInFlight: number;
  chunkBytes: number;
  cases: CopyCase[];
}

const STREAMS = 4;
const CHUNKS = 64;
const CHUNK_BYTES = 32 * 1024;
const VOLUME = 'bench-copy';

interface Emulator {
  process: ChildProcess;
  recordFile: string;
  baseUrl: string;
  caFile: string;
  token: string;
  privateKeyFile: string;
  platformKeyFile: string;
}

/** The emulator as a process of its own, its requests recorded (no credential) in a file. */
async function startEmulator(tools: CopyBenchTools): Promise<Emulator> {
  const infoFile = join(tools.work, 'copy-emulator.json');
  const recordFile = join(tools.work, 'copy-requests.jsonl');
  const configFile = join(tools.work, 'copy-emulator-config.json');
  writeFileSync(configFile, JSON.stringify({ jobs: { podSeconds: 1 } }));
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', join(ROOT, 'emulator/cli.ts'), '--port', '0', '--ready-after', '0'].concat([
      '--info',
      infoFile,
      '--record',
      recordFile,
      '--config',
      configFile,
      '--no-apps'
    ]),
    { cwd: ROOT, stdio: ['ignore', 'ignore', 'pipe'], env: { ...process.env, INIT_CWD: ROOT } }
  );
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  for (let waited = 0; !existsSync(infoFile); waited += 100) {
    if (child.exitCode !== null || waited > 60_000)
      throw new Error(`the emulator did not start: ${stderr.slice(-2000)}`);
    await sleep(100);
  }
  const info = JSON.parse(readFileSync(infoFile, 'utf8')) as {
    base_url: string;
    ca_file: string;
    rsa: { token: string; private_key_file: string; platform_public_key_file: string };
  };
  return {
    process: child,
    recordFile,
    baseUrl: info.base_url,
    caFile: info.ca_file,
    token: info.rsa.token,
    privateKeyFile: info.rsa.private_key_file,
    platformKeyFile: info.rsa.platform_public_key_file
  };
}

async function stopEmulator(emulator: Emulator): Promise<void> {
  const ended = new Promise((resolve) => emulator.process.once('exit', resolve));
  emulator.process.kill('SIGTERM');
  await ended;
}

/** The recorded requests, from line `from` of the record file on. */
function recorded(emulator: Emulator, from: number): { path: string; receivedAt: number; answer?: string }[] {
  const lines = readFileSync(emulator.recordFile, 'utf8').split('\n').filter(Boolean);
  return lines.slice(from).map((line) => JSON.parse(line) as { path: string; receivedAt: number });
}

const recordCount = (emulator: Emulator): number =>
  readFileSync(emulator.recordFile, 'utf8').split('\n').filter(Boolean).length;

/** From the obtain that answered Running to the destroy after it, on the emulator's clock. */
function copyWindow(emulator: Emulator, from: number, what: string): number {
  const requests = recorded(emulator, from);
  const running = requests.find(
    (r) => r.path === '/api/storage/nas/v1/sftp/obtain' && /"status":\s*"Running"/.test(r.answer ?? '')
  );
  const destroy = requests.find(
    (r) => r.path === '/api/storage/nas/v1/sftp/destroy' && r.receivedAt >= (running?.receivedAt ?? Infinity)
  );
  if (running === undefined || destroy === undefined)
    throw new Error(`${what}: no Running obtain and destroy after it recorded`);
  return destroy.receivedAt - running.receivedAt;
}

/** Runs a process to its end; rejects unless it exited 0. */
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
      if (code === 0) resolve(performance.now() - started);
      else reject(new Error(`${args.join(' ')} exited ${String(code)}: ${stderr.slice(-2000)}`));
    });
  });
}

/** The workspace: `small/` of 1,000 files of 4 KiB, `big/` of one file of 1 GiB (random bytes). */
function makeWorkspace(dir: string): void {
  mkdirSync(join(dir, 'small'), { recursive: true });
  for (let i = 0; i < 1000; i++)
    writeFileSync(join(dir, 'small', `file-${String(i).padStart(4, '0')}.bin`), randomBytes(4096));
  mkdirSync(join(dir, 'big'));
  const fd = openSync(join(dir, 'big', 'one.bin'), 'w');
  try {
    const block = randomBytes(8 * 1024 * 1024);
    for (let i = 0; i < 128; i++) {
      block.writeUInt32LE(i, 0); // no two blocks alike
      writeSync(fd, block);
    }
  } finally {
    closeSync(fd);
  }
}

interface Bench {
  tools: CopyBenchTools;
  emulator: Emulator;
  workspace: string;
  storageId: string;
  rsa: Record<string, string>;
  bareEnv: Record<string, string>;
  /** The bench's job body without its resources: the step picks a 4090 in the volume's region (gpu). */
  jobBody: string;
}

/** The step: a GPU job whose data is the workspace's `source` uploaded into the volume's `target`. */
async function stepRun(bench: Bench, source: string, target: string, files: number): Promise<CopyRun> {
  const { tools, emulator } = bench;
  const probe = tools.usageProbe();
  const from = recordCount(emulator);
  const done: StepRun = await runStep(
    tools.node24,
    {
      ...bench.rsa,
      operation: 'job',
      task_name: `bench-copy-${target.replace(/\W/g, '')}`,
      body: bench.jobBody,
      gpu: '4090',
      volumes: `${VOLUME}:/data`,
      data: `./${source}/ -> ${VOLUME}:${target}`,
      summary: 'false'
    },
    {
      env: { NODE_EXTRA_CA_CERTS: emulator.caFile, GITHUB_WORKSPACE: bench.workspace, ...probe.env },
      timeoutMs: 900_000
    }
  );
  const copied = /: (\d+) files? copied \(/.exec(done.stdout)?.[1];
  if (done.exitCode !== 0 || Number(copied) !== files)
    throw new Error(
      `the step copied ${copied ?? 'nothing'} of ${files} files: ${done.stdout
        .split('\n')
        .filter((line) => line.startsWith('::error::'))
        .join(' ')}`
    );
  return { wallMs: done.wallMs, ...probe.read(), copyMs: copyWindow(emulator, from, 'the step') };
}

/**
 * The bare script: the same files into the volume's `target`, with ssh2 and nothing else, Nagle off;
 * `bundled`: ssh2 without its native addon and offering the step's ciphers first, as the step has it.
 */
async function bareRun(bench: Bench, source: string, target: string, bundled: boolean): Promise<CopyRun> {
  const { tools, emulator } = bench;
  const probe = tools.usageProbe();
  const from = recordCount(emulator);
  const asBundled = {
    NODE_OPTIONS: `--import ${join(ROOT, 'bench/ssh2-as-bundled.mjs')} ${probe.env.NODE_OPTIONS ?? ''}`,
    CIPHERS: ALGORITHMS.cipher.join(','),
    MACS: ALGORITHMS.hmac.join(',')
  };
  const wallMs = await run(tools.node24.path, [join(ROOT, 'bench/bare-sftp.mjs')], {
    ...bench.bareEnv,
    LOCAL_DIR: join(bench.workspace, source),
    REMOTE_DIR: target,
    NODELAY: '1',
    ...probe.env,
    ...(bundled ? asBundled : {})
  });
  return { wallMs, ...probe.read(), copyMs: copyWindow(emulator, from, 'the bare script') };
}

/** Removes what a run uploaded (not measured), so that every run copies into an empty directory. */
async function clean(bench: Bench, target: string): Promise<void> {
  await run(bench.tools.node24.path, [join(ROOT, 'bench/bare-sftp.mjs')], {
    ...bench.bareEnv,
    REMOTE_DIR: target,
    REMOVE: '1',
    NODELAY: '1'
  });
}

const side = (tools: CopyBenchTools, runs: CopyRun[]): CopySide => ({
  copyMs: tools.stats(runs.map((r) => r.copyMs)),
  wallMs: tools.stats(runs.map((r) => r.wallMs)),
  cpuMs: tools.stats(runs.map((r) => r.cpuMs)),
  peakMiB: tools.stats(runs.map((r) => r.peakMiB))
});

/** `rounds` rounds of the three (and one warm-up round, not counted), the order turned every round. */
async function measureCase(
  bench: Bench,
  source: string,
  { what, files, bytes }: { what: string; files: number; bytes: number }
): Promise<CopyCase> {
  const { tools } = bench;
  tools.say(
    `   ${what}: ${tools.rounds} interleaved rounds of the step and the bare script (ssh2 as bundled, as built)`
  );
  const names = ['step', 'bareBundled', 'bareNative'] as const;
  const runs: Record<(typeof names)[number], CopyRun[]> = { step: [], bareBundled: [], bareNative: [] };
  for (let round = 0; round <= tools.rounds; round++) {
    const order = names.map((_, i) => names[(i + round) % names.length] ?? 'step');
    if (round % 2 === 1) order.reverse();
    for (const who of order) {
      const target = `/${source}-${who}-${round}`;
      const done =
        who === 'step'
          ? await stepRun(bench, source, target, files)
          : await bareRun(bench, source, target, who === 'bareBundled');
      await clean(bench, target);
      if (round > 0) runs[who].push(done);
    }
  }
  const over = (other: CopyRun[]): Stats =>
    tools.stats(runs.step.map((s, i) => s.copyMs / (other[i]?.copyMs ?? NaN)));
  return {
    what,
    files,
    bytes,
    step: side(tools, runs.step),
    bareBundled: side(tools, runs.bareBundled),
    bareNative: side(tools, runs.bareNative),
    ratioBundled: over(runs.bareBundled),
    ratioNative: over(runs.bareNative)
  };
}

/** The measure: both cases against one emulator process, the workspace made first and removed after. */
export async function workspaceCopy(tools: CopyBenchTools): Promise<WorkspaceCopyResults> {
  tools.say(
    `10. workspace copies over SFTP: the step's data upload against bench/bare-sftp.mjs, the emulator in its own process`
  );
  const workspace = join(tools.work, 'copy-workspace');
  makeWorkspace(workspace);
  const emulator = await startEmulator(tools);
  try {
    const rsa = {
      base_url: emulator.baseUrl,
      token: emulator.token,
      private_key: readFileSync(emulator.privateKeyFile, 'utf8'),
      platform_public_key: readFileSync(emulator.platformKeyFile, 'utf8')
    };
    const made = await runStep(
      tools.node24,
      { ...rsa, operation: 'volume', volume: VOLUME, size: '10' },
      { env: { NODE_EXTRA_CA_CERTS: emulator.caFile } }
    );
    const storageId = made.outputs.storage_id;
    if (made.exitCode !== 0 || storageId === undefined) throw new Error(`no volume: ${made.stdout}`);
    const bareEnv = {
      BASE_URL: emulator.baseUrl,
      NODE_EXTRA_CA_CERTS: emulator.caFile,
      TOKEN: emulator.token,
      PRIVATE_KEY_FILE: emulator.privateKeyFile,
      STORAGE_ID: storageId,
      STREAMS: String(STREAMS),
      CHUNKS: String(CHUNKS),
      CHUNK_BYTES: String(CHUNK_BYTES)
    };
    const jobBody = JSON.parse(tools.jobBody) as Record<string, unknown>;
    delete jobBody.resources;
    const bench: Bench = {
      tools,
      emulator,
      workspace,
      storageId,
      rsa,
      bareEnv,
      jobBody: JSON.stringify(jobBody)
    };
    const cases = [
      await measureCase(bench, 'small', { what: '1,000 files of 4 KiB', files: 1000, bytes: 1000 * 4096 }),
      await measureCase(bench, 'big', { what: 'one file of 1 GiB', files: 1, bytes: 2 ** 30 })
    ];
    return { streams: STREAMS, chunksInFlight: CHUNKS, chunkBytes: CHUNK_BYTES, cases };
  } finally {
    await stopEmulator(emulator);
    rmSync(workspace, { recursive: true, force: true });
  }
}
