// The emulator's object storages accelerated for mounts (JuiceFS, suanli-job/api/object-storage.md): the
// list and its required parameters, and a create's storage_config held to what the platform requires.
import type { Emulator } from '../../emulator/index.js';
import { startTestEmulator, type TestClient, type TestClock } from '../helpers/platform-client.js';
import { corpusIn } from './helpers.js';

describe("the emulator's object storages", () => {
  let emulator: Emulator;
  let client: TestClient;
  let clock: TestClock;
  /** A Deployment mark of each region, by its tag. */
  let marks: Map<string, string>;

  beforeEach(async () => {
    ({ emulator, client, clock } = await startTestEmulator({ profile: 'live', readyAfterSeconds: 5 }));
    const search = await call(
      'GET',
      '/api/deployment/resource/search?task_type=Deployment&device_type=GpuDevice'
    );
    const devices = (search.data as { results: { regions: { region: string; mark: { mark: string } }[] }[] })
      .results;
    marks = new Map(devices.flatMap((d) => d.regions).map((r) => [r.region, r.mark.mark]));
  });
  afterEach(() => emulator.stop());

  async function call(method: 'GET' | 'POST', target: string, json?: unknown) {
    clock.advance(0.001);
    return (await client.call({ method, target, json })).envelope;
  }

  const list = async (query: string) =>
    (await call('GET', `/api/storage/get_storage?${query}`)).data as {
      count: number;
      results: { storage_id: number; storage_name: string; status: string; deployments: unknown[] }[];
    };

  const create = (region: string, storageId: number) =>
    call('POST', '/api/task/deployment/create', {
      task_name: 'reader',
      points: 1,
      resources: [{ mark: marks.get(region) }],
      services: [
        {
          service_name: 'web',
          service_image: 'nginx:1.27',
          remote_ports: [{ service_port: 80 }],
          storage_config: [{ storage_id: storageId, target_dir: '/weights' }]
        }
      ]
    });

  it('lists the storages of the statuses asked, a page at a time; both parameters are required', async () => {
    const all = await list('storage_type=Juicefs&status=Activate,Unactivated');
    expect(all.results.map((s) => [s.storage_name, s.status])).toEqual([
      ['weights', 'Activate'],
      ['archive', 'Unactivated']
    ]);
    expect((await list('storage_type=Juicefs&status=Unactivated')).results).toHaveLength(1);
    expect(await list('storage_type=Juicefs&status=Activate&page=2&page_size=1')).toMatchObject({
      count: 1,
      results: []
    });
    for (const [query, refused] of [
      ['status=Activate', 'storage_type is required'],
      ['storage_type=Juicefs', 'status is required'],
      ['storage_type=Oss&status=Activate', 'storage_type must be one of Juicefs'],
      ['storage_type=Juicefs&status=Active', 'status must be one of Activate, Unactivated']
    ] as const) {
      const answer = await call('GET', `/api/storage/get_storage?${query}`);
      expect([answer.code === '0000', answer.data, answer.message]).toEqual([
        false,
        null,
        expect.stringContaining(refused)
      ]);
    }
  });

  it('mounts an Activate storage only in a region it is synced to, and lists the task while it runs', async () => {
    const far = await create('beijing-jxq-p1', 36);
    expect([far.code === '0000', far.message]).toEqual([
      false,
      expect.stringContaining(
        "storage 36 is accelerated in guangdong-t-01, but the task's resources are in beijing-jxq-p1"
      )
    ]);
    const cold = await create('beijing-jxq-p1', 37);
    expect(cold.message).toContain('storage 37 is Unactivated');
    expect((await create('guangdong-t-01', 99)).message).toContain('storage 99 does not exist');
    const made = await create('guangdong-t-01', 36);
    expect(made.code).toBe('0000');
    const id = (made.data as { task_id: number }).task_id;
    const [weights] = (await list('storage_type=Juicefs&status=Activate')).results;
    expect(weights?.deployments).toEqual([
      {
        deployment_id: String(id),
        deployment_name: 'reader',
        target_dir: '/weights',
        task_type: 'Deployment',
        regions: [{ tag: 'guangdong-t-01', name: '广东-T1' }]
      }
    ]);
    await call('POST', '/api/deployment/task/stop', { task_id: id });
    clock.advance(60);
    expect((await list('storage_type=Juicefs&status=Activate')).results[0]?.deployments).toEqual([]);
  });

  it('adds storages by a knob, accelerated where the test says', async () => {
    const hebei = { tag: 'hebeif-1', name: '河北一区' };
    const id = emulator.storage.addObjectStorage(corpusIn(hebei));
    expect((await list('storage_type=Juicefs&status=Activate')).results.map((s) => s.storage_id)).toEqual([
      36,
      id
    ]);
  });
});
