// Requests exactly as the platform's own script sends them (suanli-deployment/scripts/call.sh, in token
// mode: token, timestamp and version headers, Content-Type on POST only, BASE/api + path), against the
// emulator's live profile: what the reference documents is taken, what it refuses is refused.
import type { Emulator } from '../../emulator/index.js';
import { parseJson } from '../../emulator/json.js';
import { send, startTestEmulator, type TestClock } from '../helpers/platform-client.js';

describe("the platform's own call.sh forms, against the emulator's live profile, strict", () => {
  let emulator: Emulator;
  let clock: TestClock;

  // Strict (issue 60, point 16): the reference's letter is what call.sh sends, a GET with no Content-Type.
  beforeEach(async () => {
    ({ emulator, clock } = await startTestEmulator({ profile: 'live', strict: true, readyAfterSeconds: 5 }));
  });
  afterEach(() => emulator.stop());

  /** call.sh METHOD /path [query_or_body]: answers the envelope's code and data. */
  async function callSh(
    method: 'GET' | 'POST',
    path: string,
    payload = ''
  ): Promise<{ code: unknown; data: unknown }> {
    clock.advance(0.001);
    const headers: Record<string, string> = {
      token: emulator.token_mode.token,
      timestamp: String(clock.ms),
      version: '1.0.0'
    };
    const target = method === 'GET' && payload !== '' ? `/api${path}?${payload}` : `/api${path}`;
    if (method === 'POST') headers['Content-Type'] = 'application/json';
    const answer = await send(emulator.base_url, emulator.ca_file, {
      method,
      target,
      headers,
      ...(method === 'POST' ? { body: payload } : {})
    });
    const envelope = parseJson(answer.text) as { code: unknown; data: unknown };
    return { code: envelope.code, data: envelope.data };
  }
  const ok = async (method: 'GET' | 'POST', path: string, payload = ''): Promise<unknown> => {
    const answer = await callSh(method, path, payload);
    expect([path, answer.code]).toEqual([path, '0000']);
    return answer.data;
  };
  const refused = async (method: 'GET' | 'POST', path: string, payload = ''): Promise<void> => {
    const answer = await callSh(method, path, payload);
    expect([path, payload, answer.code]).not.toEqual([path, payload, '0000']);
  };

  it('takes every form of the SKILL.md script list, and the preheat endpoints, in token mode', async () => {
    const resources = (await ok(
      'GET',
      '/deployment/resource/search',
      'task_type=Deployment&device_type=GpuDevice'
    )) as {
      results: { regions: { mark: { mark: string } }[] }[];
    };
    const mark = resources.results[0]?.regions[0]?.mark.mark ?? '';
    const payload = JSON.stringify({
      task_name: 'vendor',
      resources: [{ mark }],
      services: [
        {
          service_name: 'container-01',
          service_image: 'nginx:1.27',
          remote_ports: [{ service_port: 8080 }],
          start_script_v2: { command: null, args: [] }
        }
      ]
    });
    const { task_id: id } = (await ok('POST', '/task/deployment/create', payload)) as { task_id: number };
    await ok('GET', '/deployment/task/search', 'type=Deployment&status=Running&page=1&page_size=10');
    const detail = await ok('GET', '/task/deployment/detail', `task_id=${id}`);
    // The reference's default node count, for a create that sends none.
    expect(detail).toMatchObject({ points: 1 });
    clock.advance(5);
    const nodes = (await ok(
      'GET',
      '/deployment/task/points',
      `task_id=${id}&status=Running&page=1&page_size=10`
    )) as {
      results: { point_id: number }[];
    };
    const point = nodes.results[0]?.point_id ?? 0;
    const serviceId = (detail as { services: { service_id: number }[] }).services[0]?.service_id ?? 0;
    await ok('GET', '/deployment/task/point_log', `task_id=${id}&point_id=${point}&service_id=${serviceId}`);
    await ok('GET', '/deployment/task/pod_event', `point_id=${point}`);
    const window = 'range=day&start_time=2026-01-01T00:00:00%2B08:00&end_time=2026-01-31T23:59:59%2B08:00';
    await ok('GET', '/billing/get_billing_record', window);
    await ok('GET', '/billing/get_task_billing_record', window);
    await ok('POST', '/deployment/task/update', JSON.stringify({ ...(detail as object), points: 2 }));
    await ok('POST', '/deployment/task/change_points', JSON.stringify({ task_id: id, points: 2 }));
    await ok('POST', '/deployment/task/delete_pod', JSON.stringify({ point_id: point }));
    await ok('POST', '/deployment/task/pause', JSON.stringify({ task_id: id }));
    await ok('POST', '/deployment/task/recover', JSON.stringify({ task_id: id }));
    await ok('POST', '/deployment/task/stop', JSON.stringify({ task_id: id }));
    const regions = (await ok('GET', '/task/image_preheat/get_regions')) as { regions: unknown[] };
    const { task_id: preheat } = (await ok(
      'POST',
      '/task/image_preheat/create',
      JSON.stringify({
        task_name: 'warm',
        regions: regions.regions.slice(0, 1),
        services: [{ service_name: 'web', service_image: 'nginx:1.27' }]
      })
    )) as { task_id: number };
    await ok('GET', '/task/image_preheat/detail', `task_id=${preheat}`);
    await ok('GET', '/task/image_preheat/search', 'status=Running&page=1&page_size=10');
    await ok('POST', '/task/image_preheat/stop', JSON.stringify({ task_id: preheat }));
  });

  it('refuses what the reference refuses', async () => {
    await refused('GET', '/deployment/task/search', 'page=1');
    await refused('GET', '/deployment/resource/search', 'device_type=GpuDevice');
    await refused('GET', '/billing/get_billing_record', 'range=day');
    await refused(
      'GET',
      '/billing/get_task_billing_record',
      'start_time=2026-01-01T00:00:00Z&end_time=2026-01-02T00:00:00Z'
    );
    const services = [
      { service_name: 'web', service_image: 'nginx:1.27', remote_ports: [{ service_port: 80 }] }
    ];
    // A create without resources or services, or whose mark is the search's object pasted whole.
    await refused('POST', '/task/deployment/create', JSON.stringify({ task_name: 'x', services }));
    await refused(
      'POST',
      '/task/deployment/create',
      JSON.stringify({ task_name: 'x', resources: [{ mark: { mark: 'm' } }], services })
    );
    const { task_id: id } = (await ok(
      'POST',
      '/task/deployment/create',
      JSON.stringify({ task_name: 'states', resources: [{ mark: 'm' }], services })
    )) as { task_id: number };
    // Pending: no pause, no recover; Running: no recover; End: no stop.
    await refused('POST', '/deployment/task/pause', JSON.stringify({ task_id: id }));
    await refused('POST', '/deployment/task/recover', JSON.stringify({ task_id: id }));
    clock.advance(5);
    await refused('POST', '/deployment/task/recover', JSON.stringify({ task_id: id }));
    await ok('POST', '/deployment/task/stop', JSON.stringify({ task_id: id }));
    await refused('POST', '/deployment/task/stop', JSON.stringify({ task_id: id }));
    const images = [{ service_name: 'web', service_image: 'nginx:1.27' }];
    // A preheat takes exactly one of regions and resources.
    await refused('POST', '/task/image_preheat/create', JSON.stringify({ task_name: 'w', services: images }));
    await refused(
      'POST',
      '/task/image_preheat/create',
      JSON.stringify({
        task_name: 'w',
        services: images,
        regions: [{ region: 'hebeif-1' }],
        resources: [{ mark: 'm' }],
        points: 1
      })
    );
    await refused(
      'POST',
      '/task/image_preheat/create',
      JSON.stringify({ task_name: 'w', services: images, regions: [{ region: 'nowhere' }] })
    );
  });
});
