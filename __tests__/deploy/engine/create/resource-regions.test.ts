// Where a create body's resources are, before anything is sent: by region_name, by a resource's region tag,
// or, for a mark alone, by the resource search that gave it (GPU devices first, then CPU ones, each once).
import { resourceRegions } from '../../../../src/deploy/engine/create/resource-regions.js';
import type { Call } from '../../../../src/platform/operations/operation-table.js';
import type { Answer } from '../../../../src/platform/session.js';
import { scriptedContext } from '../../../helpers/runtime.js';
import { testSettings } from '../../../helpers/settings.js';

const offer = (mark: string, region: string, region_name?: string) => ({
  device_name: '4090',
  gpu_name: '4090',
  gpu_count: 1,
  regions: [
    {
      region,
      ...(region_name === undefined ? {} : { region_name }),
      price: 1980,
      discount_price: 1880,
      inventory: 3,
      mark: { mark }
    }
  ]
});

function platform(devices: Record<string, unknown[]>) {
  const searched: string[] = [];
  const send = (call: Call): Promise<Answer> => {
    const type = call.query.find(([name]) => name === 'device_type')?.[1] ?? '';
    searched.push(type);
    const data = { count: devices[type]?.length ?? 0, results: devices[type] ?? [] };
    return Promise.resolve({ result: { code: '0000', msg: 'success', data }, raw: JSON.stringify(data) });
  };
  return { ctx: scriptedContext(send, { settings: testSettings({ operation: 'create' }) }), searched };
}

describe("a create body's resource regions", () => {
  it('takes region_name, else a resource region tag, and searches nothing when no mark is left', async () => {
    const { ctx, searched } = platform({});
    const found = await resourceRegions(
      [{ region_name: '北京一区', mark: 'm1' }, { resource: { region: 'hebeif-1' } }, 'not an entry', {}],
      ctx
    );
    expect(found).toEqual({
      regions: [
        { values: ['北京一区'], said: '北京一区' },
        { values: ['hebeif-1'], said: 'hebeif-1' }
      ],
      unknown: []
    });
    expect(searched).toEqual([]);
    expect(await resourceRegions(undefined, ctx)).toEqual({ regions: [], unknown: [] });
  });

  it("finds a mark's region by the search that lists it, CPU devices only when a GPU search does not, and says a mark none lists", async () => {
    const { ctx, searched } = platform({
      GpuDevice: [offer('gpu-mark', 'hebeif-1', '河北一区')],
      CpuDevice: [offer('cpu-mark', 'cpu-1')]
    });
    const found = await resourceRegions(
      [{ mark: 'gpu-mark' }, { mark: 'cpu-mark' }, { mark: 'nowhere' }],
      ctx
    );
    expect(found).toEqual({
      regions: [
        { values: ['hebeif-1', '河北一区'], said: 'hebeif-1 (河北一区, by its mark)' },
        { values: ['cpu-1'], said: 'cpu-1 (by its mark)' }
      ],
      unknown: ['nowhere']
    });
    expect(searched).toEqual(['GpuDevice', 'CpuDevice']);
    const gpuOnly = platform({ GpuDevice: [offer('gpu-mark', 'hebeif-1', '河北一区')] });
    await resourceRegions([{ mark: 'gpu-mark' }], gpuOnly.ctx);
    expect(gpuOnly.searched).toEqual(['GpuDevice']);
  });
});
