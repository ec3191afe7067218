// A job's log in the step's log as it runs, against the emulator over real HTTPS: the node log answers
// the whole text so far, and each line is shown once, soon after its container wrote it, after a prefix
// that keeps it from running as a workflow command; every line goes to the log file.
import { renderSummary } from '../../../../src/action/summary.js';
import { emulatorContext, emulatorStep, useStepBench } from '../../../helpers/emulator-step.js';
import {
  followJobLogs,
  LOG_LIMITS,
  type LogLimits
} from '../../../../src/deploy/engine/wait/follow-job-log.js';
import { detailCall, nodesCall } from '../../../../src/platform/operations/calls.js';

const service = (script: Record<string, unknown> = {}) => ({
  service_name: 'tests',
  service_image: 'pytorch/pytorch:2.5.1',
  resource_weight: { cpu_weight: 1, mem_weight: 1, gpu_weight: 1 },
  start_script: { command: ['pytest'], args: ['-q'] },
  ...script
});

const body = (support: { parallelism?: number; mod_param?: unknown } = {}): string =>
  JSON.stringify({
    job_support: {
      timeout_sec: 3600,
      parallelism: support.parallelism ?? 1,
      mod_param: support.mod_param ?? { default: { backoff_limit: 0, restart_policy: 'Never' } }
    },
    services: [service()]
  });

describe("a job's log in the step's log", () => {
  const bench = useStepBench({ strict: true, readyAfterSeconds: 10, jobs: { podSeconds: 60 } }, {});
  /** The context of a job_detail step on job `id`, logging to the bench's log. */
  const jobDetailContext = (id: string) =>
    emulatorContext(
      bench.emulator,
      bench.clock,
      bench.client,
      { log: bench.log },
      { operation: 'job_detail', task_id: id }
    );

  const step = (inputs: Record<string, string>) =>
    emulatorStep(bench.emulator, bench.clock, bench.client, { log: bench.log })({
      operation: 'job',
      gpu: '4090',
      body: body(),
      poll_interval: '10s',
      task_name: 'gpu-tests',
      ...inputs
    });
  /** The lines the step showed of the job's log, in order. */
  const shown = (): string[] => bench.log.filter((line) => /^(\| |job-\d+-)/.test(line));

  it('shows each line of a node once, in order, within one poll of its writing, and writes all to log_file', async () => {
    const lines = Array.from({ length: 12 }, (_, i) => `epoch ${i + 1}/12 loss ${(1 / (i + 1)).toFixed(3)}`);
    // One line every 10 s of a 120 s run, the pod starting 10 s after the create.
    bench.emulator.jobs.configure({
      podSeconds: 60,
      scripts: [{ pattern: /^gpu-tests$/, runSeconds: 120, log: lines }]
    });
    // When (on the shared fake clock) each line of the step's log was written.
    const shownAt = new Map<string, number>();
    bench.log.push = (...items: string[]): number => {
      for (const item of items) shownAt.set(item, bench.clock.now());
      return Array.prototype.push.apply(bench.log, items);
    };
    const { outputs, failure, files, result } = await step({});
    expect(failure).toBeUndefined();
    expect(shown()).toEqual(lines.map((line) => `| ${line}`));
    expect(renderSummary(result, { passed: true })).toContain(
      "<sub>The job's log: in the step's log as it ran, and every line in the file of the `log_file` output, which `actions/upload-artifact` keeps.</sub>"
    );
    const createdAt =
      bench.emulator.requests.find((r) => r.path === '/api/task/job/create')?.receivedAt ?? NaN;
    const latencies = lines.map(
      (line, i) => (shownAt.get(`| ${line}`) ?? NaN) - (createdAt + 10_000 + (i + 1) * 10_000)
    );
    for (const latency of latencies) {
      expect(latency).toBeGreaterThanOrEqual(0);
      expect(latency).toBeLessThanOrEqual(10_000);
    }
    // And before the job's end was said.
    expect(bench.log.indexOf(`| ${lines[11] ?? ''}`)).toBeLessThan(
      bench.log.findIndex((line) => line.includes('-> Complete'))
    );
    expect(outputs.log_file).toMatch(/job-\d+\.log$/);
    expect(files.get(outputs.log_file)).toBe(lines.map((line) => `${line}\n`).join(''));
  });

  it('reads at most the job, its node list and its log per poll, and no node list while no pod runs', async () => {
    bench.emulator.jobs.configure({
      podSeconds: 60,
      scripts: [{ pattern: /^gpu-tests$/, runSeconds: 300, log: ['a', 'b', 'c', 'd', 'e'] }]
    });
    const { failure } = await step({});
    expect(failure).toBeUndefined();
    const WAIT = ['/api/task/job/detail', '/api/deployment/task/points', '/api/deployment/task/point_log'];
    const reads = bench.emulator.requests.filter((r) => WAIT.includes(r.path));
    const polls = reads.filter((r) => r.path === '/api/task/job/detail').length;
    // 10 s to schedule its pod, then 300 s of run: 32 polls or so, each reading at most three times.
    expect(reads.length).toBeLessThanOrEqual(3 * polls);
    const lists = reads.filter((r) => r.path === '/api/deployment/task/points').length;
    expect(lists).toBeLessThan(polls);
    // No other read of the job's but the look for a late-landing create's twin, once.
    expect(
      bench.emulator.requests.filter((r) => r.method === 'GET' && !WAIT.includes(r.path)).map((r) => r.path)
    ).toEqual(['/api/deployment/resource/search', '/api/task/job/search']);
  });

  it("names each line's pod when the job runs several, and says when a pod's container restarts", async () => {
    bench.emulator.jobs.configure({
      podSeconds: 60,
      scripts: [
        { pattern: /^gpu-tests$/, runSeconds: 40, log: ['start', 'done'] },
        { pattern: /^flaky$/, runSeconds: 40, exitCode: 1, failures: 1, log: ['start', 'oops'] }
      ]
    });
    const { failure, outputs, files } = await step({ points: '2', body: body({ parallelism: 2 }) });
    expect(failure).toBeUndefined();
    const pods = [...new Set(shown().map((line) => line.split(' | ')[0]))];
    expect(pods).toHaveLength(2);
    for (const pod of pods)
      expect(shown().filter((line) => line.startsWith(`${pod} | `))).toEqual([
        `${pod} | start`,
        `${pod} | done`
      ]);
    expect(
      files
        .get(outputs.log_file)
        ?.split('\n')
        .filter((line) => line !== '')
    ).toHaveLength(4);

    bench.log.length = 0;
    const flaky = await step({
      task_name: 'flaky',
      body: body({ mod_param: { default: { backoff_limit: 2, restart_policy: 'OnFailure' } } })
    });
    expect(flaky.failure).toBeUndefined();
    const restarted = bench.log.findIndex((line) => /its container restarted, a new log/.test(line));
    expect(restarted).toBeGreaterThan(0);
    // The node log holds the running container's log only: what the first wrote after the last read
    // before its restart is not known to the step.
    const before = bench.log.slice(0, restarted).filter((line) => line.startsWith('| '));
    expect(['| start', '| oops'].slice(0, before.length)).toEqual(before);
    expect(before.length).toBeGreaterThan(0);
    expect(bench.log.slice(restarted).filter((line) => line.startsWith('| '))).toEqual(['| start', '| oops']);
  });

  it('keeps every line of the log from running as a workflow command, and bounds what one read shows', async () => {
    const many = Array.from({ length: LOG_LIMITS.perRead + 50 }, (_, i) => `line ${i}`);
    bench.emulator.jobs.configure({
      podSeconds: 60,
      scripts: [
        {
          pattern: /^commands$/,
          runSeconds: 20,
          log: ['::set-output name=x::1', '##[error]no', '::add-mask::x']
        },
        { pattern: /^chatty$/, runSeconds: 5, log: many }
      ]
    });
    const { files, outputs } = await step({ task_name: 'commands' });
    expect(shown()).toEqual(['| ::set-output name=x::1', '| ## [error]no', '| ::add-mask::x']);
    expect(bench.log.some((line) => line.startsWith('::'))).toBe(false);
    // The file is the log as the container wrote it.
    expect(files.get(outputs.log_file)).toBe('::set-output name=x::1\n##[error]no\n::add-mask::x\n');

    bench.log.length = 0;
    const chatty = await step({ task_name: 'chatty' });
    expect(bench.log).toContain(
      `(50 lines of this read not shown here (every line is in ${chatty.outputs.log_file}))`
    );
    expect(shown()).toEqual(many.slice(50).map((line) => `| ${line}`));
    expect(chatty.files.get(chatty.outputs.log_file)?.split('\n')).toHaveLength(many.length + 1);
  });

  describe('read on by the follower, look by look', () => {
    /** A job of `lines` lines over a 100 s run, and a follower of its log with `limits`. */
    function follow(lines: number, limits: Partial<LogLimits> = {}) {
      bench.emulator.jobs.configure({
        podSeconds: 60,
        scripts: [
          { pattern: /^follow$/, runSeconds: 100, log: Array.from({ length: lines }, (_, i) => `line ${i}`) }
        ]
      });
      const id = bench.emulator.jobs.add({ task_name: 'follow', points: 1 });
      const ctx = jobDetailContext(id);
      const follower = followJobLogs(ctx, { ...LOG_LIMITS, ...limits });
      /** `seconds` on, a look: the job's detail, then what the follower reads of its log. */
      const look = async (seconds: number): Promise<void> => {
        bench.clock.advance(seconds);
        const { result } = await ctx.send(detailCall(ctx.settings, id));
        await follower.follow(id, result.data);
      };
      return { id, ctx, follower, look };
    }
    const shownLines = (): string[] => bench.log.filter((line) => line.startsWith('| '));

    it('says once that the node list or a log could not be read, and shows every line once it can', async () => {
      const { look } = follow(10);
      // Two looks' reads refused, each also when sent once more.
      const refuse = (path: string, looks: number) => {
        const times = 2 * looks;
        bench.emulator.inject({ path, times, answer: { kind: 'envelope', code: 'C500', message: 'busy' } });
      };
      refuse('/api/deployment/task/points', 2);
      await look(10 + 30);
      await look(10);
      expect(
        bench.log.filter((line) => line.includes('could not read its nodes for their logs'))
      ).toHaveLength(1);
      refuse('/api/deployment/task/point_log', 2);
      await look(10);
      await look(10);
      expect(bench.log.filter((line) => line.includes('could not read the log of tests'))).toHaveLength(1);
      expect(shownLines()).toEqual([]);
      await look(100);
      expect(shownLines()).toEqual(Array.from({ length: 10 }, (_, i) => `| line ${i}`));
    });

    it('shows at most `shown` lines in all, then says where the rest are; cuts the file at its most', async () => {
      const { look, follower, ctx: context } = follow(40, { shown: 15, fileBytes: 100 });
      await look(10 + 100 + 5);
      expect(shownLines()).toHaveLength(15);
      const file = follower.file() ?? '';
      expect(bench.log.at(-1)).toBe(
        `(the step's log shows no more of the job's log: 15 lines were shown (every line is in ${file}))`
      );
      const written = context.runtime.files.get(file) ?? '';
      // The whole lines that fit in 100 bytes (ten of 7 bytes, three of 8: 94), then the cut.
      expect(written).toBe(
        `${Array.from({ length: 13 }, (_, i) => `line ${i}\n`).join('')}(the log is cut here: the file holds 100 bytes at the most)\n`
      );
    });

    // Regression (issue 48): a pod name from the platform that starts with :: turned each line of that
    // pod's log into a live workflow command when the job had several pods.
    it("never lets a pod's name begin a line as a workflow command: one that could is quoted", async () => {
      bench.emulator.jobs.configure({
        podSeconds: 60,
        scripts: [{ pattern: /^pods$/, runSeconds: 50, log: ['hello'] }]
      });
      const id = bench.emulator.jobs.add({ task_name: 'pods', points: 2 });
      const ctx = jobDetailContext(id);
      bench.clock.advance(10 + 60 + 60);
      // The platform's own node list, its pods' names made hostile.
      const { result } = await ctx.send(nodesCall(ctx.settings, id));
      const list = result.data as { count: number; results: Record<string, unknown>[] };
      const names = ['::error::pwned', '  ::add-mask::x'];
      const hostile = { ...list, results: list.results.map((node, i) => ({ ...node, name: names[i] })) };
      bench.emulator.inject({
        path: '/api/deployment/task/points',
        answer: { kind: 'envelope', code: '0000', data: hostile }
      });
      const follower = followJobLogs(ctx);
      const { result: detail } = await ctx.send(detailCall(ctx.settings, id));
      await follower.follow(id, detail.data);
      const printed = bench.log.filter((line) => line.endsWith('| hello'));
      expect(printed).toEqual(['"::error::pwned" | hello', '"::add-mask::x" | hello']);
      expect(bench.log.some((line) => /^\s*::/.test(line))).toBe(false);
    });

    it('warns once when the file cannot be written, and still shows the log', async () => {
      const { look, ctx: context } = follow(4);
      context.runtime.openFile = () => {
        throw new Error('EACCES: permission denied');
      };
      await look(10 + 100 + 5);
      expect(shownLines()).toEqual(['| line 0', '| line 1', '| line 2', '| line 3']);
      expect(context.runtime.warnings).toEqual([
        "could not write the job's log file: EACCES: permission denied"
      ]);
    });
  });
});
