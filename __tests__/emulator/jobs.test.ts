// Job batch tasks over time, as the reference describes them (suanli-job/): what a create takes and
// refuses, Pending to Running to Complete or Failed, Spot's queue, the timeout, a stop, the bill.
import { applyConfig, parseConfig } from '../../emulator/config.js';
import type { Emulator } from '../../emulator/index.js';
import { startTestEmulator, type TestClient, type TestClock } from '../helpers/platform-client.js';
import { nightlyGroup } from '../helpers/bodies.js';
import { corpusIn } from './helpers.js';

interface JobDetail {
  status: string;
  sub_type: string | null;
  schedule_status: string | null;
  runing_points: number;
  billing_value: number;
  forecast_value: number;
  job_status: {
    status: string;
    active_pods: number;
    succeeded_pods: number;
    failed_pods: number;
    completion_time: string | null;
    completion_mode: string | null;
  };
}

describe('jobs, as the reference describes them', () => {
  let emulator: Emulator;
  let client: TestClient;
  let clock: TestClock;
  let mark: string;

  beforeEach(async () => {
    ({ emulator, client, clock } = await startTestEmulator({
      profile: 'live',
      readyAfterSeconds: 10,
      jobs: {
        podSeconds: 60,
        failPattern: /-fails$/,
        scripts: [
          { pattern: /-flaky$/, exitCode: 2, failures: 2 },
          { pattern: /-shard$/, exitCode: 3, failIndexes: [1, 2] },
          {
            pattern: /-logs$/,
            runSeconds: 40,
            log: ['collecting', 'test_a PASSED', 'test_b PASSED', '2 passed']
          }
        ]
      }
    }));
    const search = await call('GET', '/api/deployment/resource/search?task_type=Job&device_type=GpuDevice');
    mark = (search.data as { results: { regions: { mark: { mark: string } }[] }[] }).results[0]?.regions[0]
      ?.mark.mark as string;
  });
  afterEach(() => emulator.stop());

  async function call(method: 'GET' | 'POST', target: string, json?: unknown) {
    clock.advance(0.001);
    return (await client.call({ method, target, json })).envelope;
  }

  const body = (fields: Record<string, unknown> = {}, support: Record<string, unknown> = {}) => ({
    task_name: 'gpu-tests',
    resources: [{ mark }],
    points: 2,
    job_support: {
      timeout_sec: 3600,
      parallelism: 1,
      mod_param: { default: { backoff_limit: 1, restart_policy: 'Never' } },
      ...support
    },
    services: [
      {
        service_name: 'tests',
        service_image: 'pytorch/pytorch:2.5.1',
        resource_weight: { cpu_weight: 1, mem_weight: 1, gpu_weight: 1 },
        start_script: { command: ['pytest'], args: ['-q'] }
      }
    ],
    ...fields
  });
  const create = async (json: unknown): Promise<string> => {
    const answer = await call('POST', '/api/task/job/create', json);
    expect(answer.code).toBe('0000');
    return String((answer.data as { task_id: number }).task_id);
  };
  const detail = async (id: string): Promise<JobDetail> =>
    (await call('GET', `/api/task/job/detail?task_id=${id}`)).data as JobDetail;
  const progress = (d: JobDetail) => [
    d.status,
    d.job_status.status,
    d.job_status.active_pods,
    d.job_status.succeeded_pods,
    d.job_status.failed_pods
  ];

  it('runs the completions a wave of pods at a time, and ends Complete with its completion time', async () => {
    const id = await create(body());
    const pending = await detail(id);
    expect(progress(pending)).toEqual(['Pending', 'Pending', 0, 0, 0]);
    expect([pending.sub_type, pending.schedule_status]).toEqual([null, null]);
    clock.advance(10);
    expect(progress(await detail(id))).toEqual(['Running', 'Running', 1, 0, 0]);
    clock.advance(60);
    expect(progress(await detail(id))).toEqual(['Running', 'Running', 1, 1, 0]);
    clock.advance(60);
    const done = await detail(id);
    expect(progress(done)).toEqual(['End', 'Complete', 0, 2, 0]);
    expect(done.job_status.completion_time).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
    // Billed for two pod-minutes and no more once it ended.
    const spent = done.billing_value + done.forecast_value;
    expect(spent).toBeGreaterThan(0);
    clock.advance(600);
    const later = await detail(id);
    expect(later.billing_value + later.forecast_value).toBe(spent);
  });

  it('fails a job whose pods exit with an error once more pods failed than its backoff limit allows', async () => {
    const id = await create(body({ task_name: 'gpu-tests-fails' }));
    clock.advance(10 + 60);
    expect(progress(await detail(id))).toEqual(['Running', 'Running', 1, 0, 1]);
    clock.advance(60);
    expect(progress(await detail(id))).toEqual(['End', 'Failed', 0, 0, 2]);
  });

  it('fails a job still running timeout_sec after it started', async () => {
    const id = await create(body({ points: 10 }, { timeout_sec: 150 }));
    clock.advance(10 + 149);
    expect(progress(await detail(id))).toEqual(['Running', 'Running', 1, 2, 0]);
    clock.advance(2);
    expect(progress(await detail(id))).toEqual(['End', 'Failed', 0, 2, 0]);
  });

  it('takes a Spot job only with estimated_exec_sec from 1 to 86400, and queues it while its resource has no free node', async () => {
    for (const estimated of [undefined, 0, 86_401, 'soon']) {
      const answer = await call(
        'POST',
        '/api/task/job/create',
        body({ sub_type: 'Spot' }, estimated === undefined ? {} : { estimated_exec_sec: estimated })
      );
      expect([estimated, answer.code, answer.message]).toEqual([
        estimated,
        'C005',
        expect.stringMatching(
          /estimated_exec_sec \(required for a Spot job\) must be an integer from 1 to 86400/
        )
      ]);
    }
    const scheduled = await create(body({ sub_type: 'Spot' }, { estimated_exec_sec: 3000 }));
    expect((await detail(scheduled)).schedule_status).toBe('Scheduled');
    emulator.stock.set([{ device_name: '4090', region: 'beijing-jxq-p1', inventory: 0 }]);
    const queued = await create(body({ sub_type: 'Spot' }, { estimated_exec_sec: 3000 }));
    clock.advance(600);
    expect([(await detail(queued)).schedule_status, (await detail(queued)).status]).toEqual([
      'Queued',
      'Pending'
    ]);
    // Scheduled once a read finds free nodes; its pods start --ready-after later.
    emulator.stock.set([{ device_name: '4090', region: 'beijing-jxq-p1', inventory: 1 }]);
    expect([(await detail(queued)).schedule_status, (await detail(queued)).status]).toEqual([
      'Scheduled',
      'Pending'
    ]);
    clock.advance(10);
    expect((await detail(queued)).status).toBe('Running');
    emulator.stock.set([{ device_name: '4090', region: 'beijing-jxq-p1', inventory: 0 }]);
    // An on-demand job is refused for want of a free node.
    const refused = await call('POST', '/api/task/job/create', body());
    expect([refused.code, refused.data]).toEqual(['C008', null]);
  });

  it('refuses a create the reference would: a mark of another task type, both or neither completion mode, no services', async () => {
    const deployment = await call(
      'GET',
      '/api/deployment/resource/search?task_type=Deployment&device_type=GpuDevice'
    );
    const deploymentMark = (deployment.data as { results: { regions: { mark: { mark: string } }[] }[] })
      .results[0]?.regions[0]?.mark.mark;
    const refusals: [string, unknown, RegExp][] = [
      ['mark', body({ resources: [{ mark: deploymentMark }] }), /is no Job resource's mark/],
      [
        'both modes',
        body(
          {},
          {
            mod_param: {
              default: { backoff_limit: 1, restart_policy: 'Never' },
              index: { index_backoff_limit: 1 }
            }
          }
        ),
        /exactly one of default and index/
      ],
      ['no mode', body({}, { mod_param: {} }), /exactly one of default and index/],
      [
        'restart policy',
        body({}, { mod_param: { default: { backoff_limit: 1, restart_policy: 'Always' } } }),
        /restart_policy must be OnFailure or Never/
      ],
      ['services', body({ services: [] }), /services is required/],
      ['points', body({ points: 0 }), /points must be a positive integer/],
      ['sub_type', body({ sub_type: 'Cheap' }), /sub_type must be Spot, or null/]
    ];
    for (const [what, json, message] of refusals) {
      const answer = await call('POST', '/api/task/job/create', json);
      expect([what, answer.code, answer.message]).toEqual([what, 'C005', expect.stringMatching(message)]);
    }
    // The index mode, with its own limits.
    const indexed = await create(
      body({}, { parallelism: 2, mod_param: { index: { index_backoff_limit: 2, max_failed_index: 1 } } })
    );
    clock.advance(10);
    expect(progress(await detail(indexed))).toEqual(['Running', 'Running', 2, 0, 0]);
  });

  it('restarts a failing container in its pod with restart_policy OnFailure, the restarts counting against the backoff limit', async () => {
    const id = await create(
      body(
        { task_name: 'gpu-tests-flaky', points: 1 },
        { mod_param: { default: { backoff_limit: 3, restart_policy: 'OnFailure' } } }
      )
    );
    clock.advance(10 + 60);
    expect(progress(await detail(id))).toEqual(['Running', 'Running', 1, 0, 0]);
    const nodes = async () =>
      (
        (await call('GET', `/api/deployment/task/points?task_id=${id}`)).data as {
          results: {
            status: string;
            describe_dto: { restart_count: number };
            containers: { exit_code: string | null }[];
          }[];
        }
      ).results;
    expect(
      (await nodes()).map((n) => [n.status, n.describe_dto.restart_count, n.containers[0]?.exit_code])
    ).toEqual([['Running', 1, '2']]);
    clock.advance(120);
    // Two attempts failed, the third passed, in the same pod.
    expect(progress(await detail(id))).toEqual(['End', 'Complete', 0, 1, 0]);
    expect(
      (await nodes()).map((n) => [n.status, n.describe_dto.restart_count, n.containers[0]?.exit_code])
    ).toEqual([['Succeeded', 2, '0']]);
  });

  it('runs each index of an indexed job in its own pod, and fails the job once max_failed_index indexes failed', async () => {
    const indexed = (max: number | null) =>
      body(
        { task_name: 'eval-shard', points: 4 },
        { parallelism: 4, mod_param: { index: { index_backoff_limit: 1, max_failed_index: max } } }
      );
    const bounded = await create(indexed(2));
    const unbounded = await create(indexed(null));
    clock.advance(10 + 60);
    // Indexes 1 and 2 failed once each and run again.
    expect(progress(await detail(bounded))).toEqual(['Running', 'Running', 2, 2, 2]);
    clock.advance(60);
    expect(progress(await detail(bounded))).toEqual(['End', 'Failed', 0, 2, 4]);
    // Without a bound, the other indexes finish, and the job fails for the two that did not.
    expect(progress(await detail(unbounded))).toEqual(['End', 'Failed', 0, 2, 4]);
  });

  // Issue 60, point 16: the reference's job_status enum has Manual, which the emulator never answered,
  // and its completion_mode enum NonIndexed alone (nullable): an indexed job read Indexed.
  it("writes completion_mode as the reference's enum has it: NonIndexed, or null for an indexed job", async () => {
    const plain = await create(body({ points: 1 }));
    const indexed = await create(
      body({ points: 2 }, { parallelism: 2, mod_param: { index: { index_backoff_limit: 0 } } })
    );
    expect((await detail(plain)).job_status.completion_mode).toBe('NonIndexed');
    expect((await detail(indexed)).job_status.completion_mode).toBeNull();
  });

  it('answers a job whose run the platform holds Manual: its task Running, its pods on and billing, until stopped', async () => {
    applyConfig(
      emulator,
      parseConfig({ jobs: { scripts: [{ pattern: '-held$', manualAfterSeconds: 30 }] } })
    );
    const id = await create(body({ task_name: 'gpu-tests-held', points: 3 }));
    clock.advance(10 + 29);
    expect(progress(await detail(id))).toEqual(['Running', 'Running', 1, 0, 0]);
    clock.advance(2);
    const held = await detail(id);
    expect(progress(held)).toEqual(['Running', 'Manual', 1, 0, 0]);
    // Held where it was: no pod ends or starts, and the one running bills on.
    clock.advance(600);
    const later = await detail(id);
    expect(progress(later)).toEqual(['Running', 'Manual', 1, 0, 0]);
    expect(later.billing_value + later.forecast_value).toBeGreaterThan(
      held.billing_value + held.forecast_value
    );
    expect((await call('POST', '/api/task/job/stop', { task_id: Number(id) })).code).toBe('0000');
    const stopped = await detail(id);
    expect(progress(stopped)).toEqual(['Paused', 'Manual', 0, 0, 0]);
    clock.advance(600);
    const after = await detail(id);
    expect(after.billing_value + after.forecast_value).toBe(stopped.billing_value + stopped.forecast_value);
    expect(() => parseConfig({ jobs: { scripts: [{ pattern: 'x', manualAfterSeconds: 'soon' }] } })).toThrow(
      /manualAfterSeconds/
    );
  });

  it("writes each pod's log line by line, reads its nodes as Succeeded with exit code 0, and its events", async () => {
    const id = await create(body({ task_name: 'gpu-tests-logs', points: 1 }));
    const serviceId = (
      (await call('GET', `/api/task/job/detail?task_id=${id}`)).data as {
        services: { service_id: number }[];
      }
    ).services[0]?.service_id;
    clock.advance(10 + 20);
    const nodes = (await call('GET', `/api/deployment/task/points?task_id=${id}`)).data as {
      results: { point_id: number; status: string; containers: { exit_code: string | null }[] }[];
    };
    const point = nodes.results[0]?.point_id;
    const log = async () =>
      (
        (
          await call(
            'GET',
            `/api/deployment/task/point_log?task_id=${id}&point_id=${point}&service_id=${serviceId}`
          )
        ).data as { logs: string }
      ).logs;
    expect(await log()).toBe('collecting\ntest_a PASSED\n');
    clock.advance(20);
    expect(await log()).toBe('collecting\ntest_a PASSED\ntest_b PASSED\n2 passed\n');
    const after = (await call('GET', `/api/deployment/task/points?task_id=${id}`)).data as typeof nodes;
    expect(after.results.map((n) => [n.status, n.containers[0]?.exit_code])).toEqual([['Succeeded', '0']]);
    const events = (await call('GET', `/api/deployment/task/pod_event?point_id=${point}`)).data as {
      events: { reason: string }[];
    };
    expect(events.events.map((e) => e.reason)).toEqual(['Scheduled', 'Started', 'Completed']);
  });

  it.each(['Paused', 'End'] as const)(
    'stops a Running or Pending job (its bill stops with it), which then reads %s, and refuses to stop it again',
    async (stoppedStatus) => {
      // Paused by default: the reference's job list names it 已停止 (stopped); a platform may show End.
      if (stoppedStatus === 'End') emulator.jobs.configure({ stoppedStatus });
      const id = await create(body());
      clock.advance(10 + 30);
      expect(await call('POST', '/api/task/job/stop', { task_id: Number(id) })).toMatchObject({
        code: '0000',
        data: null
      });
      const stopped = await detail(id);
      expect([stopped.status, stopped.job_status.active_pods, stopped.runing_points]).toEqual([
        stoppedStatus,
        0,
        0
      ]);
      clock.advance(600);
      const later = await detail(id);
      expect(later.billing_value + later.forecast_value).toBe(stopped.billing_value + stopped.forecast_value);
      const again = await call('POST', '/api/task/job/stop', { task_id: Number(id) });
      expect([again.code, again.message]).toEqual([
        'C008',
        expect.stringMatching(`while it is ${stoppedStatus}`)
      ]);
      const pending = await create(body());
      expect((await call('POST', '/api/task/job/stop', { task_id: Number(pending) })).code).toBe('0000');
      expect((await detail(pending)).status).toBe(stoppedStatus);
    }
  );

  it('follows api/resource.md when told: refuses task_type=Job, and takes a Deployment mark for a job', async () => {
    emulator.jobs.configure({ resourceTaskType: 'Deployment' });
    const refused = await call('GET', '/api/deployment/resource/search?task_type=Job&device_type=GpuDevice');
    expect(refused).toMatchObject({ code: expect.not.stringMatching(/^0000$/), data: null });
    // The Job mark of the default is no mark here; a Deployment one is.
    const jobMark = await call('POST', '/api/task/job/create', body());
    expect(jobMark).toMatchObject({
      data: null,
      message: expect.stringMatching(/no Deployment resource's mark/)
    });
    const search = await call(
      'GET',
      '/api/deployment/resource/search?task_type=Deployment&device_type=GpuDevice'
    );
    const deployment = (search.data as { results: { regions: { mark: { mark: string } }[] }[] }).results[0]
      ?.regions[0]?.mark.mark;
    const made = await call('POST', '/api/task/job/create', { ...body(), resources: [{ mark: deployment }] });
    expect(made).toMatchObject({ code: '0000', data: { task_id: expect.anything() } });
  });

  it("refuses services whose GPU weights sum to 0, or do not divide the resource's GPU count, as the reference does", async () => {
    const weighted = (gpu: number, mark8?: string) => ({
      ...body(),
      ...(mark8 === undefined ? {} : { resources: [{ mark: mark8 }] }),
      services: [
        { ...body().services[0], resource_weight: { cpu_weight: 1, mem_weight: 1, gpu_weight: gpu } }
      ]
    });
    const none = await call('POST', '/api/task/job/create', weighted(0));
    expect(none).toMatchObject({ data: null, message: expect.stringMatching(/gpu_weight sum to 0/) });
    // An H20 x 8 node: weights of 3 cannot share its 8 GPUs out whole; 2 can.
    const search = await call('GET', '/api/deployment/resource/search?task_type=Job&device_type=GpuDevice');
    type Results = {
      results: { device_name: string; regions: { inventory: number; mark: { mark: string } }[] }[];
    };
    const h20 = (search.data as Results).results
      .find((device) => device.device_name === 'H20 x 8')
      ?.regions.find((region) => region.inventory > 0)?.mark.mark;
    expect(await call('POST', '/api/task/job/create', weighted(3, h20))).toMatchObject({
      data: null,
      message: expect.stringMatching(/sum to 3: they must sum to more than 0 and divide 8/)
    });
    expect(await call('POST', '/api/task/job/create', weighted(2, h20))).toMatchObject({ code: '0000' });
  });

  it('echoes the storage a job mounts, and answers every field of the reference detail', async () => {
    // The volume it mounts: Active, in the region of the job's resources (the first region of the search,
    // beijing-jxq-p1), as the platform requires.
    const volume = await call('POST', '/api/storage/nas/v1/create', {
      name: 'nas',
      nas_config_id: 10,
      total_size: 1024 ** 3
    });
    expect(volume.data).toMatchObject({ storage_id: 1001 });
    clock.advance(60);
    const beijing = { tag: 'beijing-jxq-p1', name: '北京一区' };
    const s3 = emulator.storage.addObjectStorage(corpusIn(beijing));
    const mounts = {
      storage_config: [{ storage_id: s3, target_dir: '/root/s3' }],
      share_storage_config: [{ storage_id: 2037, target_dir: '/root/share' }],
      nas_storage_config: [{ storage_id: 1001, target_dir: '/mnt/nas' }],
      share_mem_config: [{ target_dir: '/dev/shm', volume_name: 'mem-default' }]
    };
    const id = await create({
      ...body(),
      share_mem_volumes: [{ name: 'mem-default', size_limit: 32768 }],
      services: [{ ...body().services[0], ...mounts }]
    });
    const detail = (await call('GET', `/api/task/job/detail?task_id=${id}`)).data as {
      share_mem_volumes: unknown;
      task_tags: unknown;
      services: Record<string, unknown>[];
    };
    expect(detail.services[0]).toMatchObject({ ...mounts, share_disk_config: null, registered_ports: null });
    expect(detail).toMatchObject({
      share_mem_volumes: [{ name: 'mem-default', size_limit: 32768 }],
      task_tags: null
    });
  });

  it('reads End for a job that ended by itself (Complete or Failed), and refuses to stop it', async () => {
    // Two completions of 60 s, one after the other, 10 s after the create.
    const id = await create(body());
    clock.advance(10 + 2 * 60 + 1);
    const ended = await detail(id);
    expect([ended.status, ended.job_status.status, ended.job_status.active_pods]).toEqual([
      'End',
      'Complete',
      0
    ]);
    const stop = await call('POST', '/api/task/job/stop', { task_id: Number(id) });
    expect([stop.code, stop.message]).toEqual(['C008', expect.stringMatching(/while it is End/)]);
  });

  it('acts on an accepted stop actLagSeconds later, as a slow platform does; a stop asked again does not put it off', async () => {
    emulator.tasks.setActLag(30);
    const id = await create(body());
    clock.advance(10 + 5);
    expect((await call('POST', '/api/task/job/stop', { task_id: Number(id) })).code).toBe('0000');
    expect((await detail(id)).status).toBe('Running');
    clock.advance(20);
    expect((await call('POST', '/api/task/job/stop', { task_id: Number(id) })).code).toBe('0000');
    clock.advance(11);
    expect((await detail(id)).status).toBe('Paused');
  });

  it('searches jobs by status and name, newest first, a page at a time', async () => {
    const first = await create(body({ task_name: 'nightly-evals' }));
    const second = await create(body({ task_name: 'nightly-train' }));
    await create(body({ task_name: 'adhoc' }));
    await call('POST', '/api/task/job/stop', { task_id: Number(first) });
    const search = async (query: string) =>
      (await call('GET', `/api/task/job/search?${query}`)).data as {
        count: number;
        results: { task_id: number; task_type: string }[];
      };
    const nightly = await search('search_value=nightly&status=Pending,Running');
    expect([nightly.count, nightly.results.map((r) => String(r.task_id))]).toEqual([1, [second]]);
    expect(nightly.results[0]?.task_type).toBe('Job');
    const paged = await search('page=2&page_size=2');
    expect([paged.count, paged.results.map((r) => String(r.task_id))]).toEqual([3, [first]]);
  });

  it("reads a queue's task groups, a page of at most 50, and a group by its id", async () => {
    const group = emulator.jobs.addQueueGroup(nightlyGroup());
    emulator.jobs.addQueueGroup({
      queue_id: 8,
      queue_name: 'other',
      group_name: 'nightly',
      group_count: 1,
      task_parallel_limit: 1,
      task_dto: {}
    });
    const page = await call('GET', '/api/job/queue/group/search?queue_id=7&status=Waiting');
    expect(page.data).toMatchObject({
      count: 1,
      results: [{ group_id: Number(group), status: 'Waiting', task_status_capacity: { Pending: 20 } }]
    });
    expect((await call('GET', '/api/job/queue/group/search?queue_id=7&page_size=51')).code).toBe('C005');
    expect((await call('GET', '/api/job/queue/group/search')).code).toBe('C005');
    expect((await call('GET', `/api/job/queue/group/detail?group_id=${group}`)).data).toMatchObject({
      queue_name: 'evals',
      group_name: 'nightly'
    });
  });

  it('takes how jobs run from a config file, as the emulator CLI reads it (--config), a typo refused', async () => {
    applyConfig(
      emulator,
      parseConfig({
        jobs: {
          podSeconds: 5,
          scripts: [{ pattern: '-evals$', exitCode: 4, log: ['loading', 'crashed'] }]
        }
      })
    );
    const id = await create(body({ task_name: 'nightly-evals', points: 1 }));
    // Its backoff_limit of 1 lets one pod fail: the second ends it, 5 s later.
    clock.advance(10 + 5);
    expect(progress(await detail(id))).toEqual(['Running', 'Running', 1, 0, 1]);
    clock.advance(5);
    expect(progress(await detail(id))).toEqual(['End', 'Failed', 0, 0, 2]);
    expect(() => parseConfig({ jobs: { podSecond: 5 } })).toThrow(/config\.jobs/);
    expect(() => parseConfig({ jobs: { scripts: [{ pattern: '(' }] } })).toThrow(
      'config.jobs.scripts[0].pattern is not a regular expression'
    );
  });
});
