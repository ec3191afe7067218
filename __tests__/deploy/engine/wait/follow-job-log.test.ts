// The log follower's pure parts: when a look at a job reads its nodes, which nodes' logs it reads, and how
// its lines are labelled.
import {
  nodesDue,
  podCounts,
  readsNodes,
  several
} from '../../../../src/deploy/engine/wait/follow-job-log.js';
import { jobFactsOf } from '../../../../src/platform/task-data.js';

const job = (jobStatus: Record<string, unknown>, fields: Record<string, unknown> = {}) =>
  jobFactsOf({ status: 'Running', points: 1, job_status: { status: 'Running', ...jobStatus }, ...fields });

describe('readsNodes', () => {
  it('reads while a pod runs, though nothing moved: a running pod logs', () => {
    const facts = job({ active_pods: 1 });
    expect(readsNodes(facts, podCounts(facts))).toBe(true);
  });

  it('does not read a job that waits with no pod running and no count moved: no pod logged since', () => {
    const facts = job({ status: 'Pending', active_pods: 0 });
    expect([podCounts(facts), readsNodes(facts, '0/0/0')]).toEqual(['0/0/0', false]);
  });

  it("reads when a pod's count moved, though none runs now: a pod ended between two looks", () => {
    const facts = job({ status: 'Running', active_pods: 0, succeeded_pods: 1 });
    expect(readsNodes(facts, '1/0/0')).toBe(true);
  });

  it('reads once more when the run ended, for the last lines', () => {
    const facts = job({ status: 'Complete', active_pods: 0, succeeded_pods: 1 });
    expect([facts.ended, readsNodes(facts, podCounts(facts))]).toEqual([true, true]);
  });
});

describe('nodesDue', () => {
  const nodes = [
    { point_id: 1, status: 'Pending' },
    { point_id: 2, status: 'Running' },
    { point_id: 3, status: 'Failed' },
    { point_id: 4, status: 'Succeeded' }
  ];

  it('reads every node that was scheduled and not read for the last time; a pending node has no log yet', () => {
    expect(nodesDue(nodes, (pointId) => pointId === '4').map((node) => node.point_id)).toEqual([2, 3]);
  });
});

describe('several', () => {
  it.each([
    [{ points: 1, job_support: { parallelism: 1 } }, false],
    [{ points: 3, job_support: { parallelism: 1 } }, true],
    [{ points: 1, job_support: { parallelism: 2 } }, true],
    [{}, false]
  ])('a job of %j runs several pods: %s (each line then names its node)', (detail, expected) => {
    expect(several(detail)).toBe(expected);
  });
});
