import { billsOf } from '../../src/platform/billing-data.js';
import { preheatProgressOf, preheatRegionsOf } from '../../src/platform/preheat-data.js';
import { offersOf } from '../../src/platform/resource-data.js';
import { jobFailureReason, placeOf } from '../../src/platform/task-data.js';

describe('offersOf', () => {
  it('reads one offer per region of each device, from the device or the mark its resource names', () => {
    const data = {
      count: 2,
      results: [
        {
          device_name: 'H20 x 8',
          gpu_name: 'H20',
          gpu_count: 8,
          regions: [
            {
              region: 'hebeif-1',
              region_name: '河北一区',
              mark: { resource: { gpu_name: 'ignored', gpu_count: 1 }, mark: 'm-1' },
              price: 16416,
              discount_price: 15000,
              inventory: 3
            }
          ]
        },
        {
          device_name: 'L40',
          regions: [
            {
              region: 'gd-1',
              mark: { resource: { gpu_name: 'L40', gpu_count: 2 }, mark: 'm-2' },
              inventory: 0
            },
            // An older answer's shape: the mark is the string itself.
            { region: 'gd-2', mark: 'm-3', price: null },
            'not a region'
          ]
        },
        { device_name: 'no regions' },
        'not a device'
      ]
    };
    expect(offersOf(data)).toEqual([
      {
        device: 'H20 x 8',
        gpuName: 'H20',
        gpuCount: '8',
        region: 'hebeif-1',
        regionName: '河北一区',
        price: '16416',
        discountPrice: '15000',
        inventory: '3',
        mark: 'm-1',
        resource: { gpu_name: 'ignored', gpu_count: 1 }
      },
      {
        device: 'L40',
        gpuName: 'L40',
        gpuCount: '2',
        region: 'gd-1',
        regionName: undefined,
        price: undefined,
        discountPrice: undefined,
        inventory: '0',
        mark: 'm-2',
        resource: { gpu_name: 'L40', gpu_count: 2 }
      },
      {
        device: 'L40',
        gpuName: undefined,
        gpuCount: undefined,
        region: 'gd-2',
        regionName: undefined,
        price: undefined,
        discountPrice: undefined,
        inventory: undefined,
        mark: 'm-3',
        resource: undefined
      }
    ]);
  });

  it('reads no offer from an answer without results', () => {
    expect(offersOf(null)).toEqual([]);
    expect(offersOf({ count: 0 })).toEqual([]);
    expect(offersOf({ results: [{ device_name: '', regions: [{ region: '' }] }] })).toEqual([
      expect.objectContaining({ device: undefined, region: undefined, mark: undefined })
    ]);
  });
});

describe('billsOf', () => {
  it('reads the records by time and by task, leaving out one without billing_coin', () => {
    const data = {
      count: 3,
      results: [
        {
          billing_coin: 6710400,
          discount_coin: 100,
          start_time: '2026-11-24T00:00:00+08:00',
          end_time: '2026-11-25T00:00:00+08:00'
        },
        { task_id: 1229831, task_name: 'web', task_type: 'Deployment', billing_coin: 550 },
        { task_id: 7, discount_coin: 1 },
        'not a record'
      ]
    };
    expect(billsOf(data)).toEqual([
      {
        taskId: undefined,
        taskName: undefined,
        taskType: undefined,
        // Issue 63, point 6: every time the tool prints is RFC 3339 in UTC.
        start: '2026-11-23T16:00:00Z',
        end: '2026-11-24T16:00:00Z',
        billed: '6710400',
        discount: '100'
      },
      {
        taskId: '1229831',
        taskName: 'web',
        taskType: 'Deployment',
        start: undefined,
        end: undefined,
        billed: '550',
        discount: '0'
      }
    ]);
    expect(billsOf({ count: 0 })).toEqual([]);
    expect(billsOf(undefined)).toEqual([]);
  });
});

describe('preheatProgressOf and preheatRegionsOf', () => {
  it('reads a preheat detail, leaving out what is not in its shape', () => {
    expect(
      preheatProgressOf({
        status: 'Running',
        region_cache_info: [{ region: 'a', status: 'Syncing' }, { region: 'b' }, 'x'],
        points: 2,
        available_points: 1
      })
    ).toEqual({
      status: 'Running',
      ended: false,
      regions: [{ region: 'a', status: 'Syncing', completed: false }],
      points: 2,
      availablePoints: 1
    });
    expect(
      preheatProgressOf({ status: 'End', region_cache_info: [{ region: 'a', status: 'Completed' }] })
    ).toMatchObject({ ended: true, regions: [{ region: 'a', status: 'Completed', completed: true }] });
    expect(preheatProgressOf(null)).toEqual({
      status: undefined,
      ended: false,
      regions: [],
      points: undefined,
      availablePoints: undefined
    });
    expect(preheatProgressOf({ status: 3, region_cache_info: null, points: null })).toMatchObject({
      status: undefined,
      regions: [],
      points: undefined
    });
  });

  it('reads the regions get_regions lists', () => {
    expect(
      preheatRegionsOf({ regions: [{ region: 'a', region_name: 'A' }, { region: 'b' }, { name: 'c' }] })
    ).toEqual([
      { region: 'a', regionName: 'A' },
      { region: 'b', regionName: undefined }
    ]);
    expect(preheatRegionsOf({})).toEqual([]);
  });
});

describe('jobFailureReason', () => {
  const failed = (pods: number, modParam: unknown) => ({
    status: 'Running',
    job_support: { timeout_sec: 600, parallelism: 1, mod_param: modParam },
    job_status: { status: 'Failed', active_pods: 0, succeeded_pods: 0, failed_pods: pods }
  });

  it('says which limit the failed pods passed', () => {
    expect(jobFailureReason(failed(1, { default: { backoff_limit: 0, restart_policy: 'Never' } }))).toBe(
      'the job failed: 1 pod(s) failed, more than its backoff_limit of 0 allows (restart_policy Never: each failure runs a new pod)'
    );
  });

  it('says the limit of each completion mode, and nothing where the job gives none', () => {
    expect(jobFailureReason(failed(2, { default: { backoff_limit: 1, restart_policy: 'OnFailure' } }))).toBe(
      'the job failed: its containers failed and restarted in their pods (restart_policy OnFailure) more times than its backoff_limit of 1 allows'
    );
    expect(jobFailureReason(failed(2, { index: { index_backoff_limit: 1, max_failed_index: 2 } }))).toBe(
      'the job failed: its indexes failed after 1 retries each (index_backoff_limit), and 2 failed index(es) end the job (max_failed_index)'
    );
    expect(jobFailureReason(failed(2, { index: {} }))).toBe(
      'the job failed: its indexes failed after ? retries each (index_backoff_limit)'
    );
    expect(jobFailureReason(failed(2, { default: { restart_policy: 'Never' } }))).toBeUndefined();
    expect(jobFailureReason(failed(2, undefined))).toBeUndefined();
    const noCounts = {
      job_status: { status: 'Failed' },
      job_support: { mod_param: { default: { backoff_limit: 0 } } }
    };
    expect(jobFailureReason(noCounts)).toBe(
      'the job failed with 0 pod(s) failed, within its backoff_limit of 0: the platform ended it for another reason'
    );
    expect(jobFailureReason({ job_status: { status: 'Complete' } })).toBeUndefined();
  });

  // Regression (issue 49, point 10): "0 pod(s) failed, more than its backoff_limit of 0 allows".
  it('never gives a reason its counts contradict: failed pods within the limit were not why', () => {
    expect(jobFailureReason(failed(0, { default: { backoff_limit: 0, restart_policy: 'Never' } }))).toBe(
      'the job failed with 0 pod(s) failed, within its backoff_limit of 0: the platform ended it for another reason (such as its timeout_sec of 600 s)'
    );
  });
});

describe('placeOf', () => {
  it("reads where a task runs from its detail's resources: the GPU, and the region's name, else its tag", () => {
    const resource = { device_name: 'RTX 4090', region: 'beijing-jxq-p1', gpu_name: '4090' };
    expect(placeOf({ resources: [{ resource, region_name: '北京一区', mark: 'm' }] })).toEqual({
      gpu: '4090',
      region: '北京一区'
    });
    expect(placeOf({ resources: [{ resource: { ...resource, gpu_name: null }, mark: 'm' }] })).toEqual({
      gpu: 'RTX 4090',
      region: 'beijing-jxq-p1'
    });
    // A mark the platform no longer resolves (resource null), a search's row, nothing at all.
    expect(placeOf({ resources: [{ resource: null, region_name: null, mark: 'm' }] })).toBeUndefined();
    expect(placeOf({ task_id: 1, status: 'Running' })).toBeUndefined();
    expect(placeOf(undefined)).toBeUndefined();
  });
});
