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

const LIST = '/api/storage/nas/v1/list';
const CREATE = '/api/storage/nas/v1/create';
const EXPAND = '/api/storage/nas/v1/expand';
const DELETE = '/api/storage/nas/v1/delete';

/**
 * The volume operations against the strict emulator over HTTPS on a fake clock (a volume settles 30 s
 * after each change): found by name or made, grown, waited on until Active, listed, and deleted.
 */
describe('operation volume, volume_list and volume_delete', () => {
  const bench = useStepBench({ readyAfterSeconds: 30, strict: true }, { operation: 'volume' });
  const { sent } = bench;
  // Each step a second after the one before: two runs never stamp a request in the same millisecond.
  const step: typeof bench.step = (inputs, options) => {
    bench.clock.advance(1);
    return bench.step(inputs, options);
  };
  const writes = () => bench.emulator.requests.filter((r) => r.method === 'POST').map((r) => r.path);

  it('makes the volume where asked from the cheapest configuration with room, and ends once it is Active', async () => {
    const { outputs, failure, left } = await step({
      volume: 'datasets',
      size: '100',
      region: 'beijing-jxq-p1'
    });
    expect(failure).toBeUndefined();
    expect(JSON.parse(sent(CREATE)[0]?.body ?? '{}')).toEqual({
      name: 'datasets',
      nas_config_id: 10,
      total_size: 100 * GIB
    });
    expect(outputs).toMatchObject({
      storage_id: '1001',
      region: 'beijing-jxq-p1',
      region_name: '北京一区',
      status: 'Active',
      total_size: '100',
      used_size: '0',
      volume_price: '0.36'
    });
    // Read at least 10 s apart, as the reference asks (poll_interval 10s is the default).
    const polls = sent(LIST).map((r) => r.receivedAt);
    const gaps = polls.slice(2).map((at, i) => at - (polls[i + 1] ?? 0));
    expect(gaps.length).toBeGreaterThan(0);
    expect(gaps.every((gap) => gap >= 10_000)).toBe(true);
    expect(bench.log).toContainEqual(expect.stringMatching(/^volume 1001: Creating \(being made, /));
    // Kept (volume_cleanup keep, the default): nothing for the post step.
    expect(left?.volumes).toEqual([]);
  });

  it('with no region, takes the cheapest configuration by its displayed price', async () => {
    const { outputs } = await step({ volume: 'datasets', size: '10' });
    expect(outputs).toMatchObject({ region: 'guangdong-t-01', volume_price: '0.30' });
  });

  it('finds the volume by name on the next run and sends nothing that changes it; grows it, never shrinks it', async () => {
    await step({ volume: 'datasets', size: '100' });
    const before = writes().length;
    const again = await step({ volume: 'datasets', size: '50' });
    expect(again.failure).toBeUndefined();
    expect(writes()).toHaveLength(before);
    expect(again.outputs.total_size).toBe('100');
    expect(bench.log).toContainEqual(expect.stringContaining('a volume is never shrunk'));
    const grown = await step({ volume: 'datasets', size: '200' });
    expect(grown.failure).toBeUndefined();
    expect(JSON.parse(sent(EXPAND)[0]?.body ?? '{}')).toEqual({ id: 1001, total_size: 200 * GIB });
    expect(grown.outputs).toMatchObject({ status: 'Active', total_size: '200', storage_id: '1001' });
    expect(sent(CREATE)).toHaveLength(1);
    // A volume found by its storage_id is the same.
    expect((await step({ volume: '1001' })).outputs.total_size).toBe('200');
  });

  it('fails for a volume in another region, naming its region, and sends nothing', async () => {
    await step({ volume: 'datasets', size: '10', region: 'beijing-jxq-p1' });
    const before = writes().length;
    const { failure } = await step({ volume: 'datasets', size: '10', region: 'guangdong-t-01' });
    expect(failure).toMatch(
      /volume 1001 \(datasets\) is in region beijing-jxq-p1, not guangdong-t-01: a volume cannot move; set region to beijing-jxq-p1/
    );
    expect(writes()).toHaveLength(before);
  });

  it('fails a volume that ends in Exception with the error the list gives', async () => {
    bench.emulator.storage.failVolumesNamed('broken', {
      error_code: 'NAS_PROVISION',
      error_message: 'the cluster could not provision the volume'
    });
    const { failure, outputs } = await step({ volume: 'broken', size: '10' });
    expect(failure).toMatch(
      /volume 1001 is Exception \(error NAS_PROVISION: the cluster could not provision the volume\).*volume_delete \(confirm: 1001\)/
    );
    expect(outputs.storage_id).toBe('');
  });

  it('says unknown, never 0, for the used size of a storage that cannot tell', async () => {
    // The standard configuration of the region is full, so the performance one is chosen.
    await step({ volume: 'big', size: '1000', region: 'beijing-jxq-p1' });
    const { outputs } = await step({ volume: 'fast', size: '100', region: 'beijing-jxq-p1' });
    expect(outputs).toMatchObject({ volume_price: '0.90', used_size: '', total_size: '100' });
  });

  it('refuses a volume of no name, a size that is no whole GiB, and wait false, before sending anything', async () => {
    await expect(step({ volume: '' })).rejects.toThrow('volume is empty, but volume needs it');
    await expect(step({ volume: 'd', size: '1.5' })).rejects.toThrow(
      'size "1.5" is not a size in GiB from 1 to 1048576: write a whole number of GiB, such as 100'
    );
    await expect(step({ volume: 'd', size: '10', wait: 'false' })).rejects.toThrow('wait is false');
    await expect(step({ volume: 'none-here' })).resolves.toMatchObject({
      failure: expect.stringContaining('no volume is named "none-here", and size is empty') as unknown
    });
    expect(writes()).toEqual([]);
  });

  it('takes a create that failed but landed as made: the list, not the answer, says', async () => {
    bench.emulator.inject({ path: CREATE, apply: true, answer: { kind: 'status', status: 502 } });
    const { failure, outputs } = await step({ volume: 'datasets', size: '10' });
    expect(failure).toBeUndefined();
    expect(sent(CREATE)).toHaveLength(1);
    expect(outputs).toMatchObject({ storage_id: '1001', status: 'Active' });
    expect(bench.log).toContainEqual(
      expect.stringContaining('but the list shows volume 1001 of that name: it landed')
    );
  });

  it('never sends a create again after one that may land, and says so', async () => {
    bench.emulator.inject({ path: CREATE, applyAfterMs: 60_000, answer: { kind: 'status', status: 429 } });
    const { failure } = await step({ volume: 'datasets', size: '10' });
    expect(failure).toMatch(
      /the list shows no volume of that name: it was not sent again, since one sent may still land/
    );
    expect(sent(CREATE)).toHaveLength(1);
  });

  it('with volume_cleanup delete, leaves the volume it made to the post step, which deletes it until no list shows it', async () => {
    const { left } = await step({ volume: 'scratch', size: '10', volume_cleanup: 'delete' });
    expect(left?.volumes).toEqual([{ name: 'scratch', id: '1001' }]);
    bench.clock.advance(1);
    const report = await bench.cleanup({ volumes: left?.volumes ?? [] });
    expect(report.volumes).toEqual([
      { left: { name: 'scratch', id: '1001' }, outcome: { kind: 'shown', accepted: true, state: 'gone' } }
    ]);
    expect(JSON.parse(sent(DELETE)[0]?.body ?? '{}')).toEqual({ id: 1001, force: false });
    expect(bench.emulator.requests.at(-1)?.path).toBe(LIST);
    expect((await step({ operation: 'volume_list' })).outputs.count).toBe('0');
  });

  it('leaves a volume whose create was in flight when the job was cancelled by name, and the post step finds it', async () => {
    const { left, failure } = await step(
      { volume: 'scratch', size: '10', volume_cleanup: 'delete' },
      { cancelWhen: /^volume: storage_id/ }
    );
    expect(failure).toMatch(/volume 1001 was still Creating when the step was cancelled/);
    expect(left?.volumes).toEqual([{ name: 'scratch', id: '1001' }]);
    // A create whose answer never came: the post step finds the volume by name.
    bench.clock.advance(1);
    const report = await bench.cleanup({ volumes: [{ name: 'scratch', id: undefined }] });
    expect(report.volumes?.[0]?.outcome).toMatchObject({ kind: 'shown', state: 'gone' });
    // None of the name: the create never landed, and there is nothing to delete.
    bench.clock.advance(1);
    const none = await bench.cleanup({ volumes: [{ name: 'never', id: undefined }] });
    expect(none.volumes?.[0]?.outcome).toMatchObject({ kind: 'shown', accepted: false });
  });

  it('lists the volumes of a region, with what they all cost per 10 minutes', async () => {
    await step({ volume: 'a', size: '2', region: 'beijing-jxq-p1' });
    await step({ volume: 'b', size: '1', region: 'guangdong-t-01' });
    const all = await step({ operation: 'volume_list' });
    expect(all.outputs.count).toBe('2');
    expect(all.result.volumeList?.summary).toEqual({
      count: 2,
      totalBytes: 3 * GIB,
      usedBytes: 0,
      meanUnitPrice: 110,
      perTenMinutes: 340
    });
    const data = JSON.parse(all.outputs.data) as { count: number; results: { name: string }[] };
    expect(data.results.map((v) => v.name)).toEqual(['b', 'a']);
    const one = await step({ operation: 'volume_list', region: 'guangdong-t-01' });
    expect(one.outputs.count).toBe('1');
    expect(JSON.parse(one.outputs.data)).toMatchObject({ count: 1, results: [{ name: 'b' }] });
  });

  it('deletes a volume only when confirm names it again, and ends once no list shows it', async () => {
    await step({ volume: 'scratch', size: '10' });
    await expect(step({ operation: 'volume_delete', volume: 'scratch' })).rejects.toThrow(
      'confirm is empty, but volume_delete deletes volume "scratch" and its data for good'
    );
    const wrong = await step({ operation: 'volume_delete', volume: 'scratch', confirm: 'datasets' });
    expect(wrong.failure).toMatch(
      /confirm "datasets" names neither volume 1001 nor its name "scratch": nothing was deleted/
    );
    expect(sent(DELETE)).toEqual([]);
    const { outputs, failure } = await step({
      operation: 'volume_delete',
      volume: 'scratch',
      confirm: '1001'
    });
    expect(failure).toBeUndefined();
    expect(outputs).toMatchObject({ storage_id: '1001', status: 'Deleted' });
    expect(JSON.parse(sent(DELETE)[0]?.body ?? '{}')).toEqual({ id: 1001, force: false });
    expect((await step({ operation: 'volume_list' })).outputs.count).toBe('0');
  });
});
