// The emulator against the platform's published reference, both ways: every answer it gives has every
// field the reference documents, typed as the reference types it, and no field the reference does not
// have unless emulator/README.md notes it. The emulator cannot drift from the platform unseen.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Emulator } from '../../emulator/index.js';
import { parseJson } from '../../emulator/json.js';
import { ROUTES } from '../../emulator/routes.js';
import { startTestEmulator, type TestClient, type TestClock } from '../helpers/platform-client.js';
import {
  enumProblems,
  exampleFieldsMissing,
  reference,
  referenceEndpoints,
  shapeProblems,
  timeFormProblems,
  valueProblems,
  type ReferenceEndpoint
} from '../helpers/reference.js';
import { nightlyGroup } from '../helpers/bodies.js';

const EMULATOR_README = readFileSync(
  fileURLToPath(new URL('../../emulator/README.md', import.meta.url)),
  'utf8'
);

/** The rows of a README table under `heading`: its cells, the backticks taken off. */
function tableRows(heading: string): string[][] {
  const section = EMULATOR_README.split(/^## /m).find((part) => part.startsWith(heading)) ?? '';
  return section
    .split('\n')
    .filter((line) => line.startsWith('| `'))
    .map((line) =>
      line
        .split('|')
        .slice(1, -1)
        .map((cell) => cell.trim().replace(/`/g, ''))
    );
}

/** Fields the emulator answers beyond the reference, each noted with why: `fixture:path`. */
const NOTED = new Set(
  tableRows('Fields beyond the reference').map(([fixture, field]) => `${fixture}:${field}`)
);
/** Paths the emulator serves that the reference does not record (the interface spec's own forms). */
const SPEC_ONLY = new Set(tableRows('Endpoints beyond the reference').map(([path]) => path));

const REFERENCE = referenceEndpoints();
/** A health probe with every field the reference requires. */
const probe = (fields: Record<string, unknown>): Record<string, unknown> => ({
  switch: true,
  probe_type: 'httpGet',
  path: '/',
  port: 80,
  initial_delay_seconds: 0,
  period_seconds: 10,
  timeout_seconds: 1,
  failure_threshold: 3,
  ...fields
});
const PAGE = 'page=1&page_size=100';
const TRANSFER_STATUSES = 'Queuing,Pending,Running,Stopped,Completed,Error,Exception,Deleted';
const WINDOW = 'range=hour&start_time=2025-11-21T08:00:00Z&end_time=2025-11-21T12:00:00%2B01:00';

describe('the emulator answers as the platform reference documents', () => {
  let emulator: Emulator;
  let client: TestClient;
  let clock: TestClock;
  /** Every answer's data, by the reference fixture of its endpoint. */
  const answers = new Map<string, unknown[]>();

  async function call(name: string, target: string, json?: unknown): Promise<unknown> {
    const endpoint = REFERENCE.get(name);
    if (endpoint === undefined) throw new Error(`no fixture ${name}`);
    clock.advance(0.001);
    const response = await client.call({
      method: endpoint.method,
      target,
      json,
      encrypt: endpoint.encrypted,
      ...(endpoint.content_type === undefined ? {} : { headers: { 'content-type': endpoint.content_type } })
    });
    const envelope = parseJson(response.text) as { code: unknown; message: unknown; data: unknown };
    expect([name, envelope.code, typeof envelope.message]).toEqual([name, '0000', 'string']);
    answers.set(name, [...(answers.get(name) ?? []), envelope.data]);
    return envelope.data;
  }

  /**
   * Transfers into the volume `body` names, left at once in Error, Exception, Stopped, Running, Pending and
   * Queuing (the emulator's default pace: 2 s queued, 2 s prepared, 2 s counting, then copying 2000 MiB
   * at 100 MiB/s); answers their ids.
   */
  async function transfersInEveryStatus(body: object): Promise<number[]> {
    const create = async (): Promise<number> =>
      ((await call('s3-create', '/api/storage/nas/v1/encrypt/s3/create', body)) as { id: number }).id;
    emulator.storage.failTransfers(1, { atShare: 0, error_code: 'S409', error_message: 'read denied' });
    const error = await create();
    emulator.storage.failTransfers(1, {
      atShare: 0,
      status: 'Exception',
      error_code: 'S410',
      error_message: 'S3 任务创建失败'
    });
    const exception = await create();
    const stopped = await create();
    clock.advance(10);
    await call('s3-stop', '/api/storage/nas/v1/s3/stop', { id: stopped });
    const running = await create();
    clock.advance(7);
    const pending = await create();
    clock.advance(3);
    return [error, exception, stopped, running, pending, await create()];
  }

  beforeAll(async () => {
    ({ emulator, client, clock } = await startTestEmulator({
      readyAfterSeconds: 5,
      crashLoops: [{ pattern: '-crash$', restartEverySeconds: 10 }]
    }));
    const search = (await call(
      'resource-search',
      '/api/deployment/resource/search?task_type=Deployment&device_type=GpuDevice'
    )) as { results: { regions: { region: string; mark: { mark: string } }[] }[] };
    await call(
      'resource-search',
      '/api/deployment/resource/search?task_type=Deployment&device_type=CpuDevice'
    );
    const mark = search.results[0]?.regions[0]?.mark.mark;
    const service = {
      service_name: 'web',
      service_image: 'nginx:1.27',
      env: 'A=1',
      remote_ports: [{ service_port: 80 }],
      health_checks: {
        liveness_probe: probe({ probe_type: 'tcpSocket', path: '', initial_delay_seconds: 5 }),
        startup_probe: probe({ switch: false }),
        readiness_probe: probe({})
      },
      start_script_v2: { command: null, args: [] }
    };
    const create = (name: string): Promise<unknown> =>
      call('task-create', '/api/task/deployment/create', {
        task_name: name,
        points: 2,
        resources: [{ mark }],
        services: [service],
        load_balance: { type: 'RoundRobin', params: null }
      });
    const { task_id: id } = (await create('contract')) as { task_id: number };
    const { task_id: crashing } = (await create('contract-crash')) as { task_id: number };
    // An accelerated object storage, listed before and while a task in its region mounts it.
    const where = search.results.flatMap((d) => d.regions).find((r) => r.region === 'guangdong-t-01');
    const accelerated = `/api/storage/get_storage?storage_type=Juicefs&status=Activate&page=1&page_size=10`;
    await call('object-storage', '/api/storage/get_storage?storage_type=Juicefs&status=Activate,Unactivated');
    await call('task-create', '/api/task/deployment/create', {
      task_name: 'contract-weights',
      points: 1,
      resources: [{ mark: where?.mark.mark }],
      services: [{ ...service, storage_config: [{ storage_id: 36, target_dir: '/weights' }] }]
    });
    const [listed] = (
      (await call('object-storage', accelerated)) as { results: { deployments: unknown[] }[] }
    ).results;
    expect(listed?.deployments).toHaveLength(1);
    await call('task-detail', `/api/task/deployment/detail?task_id=${id}`);
    clock.advance(400); // running, with booked money and nodes up
    const detail = await call('task-detail', `/api/task/deployment/detail?task_id=${id}`);
    await call(
      'task-list',
      `/api/deployment/task/search?type=Deployment&status=Running,Pending,Paused,End&${PAGE}`
    );
    const nodes = (await call('node-list', `/api/deployment/task/points?task_id=${id}&${PAGE}`)) as {
      results: { point_id: number }[];
    };
    await call('node-list', `/api/deployment/task/points?task_id=${crashing}&${PAGE}`);
    const point = nodes.results[0]?.point_id;
    await call('node-event', `/api/deployment/task/pod_event?point_id=${point}`);
    const serviceId = (detail as { services: { service_id: number }[] }).services[0]?.service_id;
    await call(
      'node-log',
      `/api/deployment/task/point_log?task_id=${id}&point_id=${point}&service_id=${serviceId}`
    );
    await call('node-num-edit', '/api/deployment/task/change_points', { task_id: id, points: 3 });
    await call('node-delete', '/api/deployment/task/delete_pod', { point_id: point });
    await call('task-update', '/api/deployment/task/update', { ...(detail as object), points: 2 });
    await call('billing-record', `/api/billing/get_billing_record?${WINDOW}`);
    await call('task-billing-record', `/api/billing/get_task_billing_record?${WINDOW}`);
    await call('task-pause', '/api/deployment/task/pause', { task_id: id });
    await call('task-recover', '/api/deployment/task/recover', { task_id: id });
    await call('task-stop', '/api/deployment/task/stop', { task_id: id });
    const regions = (await call('preheat-regions', '/api/task/image_preheat/get_regions')) as {
      regions: { region: string; region_name: string }[];
    };
    const images = [{ service_name: 'web', service_image: 'nginx:1.27' }];
    const cluster = (await call('preheat-create', '/api/task/image_preheat/create', {
      task_name: 'warm',
      regions: regions.regions.slice(0, 1),
      services: images
    })) as { task_id: number };
    const nodeMarks = (await call(
      'resource-search',
      '/api/deployment/resource/search?task_type=ImagePreHeat&device_type=GpuDevice'
    )) as { results: { regions: { mark: { mark: string } }[] }[] };
    await call('preheat-create', '/api/task/image_preheat/create', {
      task_name: 'warm-nodes',
      points: 2,
      resources: [{ mark: nodeMarks.results[0]?.regions[0]?.mark.mark }],
      services: images
    });
    await call('preheat-detail', `/api/task/image_preheat/detail?task_id=${cluster.task_id}`);
    clock.advance(5);
    await call('preheat-detail', `/api/task/image_preheat/detail?task_id=${cluster.task_id + 1}`);
    await call('preheat-list', `/api/task/image_preheat/search?${PAGE}`);
    await call('preheat-stop', '/api/task/image_preheat/stop', { task_id: cluster.task_id });
    const storage = reference('storage-s3-check').example_request;
    await call('storage-s3-check', '/api/storage/nas/v1/encrypt/s3/check', storage);
    emulator.storage.setVerdict({ pass: false, message: 'access denied' });
    await call('storage-s3-check', '/api/storage/nas/v1/encrypt/s3/check', storage);
    const jobMarks = (await call(
      'resource-search',
      '/api/deployment/resource/search?task_type=Job&device_type=GpuDevice'
    )) as { results: { regions: { mark: { mark: string } }[] }[] };
    const job = (name: string, spot: boolean): Promise<unknown> =>
      call('job-create', '/api/task/job/create', {
        task_name: name,
        ...(spot ? { sub_type: 'Spot' } : {}),
        resources: [{ mark: jobMarks.results[0]?.regions[0]?.mark.mark }],
        points: 2,
        job_support: {
          ...(spot ? { estimated_exec_sec: 90 } : {}),
          timeout_sec: 600,
          parallelism: 1,
          mod_param: { default: { backoff_limit: 1, restart_policy: 'Never' } }
        },
        services: [
          {
            service_name: 'tests',
            service_image: 'pytorch/pytorch:2.5.1',
            resource_weight: { cpu_weight: 1, mem_weight: 1, gpu_weight: 1 },
            start_script: { command: ['pytest'], args: ['-q'] },
            env: [{ name: 'SUITE', value: 'gpu' }]
          }
        ]
      });
    const { task_id: spot } = (await job('contract-job', true)) as { task_id: number };
    await call('job-detail', `/api/task/job/detail?task_id=${spot}`); // Pending
    clock.advance(6);
    const running = (await call('job-detail', `/api/task/job/detail?task_id=${spot}`)) as {
      services: { service_id: number }[];
    }; // Running, its first pod
    // A job's pods, through the deployment node endpoints (the reference files job nodes there).
    const pods = (await call('node-list', `/api/deployment/task/points?task_id=${spot}&${PAGE}`)) as {
      results: { point_id: number }[];
    };
    const pod = pods.results[0]?.point_id;
    await call('node-event', `/api/deployment/task/pod_event?point_id=${pod}`);
    await call(
      'node-log',
      `/api/deployment/task/point_log?task_id=${spot}&point_id=${pod}&service_id=${running.services[0]?.service_id}`
    );
    const { task_id: onDemand } = (await job('contract-job-stopped', false)) as { task_id: number };
    // An indexed job (its completion mode has no word in the reference's enum), and a job whose run the
    // platform holds Manual, read while held and once stopped.
    const { task_id: indexed } = (await call('job-create', '/api/task/job/create', {
      task_name: 'contract-job-indexed',
      resources: [{ mark: jobMarks.results[0]?.regions[0]?.mark.mark }],
      points: 2,
      job_support: { timeout_sec: 600, parallelism: 2, mod_param: { index: { index_backoff_limit: 0 } } },
      services: [
        {
          service_name: 'shards',
          service_image: 'pytorch/pytorch:2.5.1',
          resource_weight: { cpu_weight: 1, mem_weight: 1, gpu_weight: 1 },
          start_script: { command: ['python'], args: ['shard.py'] }
        }
      ]
    })) as { task_id: number };
    emulator.jobs.configure({ scripts: [{ pattern: /^contract-job-held$/, manualAfterSeconds: 1 }] });
    const { task_id: held } = (await job('contract-job-held', false)) as { task_id: number };
    clock.advance(60);
    await call('job-detail', `/api/task/job/detail?task_id=${spot}`); // Complete
    await call('job-search', `/api/task/job/search?status=Running,Pending,Paused,End&${PAGE}`);
    await call('job-stop', '/api/task/job/stop', { task_id: onDemand });
    await call('job-detail', `/api/task/job/detail?task_id=${indexed}`);
    await call('job-detail', `/api/task/job/detail?task_id=${held}`); // Manual
    await call('job-stop', '/api/task/job/stop', { task_id: held });
    await call('job-detail', `/api/task/job/detail?task_id=${held}`); // Paused, Manual
    const group = emulator.jobs.addQueueGroup(nightlyGroup({ task_name: 'eval', points: 1 }));
    await call('job-queue-group-search', '/api/job/queue/group/search?queue_id=7&page=1&page_size=10');
    await call('job-queue-group-detail', `/api/job/queue/group/detail?group_id=${group}`);
    // Cluster storage: the regions and classes a volume can be made in, a volume made from a
    // configuration, listed while Creating and once Active, grown, and deleted.
    await call('nas-dictionaries', '/api/storage/nas/v1/dictionaries');
    await call('nas-pre-create', '/api/storage/nas/v1/pre-create');
    const volume = (await call('nas-create', '/api/storage/nas/v1/create', {
      name: 'contract-data',
      nas_config_id: 10,
      total_size: 1073741824
    })) as { storage_id: number };
    await call('nas-list', '/api/storage/nas/v1/list?statuses=Creating,Active');
    await call('nas-summary', '/api/storage/nas/v1/summary');
    clock.advance(6);
    await call('nas-list', `/api/storage/nas/v1/list?storage_ids=${volume.storage_id}&page=1&page_size=10`);
    await call('nas-expand', '/api/storage/nas/v1/expand', { id: volume.storage_id, total_size: 2147483648 });
    clock.advance(6);
    // The volume renamed (the name trimmed), and its SFTP session: Pending, then Running, destroyed; one
    // that ends in Exception, destroyed too.
    await call('nas-rename', '/api/storage/nas/v1/rename', {
      id: volume.storage_id,
      name: ' contract-renamed '
    });
    const session = { storage_id: volume.storage_id };
    await call('sftp-obtain', '/api/storage/nas/v1/sftp/obtain', session); // Pending
    clock.advance(2);
    await call('sftp-obtain', '/api/storage/nas/v1/sftp/obtain', session); // Running
    await call('sftp-destroy', '/api/storage/nas/v1/sftp/destroy', session);
    emulator.storage.failSftpSessions(1, { error_code: 'SFTP_QUOTA', error_message: 'no session left' });
    await call('sftp-obtain', '/api/storage/nas/v1/sftp/obtain', session); // Pending
    clock.advance(2);
    await call('sftp-obtain', '/api/storage/nas/v1/sftp/obtain', session); // Exception
    await call('sftp-destroy', '/api/storage/nas/v1/sftp/destroy', session);
    // Transfers into the volume: made, seen queued, counting and running, completed; one that fails,
    // retried as a new one, stopped while it runs, and deleted.
    const transfer = {
      ...(reference('s3-create').example_request as object),
      storage_id: volume.storage_id
    };
    const made = (await call('s3-create', '/api/storage/nas/v1/encrypt/s3/create', transfer)) as {
      id: number;
    };
    await call('s3-detail', `/api/storage/nas/v1/s3/detail?id=${made.id}`);
    clock.advance(5);
    await call('s3-detail', `/api/storage/nas/v1/s3/detail?id=${made.id}`);
    await call('s3-list', `/api/storage/nas/v1/s3/list?storage_id=${volume.storage_id}&page=1&page_size=10`);
    clock.advance(60);
    await call('s3-detail', `/api/storage/nas/v1/s3/detail?id=${made.id}`);
    emulator.storage.failTransfers(1, {
      atShare: 0.5,
      error_code: 'S410',
      error_message: 'bucket read denied'
    });
    const failing = (await call('s3-create', '/api/storage/nas/v1/encrypt/s3/create', {
      ...transfer,
      overwrite_policy: 1
    })) as { id: number };
    clock.advance(60);
    await call('s3-detail', `/api/storage/nas/v1/s3/detail?id=${failing.id}`);
    const retried = (await call('s3-retry', '/api/storage/nas/v1/encrypt/s3/retry', {
      ...(reference('s3-retry').example_request as object),
      id: failing.id,
      storage_id: volume.storage_id,
      overwrite_policy: 1
    })) as { id: number };
    clock.advance(7);
    await call('s3-stop', '/api/storage/nas/v1/s3/stop', { id: retried.id });
    await call('s3-list', '/api/storage/nas/v1/s3/list?statuses=Stopped,Deleted,Completed');
    await call('s3-delete', '/api/storage/nas/v1/s3/delete', { id: retried.id });
    await call('s3-delete', '/api/storage/nas/v1/s3/delete', { id: retried.id });
    await call('s3-detail', `/api/storage/nas/v1/s3/detail?id=${failing.id}`); // Deleted by its retry
    // Every status at once (the list's and each detail's): failed in Error and in Exception (as the
    // reference's own example), stopped while it copies, copying, prepared, queued.
    const every = await transfersInEveryStatus({ ...transfer, overwrite_policy: 1 });
    await call('s3-list', `/api/storage/nas/v1/s3/list?statuses=${TRANSFER_STATUSES}&${PAGE}`);
    for (const id of every) await call('s3-detail', `/api/storage/nas/v1/s3/detail?id=${id}`);
    for (const id of every) await call('s3-delete', '/api/storage/nas/v1/s3/delete', { id });
    await call('nas-delete', '/api/storage/nas/v1/delete', { id: volume.storage_id, force: false });
  });
  afterAll(() => emulator.stop());

  it('has called every endpoint the reference records', () => {
    expect([...answers.keys()].sort()).toEqual([...REFERENCE.keys()].sort());
  });

  it.each([...REFERENCE.values()].map((endpoint) => [endpoint.name, endpoint] as const))(
    '%s: every answer has the fields of the reference, typed as it types them, and no other unnoted',
    (name, endpoint: ReferenceEndpoint) => {
      const problems = (answers.get(name) ?? []).flatMap((data) =>
        shapeProblems(data, endpoint.data, (path) => NOTED.has(`${name}:${path}`))
      );
      expect(problems).toEqual([]);
    }
  );

  it.each([...REFERENCE.values()].map((endpoint) => [endpoint.name, endpoint] as const))(
    "%s: every answer has each field of the reference's own example, nulls included",
    (name, endpoint: ReferenceEndpoint) => {
      const example = endpoint.example?.data;
      const missing = [
        ...new Set((answers.get(name) ?? []).flatMap((data) => exampleFieldsMissing(example, data)))
      ];
      expect(missing).toEqual([]);
    }
  );

  it.each(
    [...REFERENCE.values()]
      .filter((endpoint) => endpoint.times !== undefined)
      .map((endpoint) => [endpoint.name, endpoint] as const)
  )('%s: writes its times in the forms of the reference (its own example in them too)', (name, endpoint) => {
    const times = endpoint.times ?? {};
    expect(timeFormProblems(endpoint.example?.data, times)).toEqual([]);
    const answered = answers.get(name) ?? [];
    expect(answered.length).toBeGreaterThan(0);
    expect(answered.flatMap((data) => timeFormProblems(data, times))).toEqual([]);
  });

  it.each(
    [...REFERENCE.values()]
      .filter((endpoint) => endpoint.forms !== undefined)
      .map((endpoint) => [endpoint.name, endpoint] as const)
  )('%s: writes its fields in the forms of the reference (its own example in them too)', (name, endpoint) => {
    const forms = endpoint.forms ?? {};
    expect(timeFormProblems(endpoint.example?.data, forms)).toEqual([]);
    const answered = answers.get(name) ?? [];
    expect(answered.length).toBeGreaterThan(0);
    expect(answered.flatMap((data) => timeFormProblems(data, forms))).toEqual([]);
  });

  // Regression (issue 60, point 16): the emulator never answered a transfer Exception, a status the
  // reference lists (its own detail example is one).
  it.each(
    [...REFERENCE.values()]
      .filter((endpoint) => endpoint.values !== undefined)
      .map((endpoint) => [endpoint.name, endpoint] as const)
  )('%s: answers only the values the reference lists, and each of them', (name, endpoint) => {
    const answered = answers.get(name) ?? [];
    expect(valueProblems([endpoint.example?.data], endpoint.values ?? {}).unlisted).toEqual([]);
    expect(valueProblems(answered, endpoint.values ?? {})).toEqual({ unlisted: [], unseen: [] });
  });

  // Regression (issue 60, point 16): the transfer list refused a statuses value it does not take with
  // C005, where the reference names S002.
  it.each(
    [...REFERENCE.values()].flatMap((endpoint) =>
      (endpoint.refusals ?? []).map(
        (refusal) => [endpoint.name, refusal.query, refusal.code, endpoint] as const
      )
    )
  )('%s?%s: refused with %s, as the reference says', async (_name, query, code, endpoint) => {
    clock.advance(0.001);
    const response = await client.call({ method: endpoint.method, target: `${endpoint.path}?${query}` });
    expect(parseJson(response.text)).toMatchObject({ code, data: null });
  });

  // Issue 60, point 16: job_status.status has Manual in the reference's enum, which the emulator never
  // answered, and completion_mode NonIndexed alone (nullable), where an indexed job read Indexed.
  it.each(
    [...REFERENCE.values()]
      .filter((endpoint) => endpoint.enums !== undefined)
      .map((endpoint) => [endpoint.name, endpoint] as const)
  )("%s: answers only the values of the reference's enums (its own example too)", (name, endpoint) => {
    const enums = endpoint.enums ?? {};
    expect(enumProblems(endpoint.example?.data, enums)).toEqual([]);
    const answered = answers.get(name) ?? [];
    expect(answered.length).toBeGreaterThan(0);
    expect(answered.flatMap((data) => enumProblems(data, enums))).toEqual([]);
  });

  it('answers a job Manual, and an indexed job with no completion mode, as the reference enumerates them', () => {
    const runs = (answers.get('job-detail') ?? []).map(
      (data) => (data as { job_status: unknown }).job_status
    );
    expect(runs).toEqual(expect.arrayContaining([expect.objectContaining({ status: 'Manual' })]));
    expect(runs).toEqual(expect.arrayContaining([expect.objectContaining({ completion_mode: null })]));
  });

  it('serves every endpoint the reference records, where the reference puts it', () => {
    for (const endpoint of REFERENCE.values()) {
      const route = ROUTES.find((r) => r.path === endpoint.path);
      expect([endpoint.name, route?.methods.includes(endpoint.method), route?.encrypt]).toEqual([
        endpoint.name,
        true,
        endpoint.encrypted
      ]);
    }
  });

  it('serves nothing else but the interface spec forms its README names', () => {
    const recorded = new Set([...REFERENCE.values()].map((endpoint) => endpoint.path));
    const others = ROUTES.map((route) => route.path).filter((path) => !recorded.has(path));
    expect(others.sort()).toEqual([...SPEC_ONLY].sort());
  });

  it('notes only fields it answers (a note outlives no field)', () => {
    for (const note of NOTED) {
      const [name = '', path = ''] = note.split(':');
      const endpoint = REFERENCE.get(name);
      expect([note, endpoint !== undefined]).toEqual([note, true]);
      const seen = (answers.get(name) ?? []).some((data) =>
        shapeProblems(data, endpoint?.data ?? 'any').some((p) => p.startsWith(`${path} `))
      );
      expect([note, seen]).toEqual([note, true]);
    }
  });
});
