import { ConfigError, parseConfig } from '../../emulator/config.js';
import type { Emulator } from '../../emulator/index.js';
import { startTestEmulator, type TestClient, type TestClock } from '../helpers/platform-client.js';

const SEARCH = '/api/deployment/resource/search?task_type=Deployment&device_type=GpuDevice';
const CREATE = '/api/task/deployment/create';

interface RegionEntry {
  region: string;
  mark: { mark: string };
  price: number;
  discount_price: number;
  inventory: number;
}

/**
 * Stock and prices: a create takes `points` nodes of its region and is refused, making nothing, when
 * fewer are free; a pause or a stop gives them back; a region runs out and comes back as set.
 */
describe('the stock of each region', () => {
  let emulator: Emulator;
  let client: TestClient;
  let clock: TestClock;

  beforeEach(async () => {
    ({ emulator, client, clock } = await startTestEmulator({ readyAfterSeconds: 1 }));
    emulator.stock.set([{ device_name: 'H20 x 8', region: 'guangdong-t-01', inventory: 3 }]);
  });
  afterEach(() => emulator.stop());

  async function call(method: 'GET' | 'POST', target: string, json?: unknown) {
    clock.advance(0.001);
    return (await client.call({ method, target, json })).envelope;
  }

  async function region(name: string): Promise<RegionEntry> {
    const data = (await call('GET', SEARCH)).data as {
      results: { device_name: string; regions: RegionEntry[] }[];
    };
    const found = data.results
      .filter((device) => device.device_name === 'H20 x 8')
      .flatMap((device) => device.regions)
      .find((entry) => entry.region === name);
    if (found === undefined) throw new Error(`no H20 x 8 in ${name}`);
    return found;
  }

  const create = async (name: string, points: number) =>
    call('POST', CREATE, {
      task_name: name,
      points,
      resources: [{ mark: (await region('guangdong-t-01')).mark.mark }],
      services: [{ service_name: 'web', service_image: 'nginx:1.27', remote_ports: [{ service_port: 80 }] }]
    });

  it('takes the nodes a create asks for, refuses one that asks for more than are free, and makes nothing then', async () => {
    const made = await create('takes', 2);
    expect(made.code).toBe('0000');
    expect((await region('guangdong-t-01')).inventory).toBe(1);
    const refused = await create('too-many', 2);
    expect([refused.code, refused.message]).toEqual([
      'C008',
      '资源不足: H20 x 8 in guangdong-t-01 has 1 node(s) free, 2 asked'
    ]);
    expect(client.lastReason()).toBe('out_of_stock');
    const search = await call(
      'GET',
      '/api/deployment/task/search?type=Deployment&status=Running,Pending,Paused,End&search_value=too-many'
    );
    expect(search.data).toMatchObject({ count: 0 });
  });

  it('gives the nodes back on a pause and a stop, and takes them again on a recover, if they are free', async () => {
    const id = ((await create('cycle', 3)).data as { task_id: number }).task_id;
    clock.advance(2);
    expect((await call('POST', '/api/deployment/task/pause', { task_id: id })).code).toBe('0000');
    expect((await region('guangdong-t-01')).inventory).toBe(3);
    expect((await create('meanwhile', 2)).code).toBe('0000');
    const recover = await call('POST', '/api/deployment/task/recover', { task_id: id });
    expect([recover.code, client.lastReason()]).toEqual(['C008', 'out_of_stock']);
    expect((await call('POST', '/api/deployment/task/stop', { task_id: id })).code).toBe('0000');
    expect((await region('guangdong-t-01')).inventory).toBe(1);
  });

  it('runs out and comes back when set to, and shows the prices set', async () => {
    emulator.stock.set([
      {
        device_name: 'H20 x 8',
        region: 'guangdong-t-01',
        inventory: 0,
        price: 17000,
        discount_price: 16000,
        restockAfterSeconds: 30,
        restockTo: 4
      }
    ]);
    expect(await region('guangdong-t-01')).toMatchObject({
      inventory: 0,
      price: 17000,
      discount_price: 16000
    });
    expect((await create('none-free', 1)).code).toBe('C008');
    clock.advance(30);
    expect((await region('guangdong-t-01')).inventory).toBe(4);
    expect((await create('back', 1)).code).toBe('0000');
  });

  it('refuses a change for a device or region the catalog does not have', () => {
    expect(() => {
      emulator.stock.set([{ device_name: 'A100', region: 'guangdong-t-01', inventory: 1 }]);
    }).toThrow('no device A100 in region guangdong-t-01 in the catalog');
  });
});

describe('stock in the config', () => {
  it('reads each change, field by field', () => {
    expect(
      parseConfig({
        stock: [{ device_name: '4090', region: 'beijing-jxq-p1', inventory: 0, restockAfterSeconds: 60 }]
      })
    ).toEqual({
      stock: [{ device_name: '4090', region: 'beijing-jxq-p1', inventory: 0, restockAfterSeconds: 60 }]
    });
    expect(() => parseConfig({ stock: [{ device_name: '4090', region: 'x', stock: 1 }] })).toThrow(
      ConfigError
    );
    expect(() => parseConfig({ stock: {} })).toThrow('config.stock must be an array');
  });
});
