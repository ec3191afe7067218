import {
  judgeServing as judgeWith,
  type ServingRules,
  type ServingTarget
} from '../../../../src/deploy/engine/change/judge-serving.js';
import { countOf } from '../../../../src/platform/task-data.js';
import type { TaskSnapshot } from '../../../../src/platform/task-data.js';
import { parseJson } from '../../../../src/protocol/json.js';

const snapshot = (fields: Partial<TaskSnapshot> = {}): TaskSnapshot => ({
  status: 'Running',
  name: 'web',
  urls: ['https://t1-80.example'],
  nodes: { running: 2, total: 2 },
  billingValue: undefined,
  forecastValue: undefined,
  ...fields
});
const node = (id: number, image: string, fields: Record<string, unknown> = {}): Record<string, unknown> => ({
  point_id: id,
  status: 'Running',
  containers: [{ service_name: 'api', image, reason: null, exit_code: null }],
  describe_dto: { restart_count: 0 },
  ...fields
});
const target = (fields: Partial<ServingTarget> = {}): ServingTarget => ({
  points: 2,
  images: new Map([['api', 'app:2']]),
  gone: new Set(['1', '2']),
  before: new Set(['1', '2']),
  ...fields
});
const RULES: ServingRules = { waitForUrls: true, maxRestarts: 3 };
const judgeServing = (
  snapshot: TaskSnapshot,
  nodes: readonly Record<string, unknown>[],
  goal: ServingTarget,
  rules: ServingRules = RULES
) => judgeWith(snapshot, nodes, goal, rules);

describe('judgeServing', () => {
  it('serves when every live node is new and on the new images, runing_points at points, the URLs there', () => {
    expect(judgeServing(snapshot(), [node(3, 'app:2'), node(4, 'app:2')], target())).toEqual({
      kind: 'serving'
    });
  });

  it('says how far a rolling update is', () => {
    const verdict = judgeServing(
      snapshot({ nodes: { running: 1, total: 2 }, urls: [null] }),
      [node(3, 'app:2', { status: 'Pending' }), node(2, 'app:1'), node(1, 'app:1', { status: 'End' })],
      target()
    );
    expect(verdict).toEqual({
      kind: 'waiting',
      progress:
        'runing_points 1 of 2, 1 of 2 live nodes on the new images, 1 to go, waiting for the service URLs'
    });
  });

  it('fails at once on a new node that crash-loops or failed, never on one that ran before', () => {
    const looping = node(3, 'app:2', { describe_dto: { restart_count: 3 } });
    expect(judgeServing(snapshot(), [looping, node(2, 'app:1')], target())).toMatchObject({
      kind: 'failed',
      why: expect.stringMatching(/^has a new node that will not come up: node 3 \(Running\)/)
    });
    const old = node(2, 'app:1', { status: 'Failed' });
    expect(judgeServing(snapshot(), [old], target()).kind).toBe('waiting');
  });

  // Issue 50, point 1: a Failed node was ended for the job's log follower and live here; one reading now.
  // An old node that failed and lingers in the list no longer holds a change that serves on every other.
  it('counts a node that failed as no live node, as every reading of a node does', () => {
    const lingering = node(1, 'app:1', { status: 'Failed' });
    expect(
      judgeServing(snapshot(), [node(3, 'app:2'), node(4, 'app:2'), lingering], target({ gone: new Set() }))
    ).toEqual({ kind: 'serving' });
    const newFailed = node(5, 'app:2', { status: 'Failed' });
    expect(judgeServing(snapshot(), [node(3, 'app:2'), newFailed], target()).kind).toBe('failed');
  });

  it.each(['End', 'Other', 'Paused'])('fails when the task is %s', (status) => {
    expect(judgeServing(snapshot({ status }), [], target())).toEqual({
      kind: 'failed',
      why: `is ${status}`
    });
  });

  it('waits while the task has no status or another, and while extra nodes are still there', () => {
    expect(judgeServing(snapshot({ status: undefined }), [], target()).kind).toBe('waiting');
    const scale = target({ images: undefined, gone: new Set(), points: 1 });
    expect(
      judgeServing(snapshot({ nodes: { running: 2, total: 1 } }), [node(1, 'x'), node(2, 'x')], scale)
    ).toEqual({
      kind: 'waiting',
      progress: 'runing_points 2 of 1, 2 live nodes'
    });
    expect(judgeServing(snapshot({ nodes: undefined }), [node(1, 'x')], scale)).toEqual({
      kind: 'waiting',
      progress: 'runing_points unknown of 1'
    });
  });

  it('matches a container without a service name by any of the images, and a node without containers by none', () => {
    const unnamed = (id: number, image: string) =>
      node(id, image, { containers: [{ service_name: null, image }] });
    const images = target({ gone: new Set() });
    expect(judgeServing(snapshot(), [unnamed(1, 'app:2'), unnamed(2, 'app:2')], images).kind).toBe('serving');
    expect(judgeServing(snapshot(), [unnamed(1, 'app:2'), unnamed(2, 'app:1')], images).kind).toBe('waiting');
    const bare = node(2, 'app:2', { containers: 'none' });
    expect(judgeServing(snapshot(), [unnamed(1, 'app:2'), bare], images).kind).toBe('waiting');
    const noImage = node(2, 'app:2', { containers: [{ service_name: 'api', image: 7 }] });
    expect(judgeServing(snapshot(), [unnamed(1, 'app:2'), noImage], images).kind).toBe('waiting');
  });

  it('counts a node without a status as live, and one without a point_id as new', () => {
    const scale = target({ images: undefined, gone: new Set(), points: 2 });
    const bare = { containers: [] };
    expect(judgeServing(snapshot(), [node(1, 'x'), bare], scale).kind).toBe('serving');
  });

  it('needs no URL when the wait does not ask for them', () => {
    const scale = target({ images: undefined, gone: new Set() });
    const noUrls = { ...RULES, waitForUrls: false };
    expect(judgeServing(snapshot({ urls: [null] }), [node(1, 'x'), node(2, 'x')], scale, noUrls).kind).toBe(
      'serving'
    );
  });
});

describe('countOf', () => {
  it('reads whole numbers of 0 or more, exact or not, and nothing else', () => {
    expect([
      countOf(parseJson('{"n": 3}')),
      countOf(4),
      countOf('5'),
      countOf(1.5),
      countOf(-1),
      countOf(undefined)
    ]).toEqual([undefined, 4, undefined, undefined, undefined, undefined]);
    expect(countOf((parseJson('{"n": 9007199254740993}') as { n: unknown }).n)).toBeUndefined();
    expect(countOf((parseJson('{"n": 3}') as { n: unknown }).n)).toBe(3);
  });
});
