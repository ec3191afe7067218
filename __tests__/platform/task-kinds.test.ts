// The kinds of task are rows (platform/task-kinds.ts): what each says is held here to the reference.
import { kindOf, preheatDetailCall, preheatStopCall } from '../../src/platform/operations/calls.js';
import { OPERATION_TABLE } from '../../src/platform/operations/operation-table.js';
import { OPERATION_NAMES } from '../../src/platform/platform-settings.js';
import { PREHEAT_KIND, stoppedStatus, TASK_KINDS } from '../../src/platform/task-kinds.js';
import { reference } from '../helpers/reference.js';
import { testSettings } from '../helpers/settings.js';

describe('the kinds of task', () => {
  it("gives every operation the kind its row names: the Job API's a job (its queues' groups too)", () => {
    const jobs = OPERATION_NAMES.filter((operation) => kindOf({ operation }).name === TASK_KINDS.job.name);
    expect(jobs).toEqual([
      'job',
      'job_detail',
      'job_search',
      'job_stop',
      'job_group_search',
      'job_group_detail'
    ]);
    expect(kindOf({ operation: 'replace' })).toBe(TASK_KINDS.deployment);
  });

  it('takes the statuses of each stop, pause and recover from its kind, as the reference says', () => {
    const { deployment, job } = TASK_KINDS;
    expect(OPERATION_TABLE.stop.appliesTo).toBe(deployment.changes.stop?.appliesTo);
    expect(OPERATION_TABLE.pause.alreadyDone).toBe(deployment.changes.pause?.doneIn);
    expect(OPERATION_TABLE.recover.appliesTo).toBe(deployment.changes.recover?.appliesTo);
    expect(OPERATION_TABLE.job_stop.appliesTo).toBe(job.changes.stop?.appliesTo);
    expect([...(job.changes.stop?.appliesTo ?? [])]).toEqual(reference('job-stop').applies_to);
    expect([...(deployment.changes.stop?.appliesTo ?? [])]).toEqual(reference('task-stop').applies_to);
  });

  it('ends a wait for a stopped job on Paused as on End: the job list names a stopped job Paused', () => {
    const { job, deployment } = TASK_KINDS;
    expect([...job.waitDefaults.ended.success].sort()).toEqual(['End', 'Paused']);
    expect(stoppedStatus(job)).toBe('Paused');
    expect(deployment.waitDefaults.ended.success).toEqual(['End']);
    // A job has no pause and no sweep of its own; a deployment has both.
    expect([job.pause, job.sweep, deployment.pause, deployment.sweep]).toEqual([
      undefined,
      undefined,
      'pause',
      'sweep'
    ]);
  });

  // Issue 60, point 16: the reference's job_status enum has Manual and no word of what it is.
  it("knows every job_status of the reference's enum, and takes Manual for no success: the wait fails, saying why", () => {
    const { job } = TASK_KINDS;
    const [, enumerated] = Object.entries(reference('job-detail').enums ?? {}).find(
      ([path]) => path === 'job_status.status'
    ) ?? ['', []];
    expect(enumerated.every((status) => job.statuses.known.includes(String(status)))).toBe(true);
    expect(job.waitDefaults.finished.success).toEqual(['Complete']);
    expect(job.waitDefaults.finished.failure).toContain('Manual');
    const held = {
      status: 'Running',
      points: 2,
      job_status: { status: 'Manual', active_pods: 1, succeeded_pods: 0, failed_pods: 0 }
    };
    expect(job.snapshotOf(held, ['status'])).toMatchObject({ status: 'Manual', billsNoMore: false });
    expect(job.failureReason(held)).toMatch(/^the platform holds the job Manual .*: not a success/);
  });

  it("reads a preheat by the reference's paths, and its detail's example as a preheat under way", () => {
    const settings = testSettings();
    expect(preheatDetailCall(settings, '38646').endpoint.path).toBe(reference('preheat-detail').path);
    expect(preheatStopCall(settings, '38646').endpoint.path).toBe(reference('preheat-stop').path);
    const progress = PREHEAT_KIND.progressOf(reference('preheat-detail').example?.data);
    expect(progress).toEqual({
      status: 'Running',
      ended: false,
      regions: [],
      points: 2,
      availablePoints: undefined
    });
    expect([PREHEAT_KIND.pause, PREHEAT_KIND.followsLog, PREHEAT_KIND.leastPollMs]).toEqual([
      undefined,
      false,
      10_000
    ]);
  });
});
