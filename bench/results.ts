// Renders bench/results.json as bench/RESULTS.md: each measure with its target (the house issue's).
import * as prettier from 'prettier';
import type { CopyCase, CopySide, WorkspaceCopyResults } from './workspace-copy.js';

export interface Stats {
  median: number;
  mean: number;
  min: number;
  max: number;
  runs: number;
}

/** One run of a process: wall time, CPU time (user and system), peak memory (VmHWM). */
export interface Usage {
  wallMs: number;
  cpuMs: number;
  peakMiB: number;
}

interface UsageStats {
  wallMs: Stats;
  cpuMs: Stats;
  peakMiB: Stats;
}

export interface BenchResults {
  machine: Record<string, string>;
  /** The commit each measure was taken at, where BENCH_ONLY took some again. */
  measuredAt?: Partial<Record<string, string>>;
  startUp: {
    bare: UsageStats;
    action: UsageStats;
    cli: UsageStats;
    peer: UsageStats;
    actionCpuOverBare: Stats;
    actionWallOverBare: Stats;
    cliCpuOverBare: Stats;
    /** Millions of instructions each command ran (valgrind), where valgrind is installed. */
    instructions?: { bare: Stats; action: Stats; cli: Stats };
  };
  bulk: { tasks: number; bare: UsageStats; action: UsageStats }[];
  rateLimited: { tasks: number; wallMs: Stats; tooMany: Stats; floorMs: number };
  crash: {
    intervalMs: number;
    runs: { latencyMs: number; phaseMs: number; requests: number; waitMs: number }[];
    latencyMs: Stats;
  };
  ready: {
    intervalMs: number;
    runs: { latencyMs: number; phaseMs: number }[];
    latencyMs: Stats;
    peakMiB: Stats;
  };
  rate: { readyAfterMs: number; crashAfterMs: number } & Record<
    'ready' | 'crash',
    { requests: number; diagnostics: number; waitMs: number; perTaskMinute: number; latencyMs: number }
  >;
  /** A transfer of issue 51, at the default poll_interval: its progress lines, its reads, a re-run. */
  transfer?: {
    intervalMs: number;
    runMs: number;
    polls: number;
    perTransferMinute: number;
    /** From each read of the detail that showed the counters moved to its line in the step's log. */
    lineLatencyMs: Stats;
    /** The longest time between two progress lines while it copied. */
    gapMaxMs: number;
    rerun: { filesCopied: number; bytesCopied: number; creates: number };
  };
  /** Workspace copies over SFTP (issue 64): the step's upload against a bare ssh2 script. */
  workspaceCopy?: WorkspaceCopyResults;
  job: {
    intervalMs: number;
    runs: { endLatencyMs: number; phaseMs: number; lineLatencyMs: Stats }[];
    endLatencyMs: Stats;
    /** The worst line of each run. */
    lineLatencyMaxMs: Stats;
    /** A longer job at the default poll_interval: its polls (job detail) and every read of the wait. */
    slow: { runMs: number; polls: number; reads: number; perJobMinute: number };
  };
  largeBody: {
    plaintextBytes: number;
    chunks: number;
    serialise: Stats;
    encrypt: Stats;
    sign: Stats;
    loop: Stats;
    step: Stats;
  };
}

const ms = (value: number): string =>
  Math.abs(value) >= 10_000 ? `${(value / 1000).toFixed(2)} s` : `${value.toFixed(1)} ms`;
const s = (value: number): string => `${(value / 1000).toFixed(2)} s`;
const mib = (value: number): string => `${value.toFixed(1)} MiB`;
const spread = (st: Stats, format = ms): string => `${format(st.min)} – ${format(st.max)}`;
const met = (ok: boolean): string => (ok ? 'met' : '**not met**');

function startUpSection(r: BenchResults['startUp']): string[] {
  const row = (name: string, u: UsageStats): string =>
    `| ${name} | ${ms(u.wallMs.median)} | ${ms(u.cpuMs.median)} | ${spread(u.cpuMs)} | ${mib(u.peakMiB.median)} |`;
  const cpuOver = r.actionCpuOverBare.median;
  return [
    '## 1. Start-up: one RSA-mode detail',
    '',
    `Whole processes, ${r.bare.cpuMs.runs} interleaved rounds (the order turns every round), medians. The yardstick`,
    '(`bench/bare-signed.mjs`) sends the same signed request in the documented form and checks that the',
    'platform accepted it; it has no dependency, no check and no output.',
    '',
    '| Command | Wall | CPU | CPU min – max | Peak memory |',
    '| --- | --- | --- | --- | --- |',
    row('bare signed request (Node, no dependencies)', r.bare),
    row('node dist/index.js (the action)', r.action),
    row('node dist/cli/index.js (elastic-deploy detail)', r.cli),
    row('bench/peers/detail.sh (bash, openssl, curl; CPU by GNU time, 10 ms steps)', r.peer),
    '',
    `- The action's CPU beyond the bare signed request, paired round by round: median **${ms(cpuOver)}** (${spread(r.actionCpuOverBare)}); target at most 30 ms: ${met(cpuOver <= 30)}.`,
    `- Its wall time beyond it: median ${ms(r.actionWallOverBare.median)}; the CLI's CPU beyond it: median ${ms(r.cliCpuOverBare.median)}.`,
    ...instructionLines(r),
    ''
  ];
}

/** The instruction counts, and the action's beyond the bare request at the CPU time per instruction measured. */
function instructionLines(r: BenchResults['startUp']): string[] {
  const counts = r.instructions;
  if (counts === undefined) return [];
  const beyond = (u: Stats): string => {
    const extra = u.median - counts.bare.median;
    return `${millions(u)}, ${extra.toFixed(1)} M beyond the bare request (${((extra / counts.bare.median) * 100).toFixed(0)}% of its count)`;
  };
  const bareMsPerMillion = r.bare.cpuMs.median / counts.bare.median;
  return [
    `- Instructions (valgrind, medians of ${counts.bare.runs} runs; a count varies by a few percent where CPU time varies by a third with the load of this shared machine): the bare request ${millions(counts.bare)}; the action ${beyond(counts.action)}; the CLI ${beyond(counts.cli)}. At the bare request's CPU time per instruction in this run (${(bareMsPerMillion * 1000).toFixed(0)} µs a million), the action's extra instructions come to ${ms((counts.action.median - counts.bare.median) * bareMsPerMillion)}.`
  ];
}

const millions = (st: Stats): string => `${st.median.toFixed(1)} M`;

function bulkSection(r: BenchResults): string[] {
  const rows = r.bulk.flatMap((b) => {
    const ratio = b.action.wallMs.median / b.bare.wallMs.median;
    const memoryTarget = b.tasks <= 200 ? b.bare.peakMiB.median + 5 : 85;
    const memoryText = b.tasks <= 200 ? 'bare + 5 MiB' : '85 MiB';
    return [
      `| ${b.tasks} | the action | ${ms(b.action.wallMs.median)} | ${ms(b.action.cpuMs.median)} | ${mib(b.action.peakMiB.median)} | ${ratio.toFixed(2)}× the bare script's wall (at most 1.5×: ${met(ratio <= 1.5)}); memory at most ${memoryText}: ${met(b.action.peakMiB.median <= memoryTarget)} |`,
      `| ${b.tasks} | the bare script | ${ms(b.bare.wallMs.median)} | ${ms(b.bare.cpuMs.median)} | ${mib(b.bare.peakMiB.median)} | |`
    ];
  });
  const l = r.rateLimited;
  return [
    '## 2. Bulk: the detail of many tasks in one step',
    '',
    'The action (`task_id` listing every task, `concurrency` 4 as by default) against the bare script sending',
    'the same signed requests, 4 in flight on one keep-alive agent, parsing and keeping every answer;',
    `${r.bulk[0]?.action.wallMs.runs ?? 0} interleaved pairs, medians. Each task's detail is as rich as the reference's (issue 50): a searched`,
    'resource, every scheduling setting, and two services with their environment, the three kinds of',
    'storage mount, two ports, the three health probes and a start script (about 3.2 KB; `richTask` in',
    '`bench/run.ts`). The action writes the answers to its files as they come (its data output and its',
    'response file) and keeps of each what its outputs read; the bare script keeps every answer parsed.',
    '',
    '| Tasks | Who | Wall | CPU | Peak memory | Target |',
    '| --- | --- | --- | --- | --- | --- |',
    ...rows,
    '',
    `Under a rate limit of 20 requests per second (burst 20), ${l.tasks} tasks: ${ms(l.wallMs.median)} (${spread(l.wallMs)}), ${(l.wallMs.median / l.floorMs).toFixed(2)}× the floor of ${ms(l.floorMs)}, with ${l.tooMany.median} answers 429 (${l.tooMany.min} – ${l.tooMany.max}); every task answered.`,
    ''
  ];
}

function latencySection(r: BenchResults): string[] {
  const interval = r.crash.intervalMs;
  const crashWorst = r.crash.latencyMs.max;
  const ready = r.ready.latencyMs;
  const rate = (x: BenchResults['rate']['ready']): string =>
    `${x.requests} polling requests (detail and node list) in ${s(x.waitMs)}: **${x.perTaskMinute.toFixed(1)}** per task-minute (at most 9: ${met(x.perTaskMinute <= 9)})`;
  return [
    '## 3. What a wait costs',
    '',
    `### Crash verdict (poll_interval ${s(interval)}, max_restarts 3)`,
    '',
    `${r.crash.runs.length} tasks whose container crash-loops, the third restart drawn at a uniform phase within one poll interval; from the moment the node shows it to the end of the step's process:`,
    '',
    '| Run | Phase | Verdict after | Requests about the task | In a wait of |',
    '| --- | --- | --- | --- | --- |',
    ...r.crash.runs.map(
      (run, i) =>
        `| ${i + 1} | ${ms(run.phaseMs)} | ${ms(run.latencyMs)} | ${run.requests} | ${s(run.waitMs)} |`
    ),
    '',
    `Worst **${ms(crashWorst)}**, mean ${ms(r.crash.latencyMs.mean)}: target at most the interval plus 0.5 s (${ms(interval + 500)}): ${met(crashWorst <= interval + 500)}.`,
    '',
    `### Ready to step end (poll_interval ${s(r.ready.intervalMs)})`,
    '',
    `${r.ready.runs.length} tasks that become ready at a uniform phase within one poll interval; from the moment the platform says ready to the end of the step's process:`,
    '',
    '| Run | Phase | Step ended after |',
    '| --- | --- | --- |',
    ...r.ready.runs.map((run, i) => `| ${i + 1} | ${ms(run.phaseMs)} | ${ms(run.latencyMs)} |`),
    '',
    `Mean **${ms(ready.mean)}** (target at most half the interval plus 0.3 s, ${ms(r.ready.intervalMs / 2 + 300)}: ${met(ready.mean <= r.ready.intervalMs / 2 + 300)}); worst **${ms(ready.max)}** (at most the interval plus 0.3 s, ${ms(r.ready.intervalMs + 300)}: ${met(ready.max <= r.ready.intervalMs + 300)}). Peak memory of these create-and-wait steps: ${mib(r.ready.peakMiB.median)}.`,
    '',
    '### Requests at the default poll_interval (10 s)',
    '',
    `- A task whose nodes pull their image for ${s(r.rate.readyAfterMs)}, then serve: ${rate(r.rate.ready)}; step ended ${ms(r.rate.ready.latencyMs)} after ready.`,
    `- A task whose container crash-loops (the third restart at ${s(r.rate.crashAfterMs)}): ${rate(r.rate.crash)}, and ${r.rate.crash.diagnostics} reads of the failure's diagnostics (node list, events, logs); verdict ${ms(r.rate.crash.latencyMs)} after the third restart.`,
    ''
  ];
}

function largeBodySection(l: BenchResults['largeBody']): string[] {
  const row = (name: string, st: Stats): string => `| ${name} | ${ms(st.median)} | ${spread(st)} |`;
  return [
    "## 4. The spec profile's encrypted create of a 1 MiB body",
    '',
    `${l.plaintextBytes} bytes of compact JSON, ${l.chunks} RSA blocks.`,
    '',
    '| | Median | Min – max |',
    '| --- | --- | --- |',
    row('Serialise (lossless JSON)', l.serialise),
    row("Encrypt, the action's code (chunk, RSA PKCS#1 v1.5, Base64)", l.encrypt),
    row('Encrypt, a bare in-process loop (the floor)', l.loop),
    row('Sign the ciphertext', l.sign),
    row('The whole step (`node dist/index.js`, create without waiting)', l.step),
    '',
    "The whole step includes the emulator's decryption of every block, in the benchmark's own process.",
    ''
  ];
}

function jobSection(j: BenchResults['job'] | undefined): string[] {
  if (j === undefined) return [];
  const end = j.endLatencyMs.max;
  const line = j.lineLatencyMaxMs.max;
  const perPoll = j.slow.reads / j.slow.polls;
  return [
    `## 5. A GPU job (poll_interval ${s(j.intervalMs)})`,
    '',
    `${j.runs.length} jobs of one pod whose run ends at a uniform phase within one poll interval, each writing a line of log every half second; from the job's end on the platform to the end of the step's process, and from each line's writing to its line in the step's log:`,
    '',
    '| Run | Phase | Step ended after | Log lines: median – worst |',
    '| --- | --- | --- | --- |',
    ...j.runs.map(
      (run, i) =>
        `| ${i + 1} | ${ms(run.phaseMs)} | ${ms(run.endLatencyMs)} | ${ms(run.lineLatencyMs.median)} – ${ms(run.lineLatencyMs.max)} |`
    ),
    '',
    `- Job end to step end: worst **${ms(end)}**, mean ${ms(j.endLatencyMs.mean)}; target at most the interval plus 0.5 s (${ms(j.intervalMs + 500)}): ${met(end <= j.intervalMs + 500)}.`,
    `- Log latency: worst line **${ms(line)}**; target within one poll interval (${ms(j.intervalMs)}): ${met(line <= j.intervalMs)}.`,
    `- At the default poll_interval (10 s), a ${s(j.slow.runMs)} job: ${j.slow.reads} reads in ${j.slow.polls} polls (**${perPoll.toFixed(2)} a poll**, the job's detail, its node list and its pod's log; target at most 3: ${met(perPoll <= 3)}), ${j.slow.perJobMinute.toFixed(1)} a job-minute.`,
    ''
  ];
}

function transferSection(t: BenchResults['transfer']): string[] {
  if (t === undefined) return [];
  return [
    `## 6. A transfer into a volume (poll_interval ${s(t.intervalMs)}, the default)`,
    '',
    `One transfer of 2000 MiB that copies for about ${s(t.runMs)}, its counters moving every second, followed by the step (dist/index.js on Node 24); then the same transfer again, its source unchanged:`,
    '',
    `- Progress: each read of the detail that showed the counters moved reached the step's log as a line within **${ms(t.lineLatencyMs.max)}** (median ${ms(t.lineLatencyMs.median)}); the longest time between two lines was **${ms(t.gapMaxMs)}**; target within one poll interval (${ms(t.intervalMs)}; 1 s allowed for the scheduling of a busy machine): ${met(t.gapMaxMs <= t.intervalMs + 1000)}.`,
    `- Reads: ${t.polls} of its detail over ${s(t.runMs)}, **${t.perTransferMinute.toFixed(2)} a transfer-minute** (the reads after the first, a minute); target at most 6: ${met(t.perTransferMinute <= 6.005)}.`,
    `- A re-run of unchanged data: ${t.rerun.creates} transfer made, which copied **${t.rerun.filesCopied} files** (${t.rerun.bytesCopied} bytes); target none: ${met(t.rerun.filesCopied === 0 && t.rerun.bytesCopied === 0)}.`,
    ''
  ];
}

function workspaceCopySection(w: BenchResults['workspaceCopy']): string[] {
  if (w === undefined) return [];
  const row = (c: CopyCase, who: string, side: CopySide, target: string): string =>
    `| ${c.what} | ${who} | ${ms(side.copyMs.median)} (${spread(side.copyMs)}) | ${ms(side.wallMs.median)} | ${ms(side.cpuMs.median)} | ${mib(side.peakMiB.median)} | ${target} |`;
  const rows = w.cases.flatMap((c) => [
    row(
      c,
      'the step (`job` with `data`)',
      c.step,
      `${c.ratioBundled.median.toFixed(2)}× the bare script's copy with ssh2 as bundled (at most 1.25×: ${met(c.ratioBundled.median <= 1.25)}); memory under 120 MiB: ${met(c.step.peakMiB.max < 120)}`
    ),
    row(c, 'the bare script, ssh2 as the bundle carries it', c.bareBundled, ''),
    row(
      c,
      'the bare script, ssh2 as npm builds it (native addon)',
      c.bareNative,
      `the step's copy ${c.ratioNative.median.toFixed(2)}× this one's`
    )
  ]);
  const runs = w.cases[0]?.step.copyMs.runs ?? 0;
  return [
    '## 7. Workspace copies over SFTP (issue 64)',
    '',
    "A job step (dist/index.js on Node 24) whose `data` uploads a workspace folder into a volume over the volume's SFTP session before the job is made, against `bench/bare-sftp.mjs`: the same upload with the same library (ssh2's Client) and the same socket option (Nagle's algorithm off, `setNoDelay`, as the step connects), the session obtained and destroyed by signed requests as the step does, " +
      `${w.streams} files at once, each by \`sftp.fastPut\` with ${w.chunksInFlight} chunks of ${w.chunkBytes / 1024} KiB in flight (the step's), and nothing else (no skip of what is there, no times set, no retries, no progress). ` +
      "The bare script runs twice a round: with ssh2 as the bundle carries it (its native crypto addon refused by `bench/ssh2-as-bundled.mjs`, the step's ciphers offered first: AES-CTR with an encrypt-then-MAC HMAC), the yardstick of the target; and with ssh2 as npm builds it in node_modules (its native addon, AES-GCM first), which no step has (dist/ carries no native part). The emulator's SFTP server has Nagle's algorithm off, as a server written in Go has. " +
      `The emulator runs in a process of its own (\`emulator/cli.ts\`), so that neither measured process holds its SFTP server; every run uploads into an empty directory (removed after, unmeasured). ${runs} interleaved rounds after a warm-up round, medians.`,
    '',
    "**Copy** is timed on the emulator's clock, from its record of requests, the same way for both: from the obtain that answered Running (the session's Pending time, which the platform sets, left out) to the destroy after it; it holds the connection, the walk of the folder, every file and the close. **Wall** is the whole process (for the step, the job's create and wait too); **peak memory** is the process's (VmHWM).",
    '',
    '| Data | Who | Copy (min – max) | Wall | CPU | Peak memory | Target |',
    '| --- | --- | --- | --- | --- | --- | --- |',
    ...rows,
    ''
  ];
}

export async function renderResults(r: BenchResults): Promise<string> {
  const machine = Object.entries(r.machine).map(([key, value]) => `| ${key} | ${value} |`);
  const commits = new Set(Object.values(r.measuredAt ?? {}));
  const runs =
    commits.size <= 1
      ? 'every figure in one run'
      : `each measure in the run of its commit (${Object.entries(r.measuredAt ?? {})
          .map(([measure, commit]) => `${measure} at ${commit ?? '?'}`)
          .join(', ')})`;
  const text = [
    '# Benchmarks',
    '',
    `Measured by \`npm run bench\` on the machine below, ${runs}, against the emulator on`,
    "loopback in its live profile (the platform's documented forms), with RSA-mode keys. Nothing here is",
    'asserted by a test; the targets are those of the house issue (38), for a GPU job of issue 39, and for',
    "a bulk read of answers as rich as the reference's, of issue 50, and for workspace copies over SFTP, of issue 64.",
    'Notes of earlier benchmarks, and',
    'what they found, are in [NOTES.md](NOTES.md).',
    '',
    '| Machine | |',
    '| --- | --- |',
    ...machine,
    '',
    ...startUpSection(r.startUp),
    ...bulkSection(r),
    ...latencySection(r),
    ...largeBodySection(r.largeBody),
    ...jobSection(r.job),
    ...transferSection(r.transfer),
    ...workspaceCopySection(r.workspaceCopy)
  ].join('\n');
  return prettier.format(text, { parser: 'markdown', proseWrap: 'preserve' });
}
