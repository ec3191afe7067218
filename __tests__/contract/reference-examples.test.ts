// The platform reference's own example answers, straight into the action's parsers: what the action
// concludes from them is what it concludes in production. And its operation table, row by row against
// the reference's endpoints.
import { outputsOf } from '../../src/action/outputs.js';
import { renderSummary } from '../../src/action/summary.js';
import { describeNodeProblem, failingNode } from '../../src/deploy/engine/tasks/failing-nodes.js';
import { taskResult } from '../../src/deploy/engine/wait/task-result.js';
import { reportEntry } from '../../src/deploy/engine/calls/step-result.js';
import { stepResult } from '../helpers/step-result.js';
import { billsOf } from '../../src/platform/billing-data.js';
import { sftpSessionOf } from '../../src/platform/sftp-session-data.js';
import { volumeSummaryOf, volumeWriteOf } from '../../src/platform/volume-data.js';
import { spentYuan } from '../../src/platform/money.js';
import { deletePodCall, detailCall, updateCall } from '../../src/platform/operations/calls.js';
import { planCalls } from '../../src/platform/operations/plan-calls.js';
import { offersOf } from '../../src/platform/resource-data.js';
import { jobFactsOf, snapshotOf } from '../../src/platform/task-data.js';
import { parseJson } from '../../src/protocol/json.js';
import { listRowsOf } from '../../src/platform/operations/calls.js';
import { exampleData, reference, referenceEndpoints, shapeProblems } from '../helpers/reference.js';
import { SERVICE_BODY, testSettings } from '../helpers/settings.js';
import { useStepBench } from '../helpers/emulator-step.js';
import { DEVICES, markOf, resourceOf } from '../../emulator/catalog.js';

/** A region of the emulator's, as its storages name it. */
const GUANGDONG = { tag: 'guangdong-t-01', name: '广东-T1' };

const step = stepResult;

describe("the reference's example answers, read by the action", () => {
  // Regression: the restart count was read from containers only; the reference keeps it on the node, so
  // a crash loop on the platform was never found and billed until wait_timeout.
  it("finds the crash loop in the reference's node list: the node's restart count, on a node still Running", () => {
    const nodes = exampleData('node-list');
    expect(failingNode(nodes, 3)).toBeUndefined();
    const problem = failingNode(nodes, 2);
    expect(problem).toMatchObject({ pointId: '1', status: 'Running', restarts: 2 });
    // The container names no service (null): its own name stands in.
    expect(describeNodeProblem(problem ?? ({} as never))).toBe(
      'node 1 (Running): container d1768790900909-38167100-container restarted 2 times'
    );
  });

  it("reads a job as the reference's examples write it: running, its times in both of the reference's forms", () => {
    const detail = exampleData('job-detail');
    expect(jobFactsOf(detail)).toMatchObject({ status: 'Running', running: 1, stopped: false, ended: false });
    // Stopped (Paused, the job list's 已停止) 30.5 s after its job began: the job's time in UTC,
    // the task's last update in China's time, as the example writes each.
    const stopped = { ...(detail as Record<string, unknown>), status: 'Paused', billing_points: 0 };
    expect(jobFactsOf(stopped)).toMatchObject({ stopped: true, ended: true, seconds: 31 });
    // Stopped, but a pod still billed (billing_points, 计费中 Pod 数): it bills yet (issue 60, point 7).
    expect(jobFactsOf({ ...stopped, billing_points: 1 })).toMatchObject({
      stopped: true,
      billing: 1,
      ended: false
    });
    const [listed] = (exampleData('job-search') as { results: unknown[] }).results;
    expect(jobFactsOf(listed)).toMatchObject({ status: 'Running', ended: false });
  });

  it("reads the mark string a create needs from the reference's resource search, and its prices as given", () => {
    const offers = offersOf(exampleData('resource-search'));
    expect(offers).toHaveLength(2);
    expect(offers[0]).toMatchObject({
      device: 'H20 x 8',
      gpuName: 'H20',
      gpuCount: '8',
      region: 'hebeif-1',
      regionName: '河北一区',
      price: '16416',
      discountPrice: '16416',
      inventory: '0',
      mark: expect.stringMatching(/^ha8GDGEAORN3a9Hhu7X\+W4Vtce8YV33R2cqzDf1CeFte7rPSMOMpgrHAlL3T/)
    });
    expect(typeof offers[1]?.mark).toBe('string');
    const summary = renderSummary(step({ operation: 'search_resources', offers }), { passed: true });
    expect(summary).toContain('| H20 x 8 | H20 | 8 | 河北一区 | 16416 | 16416 | 0 |');
  });

  it('reads a create answer of the reference as the new task', () => {
    expect(String((exampleData('task-create') as { task_id: unknown }).task_id)).toBe('1');
  });

  // The reference gives no example detail: this one has every field of its schema, with the money of
  // SKILL.md's own example (1.98 yuan an hour is 550 points a second).
  it('shows the cost of a detail in yuan: billed plus not yet billed', () => {
    const detail = {
      task_id: 1229831,
      task_type: 'Deployment',
      task_name: 'llm',
      namespace: null,
      repository_username: null,
      repository_password: null,
      status: 'Running',
      points: 1,
      runing_points: 1,
      billing_points: 1,
      billing_value: 1_980_000,
      forecast_value: 165_000,
      scheduler_strategy: null,
      task_qos: null,
      load_balance: null,
      dynamic_pod_strategy: null,
      resources: [],
      services: []
    };
    expect(shapeProblems(detail, reference('task-detail').data)).toEqual([]);
    const snapshot = snapshotOf(parseJson(JSON.stringify(detail)), ['status']);
    expect(spentYuan(snapshot.billingValue, snapshot.forecastValue)).toBe('2.145000');
    const task = taskResult('1229831', {
      billingValue: snapshot.billingValue,
      forecastValue: snapshot.forecastValue
    });
    expect(outputsOf(step({ tasks: [task] }))).toMatchObject({ cost: '2.145000', billing_value: '1980000' });
  });

  // The reference gives no example billing records either: these follow its schema, in points.
  it('shows billing records in yuan', () => {
    const byTime = {
      count: 1,
      results: [
        {
          billing_coin: 47_520_000,
          discount_coin: 2_376_000,
          start_time: '2026-01-01T00:00:00+08:00',
          end_time: '2026-01-02T00:00:00+08:00'
        }
      ]
    };
    const byTask = {
      count: 1,
      results: [
        { task_id: 7, task_type: 'Deployment', task_name: 'llm', billing_coin: 550, discount_coin: 0 }
      ]
    };
    expect(shapeProblems(byTime, reference('billing-record').data)).toEqual([]);
    expect(shapeProblems(byTask, reference('task-billing-record').data)).toEqual([]);
    expect(outputsOf(step({ operation: 'billing', bills: billsOf(byTime) })).cost).toBe('47.520000');
    expect(outputsOf(step({ operation: 'task_billing', bills: billsOf(byTask) })).cost).toBe(
      '{"7":0.000550}'
    );
  });

  // Regression (issue 60, point 16): coin_sum_slice was shown in fen, but the reference's own example
  // counts 3 GiB at a unit_price of 120 points per GB per 10 minutes as 360: points.
  it("shows what the volumes come to in the points of the reference's example, never in fen or yuan", () => {
    const { data } = reference('nas-summary').example ?? {};
    const summary = volumeSummaryOf(data);
    expect(summary).toEqual({
      count: 3,
      totalBytes: 3 * 1024 ** 3,
      usedBytes: 1024 ** 3,
      meanUnitPrice: 120,
      perTenMinutes: 360
    });
    expect(((summary.totalBytes ?? 0) / 1024 ** 3) * (summary.meanUnitPrice ?? 0)).toBe(
      summary.perTenMinutes
    );
    const text = renderSummary(
      step({
        operation: 'volume_list',
        parts: [reportEntry('volume', { listed: { volumes: [], summary } })]
      }),
      {
        passed: true
      }
    );
    expect(text).toContain(
      'estimated cost 360 points per 10 minutes (coin_sum_slice, in the points of unit_price'
    );
    expect(text).not.toMatch(/\bfen\b|360 yuan|0\.000360/);
  });

  // Issue 61, point 7 (issue 64, point 5): the reference's dictionaries, a row per region and per class.
  it("lists the regions and storage classes of the reference's dictionaries example, each by its value", () => {
    expect(listRowsOf('volume_options', exampleData('nas-dictionaries'))).toEqual({
      columns: ['option', 'value', 'name'],
      money: [],
      rows: [
        { option: 'region', value: 'bj-001', name: '北京一区' },
        { option: 'region', value: 'sh-001', name: '上海一区' },
        { option: 'storage_class', value: 'nfs-standard', name: '标准型' },
        { option: 'storage_class', value: 'nfs-premium', name: '高性能型' }
      ],
      note: expect.stringContaining("a region by the storage's tag") as unknown
    });
  });

  // Issue 64: the reference's Running session, its address split and its expiry (China time) read as UTC.
  it("reads the reference's SFTP session example: credentials, host and port, expiry at +08:00", () => {
    expect(sftpSessionOf(exampleData('sftp-obtain'))).toEqual({
      id: '1',
      status: 'Running',
      credentials: {
        username: 'sftp_user',
        password: 'example-password',
        host: 'sftp.example.com',
        port: 22
      },
      expiresAt: Date.parse('2026-07-09T04:00:00Z'),
      errorCode: undefined,
      errorMessage: undefined
    });
    expect(volumeWriteOf(exampleData('nas-rename'))).toEqual({ id: '1001', status: 'Active' });
  });

  it("keeps the reference's examples true to its schema (what the fixtures record holds together)", () => {
    for (const endpoint of referenceEndpoints().values()) {
      if (endpoint.example?.data === undefined) continue;
      // The node list's example types gpu_count and exit_code otherwise than its schema: the fixture
      // records both forms; the rest agree.
      expect([endpoint.name, shapeProblems(endpoint.example.data, endpoint.data)]).toEqual([
        endpoint.name,
        []
      ]);
    }
  });
});

describe('the operation table, row by row against the reference', () => {
  const live = testSettings({ apiProfile: 'live' });
  const endpointOf = (operation: string, extra: Record<string, unknown> = {}) =>
    planCalls({ ...live, operation, ...extra } as typeof live).calls[0]?.endpoint;

  it.each([
    ['create', 'task-create', { taskName: 'x', body: SERVICE_BODY }],
    ['detail', 'task-detail', { taskIds: ['1'] }],
    ['search_tasks', 'task-list', {}],
    ['search_resources', 'resource-search', {}],
    ['stop', 'task-stop', { taskIds: ['1'] }],
    ['pause', 'task-pause', { taskIds: ['1'] }],
    ['recover', 'task-recover', { taskIds: ['1'] }],
    ['change_points', 'node-num-edit', { taskIds: ['1'], points: 2 }],
    ['nodes', 'node-list', { taskIds: ['1'] }],
    ['billing', 'billing-record', {}],
    ['task_billing', 'task-billing-record', {}],
    ['job_detail', 'job-detail', { taskIds: ['1'] }],
    ['job_search', 'job-search', {}],
    ['job_stop', 'job-stop', { taskIds: ['1'] }],
    ['job_group_search', 'job-queue-group-search', { query: [['queue_id', '7']] }],
    ['job_group_detail', 'job-queue-group-detail', { query: [['group_id', '5001']] }],
    ['volume_options', 'nas-dictionaries', {}]
  ])('%s is %s: method, path and encryption as the reference gives them', (operation, name, extra) => {
    const documented = reference(name);
    expect(endpointOf(operation, extra)).toEqual({
      method: documented.method,
      path: documented.path,
      encrypt: documented.encrypted,
      version: '1.0.0'
    });
  });

  it.each([
    ['update', 'task-update', updateCall(live, '1', { task_name: 'x', resources: [], services: [] })],
    ['replace_node', 'node-delete', deletePodCall(live, '1', '1001')],
    ['scale', 'node-num-edit', planCalls({ ...live, operation: 'scale', taskIds: ['1'], points: 2 }).calls[0]]
  ])(
    '%s sends %s: method, path, encryption and the body fields the reference requires',
    (_op, name, call) => {
      const documented = reference(name);
      expect(call?.endpoint).toEqual({
        method: documented.method,
        path: documented.path,
        encrypt: documented.encrypted,
        version: '1.0.0'
      });
      const required = Object.entries(documented.body ?? {})
        .filter(([, field]) => field.required === true)
        .map(([field]) => field);
      expect(Object.keys(call?.body ?? {})).toEqual(expect.arrayContaining(required));
    }
  );

  it.each([
    ['stop', 'task-stop'],
    ['pause', 'task-pause'],
    ['recover', 'task-recover'],
    ['job_stop', 'job-stop']
  ])('%s applies to the statuses the reference says', (operation, name) => {
    const [call] = planCalls({ ...live, operation, taskIds: ['1'] } as typeof live).calls;
    expect([...(call?.traits.appliesTo ?? [])].sort()).toEqual(
      [...(reference(name).applies_to ?? [])].sort()
    );
  });

  it('sends every query parameter the reference requires', () => {
    const required = (name: string): string[] =>
      Object.entries(reference(name).query ?? {})
        .filter(([, parameter]) => parameter.required === true)
        .map(([parameter]) => parameter);
    const sent = (operation: string, extra: Record<string, unknown> = {}): string[] =>
      (planCalls({ ...live, operation, ...extra } as typeof live).calls[0]?.query ?? []).map(
        ([name]) => name
      );
    expect(sent('search_resources')).toEqual(expect.arrayContaining(required('resource-search')));
    expect(sent('search_tasks')).toEqual(expect.arrayContaining(required('task-list')));
    expect(sent('billing')).toEqual(expect.arrayContaining(required('billing-record')));
    expect(sent('task_billing')).toEqual(expect.arrayContaining(required('task-billing-record')));
    expect(sent('nodes', { taskIds: ['1'] })).toEqual(expect.arrayContaining(required('node-list')));
    expect(detailCall(live, '1').query.map(([name]) => name)).toEqual(required('task-detail'));
    expect(detailCall({ ...live, operation: 'job_detail' }, '1').query.map(([name]) => name)).toEqual(
      required('job-detail')
    );
    expect(sent('job_group_search', { query: [['queue_id', '7']] })).toEqual(
      expect.arrayContaining(required('job-queue-group-search'))
    );
  });

  it('sends no points in a create that does not set them: the reference makes them optional', () => {
    expect(reference('task-create').body?.points?.required).toBeUndefined();
    expect(
      planCalls({ ...live, operation: 'create', taskName: 'x', body: SERVICE_BODY }).calls[0]?.body
    ).not.toHaveProperty('points');
  });

  // Issue 49, point 4: a listing shows its rows (a table at a terminal, `rows` in the CLI's JSON).
  it("lists the rows of the reference's own example answers: nodes, resources, jobs", () => {
    expect(listRowsOf('nodes', exampleData('node-list'))?.rows).toEqual([
      {
        point_id: '1',
        name: 'deployment-5-8vxr7frs-5f876c5fc-8gz8b',
        status: 'Running',
        region: 'guangdong-t-01',
        gpu: '4090 x 1',
        restarts: '2',
        cost: '6.710400'
      }
    ]);
    const resources = listRowsOf('search_resources', exampleData('resource-search'));
    expect(resources?.rows.map((row) => [row.device, row.region, row.price, row.stock])).toEqual([
      ['H20 x 8', 'hebeif-1', '16416', '0'],
      ['H20 x 8', 'xingjiangf-1', '16416', '0']
    ]);
    expect(resources?.note).toMatch(/no published unit/);
    expect(listRowsOf('job_search', exampleData('job-search'))?.rows[0]).toMatchObject({
      task_id: '1962296',
      task_name: 'job-202604210858',
      status: 'Running',
      cost: '0.000466',
      // Issue 63, point 6: the platform's time, in the one form the tool prints times in.
      create_time: '2026-04-21T01:04:20Z'
    });
    expect(listRowsOf('detail', exampleData('job-search'))).toBeUndefined();
  });
});

// Issue 60, point 15: every request example of the reference, as the reference writes it, sent through the
// action's own checks (the operation that sends it, or the request operation where the action builds that
// body from inputs) to the emulator, and accepted. Only what names the account's own things changes: a
// mark (the reference's come from its own resource search; the emulator's search gives others), and the
// ids of the task, job or volume the example acts on.
describe('every request example of the reference, sent through the action and accepted', () => {
  const bench = useStepBench(
    { strict: true, readyAfterSeconds: 1, jobs: { podSeconds: 5 } },
    { api_profile: 'live', wait: 'false', poll_interval: '1s' }
  );

  /** The example's request body, as its fixture records it. */
  const example = (name: string): Record<string, unknown> => {
    const body = reference(name).example_request;
    if (body === undefined || typeof body !== 'object') throw new Error(`no example request for ${name}`);
    return structuredClone(body) as Record<string, unknown>;
  };

  /**
   * Each resources[] entry of `body` with the mark, resource and region_name a resource search of the
   * emulator gives for a 4090 node (its regions from the `first`, one per entry), for a task of `taskType`.
   */
  function withEmulatorMarks(
    body: Record<string, unknown>,
    taskType: string,
    first = 0
  ): Record<string, unknown> {
    const [device] = DEVICES;
    if (device === undefined) throw new Error('the catalog is empty');
    const resources = (body.resources as Record<string, unknown>[]).map((entry, i) => {
      const region = device.regions[(first + i) % device.regions.length];
      if (region === undefined) throw new Error('the 4090 has no region');
      return {
        ...entry,
        mark: markOf(device, region, taskType),
        ...('resource' in entry ? { resource: resourceOf(device, region) } : {}),
        ...('region_name' in entry ? { region_name: region.region_name } : {})
      };
    });
    return { ...body, resources };
  }

  /** Runs a step; it must succeed, having sent `path` once and had it accepted. */
  async function accepted(path: string, inputs: Record<string, string>): Promise<Record<string, string>> {
    const before = bench.sent(path).length;
    const { outputs, failure } = await bench.step(inputs);
    expect({ path, failure }).toEqual({ path, failure: undefined });
    const sent = bench.sent(path).slice(before);
    expect(sent.map((r) => [r.path, r.verdict?.reason])).toEqual([[path, 'ok']]);
    return outputs;
  }

  const SENT: Record<string, () => Promise<void>> = {
    'task-create': async () => {
      const body = withEmulatorMarks(example('task-create'), 'Deployment');
      await accepted('/api/task/deployment/create', { operation: 'create', body: JSON.stringify(body) });
    },
    'job-create': async () => {
      // The reference's own body: an on-demand job (sub_type null) with estimated_exec_sec null, and
      // storage its service mounts. The job_type input is left to the body. Its storage is the account's:
      // here a volume and an accelerated object storage in the region of its mark (Guangdong).
      const volume = await activeVolume(11);
      const storage = bench.emulator.storage.addObjectStorage({
        name: 'example-weights',
        status: 'Activate',
        regions: [GUANGDONG],
        activeRegions: [GUANGDONG]
      });
      const body = withEmulatorMarks(example('job-create'), 'Job', 1);
      const [service] = body.services as Record<string, unknown>[];
      Object.assign(service ?? {}, {
        storage_config: [{ storage_id: storage, target_dir: '/root/s3' }],
        share_storage_config: [{ storage_id: storage, target_dir: '/root/share' }],
        nas_storage_config: [{ storage_id: volume, target_dir: '/mnt/nas' }]
      });
      const outputs = await accepted('/api/task/job/create', {
        operation: 'job',
        body: JSON.stringify(body)
      });
      expect(outputs.job_type).toBe('on_demand');
      const [sent] = bench.sent('/api/task/job/create');
      expect(JSON.parse(sent?.body ?? '{}')).toMatchObject({
        sub_type: null,
        job_support: { estimated_exec_sec: null }
      });
    },
    'preheat-create': async () => {
      // The preheat operation picks its resource itself (gpu): the example's own, through request.
      const body = withEmulatorMarks(example('preheat-create'), 'ImagePreHeat');
      await accepted('/api/task/image_preheat/create', {
        operation: 'request',
        method: 'POST',
        path: '/api/task/image_preheat/create',
        body: JSON.stringify(body)
      });
    },
    'node-num-edit': async () => {
      const id = bench.emulator.tasks.add({ task_name: 'example-scale', points: 2, status: 'Running' });
      const body = { ...example('node-num-edit'), task_id: Number(id) };
      await accepted('/api/deployment/task/change_points', {
        operation: 'change_points',
        task_id: id,
        body: JSON.stringify(body)
      });
    },
    'task-stop': async () => {
      const id = bench.emulator.tasks.add({ task_name: 'example-stop', points: 1, status: 'Running' });
      const body = { ...example('task-stop'), task_id: Number(id) };
      await accepted('/api/deployment/task/stop', {
        operation: 'stop',
        task_id: id,
        body: JSON.stringify(body)
      });
    },
    'task-pause': async () => {
      const id = bench.emulator.tasks.add({ task_name: 'example-pause', points: 1, status: 'Running' });
      const body = { ...example('task-pause'), task_id: Number(id) };
      await accepted('/api/deployment/task/pause', {
        operation: 'pause',
        task_id: id,
        body: JSON.stringify(body)
      });
    },
    'task-recover': async () => {
      const id = bench.emulator.tasks.add({ task_name: 'example-recover', points: 1, status: 'Paused' });
      const body = { ...example('task-recover'), task_id: Number(id) };
      await accepted('/api/deployment/task/recover', {
        operation: 'recover',
        task_id: id,
        body: JSON.stringify(body)
      });
    },
    'job-stop': async () => {
      const id = bench.emulator.jobs.add({ task_name: 'example-job-stop' });
      const body = { ...example('job-stop'), task_id: Number(id) };
      await accepted('/api/task/job/stop', {
        operation: 'job_stop',
        task_id: id,
        body: JSON.stringify(body)
      });
    },
    'storage-s3-check': async () => {
      await accepted('/api/storage/nas/v1/encrypt/s3/check', {
        operation: 'storage_check',
        body: JSON.stringify(example('storage-s3-check'))
      });
    },
    // The volume and transfer operations build their bodies from their inputs: the examples go through
    // request, whose checks are the action's own (its endpoint, its encryption, its signature).
    'nas-create': async () => {
      await post('/api/storage/nas/v1/create', example('nas-create'));
    },
    'nas-expand': async () => {
      const id = await activeVolume(10);
      await post('/api/storage/nas/v1/expand', { ...example('nas-expand'), id });
    },
    'nas-delete': async () => {
      const id = await activeVolume(10);
      await post('/api/storage/nas/v1/delete', { ...example('nas-delete'), id });
    },
    'nas-rename': async () => {
      const id = await activeVolume(10);
      const renamed = await post('/api/storage/nas/v1/rename', { ...example('nas-rename'), id });
      expect(renamed).toEqual({ storage_id: id, status: 'Active', message: null });
    },
    // A session is Pending at first, Running once asked again later; the request operation's data output
    // keeps its password redacted (a secret-named field).
    'sftp-obtain': async () => {
      const storage_id = await activeVolume(10);
      await post('/api/storage/nas/v1/sftp/obtain', { ...example('sftp-obtain'), storage_id });
      bench.clock.advance(2);
      const session = await post('/api/storage/nas/v1/sftp/obtain', {
        ...example('sftp-obtain'),
        storage_id
      });
      expect(session).toMatchObject({ status: 'Running', password: '<redacted>' });
    },
    'sftp-destroy': async () => {
      const storage_id = await activeVolume(10);
      await post('/api/storage/nas/v1/sftp/obtain', { storage_id });
      await post('/api/storage/nas/v1/sftp/destroy', { ...example('sftp-destroy'), storage_id });
      expect(bench.emulator.storage.sftpStatus(storage_id)).toBeUndefined();
    },
    's3-create': async () => {
      const storage_id = await activeVolume(10);
      await post('/api/storage/nas/v1/encrypt/s3/create', { ...example('s3-create'), storage_id }, true);
    },
    's3-retry': async () => {
      const storage_id = await activeVolume(10);
      bench.emulator.storage.failTransfers(1, { atShare: 0.5, error_code: 'S410', error_message: 'denied' });
      const id = await transfer(storage_id);
      bench.clock.advance(120);
      await post('/api/storage/nas/v1/encrypt/s3/retry', { ...example('s3-retry'), id, storage_id }, true);
    },
    's3-stop': async () => {
      const id = await transfer(await activeVolume(10));
      bench.clock.advance(7);
      await post('/api/storage/nas/v1/s3/stop', { ...example('s3-stop'), id });
    },
    's3-delete': async () => {
      const id = await transfer(await activeVolume(10));
      bench.clock.advance(7);
      await post('/api/storage/nas/v1/s3/stop', { id });
      await post('/api/storage/nas/v1/s3/delete', { ...example('s3-delete'), id });
    }
  };

  /** A POST of `body` to `path` through the request operation (encrypted where the reference says). */
  async function post(path: string, body: unknown, encrypt = false): Promise<unknown> {
    const outputs = await accepted(path, {
      operation: 'request',
      method: 'POST',
      path,
      body: JSON.stringify(body),
      ...(encrypt ? { encrypt: 'true' } : {})
    });
    return JSON.parse(outputs.data ?? 'null');
  }

  /** A volume made from configuration `config` (the reference's create), once Active: its storage_id. */
  async function activeVolume(config: number): Promise<number> {
    const made = (await post('/api/storage/nas/v1/create', {
      ...example('nas-create'),
      name: `example-${config}-${bench.emulator.requests.length}`,
      nas_config_id: config
    })) as { storage_id: number };
    bench.clock.advance(60);
    return made.storage_id;
  }

  /** A transfer into volume `storage_id`, as the reference's example makes it: its id. */
  async function transfer(storage_id: number): Promise<number> {
    const made = (await post(
      '/api/storage/nas/v1/encrypt/s3/create',
      { ...example('s3-create'), storage_id },
      true
    )) as { id: number };
    return made.id;
  }

  it('sends every request example the fixtures record', () => {
    const recorded = [...referenceEndpoints().values()]
      .filter((endpoint) => endpoint.example_request !== undefined)
      .map((endpoint) => endpoint.name)
      .sort();
    expect(recorded).toEqual(Object.keys(SENT).sort());
  });

  it.each(Object.keys(SENT))("sends the reference's %s example, and the platform takes it", async (name) => {
    await SENT[name]?.();
  });
});
