import { TASK_KINDS } from '../../../../src/platform/task-kinds.js';
import { parseJson } from '../../../../src/protocol/json.js';
import { criteriaFor, judge } from '../../../../src/deploy/engine/wait/criteria.js';
import { jobFactsOf, jobSnapshotOf, snapshotOf } from '../../../../src/platform/task-data.js';
import { testSettings } from '../../../helpers/settings.js';

const wait = testSettings().wait;
const detail = (status: unknown, ports: unknown[] = []) => ({
  task_name: 'svc',
  status,
  services: [{ remote_ports: ports }]
});

describe('task status', () => {
  it('reads the status, the name and every service URL', () => {
    expect(snapshotOf(detail('Running', [{ url: 'https://a' }, { url: null }, {}]), ['status'])).toEqual({
      status: 'Running',
      name: 'svc',
      urls: ['https://a', null, null]
    });
    expect(snapshotOf({ task: { state: 3 } }, ['task', 'state'])).toEqual({
      status: '3',
      name: undefined,
      urls: []
    });
    expect(snapshotOf(null, ['status'])).toEqual({ status: undefined, name: undefined, urls: [] });
  });

  it.each([
    ['ready', 'Running', [{ url: 'https://a' }], 'reached'],
    ['ready', 'Running', [{ url: null }], 'waiting'],
    ['ready', 'Running', [], 'reached'],
    ['ready', 'Pending', [], 'waiting'],
    ['ready', 'Other', [], 'failed'],
    ['ready', 'End', [], 'failed'],
    ['ready', 'Paused', [], 'failed'],
    ['paused', 'Paused', [{ url: null }], 'reached'],
    ['paused', 'Running', [], 'waiting'],
    ['paused', 'End', [], 'failed'],
    ['ended', 'End', [], 'reached'],
    ['ended', 'Other', [], 'waiting']
  ] as const)('waiting to be %s, %s with %j is %s', (target, status, ports, expected) => {
    expect(
      judge(
        snapshotOf(detail(status, [...ports]), ['status']),
        criteriaFor(target, wait, TASK_KINDS.deployment)
      )
    ).toBe(expected);
  });

  it('takes success and failure statuses from the inputs, and the URL rule from wait_for_urls', () => {
    const criteria = criteriaFor(
      'ready',
      {
        ...wait,
        successStatuses: ['Serving'],
        failureStatuses: ['Broken'],
        waitForUrls: false
      },
      TASK_KINDS.deployment
    );
    expect(criteria).toEqual({
      target: 'ready',
      success: ['Serving'],
      failure: ['Broken'],
      requireUrls: false,
      requireAllNodes: true,
      gone: 'failure',
      leaving: [],
      stopped: [],
      known: ['Pending', 'Running', 'Paused', 'End', 'Other']
    });
    expect(judge(snapshotOf(detail('Serving', [{ url: null }]), ['status']), criteria)).toBe('reached');
    expect(judge(snapshotOf(detail('Other'), ['status']), criteria)).toBe('waiting');
    expect(criteriaFor('ended', wait, TASK_KINDS.deployment).gone).toBe('success');
  });

  it('is ready only once every node runs, where the task counts them (runing_points, sic)', () => {
    const criteria = criteriaFor('ready', wait, TASK_KINDS.deployment);
    const task = (running: unknown, points: unknown) => ({
      ...detail('Running', []),
      runing_points: running,
      points
    });
    expect(judge(snapshotOf(task(2, 3), ['status']), criteria)).toBe('waiting');
    expect(judge(snapshotOf(task(3, 3), ['status']), criteria)).toBe('reached');
    expect(snapshotOf(task(2, 3), ['status']).nodes).toEqual({ running: 2, total: 3 });
    // Without both counts, the status and the URLs decide alone.
    expect(judge(snapshotOf(task(undefined, 3), ['status']), criteria)).toBe('reached');
    expect(snapshotOf({ ...task(undefined, 3), running_points: 1 }, ['status']).nodes).toEqual({
      running: 1,
      total: 3
    });
    // Paused or stopped, a task has no nodes to wait for.
    expect(
      judge(
        snapshotOf({ ...task(0, 3), status: 'End' }, ['status']),
        criteriaFor('ended', wait, TASK_KINDS.deployment)
      )
    ).toBe('reached');
  });

  it('reads billing_value when it is a number', () => {
    const cost = (json: string) => snapshotOf(parseJson(json), ['status']).billingValue;
    expect(cost('{"status":"Running","billing_value":12.3400}')).toBe('12.34');
    expect(cost('{"status":"Running","billing_value":90071992547409930}')).toBe('90071992547409930');
    expect(cost('{"status":"Running","billing_value":0}')).toBe('0');
    expect(cost('{"status":"Running","billing_value":"12"}')).toBeUndefined();
    expect(cost('{"status":"Running"}')).toBeUndefined();
  });
});

describe("a job's end, as its detail says it", () => {
  const job = (
    status: string,
    run: string,
    pods: { active?: number; succeeded?: number } = {},
    points = 1
  ) => ({
    task_name: 'evals',
    status,
    points,
    job_status: {
      status: run,
      active_pods: pods.active ?? 0,
      succeeded_pods: pods.succeeded ?? 0,
      failed_pods: 0
    }
  });

  // Regression (issue 48): a stopped job that read Paused was asked to stop again, then refused, and
  // reported left running; a job's stop is judged by whether it bills, never by End alone.
  it.each([
    ['stopped: Paused (the job list: 已停止)', job('Paused', 'Running', { active: 0 }), true],
    ['deleted: End (已删除)', job('End', 'Running'), true],
    ['run Complete, no pod active', job('Running', 'Complete', { succeeded: 1 }), true],
    ['run Failed, no pod active', job('Running', 'Failed'), true],
    ['run Failed, a pod still active', job('Running', 'Failed', { active: 1 }), false],
    // One answer whose counts contradict it leaves no job unstopped: its stop is sent all the same.
    ['run Complete, but no pod succeeded', job('Running', 'Complete', { succeeded: 0 }), false],
    ['running', job('Running', 'Running', { active: 1 }), false],
    ['pending', job('Pending', 'Pending'), false],
    // Issue 60, point 7: a job bills while billing_points (计费中 Pod 数) is above 0, whatever active_pods says.
    [
      'run Complete, no pod active, 1 pod still billed',
      { ...job('Running', 'Complete', { succeeded: 1 }), billing_points: 1 },
      false
    ],
    ['stopped, a pod still billed', { ...job('Paused', 'Running'), billing_points: 2 }, false],
    [
      'run Complete, billing_points 0',
      { ...job('Running', 'Complete', { succeeded: 1 }), billing_points: 0 },
      true
    ]
  ])('%s: bills no more is %s', (_, data, ended) => {
    expect(jobFactsOf(data).ended).toBe(ended);
    expect(judge(jobSnapshotOf(data), criteriaFor('ended', wait, TASK_KINDS.job))).toBe(
      ended ? 'reached' : 'waiting'
    );
  });

  it('ends the wait for a job to finish when it is stopped before it ended, as a failure said as a stop', () => {
    const finished = criteriaFor('finished', wait, TASK_KINDS.job);
    expect(judge(jobSnapshotOf(job('Paused', 'Running')), finished)).toBe('failed');
    expect(judge(jobSnapshotOf(job('End', 'Pending')), finished)).toBe('failed');
    expect(finished.stopped).toEqual(['Paused', 'End']);
    // A run that ended is its own verdict, whatever the task reads since.
    expect(jobSnapshotOf(job('Paused', 'Complete', { succeeded: 1 })).status).toBe('Complete');
    expect(judge(jobSnapshotOf(job('End', 'Complete', { succeeded: 1 })), finished)).toBe('reached');
    // A deployment's stop still ends at End alone: a paused deployment is no stopped one.
    expect(
      judge(snapshotOf(detail('Paused'), ['status']), criteriaFor('ended', wait, TASK_KINDS.deployment))
    ).toBe('waiting');
  });

  it('doubts a Complete whose pod counts contradict it (fewer succeeded than its completions)', () => {
    expect(jobFactsOf(job('Running', 'Complete', { succeeded: 0 })).doubt).toBe(
      'its job_status says Complete, but 0 of its 1 completion(s) succeeded'
    );
    expect(jobFactsOf(job('Running', 'Complete', { succeeded: 3 }, 3)).doubt).toBeUndefined();
    expect(jobFactsOf(job('Running', 'Failed')).doubt).toBeUndefined();
  });
});
