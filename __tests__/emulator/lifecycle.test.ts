import { searchResources, Stock } from '../../emulator/stock.js';
import { useTestEmulator } from './helpers.js';

/** A 4090 in its first region, as a resource search gives it. */
const [GPU] = searchResources(['Deployment'], ['GpuDevice'], new Stock(Date.now)) as {
  regions: { mark: { mark: string; resource: unknown }; region_name: string }[];
}[];
const REGION = GPU?.regions[0];

// The platform's documented forms (the emulator's default profile): a plain create, GET detail.
const CREATE = '/api/task/deployment/create';
const DETAIL = '/api/task/deployment/detail';
/** The task search's required parameters, as the reference makes them. */
const SEARCH = '/api/deployment/task/search?type=Deployment&status=Running,Pending,Paused,End';

interface Task {
  task_id: bigint | number;
  task_name: string;
  status: string;
  points: number;
  runing_points: number;
  services: { service_name: string; remote_ports: { service_port: number; url: string | null }[] }[];
  forecast_value?: number;
}

interface Page<T> {
  count: number;
  results: T[];
}

describe('task lifecycle and endpoints', () => {
  const bench = useTestEmulator({ readyAfterSeconds: 5, failPattern: /-broken$/ });

  async function ok<T>(method: 'GET' | 'POST', target: string, json?: unknown): Promise<T> {
    bench.clock.advance(0.001); // a new timestamp (and so a new signature) for every request
    const response = await bench.client.call({ method, target, json });
    expect(response.envelope).toMatchObject({ code: '0000', message: 'success' });
    return response.envelope.data as T;
  }

  async function refused(
    method: 'GET' | 'POST',
    target: string,
    json: unknown
  ): Promise<[string | number, string]> {
    bench.clock.advance(0.001);
    const response = await bench.client.call({ method, target, json });
    return [response.envelope.code, response.envelope.message ?? ''];
  }

  async function create(name: string, points = 2): Promise<number> {
    const body = {
      task_name: name,
      points,
      resources: [{ mark: REGION?.mark.mark }],
      services: [
        {
          service_name: 'web',
          service_image: 'nginx:1.27',
          remote_ports: [{ service_port: 80 }, { service_port: 443 }]
        },
        { service_name: 'api', service_image: 'api:2', remote_ports: [{ service_port: 8080 }] }
      ]
    };
    const data = await ok<{ task_id: number }>('POST', CREATE, body);
    return data.task_id;
  }

  const detail = (id: number): Promise<Task> => ok<Task>('GET', `${DETAIL}?task_id=${id}`);
  const urls = (task: Task): (string | null)[] =>
    task.services.flatMap((s) => s.remote_ports.map((p) => p.url));

  it('creates a Pending task that becomes Running with every url after ready-after', async () => {
    const id = await create('svc');
    expect(id).toBe(1229831);
    const pending = await detail(id);
    expect(pending).toMatchObject({
      task_id: id,
      task_name: 'svc',
      status: 'Pending',
      points: 2,
      runing_points: 0
    });
    expect(urls(pending)).toEqual([null, null, null]);

    bench.clock.advance(4.9);
    expect((await detail(id)).status).toBe('Pending');
    bench.clock.advance(0.1);
    const running = await detail(id);
    expect(running).toMatchObject({ status: 'Running', runing_points: 2 });
    expect(urls(running)).toEqual([
      'https://t1229831-80.apps.emulator.invalid',
      'https://t1229831-443.apps.emulator.invalid',
      'https://t1229831-8080.apps.emulator.invalid'
    ]);
  });

  it('answers detail on the older path too, as public clients read it: GET ?task_id=', async () => {
    const id = await create('svc');
    expect(await ok<Task>('GET', `/api/deployment/task/detail?task_id=${id}`)).toMatchObject({
      task_id: id,
      status: 'Pending'
    });
    expect(await refused('GET', `${DETAIL}?task_id=abc`, undefined)).toEqual([
      'C005',
      expect.stringMatching(/task_id must be an integer/)
    ]);
  });

  it('pauses, recovers and stops, refusing wrong-state transitions', async () => {
    const id = await create('svc');
    expect(await refused('POST', '/api/deployment/task/pause', { task_id: id })).toEqual([
      'C008',
      `cannot pause task ${id} while it is Pending (allowed from Running)`
    ]);
    bench.clock.advance(5);
    expect(await ok('POST', '/api/deployment/task/pause', { task_id: id })).toBeNull();
    expect(await detail(id)).toMatchObject({ status: 'Paused', runing_points: 0 });
    expect((await refused('POST', '/api/deployment/task/pause', { task_id: id }))[0]).toBe('C008');

    await ok('POST', '/api/deployment/task/recover', { task_id: id });
    expect((await detail(id)).status).toBe('Pending');
    expect((await refused('POST', '/api/deployment/task/recover', { task_id: id }))[0]).toBe('C008');
    bench.clock.advance(5);
    expect((await detail(id)).status).toBe('Running');

    await ok('POST', '/api/deployment/task/stop', { task_id: id });
    const ended = await detail(id);
    expect(ended.status).toBe('End');
    expect(urls(ended)).toEqual([null, null, null]);
    expect(await refused('POST', '/api/deployment/task/stop', { task_id: id })).toEqual([
      'C008',
      expect.stringMatching(/while it is End/)
    ]);
  });

  it('stops and recovers only what the reference says: never a task in Other', async () => {
    const id = await create('svc-broken');
    bench.clock.advance(5);
    expect((await detail(id)).status).toBe('Other');
    expect(await refused('POST', '/api/deployment/task/recover', { task_id: id })).toEqual([
      'C008',
      `cannot recover task ${id} while it is Other (allowed from Paused)`
    ]);
    expect((await refused('POST', '/api/deployment/task/stop', { task_id: id }))[1]).toBe(
      `cannot stop task ${id} while it is Other (allowed from Pending, Running, Paused)`
    );
  });

  it('ends a task whose name matches the failure pattern in Other', async () => {
    const id = await create('svc-broken');
    bench.clock.advance(5);
    const task = await detail(id);
    expect(task.status).toBe('Other');
    expect(urls(task)).toEqual([null, null, null]);
  });

  it('answers a non-0000 code for unknown task ids on every task endpoint', async () => {
    expect(await refused('GET', `${DETAIL}?task_id=5`, undefined)).toEqual(['C007', 'task 5 does not exist']);
    for (const action of ['stop', 'pause', 'recover']) {
      expect(await refused('POST', `/api/deployment/task/${action}`, { task_id: 5 })).toEqual([
        'C007',
        'task 5 does not exist'
      ]);
    }
    expect((await refused('POST', '/api/deployment/task/change_points', { task_id: 5, points: 1 }))[0]).toBe(
      'C007'
    );
    expect((await refused('GET', '/api/deployment/task/points?task_id=5', undefined))[0]).toBe('C007');
  });

  it('changes the points, listing one node per point', async () => {
    const id = await create('svc', 2);
    expect((await refused('POST', '/api/deployment/task/change_points', { task_id: id }))[1]).toMatch(
      /points is required/
    );
    await ok('POST', '/api/deployment/task/change_points', { task_id: id, points: 3 });
    expect((await detail(id)).points).toBe(3);
    bench.clock.advance(5);
    const nodes = await ok<Page<{ point_id: string; status: string }>>(
      'GET',
      `/api/deployment/task/points?task_id=${id}`
    );
    expect(nodes.count).toBe(3);
    expect(nodes.results.map((n) => n.status)).toEqual(['Running', 'Running', 'Running']);
    const paged = await ok<Page<unknown>>(
      'GET',
      `/api/deployment/task/points?task_id=${id}&page=2&page_size=2`
    );
    expect([paged.count, paged.results.length]).toEqual([3, 1]);
    expect(
      (await ok<Page<unknown>>('GET', `/api/deployment/task/points?task_id=${id}&status=Failed`)).count
    ).toBe(0);
  });

  it('searches tasks by GET query or POST body, with status, search_value and paging', async () => {
    const a = await create('alpha-one');
    bench.clock.advance(5);
    const b = await create('beta-two');
    const all = await ok<Page<Task>>('GET', SEARCH);
    expect(all.results.map((t) => t.task_id)).toEqual([b, a]);
    const running = await ok<Page<Task>>(
      'GET',
      '/api/deployment/task/search?type=Deployment&status=Running%2CPaused'
    );
    expect(running.results.map((t) => t.task_id)).toEqual([a]);
    const byName = await ok<Page<Task>>('POST', '/api/deployment/task/search', {
      type: 'Deployment',
      status: 'Running,Pending',
      search_value: 'beta',
      page: 1
    });
    expect(byName.results.map((t) => t.task_name)).toEqual(['beta-two']);
    const second = await ok<Page<Task>>('GET', `${SEARCH}&page=2&page_size=1`);
    expect(second).toMatchObject({ count: 2, results: [{ task_id: a }] });
    expect(
      (await refused('GET', '/api/deployment/task/search?type=Deployment&status=Done', undefined))[1]
    ).toMatch(/status must be one of/);
    // No largest page_size is published: a large one is taken, unless the emulator caps pages.
    expect((await ok<Page<Task>>('GET', `${SEARCH}&page_size=500`)).results).toHaveLength(2);
    bench.emulator.setPageSizeMax(1);
    expect(await ok<Page<Task>>('GET', `${SEARCH}&page_size=100`)).toMatchObject({
      count: 2,
      results: [{ task_id: b }]
    });
  });

  it('lists compute resources, refusing a search without its two required parameters', async () => {
    const gpus = await ok<
      Page<{ device_name: string; gpu_name: string; regions: Record<string, unknown>[] }>
    >('GET', '/api/deployment/resource/search?task_type=Deployment&device_type=GpuDevice');
    expect(gpus.results.map((d) => d.device_name)).toEqual(['4090', 'H20 x 8']);
    expect(gpus.results[0]?.regions[0]).toEqual({
      region: 'beijing-jxq-p1',
      region_name: '北京一区',
      mark: {
        resource: {
          device_name: '4090',
          region: 'beijing-jxq-p1',
          gpu_name: '4090',
          gpu_count: 1,
          gpu_memory: 24560,
          memory: 64512,
          cpu_cores: 16
        },
        region_name: null,
        mark: REGION?.mark.mark
      },
      price: 1980,
      discount_price: 1880,
      inventory: 42
    });
    const cpu = await ok<Page<{ gpu_name: string }>>(
      'GET',
      '/api/deployment/resource/search?task_type=Deployment&device_type=CpuDevice'
    );
    expect(cpu.results.map((d) => d.gpu_name)).toEqual(['']);
    for (const query of ['', '?task_type=Deployment', '?device_type=GpuDevice']) {
      expect((await refused('GET', `/api/deployment/resource/search${query}`, undefined))[0]).toBe('C005');
    }
    expect(
      (
        await refused(
          'GET',
          '/api/deployment/resource/search?task_type=Deployment&device_type=Tpu',
          undefined
        )
      )[1]
    ).toMatch(/device_type must be one of GpuDevice, CpuDevice/);
  });

  it('refuses a create whose resources[].mark is not a string (the mark object pasted whole)', async () => {
    bench.clock.advance(0.001);
    const response = await bench.client.call({
      method: 'POST',
      target: CREATE,
      json: { task_name: 'svc', points: 1, resources: [{ mark: REGION?.mark }], services: [] }
    });
    expect(response.envelope).toMatchObject({
      code: 'C005',
      message: expect.stringMatching(/resources\[0\]\.mark must be a string/)
    });
  });

  it('bills Running time alone by default, and Pending time too where asked', async () => {
    bench.emulator.stock.set([
      { device_name: '4090', region: 'beijing-jxq-p1', price: 1980, discount_price: 1980 }
    ]);
    const running = await create('svc', 1);
    bench.clock.advance(5 + 10); // Pending 5 s, then Running 10 s: 5,500 points
    expect((await detail(running)).forecast_value).toBeCloseTo(10 * 550, -1);
    bench.emulator.tasks.setBillPending(true);
    const pending = await create('svc-2', 1);
    bench.clock.advance(4); // Pending all along: 2,200 points
    expect((await detail(pending)).forecast_value).toBeCloseTo(4 * 550, -1);
  });

  it('bills in points, booked every 5 minutes: forecast_value first, then billing_value and the records', async () => {
    // The resource's discount_price 1980 is billed, read as thousandths of a yuan per node-hour: 1.98 yuan
    // an hour, 550 points a node-second (the reference's worked example); its price 2160 books the 0.18
    // yuan an hour between them as the discount, 50 points a node-second.
    bench.emulator.stock.set([
      { device_name: '4090', region: 'beijing-jxq-p1', price: 2160, discount_price: 1980 }
    ]);
    bench.clock.ms = Date.parse('2026-11-24T09:00:00Z');
    const id = await create('svc', 2);
    bench.clock.advance(5 + 60);
    // Each request moves the clock a millisecond on: the points are exact within a few.
    const about = (points: number): unknown => expect.closeTo(points, -1);
    expect(await detail(id)).toMatchObject({
      billing_value: 0,
      forecast_value: about(2 * 60 * 550),
      billing_points: 2
    });
    bench.clock.advance(240 + 600);
    // Ran 900 s on 2 nodes; booked at 09:15:00, when it had run 895 s.
    expect(await detail(id)).toMatchObject({
      billing_value: about(2 * 895 * 550),
      forecast_value: about(2 * 5 * 550)
    });
    const window = 'range=hour&start_time=2026-11-24T09:00:00Z&end_time=2026-11-24T11:00:00%2B01:00';
    const byTime = await ok<Page<Record<string, unknown>>>(
      'GET',
      `/api/billing/get_billing_record?${window}`
    );
    expect(byTime.results).toEqual([
      {
        billing_coin: about(2 * 895 * 550),
        discount_coin: about(2 * 895 * 50),
        start_time: '2026-11-24T09:00:00Z',
        end_time: '2026-11-24T10:00:00Z'
      }
    ]);
    const byTask = await ok<Page<Record<string, unknown>>>(
      'GET',
      `/api/billing/get_task_billing_record?${window}`
    );
    expect(byTask.results).toEqual([
      {
        task_id: id,
        task_type: 'Deployment',
        task_name: 'svc',
        billing_coin: about(2 * 895 * 550),
        discount_coin: about(2 * 895 * 50)
      }
    ]);
    for (const path of ['get_billing_record', 'get_task_billing_record']) {
      expect((await refused('GET', `/api/billing/${path}?range=day`, undefined))[1]).toMatch(
        /start_time and end_time are required/
      );
      expect(
        (
          await refused(
            'GET',
            `/api/billing/${path}?range=day&start_time=yesterday&end_time=today`,
            undefined
          )
        )[1]
      ).toMatch(/RFC 3339/);
    }
  });
});

describe("the interface spec's storage check (profile spec)", () => {
  const bench = useTestEmulator({ profile: 'spec' });

  async function ok<T>(method: 'GET' | 'POST', target: string, json: unknown, encrypt: boolean): Promise<T> {
    bench.clock.advance(0.001);
    const response = await bench.client.call({ method, target, json, encrypt });
    expect(response.envelope).toMatchObject({ code: '0000', msg: 'success' });
    return response.envelope.data as T;
  }

  it('checks a storage configuration sent encrypted', async () => {
    const storage = {
      storage_name: 'models',
      oss_region_id: 3,
      bucket: 'my-bucket',
      dir: 'weights/',
      endpoint: 'oss.example.com',
      access_key: 'AKID',
      secret_key: 'SECRET'
    };
    expect(await ok('POST', '/api/storage/encrypt/check', storage, true)).toEqual({
      pass: true,
      message: 'the storage can be reached with these settings'
    });
    bench.emulator.storage.setVerdict({ pass: false, message: 'access denied' });
    expect(await ok('POST', '/api/storage/encrypt/check', storage, true)).toEqual({
      pass: false,
      message: 'access denied'
    });
    bench.clock.advance(0.001);
    const missing = await bench.client.call({
      method: 'POST',
      target: '/api/storage/encrypt/check',
      json: { ...storage, oss_region_id: undefined },
      encrypt: true
    });
    expect(missing.envelope.msg).toMatch(/exactly one <engine>_region_id field/);
    expect(bench.emulator.requests.at(-1)?.plaintext).not.toContain('oss_region_id');
  });
});
