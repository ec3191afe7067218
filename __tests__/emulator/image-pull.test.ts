import { parseConfig } from '../../emulator/config.js';
import type { Emulator } from '../../emulator/index.js';
import { startTestEmulator, type TestClient, type TestClock } from '../helpers/platform-client.js';

const CREATE = '/api/task/deployment/create';
const DETAIL = '/api/task/deployment/detail';
const PREHEAT = '/api/task/image_preheat';
const IMAGE = 'registry.example.com/llm:2';

/**
 * Cold starts and image preheat: a new task waits to pull each image no completed preheat cached in its
 * region; preheats progress Begin, Syncing, Completed over their duration (a private image's only with its
 * registry account: without it, Syncing on).
 */
describe('image pulls and preheats', () => {
  let emulator: Emulator;
  let client: TestClient;
  let clock: TestClock;

  beforeEach(async () => {
    ({ emulator, client, clock } = await startTestEmulator({ readyAfterSeconds: 5 }));
    emulator.preheats.setImagePull({ seconds: 60, images: { 'small:1': 2 } });
    emulator.preheats.configure({ durationSeconds: 30 });
  });
  afterEach(() => emulator.stop());

  async function call(method: 'GET' | 'POST', target: string, json?: unknown) {
    clock.advance(0.001);
    const { envelope } = await client.call({ method, target, json });
    expect(envelope.code).toBe('0000');
    return envelope.data as Record<string, unknown>;
  }

  async function beijingMark(taskType: string): Promise<string> {
    const data = (await call(
      'GET',
      `/api/deployment/resource/search?task_type=${taskType}&device_type=GpuDevice`
    )) as {
      results: { device_name: string; regions: { region: string; mark: { mark: string } }[] }[];
    };
    const device = data.results.find((d) => d.device_name === '4090');
    return device?.regions.find((r) => r.region === 'beijing-jxq-p1')?.mark.mark ?? '';
  }

  async function create(image: string): Promise<number> {
    const data = await call('POST', CREATE, {
      task_name: 'cold',
      points: 1,
      resources: [{ mark: await beijingMark('Deployment') }],
      services: [{ service_name: 'web', service_image: image, remote_ports: [{ service_port: 80 }] }]
    });
    return data.task_id as number;
  }

  const status = async (id: number) => (await call('GET', `${DETAIL}?task_id=${id}`)).status;
  const preheat = (body: Record<string, unknown>, service: Record<string, unknown> = {}) =>
    call('POST', `${PREHEAT}/create`, {
      task_name: 'warm',
      task_type: 'ImagePreHeat',
      services: [{ service_name: 'web', service_image: IMAGE, ...service }],
      ...body
    });
  const preheatDetail = (id: unknown) => call('GET', `${PREHEAT}/detail?task_id=${String(id)}`);

  it('keeps a new task Pending while it pulls an image no preheat cached, as long as that image takes', async () => {
    emulator.preheats.setImagePull({
      seconds: 30,
      images: { 'small:1': 2 },
      regions: { 'beijing-jxq-p1': 60 }
    });
    const cold = await create(IMAGE);
    const small = await create('small:1');
    clock.advance(10);
    expect([await status(cold), await status(small)]).toEqual(['Pending', 'Running']);
    // Past the default's 30 s, not the region's 60.
    clock.advance(30);
    expect(await status(cold)).toBe('Pending');
    clock.advance(26);
    expect(await status(cold)).toBe('Running');
  });

  it('starts a task at once where a completed cluster preheat cached its image, after Begin and Syncing', async () => {
    const { task_id } = await preheat({ regions: [{ region: 'beijing-jxq-p1', region_name: '北京一区' }] });
    const cache = async () =>
      ((await preheatDetail(task_id)).region_cache_info as { status: string }[])[0]?.status;
    expect(await cache()).toBe('Begin');
    clock.advance(15);
    expect(await cache()).toBe('Syncing');
    const early = await create(IMAGE);
    clock.advance(15);
    expect(await cache()).toBe('Completed');
    const warm = await create(IMAGE);
    clock.advance(6);
    expect([await status(warm), await status(early)]).toEqual(['Running', 'Pending']);
  });

  it('prepares the nodes of a node preheat one after another, and caches the image in their region once done', async () => {
    const { task_id } = await preheat({
      points: 2,
      resources: [{ mark: await beijingMark('ImagePreHeat') }]
    });
    clock.advance(15);
    expect(await preheatDetail(task_id)).toMatchObject({ points: 2, available_points: 1 });
    clock.advance(15);
    expect(await preheatDetail(task_id)).toMatchObject({ available_points: 2 });
    const warm = await create(IMAGE);
    clock.advance(6);
    expect(await status(warm)).toBe('Running');
  });

  // Regression: the emulator invented a Failed region status, which the reference does not list.
  it('pulls a private image only with its registry account: without it a preheat syncs on, never Failed', async () => {
    emulator.preheats.setPrivateRegistry({ pattern: /llm/, username: 'bot', password: 'reg-pass-1' });
    const { task_id } = await preheat({ regions: [{ region: 'beijing-jxq-p1' }] });
    clock.advance(3600);
    expect((await preheatDetail(task_id)).region_cache_info).toEqual([
      { region: 'beijing-jxq-p1', status: 'Syncing' }
    ]);
    const cold = await create(IMAGE);
    clock.advance(6);
    expect(await status(cold)).toBe('Pending');
    const account = { repository_username: 'bot', repository_password: 'reg-pass-1' };
    const { task_id: withAccount } = await preheat(
      { regions: [{ region: 'beijing-jxq-p1' }] },
      { repository_account: account }
    );
    clock.advance(30);
    const detail = await preheatDetail(withAccount);
    expect(detail.region_cache_info).toEqual([{ region: 'beijing-jxq-p1', status: 'Completed' }]);
    // The account is taken, never shown.
    expect(JSON.stringify(detail)).not.toContain('reg-pass-1');
  });

  it('caches nothing for a preheat stopped before it completed', async () => {
    const { task_id } = await preheat({ regions: [{ region: 'beijing-jxq-p1' }] });
    clock.advance(10);
    await call('POST', `${PREHEAT}/stop`, { task_id });
    clock.advance(30);
    const cold = await create(IMAGE);
    clock.advance(6);
    expect(await status(cold)).toBe('Pending');
  });
});

describe('image pulls and preheats in the config', () => {
  it('reads them, field by field', () => {
    expect(
      parseConfig({
        imagePull: { seconds: 90, images: { 'a:1': 5 }, regions: { r: 30 } },
        preheat: { durationSeconds: 20 },
        privateRegistry: { pattern: '^registry\\.', username: 'bot', password: 'p' }
      })
    ).toEqual({
      imagePull: { seconds: 90, images: { 'a:1': 5 }, regions: { r: 30 } },
      preheat: { durationSeconds: 20 },
      privateRegistry: { pattern: '^registry\\.', username: 'bot', password: 'p' }
    });
    expect(() => parseConfig({ privateRegistry: { pattern: '(', username: 'u', password: 'p' } })).toThrow(
      'config.privateRegistry.pattern is not a regular expression'
    );
    // The reference lists no failure status of a preheat: the emulator has no way to make one up.
    expect(() => parseConfig({ preheat: { failPattern: 'bad' } })).toThrow(
      'config.preheat has unknown field failPattern: use durationSeconds'
    );
    expect(() => parseConfig({ imagePull: { images: { 'a:1': 'slow' } } })).toThrow(
      /config\.imagePull\.images\.a:1/
    );
  });
});
