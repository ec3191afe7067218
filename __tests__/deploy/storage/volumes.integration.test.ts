// Cluster storage volumes against the strict emulator over real HTTPS: their calls as the step builds them
// (through its own client and session, RSA-signed: the wire forms of issue 51's volumes), and the operations
// volume, volume_list and volume_delete, with what goes wrong and their dry runs. volume_cleanup and the
// volumes input have files of their own.
import { aSecondApart, emulatorContext, useStepBench } from '../../helpers/emulator-step.js';
import {
  createBodies,
  CREATE,
  DELETE,
  EXPAND,
  GIB,
  LIST,
  volumeByHand,
  writes
} from '../../helpers/volume-bench.js';
import { renderSummary } from '../../../src/action/summary.js';
import {
  volumeConfigsCall,
  volumeCreateCall,
  volumeDeleteCall,
  volumeExpandCall,
  volumeListCall
} from '../../../src/platform/operations/calls.js';
import { volumeConfigsOf, volumesOf, volumeWriteOf } from '../../../src/platform/volume-data.js';
import { reportOf } from '../../../src/deploy/engine/calls/step-result.js';

describe('cluster storage volumes, as the step sends their calls', () => {
  const bench = useStepBench({ readyAfterSeconds: 5, strict: true }, {});

  it('makes a volume from a configuration with room, sees it Active, grows it and deletes it, each by its state', async () => {
    const { emulator, clock, client, log } = bench;
    const ctx = emulatorContext(emulator, clock, client, { log }, { operation: 'detail' });
    const configs = volumeConfigsOf((await ctx.send(volumeConfigsCall(ctx.settings))).result.data);
    const chosen = configs.find((config) => config.available && (config.freeBytes ?? 0) >= GIB);
    expect(chosen).toMatchObject({ id: '10', region: 'bj-001', regionName: '北京一区' });
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

/**
 * The volume operations against the strict emulator over HTTPS on a fake clock (a volume settles 30 s
 * after each change): found by name or made, grown, waited on until Active, listed, and deleted.
 */
describe('operation volume, volume_list and volume_delete', () => {
  const bench = useStepBench({ readyAfterSeconds: 30, strict: true }, { operation: 'volume' });
  const { sent } = bench;
  const step = aSecondApart(bench);

  it('makes the volume where asked from the cheapest configuration with room, and ends once it is Active', async () => {
    const { outputs, failure, left } = await step({
      volume: 'datasets',
      size: '100',
      region: 'bj-001'
    });
    expect(failure).toBeUndefined();
    expect(createBodies(bench)[0]).toEqual({
      name: 'datasets',
      nas_config_id: 10,
      total_size: 100 * GIB
    });
    expect(outputs).toMatchObject({
      storage_id: '1001',
      region: 'bj-001',
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
    const { outputs, result } = await step({ volume: 'datasets', size: '10' });
    expect(outputs).toMatchObject({ region: 'gd-001', region_name: '广东-T1', volume_price: '0.30' });
    expect(renderSummary(result, { passed: true })).toContain(
      '| 1001 | datasets | gd-001 | nfs-standard | Active | 10 GiB | 0 GiB | 0.30 | 0 task(s) |\n\nMade by this step.'
    );
  });

  it('finds the volume by name on the next run and sends nothing that changes it; grows it, never shrinks it', async () => {
    await step({ volume: 'datasets', size: '100' });
    const before = writes(bench).length;
    const same = await step({ volume: 'datasets', size: '100' });
    expect(same.failure).toBeUndefined();
    expect(bench.log).not.toContainEqual(expect.stringContaining('a volume is never shrunk'));
    const again = await step({ volume: 'datasets', size: '50' });
    expect(again.failure).toBeUndefined();
    expect(writes(bench)).toHaveLength(before);
    expect(again.outputs.total_size).toBe('100');
    expect(bench.log).toContainEqual(expect.stringContaining('a volume is never shrunk'));
    expect(renderSummary(again.result, { passed: true })).toContain('Found as it was.');
    const grown = await step({ volume: 'datasets', size: '200' });
    expect(grown.failure).toBeUndefined();
    expect(renderSummary(grown.result, { passed: true })).toContain('Grown from 100 GiB.');
    expect(JSON.parse(sent(EXPAND)[0]?.body ?? '{}')).toEqual({ id: 1001, total_size: 200 * GIB });
    expect(grown.outputs).toMatchObject({ status: 'Active', total_size: '200', storage_id: '1001' });
    expect(sent(CREATE)).toHaveLength(1);
    // A volume found by its storage_id is the same.
    expect((await step({ volume: '1001' })).outputs.total_size).toBe('200');
  });

  it('fails for a volume in another region, naming its region, and sends nothing', async () => {
    await step({ volume: 'datasets', size: '10', region: 'bj-001' });
    const before = writes(bench).length;
    const { failure } = await step({ volume: 'datasets', size: '10', region: '广东-T1' });
    expect(failure).toMatch(
      /volume 1001 \(datasets\) is in region bj-001 \(北京一区\), not 广东-T1: a volume cannot move; set region to bj-001/
    );
    expect(writes(bench)).toHaveLength(before);
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
    await step({ volume: 'big', size: '1000', region: 'bj-001' });
    const { outputs } = await step({ volume: 'fast', size: '100', region: '北京一区' });
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
    expect(writes(bench)).toEqual([]);
  });

  it('uses the volume of the name after a create that failed but landed: the list, not the answer, says', async () => {
    bench.emulator.inject({ path: CREATE, apply: true, answer: { kind: 'status', status: 502 } });
    const { failure, outputs } = await step({ volume: 'datasets', size: '10' });
    expect(failure).toBeUndefined();
    expect(sent(CREATE)).toHaveLength(1);
    expect(outputs).toMatchObject({ storage_id: '1001', status: 'Active' });
    expect(bench.log).toContainEqual(
      expect.stringContaining('but the list shows volume 1001 of that name: using it')
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

  it('leaves a volume whose create was in flight when the job was cancelled by name, and the post step keeps one of the name', async () => {
    const { left, failure } = await step(
      { volume: 'scratch', size: '10', volume_cleanup: 'delete' },
      { cancelWhen: /^volume: storage_id/ }
    );
    expect(failure).toMatch(/volume 1001 was still Creating when the step was cancelled/);
    expect(left?.volumes).toEqual([{ name: 'scratch', id: '1001' }]);
    // A create whose answer never came: the post step finds a volume of the name, and keeps it (a name is
    // no proof of who made it).
    bench.clock.advance(30);
    const report = await bench.cleanup({ volumes: [{ name: 'scratch', id: undefined }] });
    expect(report.volumes?.[0]).toMatchObject({ kept: '1001', outcome: { kind: 'shown', accepted: false } });
    expect(sent(DELETE)).toEqual([]);
    // None of the name: the create never landed, and there is nothing to keep.
    bench.clock.advance(1);
    const none = await bench.cleanup({ volumes: [{ name: 'never', id: undefined }] });
    expect(none.volumes?.[0]).toMatchObject({
      kept: undefined,
      outcome: { kind: 'shown', accepted: false, state: 'never made (no volume of the name is listed)' }
    });
  });

  it('lists the volumes of a region, with what they all cost per 10 minutes', async () => {
    await step({ volume: 'a', size: '2', region: 'bj-001' });
    await step({ volume: 'b', size: '1', region: 'gd-001' });
    const all = await step({ operation: 'volume_list' });
    expect(all.outputs.count).toBe('2');
    expect(renderSummary(all.result, { passed: true })).toContain(
      "2 volume(s) counted (Creating, Active, Expanding), 3 GiB in all, 0 GiB used; estimated cost 340 points per 10 minutes (coin_sum_slice, in the points of unit_price, as the reference's own example counts them: 3 GiB at 120 is 360; the storage's points, never turned into yuan by the tasks' rule)."
    );
    expect(reportOf(all.result, 'volume')?.listed?.summary).toEqual({
      count: 2,
      totalBytes: 3 * GIB,
      usedBytes: 0,
      meanUnitPrice: 110,
      perTenMinutes: 340
    });
    const data = JSON.parse(all.outputs.data) as { count: number; results: { name: string }[] };
    expect(data.results.map((v) => v.name)).toEqual(['b', 'a']);
    const one = await step({ operation: 'volume_list', region: '广东-T1' });
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

/** The volume operations where the platform answers oddly, or not at all, and their dry runs. */
describe('operation volume, when things go wrong, and as a dry run', () => {
  const bench = useStepBench({ readyAfterSeconds: 30, strict: true }, { operation: 'volume' });
  const { sent } = bench;
  const step = aSecondApart(bench);
  /** A volume made by hand, as another run would have made it (Creating for 30 s). */
  const madeByHand = (name: string, configId = '10'): Promise<string> => volumeByHand(bench, name, configId);
  /** A dry run's lines (a dry run of these operations reports no result). */
  const dryRun = async (inputs: Record<string, string>): Promise<string[]> => {
    bench.log.length = 0;
    await expect(step({ ...inputs, dry_run: 'true' }, { dryRun: true })).rejects.toThrow('reported nothing');
    return bench.log.filter((line) => line.startsWith('dry run: '));
  };

  it('says in a dry run what it would do, sending only reads', async () => {
    expect(await dryRun({ volume: 'datasets', size: '10' })).toEqual([
      'dry run: volume would create "datasets" of 10 GiB from configuration 11 in gd-001; only reads were sent'
    ]);
    expect(await dryRun({ volume: 'datasets' })).toEqual([
      'dry run: no volume is named "datasets", and size is empty, so volume would fail'
    ]);
    expect((await dryRun({ volume: 'huge', size: '5000' }))[0]).toMatch(
      /^dry run: volume could not create "huge": no storage configuration can hold 5000 GiB: the Available ones are /
    );
    const id = await madeByHand('datasets');
    expect(await dryRun({ volume: 'datasets', size: '20', region: 'gd-001' })).toEqual([
      `dry run: volume ${id} (datasets, Creating, 1 GiB in bj-001) exists; volume would grow it to 20 GiB; it is not in region gd-001, so volume would fail; only reads were sent`
    ]);
    expect(await dryRun({ operation: 'volume_list' })).toEqual([
      'dry run: volume_list only reads; nothing was sent'
    ]);
    expect(await dryRun({ operation: 'volume_delete', volume: 'datasets', confirm: 'datasets' })).toEqual([
      `dry run: volume_delete would delete volume ${id} (datasets, Creating, 1 GiB in bj-001); only reads were sent`
    ]);
    expect(await dryRun({ operation: 'volume_delete', volume: 'gone', confirm: 'gone' })).toEqual([
      'dry run: volume_delete would fail: no volume is named "gone" (nor has that storage_id): nothing was deleted; see the volumes with operation volume_list'
    ]);
    expect(writes(bench)).toEqual([CREATE]);
  });

  it('waits for a volume found on its way to Active; refuses two of one name, naming their ids', async () => {
    const id = await madeByHand('datasets');
    const found = await step({ volume: 'datasets' });
    expect(found.failure).toBeUndefined();
    expect(found.outputs).toMatchObject({ storage_id: id, status: 'Active' });
    expect(bench.log).toContainEqual(
      expect.stringMatching(new RegExp(`^volume ${id}: Creating \\(settling, `))
    );
    const twin = await madeByHand('datasets');
    const { failure } = await step({ volume: 'datasets' });
    expect(failure).toContain(
      `2 volumes are named "datasets" (storage_id ${twin}, ${id}): set volume to the storage_id of the one meant`
    );
    expect((await step({ volume: id })).outputs.storage_id).toBe(id);
  });

  it('fails a volume found in Exception, and one still Creating at the end of wait_timeout', async () => {
    bench.emulator.storage.failVolumesNamed('broken', { error_code: 'E1', error_message: 'no disk' });
    await madeByHand('broken');
    expect((await step({ volume: 'broken' })).failure).toMatch(/is Exception \(error E1: no disk\)/);
    bench.emulator.storage.setVolumeSettleSeconds(600);
    const slow = await madeByHand('slow');
    expect((await step({ volume: 'slow', wait_timeout: '30s' })).failure).toMatch(
      new RegExp(`volume ${slow} was still Creating after 30s, at the end of wait_timeout`)
    );
  });

  it('fails for a volume of the name that is being deleted, rather than waiting on it', async () => {
    await step({ volume: 'leaving', size: '1' });
    bench.emulator.storage.setVolumeSettleSeconds(600);
    await step({ operation: 'volume_delete', volume: 'leaving', confirm: 'leaving', cleanup_timeout: '10s' });
    const { failure } = await step({ volume: 'leaving', size: '1' });
    expect(failure).toMatch(/volume 1001 is Deleting: it is being deleted/);
  });

  it('fails when the volume cannot be read poll_error_budget times in a row', async () => {
    const id = await madeByHand('datasets');
    bench.emulator.inject({ path: LIST, skip: 1, times: Infinity, answer: { kind: 'status', status: 503 } });
    const { failure } = await step({ volume: 'datasets', max_retries: '0', poll_error_budget: '2' });
    expect(failure).toMatch(new RegExp(`volume ${id} could not be read: .*503`));
  });

  it('reads a create answered without a storage_id from the list: made, or not', async () => {
    bench.emulator.inject({
      path: CREATE,
      apply: true,
      answer: { kind: 'envelope', code: '0000', data: {} }
    });
    const landed = await step({ volume: 'landed', size: '1' });
    expect(landed.failure).toBeUndefined();
    expect(bench.log).toContainEqual(
      expect.stringContaining('the create was answered without a storage_id, but the list shows volume')
    );
    bench.emulator.inject({ path: CREATE, answer: { kind: 'envelope', code: '0000', data: {} } });
    expect((await step({ volume: 'lost', size: '1' })).failure).toMatch(
      /the create of volume "lost" was answered without a storage_id, and the list shows no volume of that name/
    );
  });

  it('fails a grow the list does not show, though the expand was accepted', async () => {
    await step({ volume: 'datasets', size: '1' });
    bench.emulator.inject({
      path: EXPAND,
      answer: { kind: 'envelope', code: '0000', data: { storage_id: 1001, status: 'Expanding' } }
    });
    expect((await step({ volume: 'datasets', size: '2' })).failure).toMatch(
      /volume 1001 is Active again but holds 1 GiB, not the 2 GiB asked: the platform did not grow it/
    );
  });

  it('fails when no configuration can hold the size asked, naming what there is, and creates nothing', async () => {
    const { failure } = await step({ volume: 'huge', size: '5000', region: 'bj-001' });
    expect(failure).toMatch(
      /cannot create volume "huge": no storage configuration in region bj-001 can hold 5000 GiB: the Available ones are 10 \(1024 GiB left\), 12 \(256 GiB left\)/
    );
    expect(writes(bench)).toEqual([]);
  });

  it('fails a delete whose volume stays Deleting past cleanup_timeout', async () => {
    await step({ volume: 'datasets', size: '1' });
    bench.emulator.storage.setVolumeSettleSeconds(600);
    const stuck = await step({
      operation: 'volume_delete',
      volume: 'datasets',
      confirm: 'datasets',
      cleanup_timeout: '20s'
    });
    expect(stuck.failure).toMatch(/volume 1001 was not deleted: the list still shows it Deleting after 2\ds/);
  });

  it('fails a delete the platform keeps refusing within cleanup_timeout, saying the volume is still listed', async () => {
    await step({ volume: 'datasets', size: '1' });
    bench.emulator.inject({
      path: DELETE,
      times: Infinity,
      answer: { kind: 'envelope', code: 'C008', message: 'busy' }
    });
    const { failure } = await step({
      operation: 'volume_delete',
      volume: 'datasets',
      confirm: 'datasets',
      cleanup_timeout: '10s'
    });
    expect(failure).toMatch(/volume 1001 was not deleted: .*it is Active/);
    expect(sent(DELETE).length).toBeGreaterThan(1);
  });

  it('says, when the post step cannot read the volumes, that a volume left by name is not deleted', async () => {
    bench.emulator.inject({ path: LIST, times: Infinity, answer: { kind: 'status', status: 503 } });
    const report = await bench.cleanup(
      { volumes: [{ name: 'scratch', id: undefined }] },
      { cleanup_timeout: '10s', max_retries: '0' }
    );
    expect(report.volumes?.[0]?.outcome).toMatchObject({
      kind: 'shown',
      accepted: false,
      state: expect.stringMatching(
        /^not deleted: its create's answer never came, and the volumes could not be read .*; a volume of the name, if there is one, is kept/
      ) as unknown
    });
    expect(sent(DELETE)).toEqual([]);
  });
});
