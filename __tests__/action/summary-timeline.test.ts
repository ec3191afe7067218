import {
  costGrid,
  costSection,
  stepPhases,
  taskPhases,
  timelineSection
} from '../../src/action/summary-timeline.js';
import type { StepResult } from '../../src/deploy/door.js';
import { reportEntry } from '../../src/deploy/engine/calls/step-result.js';
import { taskResult } from '../../src/deploy/engine/wait/task-result.js';
import { mermaidBlocks, parseGantt, parseXyChart } from '../helpers/mermaid.js';
import { stepResult } from '../helpers/step-result.js';

// The summary's pictures (issue 63, point 9) from a step's result: every phase and every figure is one the
// step recorded, at the moment it recorded it.

const START = Date.UTC(2026, 10, 29, 8, 0, 0);

const stepOf = (fields: Partial<StepResult>): StepResult =>
  stepResult({ operation: 'job', startedAt: START, ...fields });

const JOB = taskResult('7', {
  name: 'train: v2; #1',
  verdict: 'reached',
  elapsedMs: 95_000,
  timeline: [
    { atMs: 0, status: 'Pending' },
    { atMs: 30_000, status: 'Running' },
    { atMs: 95_000, status: 'Complete' }
  ],
  samples: [
    { atMs: 0, points: '0', pods: '0 running, 0 succeeded, 0 failed', queued: true },
    { atMs: 10_000, points: '0', pods: '0 running, 0 succeeded, 0 failed' },
    { atMs: 30_000, points: '1000', pods: '1 running, 0 succeeded, 0 failed' },
    { atMs: 60_000, points: '4000', pods: '1 running, 0 succeeded, 0 failed' },
    { atMs: 95_000, points: '6500', pods: '0 running, 1 succeeded, 0 failed' }
  ]
});

describe('taskPhases', () => {
  it('gives each status, the queue, each change of the pods and the health check, from the moment the step saw them', () => {
    const phases = taskPhases(JOB).map((p) => [p.what, p.fromMs, p.toMs]);
    expect(phases).toEqual([
      ['queued (Spot)', 0, 10_000],
      ['Pending', 0, 30_000],
      ['Running', 30_000, 95_000],
      ['Complete', 95_000, 95_000],
      ['pods 0 running, 0 succeeded, 0 failed', 0, 30_000],
      ['pods 1 running, 0 succeeded, 0 failed', 30_000, 95_000],
      ['pods 0 running, 1 succeeded, 0 failed', 95_000, 95_000]
    ]);
    const checked = taskPhases(
      taskResult('8', {
        timeline: [{ atMs: 0, status: 'Running' }],
        elapsedMs: 20_000,
        healthy: false,
        healthCheck: { fromMs: 20_000, toMs: 50_000 }
      })
    );
    expect(checked.map((p) => [p.what, p.fromMs, p.toMs])).toEqual([
      ['Running', 0, 20_000],
      ['health check (failed)', 20_000, 50_000]
    ]);
  });

  it('has nothing for a task the step did not wait on', () => {
    expect(taskPhases(taskResult('9'))).toEqual([]);
  });
});

describe('stepPhases', () => {
  it("puts the step's copies first, then each task's phases, those replaced included", () => {
    const step = stepOf({
      tasks: [JOB],
      replaced: [taskResult('6', { timeline: [{ atMs: 40_000, status: 'End' }], elapsedMs: 41_000 })],
      copies: [
        { way: 'in', fromMs: -20_000, toMs: -1_000, copied: true },
        { way: 'out', fromMs: 96_000, toMs: 120_000, copied: false }
      ]
    });
    const phases = stepPhases(step);
    expect(phases.slice(0, 2)).toEqual([
      { section: 'copies', what: 'data copied in', fromMs: -20_000, toMs: -1_000 },
      { section: 'copies', what: 'results copied back (failed)', fromMs: 96_000, toMs: 120_000 }
    ]);
    expect(phases.at(-1)).toEqual({ section: 'task 6', what: 'End', fromMs: 40_000, toMs: 41_000 });
  });
});

describe("a Spot job's queue", () => {
  it('is a phase of the job spot_fallback watched, in its section, saying when it fell back to on demand', () => {
    const watched = stepPhases(
      stepOf({ tasks: [JOB], queue: { taskId: '7', fromMs: 1_000, toMs: 121_000, fellBack: false } })
    );
    expect(watched[0]).toEqual({
      section: 'task 7 train: v2; #1',
      what: 'queued (Spot)',
      fromMs: 1_000,
      toMs: 121_000
    });
    const fellBack = stepPhases(
      stepOf({ tasks: [JOB], queue: { taskId: '6', fromMs: 1_000, toMs: 121_000, fellBack: true } })
    );
    expect(fellBack[0]).toMatchObject({
      section: 'task 6',
      what: 'queued (Spot), then stopped for on demand'
    });
  });
});

describe('timelineSection', () => {
  it('draws a gantt that Mermaid reads as the phases, on the clock of the step, with a table beside it', async () => {
    const section = timelineSection(stepOf({ tasks: [JOB] }));
    const [gantt] = mermaidBlocks(section.join('\n'));
    const parsed = await parseGantt(gantt ?? '');
    expect(parsed.bars).toHaveLength(7);
    expect(parsed.bars[2]).toEqual({
      section: 'task 7 train v2 1',
      text: 'Running',
      from: START + 30_000,
      to: START + 95_000
    });
    // The plain table: the name escaped, as every server text in the summary is.
    expect(section).toContain('| task 7 train&#58; v2&#59; &#35;1 | Running | 30s | 1m35s | 1m5s |');
  });

  it('draws the first 120 phases of a long wait, and says how many more there were', async () => {
    const many = Array.from({ length: 50 }, (_, i) =>
      taskResult(String(i), {
        timeline: [
          { atMs: 0, status: 'Pending' },
          { atMs: 10_000, status: 'Running' },
          { atMs: 20_000, status: 'End' }
        ],
        elapsedMs: 20_000
      })
    );
    const section = timelineSection(stepOf({ tasks: many }));
    const [gantt] = mermaidBlocks(section.join('\n'));
    expect((await parseGantt(gantt ?? '')).bars).toHaveLength(120);
    expect(section.filter((line) => line.startsWith('| task '))).toHaveLength(120);
    expect(section).toContain('30 more phases, not drawn: the status timeline above lists every status.');
  });

  it('is empty when the step saw no phase', () => {
    expect(timelineSection(stepOf({ tasks: [taskResult('1')] }))).toEqual([]);
  });
});

describe('costGrid', () => {
  it("adds the tasks' last reads at or before each moment, nothing before a task's first read", () => {
    const a = [
      { atMs: 0, yuan: 1 },
      { atMs: 10, yuan: 2 }
    ];
    const b = [{ atMs: 5, yuan: 10 }];
    expect(costGrid([a, b], 0, 10, 3)).toEqual([
      { atMs: 0, yuan: 1 },
      { atMs: 5, yuan: 11 },
      { atMs: 10, yuan: 12 }
    ]);
    expect(costGrid([a], 0, 10, 1)).toEqual([{ atMs: 10, yuan: 2 }]);
  });
});

describe('costSection', () => {
  it('draws the cost read at each poll as a line Mermaid reads, from the first read to the last', async () => {
    const section = costSection(stepOf({ tasks: [JOB] }));
    const [chart] = mermaidBlocks(section.join('\n'));
    const parsed = await parseXyChart(chart ?? '');
    expect(parsed.title).toBe('What the task cost while the step waited (yuan)');
    expect(parsed.lines).toEqual([[0, 0, 0.001, 0.004, 0.0065]]);
    // Money, one rule (issue 63, point 8): every sum under a fen reads so, 0.0065 yuan as 0.004 does.
    expect(section).toContain('| 1m35s | less than 0&#46;01 yuan |');
    expect(section).toContain('| 48s | less than 0&#46;01 yuan |');
  });

  it("says a preview's line is this push's", () => {
    const section = costSection(
      stepOf({
        tasks: [JOB],
        parts: [reportEntry('preview', { number: 42, taskName: 'web-pr-42', totalPoints: '9000' })]
      })
    );
    expect(section.join('\n')).toContain(
      'title "What this push s preview cost while the step waited (yuan)"'
    );
  });

  it('draws nothing from fewer than two moments, or from reads that say no cost', () => {
    const once = taskResult('1', { samples: [{ atMs: 0, points: '5' }] });
    const none = taskResult('2', {
      samples: [{ atMs: 0 }, { atMs: 10, pods: '1 running, 0 succeeded, 0 failed' }]
    });
    expect(costSection(stepOf({ tasks: [once, none] }))).toEqual([]);
  });
});
