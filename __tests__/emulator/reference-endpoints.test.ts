// The endpoints the emulator serves from the platform's reference beyond the spec: the whole-configuration
// update, and image preheat over time.
import type { Emulator } from '../../emulator/index.js';
import { startTestEmulator, type TestClient, type TestClock } from '../helpers/platform-client.js';

describe('update and image preheat, as the reference describes them', () => {
  let emulator: Emulator;
  let client: TestClient;
  let clock: TestClock;

  beforeEach(async () => {
    ({ emulator, client, clock } = await startTestEmulator({ profile: 'live', readyAfterSeconds: 10 }));
  });
  afterEach(() => emulator.stop());

  async function call(method: 'GET' | 'POST', target: string, json?: unknown) {
    clock.advance(0.001);
    return (await client.call({ method, target, json })).envelope;
  }

  it('overwrites the whole configuration with an update: services keep their ids by name, credentials are never shown', async () => {
    const id = emulator.tasks.add({
      task_name: 'web',
      points: 1,
      status: 'Running',
      services: [{ service_name: 'api', service_image: 'app:1', remote_ports: [{ service_port: 80 }] }]
    });
    const detail = async () =>
      (await call('GET', `/api/task/deployment/detail?task_id=${id}`)).data as {
        services: Record<string, unknown>[];
      } & Record<string, unknown>;
    const before = await detail();
    const serviceId = before.services[0]?.service_id;
    const posted = {
      ...before,
      repository_username: 'bot',
      repository_password: 'secret',
      services: [
        { ...before.services[0], service_image: 'app:2', env: 'MODE=fast' },
        { service_name: 'sidecar', service_image: 'proxy:1', remote_ports: [], health_checks: null }
      ]
    };
    expect(await call('POST', '/api/deployment/task/update', posted)).toMatchObject({
      code: '0000',
      data: null
    });
    const after = await detail();
    expect(after.services.map((s) => [s.service_name, s.service_image, s.env])).toEqual([
      ['api', 'app:2', 'MODE=fast'],
      ['sidecar', 'proxy:1', null]
    ]);
    expect(after.services[0]?.service_id).toBe(serviceId);
    expect([after.repository_username, after.repository_password]).toEqual([null, null]);
    const nodes = (await call('GET', `/api/deployment/task/points?task_id=${id}`)).data as {
      results: { containers: { image: string }[] }[];
    };
    expect(nodes.results[0]?.containers.map((c) => c.image)).toEqual(['app:2', 'proxy:1']);
    // The reference's update requires health_checks on every service (null when there are none).
    const bare = Object.fromEntries(
      Object.entries(after.services[0] ?? {}).filter(([key]) => key !== 'health_checks')
    );
    expect(await call('POST', '/api/deployment/task/update', { ...after, services: [bare] })).toMatchObject({
      code: 'C005',
      message: expect.stringMatching(/^parameter error: services\[0\]\.health_checks is missing/)
    });
    // And the detail's structure whole (task-edit): missing system fields fail validation.
    const partial = Object.fromEntries(
      Object.entries(after).filter(([key]) => key !== 'status' && key !== 'runing_points')
    );
    expect(await call('POST', '/api/deployment/task/update', partial)).toMatchObject({
      code: 'C005',
      message:
        'parameter error: status, runing_points are missing: an update posts back the whole configuration task detail gives, changed'
    });
  });

  it('preheats an image in a region: Begin, Syncing, then Completed; stopped, it ends', async () => {
    const images = [{ service_name: 'web', service_image: 'nginx:1.27' }];
    const created = await call('POST', '/api/task/image_preheat/create', {
      task_name: 'warm',
      regions: [{ region: 'hebeif-1', region_name: '河北一区' }],
      services: images
    });
    const id = (created.data as { task_id: number }).task_id;
    const cache = async () =>
      (
        (await call('GET', `/api/task/image_preheat/detail?task_id=${id}`)).data as {
          region_cache_info: { region: string; status: string }[];
        }
      ).region_cache_info;
    expect(await cache()).toEqual([{ region: 'hebeif-1', status: 'Begin' }]);
    clock.advance(5);
    expect((await cache())[0]?.status).toBe('Syncing');
    clock.advance(5);
    expect((await cache())[0]?.status).toBe('Completed');
    expect(await call('POST', '/api/task/image_preheat/stop', { task_id: id })).toMatchObject({
      code: '0000'
    });
    expect((await call('GET', `/api/task/image_preheat/detail?task_id=${id}`)).data).toMatchObject({
      status: 'End'
    });
    expect((await call('POST', '/api/task/image_preheat/stop', { task_id: id })).code).toBe('C008');
  });

  it('prepares the nodes of a node preheat over time, from a mark of a search with task_type ImagePreHeat', async () => {
    const search = (
      await call('GET', '/api/deployment/resource/search?task_type=ImagePreHeat&device_type=GpuDevice')
    ).data as { results: { regions: { mark: { mark: string } }[] }[] };
    const deployMarks = (
      await call('GET', '/api/deployment/resource/search?task_type=Deployment&device_type=GpuDevice')
    ).data as { results: { regions: { mark: { mark: string } }[] }[] };
    const images = [{ service_name: 'web', service_image: 'nginx:1.27' }];
    // A deployment's mark is not a preheat's.
    expect(
      (
        await call('POST', '/api/task/image_preheat/create', {
          task_name: 'nodes',
          points: 4,
          resources: [{ mark: deployMarks.results[0]?.regions[0]?.mark.mark }],
          services: images
        })
      ).code
    ).toBe('C005');
    const created = await call('POST', '/api/task/image_preheat/create', {
      task_name: 'nodes',
      points: 4,
      resources: [{ mark: search.results[0]?.regions[0]?.mark.mark }],
      services: images
    });
    const id = (created.data as { task_id: number }).task_id;
    const available = async () =>
      (
        (await call('GET', `/api/task/image_preheat/detail?task_id=${id}`)).data as {
          available_points: number;
        }
      ).available_points;
    expect(await available()).toBe(0);
    clock.advance(5);
    expect(await available()).toBe(2);
    clock.advance(5);
    expect(await available()).toBe(4);
    const listed = (await call('GET', '/api/task/image_preheat/search?status=Running&search_value=nodes'))
      .data;
    expect(listed).toMatchObject({ count: 1, results: [{ task_id: id, points: 4 }] });
  });
});
