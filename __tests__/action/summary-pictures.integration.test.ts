// The job summary's pictures (issue 63, point 9), from real steps against the emulator over real HTTPS on
// the fake clock: where the time went (a gantt of the phases the step saw) and what it cost over time (a
// line of what each poll read), read back by Mermaid's own parser; and a failed job's summary showing the
// last lines its log showed, even where its pod can no longer be read once it failed.
import { diagnosticsSummary } from '../../src/action/diagnostics-report.js';
import { renderSummary } from '../../src/action/summary.js';
import { verdictOf } from '../../src/action/outputs.js';
import type { StepResult } from '../../src/deploy/door.js';
import { emulatorStep, useStepBench } from '../helpers/emulator-step.js';
import { WEB_BODY } from '../helpers/bodies.js';
import { PYTEST_JOB } from '../helpers/job-bench.js';
import { mermaidBlocks, parseGantt, parseXyChart, type ParsedGantt } from '../helpers/mermaid.js';

const BODY = PYTEST_JOB;

/** The summary as the step writes it: its own, then its diagnostics. */
const summaryOf = (result: StepResult): string =>
  `${renderSummary(result, verdictOf(result))}${diagnosticsSummary(
    result.tasks.flatMap((t) => t.diagnostics ?? []),
    (text) => text
  )}`;

/** The summary as the step writes it (its diagnostics after it), and its diagrams as Mermaid reads them. */
async function pictures(
  result: StepResult
): Promise<{ summary: string; gantt: ParsedGantt; costs: number[][] }> {
  const summary = summaryOf(result);
  const blocks = mermaidBlocks(summary);
  const gantt = blocks.find((block) => block.startsWith('gantt'));
  const chart = blocks.find((block) => block.startsWith('xychart-beta'));
  if (gantt === undefined) throw new Error(`no gantt in the summary:\n${summary}`);
  return {
    summary,
    gantt: await parseGantt(gantt),
    costs: chart === undefined ? [] : (await parseXyChart(chart)).lines
  };
}

describe("the job summary's pictures", () => {
  const bench = useStepBench(
    { strict: true, readyAfterSeconds: 25, jobs: { podSeconds: 60, failPattern: /-fails$/ } },
    {}
  );

  const step = (inputs: Record<string, string>, options = {}) =>
    emulatorStep(bench.emulator, bench.clock, bench.client, { log: bench.log })(
      { poll_interval: '10s', ...inputs },
      options
    );

  it("draws a job's statuses and pods as the wait saw them, and its cost as each poll read it", async () => {
    const { result, outputs, failure } = await step({
      operation: 'job',
      gpu: '4090',
      body: BODY,
      task_name: 'gpu-tests',
      points: '2'
    });
    expect(failure).toBeUndefined();
    const { gantt, costs, summary } = await pictures(result);
    const id = outputs.task_id;
    const start = result.startedAt ?? Number.NaN;
    const [task] = result.tasks;
    // Every status the wait saw, from the moment it saw it: the same moments as the log's lines.
    const statuses = gantt.bars.filter((bar) => !bar.text.startsWith('pods'));
    expect(statuses.map((bar) => [bar.section, bar.text, bar.from - start])).toEqual(
      (task?.timeline ?? []).map((entry) => [`task ${id} gpu-tests`, entry.status, entry.atMs])
    );
    expect(statuses.map((bar) => bar.text)).toEqual(['Pending', 'Running', 'Complete']);
    const running = statuses[1]?.from ?? 0;
    expect(bench.log).toContainEqual(
      expect.stringContaining(
        `Pending -> Running (1 running, 0 succeeded, 0 failed) after ${Math.round((running - start) / 1000)}s`
      )
    );
    // Each change of its pods, from the read that showed it, to the next.
    const pods = gantt.bars.filter((bar) => bar.text.startsWith('pods'));
    expect(pods.map((bar) => bar.text)).toEqual([
      'pods 0 running, 0 succeeded, 0 failed',
      'pods 1 running, 0 succeeded, 0 failed',
      'pods 1 running, 1 succeeded, 0 failed',
      'pods 0 running, 2 succeeded, 0 failed'
    ]);
    expect(pods.slice(1).map((bar) => bar.from)).toEqual(pods.slice(0, -1).map((bar) => bar.to));
    // Its cost, never falling, ending at what its last read said: the cost output.
    const [line] = costs;
    expect(line?.length).toBeGreaterThan(2);
    expect(line).toEqual([...(line ?? [])].sort((a, b) => a - b));
    expect(line?.at(-1)).toBeCloseTo(Number(outputs.cost), 6);
    // Beside each diagram, the same in plain text.
    expect(summary).toContain(`| task ${id} gpu-tests | Running |`);
    expect(summary).toMatch(/\| After \| Cost \|/);
  });

  it("draws a deployment's statuses and its health check, at the moments the step saw them", async () => {
    bench.emulator.tasks.setApps({ warmupSeconds: 10 });
    const { result, failure } = await step({
      operation: 'create',
      task_name: 'svc',
      points: '1',
      body: WEB_BODY,
      health_path: '/health'
    });
    expect(failure).toBeUndefined();
    const { gantt } = await pictures(result);
    const start = result.startedAt ?? Number.NaN;
    const check = result.tasks[0]?.healthCheck;
    expect(check).toBeDefined();
    expect(gantt.bars.map((bar) => bar.text)).toEqual(['Pending', 'Running', 'health check']);
    expect(gantt.bars.at(-1)).toMatchObject({
      from: start + (check?.fromMs ?? 0),
      to: start + (check?.toMs ?? 0)
    });
    // The health check took the app's warm-up: the log says it answered after 37 s.
    expect((check?.toMs ?? 0) - (check?.fromMs ?? 0)).toBeGreaterThan(0);
  });

  it("shows a failed job's last log lines in its summary, as its log did, where its pod can no longer be read once it failed", async () => {
    // The platform keeps no log of a pod once its job failed: the reads that explain the failure find none.
    const options = {
      reading: /^task \d+: reading its nodes, their events and logs, to show why$/
    };
    const lines: string[] = [];
    lines.push = (...items: string[]): number => {
      if (items.some((line) => options.reading.test(line)))
        bench.emulator.inject({
          path: '/api/deployment/task/point_log',
          times: Infinity,
          answer: { kind: 'status', status: 500, body: 'envelope' }
        });
      return Array.prototype.push.apply(bench.log, items);
    };
    const { result, failure } = await emulatorStep(bench.emulator, bench.clock, bench.client, { log: lines })(
      {
        operation: 'job',
        gpu: '4090',
        body: BODY,
        task_name: 'gpu-tests-fails',
        poll_interval: '10s',
        cleanup: 'stop'
      }
    );
    expect(failure).toMatch(/Failed/);
    // The log showed the pod's lines as the job ran.
    expect(bench.log).toContain('| exit code 1');
    const [node] = result.tasks[0]?.diagnostics?.nodes ?? [];
    expect(node?.unread).toEqual([expect.stringMatching(/^the log of tests: /)]);
    const summary = summaryOf(result);
    expect(summary).toContain(
      'log of tests &#40;the last 2 lines, as the step read them while the job ran&#41;&#58;'
    );
    expect(summary).toContain('&#36; pytest -q\n  exit code 1\n');
    expect(summary).toMatch(/Warning Error/);
    const { gantt } = await pictures(result);
    expect(gantt.bars.map((bar) => bar.text)).toContain('Failed');
  });
});
