import { parseJson } from '../../../src/protocol/json.js';
import { criteriaFor, judge } from '../../../src/deploy/wait/criteria.js';
import { snapshotOf } from '../../../src/platform/task-data.js';
import { testSettings } from '../../helpers/settings.js';

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
    expect(judge(snapshotOf(detail(status, [...ports]), ['status']), criteriaFor(target, wait))).toBe(
      expected
    );
  });

  it('takes success and failure statuses from the inputs, and the URL rule from wait_for_urls', () => {
    const criteria = criteriaFor('ready', {
      ...wait,
      successStatuses: ['Serving'],
      failureStatuses: ['Broken'],
      waitForUrls: false
    });
    expect(criteria).toEqual({
      target: 'ready',
      success: ['Serving'],
      failure: ['Broken'],
      requireUrls: false,
      requireAllNodes: true,
      gone: 'failure',
      leaving: []
    });
    expect(judge(snapshotOf(detail('Serving', [{ url: null }]), ['status']), criteria)).toBe('reached');
    expect(judge(snapshotOf(detail('Other'), ['status']), criteria)).toBe('waiting');
    expect(criteriaFor('ended', wait).gone).toBe('success');
  });

  it('is ready only once every node runs, where the task counts them (runing_points, sic)', () => {
    const criteria = criteriaFor('ready', wait);
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
    expect(judge(snapshotOf({ ...task(0, 3), status: 'End' }, ['status']), criteriaFor('ended', wait))).toBe(
      'reached'
    );
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
