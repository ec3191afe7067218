// The cluster storage calls, as the step builds them, through its own client and session to the emulator
// over real HTTPS, RSA-signed and strict: the wire forms of issue 51's volumes, before any operation uses them.
import { emulatorContext, useStepBench } from '../helpers/emulator-step.js';
import {
  volumeConfigsCall,
  volumeCreateCall,
  volumeDeleteCall,
  volumeExpandCall,
  volumeListCall
} from '../../src/platform/operations/calls.js';
import { volumeConfigsOf, volumesOf, volumeWriteOf } from '../../src/platform/volume-data.js';

const GIB = 1024 ** 3;

describe('cluster storage volumes, as the step sends their calls', () => {
  const bench = useStepBench({ readyAfterSeconds: 5, strict: true }, {});

  it('makes a volume from a configuration with room, sees it Active, grows it and deletes it, each by its state', async () => {
    const { emulator, clock, client, log } = bench;
    const ctx = emulatorContext(emulator, clock, client, { log }, { operation: 'detail' });
    const configs = volumeConfigsOf((await ctx.send(volumeConfigsCall(ctx.settings))).result.data);
    const chosen = configs.find((config) => config.available && (config.freeBytes ?? 0) >= GIB);
    expect(chosen).toMatchObject({ id: '10', region: 'beijing-jxq-p1' });
    const made = volumeWriteOf(
      (
        await ctx.send(
          volumeCreateCall(ctx.settings, { name: 'llm-weights', configId: chosen?.id ?? '', totalBytes: GIB })
        )
      ).result.data
    );
    expect(made.status).toBe('Creating');
    const read = async () =>
      volumesOf((await ctx.send(volumeListCall(ctx.settings, { ids: [made.id ?? ''] }))).result.data);
    expect(await read()).toMatchObject([{ id: made.id, status: 'Creating', totalBytes: GIB }]);
    clock.advance(6);
    expect(await read()).toMatchObject([{ id: made.id, status: 'Active', usedBytes: 0 }]);
    await ctx.send(volumeExpandCall(ctx.settings, made.id ?? '', 2 * GIB));
    clock.advance(6);
    expect(await read()).toMatchObject([{ status: 'Active', totalBytes: 2 * GIB }]);
    await ctx.send(volumeDeleteCall(ctx.settings, made.id ?? ''));
    clock.advance(6);
    expect(await read()).toEqual([]);
    // Every request was signed and verified by the strict emulator, the bodies as the reference writes them.
    const create = emulator.requests.find((r) => r.path.endsWith('/nas/v1/create'));
    expect(JSON.parse(create?.body ?? '{}')).toEqual({
      name: 'llm-weights',
      nas_config_id: 10,
      total_size: GIB
    });
    expect(emulator.requests.every((r) => r.verdict?.code === '0000')).toBe(true);
  });
});
