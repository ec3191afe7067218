import { addSample, sampleOf, type Sample } from '../../../../src/deploy/engine/wait/samples.js';
import { withFollowedLogs, type TaskDiagnostics } from '../../../../src/deploy/engine/wait/diagnose.js';
import type { TaskSnapshot } from '../../../../src/platform/task-data.js';

// What the wait keeps of each read of a task beside its status (issue 63, point 9): the summary's pictures
// are drawn from these samples, and a failed job's summary from the lines its log showed.

const snapshot = (fields: Partial<TaskSnapshot>): TaskSnapshot => ({
  status: 'Running',
  name: undefined,
  urls: [],
  nodes: undefined,
  billingValue: undefined,
  forecastValue: undefined,
  ...fields
});

describe('sampleOf', () => {
  it("keeps the cost (billed plus not billed yet, exact), a job's pods and a Spot job's queue, at the read's moment", () => {
    expect(
      sampleOf(
        snapshot({
          billingValue: '6710400',
          forecastValue: '12.5',
          pods: '1 running, 0 succeeded, 0 failed'
        }),
        { schedule_status: 'Queued' },
        30_000
      )
    ).toEqual({ atMs: 30_000, points: '6710412.5', pods: '1 running, 0 succeeded, 0 failed', queued: true });
    expect(sampleOf(snapshot({ forecastValue: '7' }), {}, 1)).toEqual({ atMs: 1, points: '7' });
    // A detail that says no cost gives none, never 0.
    expect(sampleOf(snapshot({}), { schedule_status: 'Scheduled' }, 2)).toEqual({ atMs: 2 });
  });
});

describe('addSample', () => {
  it('leaves out a read that shows nothing new', () => {
    const one = addSample([], { atMs: 0, points: '5' });
    expect(addSample(one, { atMs: 10, points: '5' })).toBe(one);
    expect(addSample(one, { atMs: 10, points: '6' })).toEqual([
      { atMs: 0, points: '5' },
      { atMs: 10, points: '6' }
    ]);
    expect(addSample(one, { atMs: 10, points: '5', queued: true })).toHaveLength(2);
  });

  it('stays bounded over a long wait, keeping the first and last reads and every change of the pods', () => {
    let samples: readonly Sample[] = [];
    for (let i = 0; i < 5000; i++)
      samples = addSample(
        samples,
        { atMs: i * 10_000, points: String(i), pods: `${Math.floor(i / 1000)} running` },
        100
      );
    expect(samples.length).toBeLessThanOrEqual(101);
    expect(samples[0]).toEqual({ atMs: 0, points: '0', pods: '0 running' });
    expect(samples.at(-1)).toEqual({ atMs: 49_990_000, points: '4999', pods: '4 running' });
    for (const n of [1, 2, 3, 4])
      expect(samples).toContainEqual({
        atMs: n * 1000 * 10_000,
        points: String(n * 1000),
        pods: `${n} running`
      });
  });

  it('stays bounded when the pods change at every read', () => {
    let samples: readonly Sample[] = [];
    for (let i = 0; i < 2000; i++) samples = addSample(samples, { atMs: i, pods: String(i) }, 50);
    expect(samples.length).toBeLessThanOrEqual(101);
    expect(samples.at(-1)).toEqual({ atMs: 1999, pods: '1999' });
  });
});

describe('withFollowedLogs', () => {
  const node = (pointId: string, logs: TaskDiagnostics['nodes'][number]['logs']) => ({
    pointId,
    status: 'Failed',
    problem: undefined,
    events: [],
    logs,
    unread: logs.length === 0 ? ['the log of tests: HTTP 500'] : []
  });
  const diagnostics = (nodes: TaskDiagnostics['nodes']): TaskDiagnostics => ({
    taskId: '7',
    nodes,
    moreNodes: 0,
    notRunningNodes: nodes.length,
    runningNodes: 0,
    failedNodes: nodes.length,
    unread: []
  });
  const followed = [
    { pointId: '1', service: 'tests', lines: ['a', 'b', 'c'], omitted: 10 },
    { pointId: '2', service: 'tests', lines: ['x'], omitted: 0 }
  ];

  it('gives a node whose log could not be read once it failed the last lines the step read while it ran', () => {
    const read = { service: 'tests', lines: ['read now'], omitted: 0 };
    const d = withFollowedLogs(diagnostics([node('1', []), node('2', [read])]), followed, {
      most: 2,
      maxNodes: 3
    });
    expect(d.nodes[0]?.logs).toEqual([
      { service: 'tests', lines: ['b', 'c'], omitted: 11, whileRunning: true }
    ]);
    expect(d.nodes[0]?.unread).toEqual(['the log of tests: HTTP 500']);
    // A log read once the job failed stands.
    expect(d.nodes[1]?.logs).toEqual([read]);
  });

  it('gives the pods the step followed (the last ones) when no failed pod could be read', () => {
    const none = { ...diagnostics([]), unread: ['the node list: HTTP 500'] };
    const d = withFollowedLogs(none, followed, { most: 5, maxNodes: 1 });
    expect(d.nodes).toEqual([
      {
        pointId: '2',
        status: 'unknown',
        problem: undefined,
        events: [],
        logs: [{ service: 'tests', lines: ['x'], omitted: 0, whileRunning: true }],
        unread: []
      }
    ]);
    expect(d.unread).toEqual(['the node list: HTTP 500']);
  });

  it('leaves the diagnostics as they are without followed lines, with log_lines 0, or with only empty logs', () => {
    const d = diagnostics([node('1', [])]);
    expect(withFollowedLogs(d, [], { most: 5, maxNodes: 3 })).toBe(d);
    expect(withFollowedLogs(d, followed, { most: 0, maxNodes: 3 })).toBe(d);
    const empty = diagnostics([]);
    expect(
      withFollowedLogs(empty, [{ pointId: '1', service: 's', lines: [], omitted: 0 }], {
        most: 5,
        maxNodes: 3
      })
    ).toBe(empty);
  });
});
