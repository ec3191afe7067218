// The cluster storage calls, as the step builds them, through its own client and session to the emulator
// over real HTTPS, RSA-signed and strict: the wire forms of issue 51's volumes, before any operation uses them.
import { emulatorContext, useStepBench } from '../helpers/emulator-step.js';
import { renderSummary } from '../../src/action/summary.js';
import { DEVICES, markOf } from '../../emulator/catalog.js';
import { createBody } from '../helpers/bodies.js';
import { until } from '../helpers/until.js';
import {
  volumeConfigsCall,
  volumeCreateCall,
  volumeDeleteCall,
  volumeExpandCall,
  volumeListCall
} from '../../src/platform/operations/calls.js';
import { volumeConfigsOf, volumesOf, volumeWriteOf } from '../../src/platform/volume-data.js';
import { reportOf } from '../../src/deploy/calls/step-result.js';

const GIB = 1024 ** 3;

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
      region: 'bj-001'
    });
    expect(failure).toBeUndefined();
    expect(JSON.parse(sent(CREATE)[0]?.body ?? '{}')).toEqual({
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
    const before = writes().length;
    const same = await step({ volume: 'datasets', size: '100' });
    expect(same.failure).toBeUndefined();
    expect(bench.log).not.toContainEqual(expect.stringContaining('a volume is never shrunk'));
    const again = await step({ volume: 'datasets', size: '50' });
    expect(again.failure).toBeUndefined();
    expect(writes()).toHaveLength(before);
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
    const before = writes().length;
    const { failure } = await step({ volume: 'datasets', size: '10', region: '广东-T1' });
    expect(failure).toMatch(
      /volume 1001 \(datasets\) is in region bj-001 \(北京一区\), not 广东-T1: a volume cannot move; set region to bj-001/
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
    expect(writes()).toEqual([]);
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
  const step: typeof bench.step = (inputs, options) => {
    bench.clock.advance(1);
    return bench.step(inputs, options);
  };
  const writes = () => bench.emulator.requests.filter((r) => r.method === 'POST').map((r) => r.path);
  /** A volume made by hand, as another run would have made it (Creating for 30 s). */
  const madeByHand = async (name: string, configId = '10'): Promise<string> => {
    bench.clock.advance(1);
    const ctx = emulatorContext(
      bench.emulator,
      bench.clock,
      bench.client,
      { log: [] },
      { operation: 'volume' }
    );
    const { result } = await ctx.send(volumeCreateCall(ctx.settings, { name, configId, totalBytes: GIB }));
    return volumeWriteOf(result.data).id ?? '';
  };
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
    expect(writes()).toEqual([CREATE]);
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
    expect(writes()).toEqual([]);
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

/**
 * volume_cleanup: delete deletes only a volume the step provably made: one whose id its own create's
 * answer gave. A volume found by name after a create that went unanswered may be another run's, made at the
 * same moment: it is used, kept, and the log says so (issue 60, point 9).
 */
describe('volume_cleanup: delete, with another run making the same name', () => {
  const bench = useStepBench(
    { readyAfterSeconds: 5, strict: true },
    { operation: 'volume', volume: 'scratch', size: '1', volume_cleanup: 'delete' }
  );
  const { sent } = bench;
  /** Another run's volume of the name, made while this run's create is held (Creating for 5 s). */
  const othersVolume = async (): Promise<string> => {
    bench.clock.advance(1);
    const ctx = emulatorContext(
      bench.emulator,
      bench.clock,
      bench.client,
      { log: [] },
      { operation: 'volume' }
    );
    const { result } = await ctx.send(
      volumeCreateCall(ctx.settings, { name: 'scratch', configId: '11', totalBytes: GIB })
    );
    return volumeWriteOf(result.data).id ?? '';
  };
  /** This run's create, held until another run made the name, then answered as `answer` says. */
  const heldCreate = (answer: 'refused' | 'in flight') => {
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    bench.emulator.inject({
      path: CREATE,
      holdUntil: held,
      ...(answer === 'refused'
        ? { answer: { kind: 'envelope', code: 'C999', message: 'system busy' } as const }
        : {})
    });
    return { release, received: () => sent(CREATE).length > 0 };
  };
  const statusOf = (id: string): unknown =>
    bench.emulator.storage.volumes().find((v) => String(v.storage_id) === id)?.status;

  it("deletes nothing of another run's: a create refused and not applied while another run made the name", async () => {
    const hold = heldCreate('refused');
    const running = bench.step();
    await until(hold.received, "this run's create");
    const theirs = await othersVolume();
    hold.release();
    const { failure, outputs, left } = await running;
    expect(failure).toBeUndefined();
    // The step uses the volume of the name, and says why it keeps it.
    expect(outputs).toMatchObject({ storage_id: theirs, status: 'Active' });
    expect(bench.log).toContainEqual(
      expect.stringContaining(
        `but the list shows volume ${theirs} of that name: using it; nothing proves this step made it (another run may have), so it is kept when the job ends`
      )
    );
    expect(bench.log).toContainEqual(
      `volume ${theirs}: Active, 1 GiB, found by name after this step's create went unanswered; kept when the job ends: nothing proves this step made it`
    );
    expect(left?.volumes).toEqual([]);
    // The post step has nothing to delete; the other run's volume is Active, by its state.
    bench.clock.advance(1);
    await bench.cleanup(left ?? {});
    expect(sent(DELETE)).toEqual([]);
    expect(statusOf(theirs)).toBe('Active');
  });

  it("deletes nothing of another run's when the job was cancelled while its create was in flight, and says it keeps it", async () => {
    // Cancelled as the create goes out; its answer (a refusal: it made nothing) comes too late to tell.
    const hold = heldCreate('refused');
    const running = bench.step({}, { cancelWhen: /^volume: creating / });
    await until(hold.received, "this run's create");
    const theirs = await othersVolume();
    hold.release();
    const { left, failure } = await running;
    expect(failure).toMatch(/system busy/);
    // The create never answered an id: the ledger holds the name only.
    expect(left?.volumes).toEqual([{ name: 'scratch', id: undefined }]);
    bench.clock.advance(10);
    const report = await bench.cleanup(left ?? {});
    expect(sent(DELETE)).toEqual([]);
    expect(statusOf(theirs)).toBe('Active');
    expect(report.volumes).toEqual([
      {
        left: { name: 'scratch', id: undefined },
        kept: theirs,
        outcome: {
          kind: 'shown',
          accepted: false,
          state: `volume ${theirs} of the name is listed, but this step's create never answered, so nothing proves this step made it (another run may have): kept`
        }
      }
    ]);
  });

  it('keeps a volume its own create made but answered with an error: found by name, no proof', async () => {
    bench.emulator.inject({ path: CREATE, apply: true, answer: { kind: 'status', status: 502 } });
    const { failure, outputs, left, result } = await bench.step();
    expect(failure).toBeUndefined();
    expect(outputs.storage_id).toBe('1001');
    expect(left?.volumes).toEqual([]);
    expect(renderSummary(result, { passed: true })).toContain(
      "Found by name after this step's create went unanswered: nothing proves this step made it, so no cleanup deletes it."
    );
    bench.clock.advance(1);
    await bench.cleanup(left ?? {});
    expect(sent(DELETE)).toEqual([]);
    expect(statusOf('1001')).toBe('Active');
  });

  it("deletes the volume its own create's answer named, and that one only", async () => {
    const { left } = await bench.step();
    expect(left?.volumes).toEqual([{ name: 'scratch', id: '1001' }]);
    const theirs = await othersVolume();
    bench.clock.advance(10);
    const report = await bench.cleanup(left ?? {});
    expect(report.volumes?.[0]?.outcome).toMatchObject({ kind: 'shown', accepted: true, state: 'gone' });
    expect(sent(DELETE).map((r) => JSON.parse(r.body) as unknown)).toEqual([{ id: 1001, force: false }]);
    expect(statusOf(theirs)).toBe('Active');
  });
});

/**
 * volume_cleanup: delete never deletes a volume under a running task (issue 60, point 9): run B's volume,
 * provably B's, that run A found by name and mounts, is kept by B's post step, which reads its mounts (the
 * list's instance_count and instances) first, and says so; one only the post step's own stopped tasks
 * mounted is deleted as before. The platform refuses a delete of a mounted volume unless forced (SKILL.md),
 * and the emulator as well: a task that mounts it between the read and the delete is not asked again.
 */
describe("volume_cleanup: delete, while another run's task mounts the volume", () => {
  const bench = useStepBench(
    { readyAfterSeconds: 5, strict: true },
    { operation: 'volume', volume: 'scratch', size: '1', volume_cleanup: 'delete' }
  );
  const WEB = '{services: [{service_name: web, service_image: "app:2", remote_ports: [{service_port: 80}]}]}';
  /** Run A: a service that mounts scratch, found by name. */
  const reader = (inputs: Record<string, string> = {}) =>
    bench.step({
      operation: 'create',
      task_name: 'reader',
      gpu: '4090',
      body: WEB,
      volumes: 'scratch:/data',
      volume: '',
      size: '',
      volume_cleanup: '',
      ...inputs
    });
  const named = (name: string) =>
    bench.emulator.storage.volumes().filter((v) => v.name === name && v.status !== 'Deleted');
  const statusOf = (id: string): unknown =>
    bench.emulator.storage.volumes().find((v) => String(v.storage_id) === id)?.status;

  /** The volume list names `taskId` among the mounts of volume `id`, `times` times (a list slow to show a stop). */
  const listNamesTask = (id: string, taskId: string, times: number): void => {
    const listed = bench.emulator.storage.volumes().find((v) => String(v.storage_id) === id);
    const instance = {
      instance_id: Number(taskId),
      instance_name: 'reader',
      instance_type: 'deployment',
      mount_path: '/data'
    };
    const volume = {
      storage_id: Number(id),
      name: 'scratch',
      status: 'Active',
      total_size: listed?.total_size
    };
    bench.emulator.inject({
      path: LIST,
      times,
      answer: {
        kind: 'envelope',
        code: '0000',
        data: { count: 1, results: [{ ...volume, instance_count: 1, instances: [instance] }] }
      }
    });
  };

  it("run B's post step does not delete the volume it made while run A's task, which found it by name, mounts it", async () => {
    // Run B makes scratch (its own create answered its id: provably B's, deleted when B's job ends).
    const b = await bench.step();
    expect(b.failure).toBeUndefined();
    expect(b.left?.volumes).toEqual([{ name: 'scratch', id: b.outputs.storage_id }]);
    // Run A, at the same time, runs a service that mounts scratch, found by name.
    bench.clock.advance(1);
    const a = await reader();
    expect(a.failure).toBeUndefined();
    expect(bench.emulator.tasks.get(a.outputs.task_id).status).toBe('Running');
    // B's job ends: its post step.
    bench.clock.advance(1);
    const report = await bench.cleanup(b.left ?? {});
    // A's task still mounts scratch: its data is not deleted under it.
    expect(named('scratch').map((v) => String(v.storage_id))).toEqual([b.outputs.storage_id]);
    expect(bench.sent(DELETE)).toEqual([]);
    // Kept, and said: the volume, and the task that mounts it.
    const id = b.outputs.storage_id;
    expect(report.volumes).toEqual([
      {
        left: { name: 'scratch', id },
        kept: id,
        mountedBy: `task ${a.outputs.task_id} ("reader", deployment, at /data)`,
        outcome: {
          kind: 'shown',
          accepted: false,
          state: `kept: mounted in task ${a.outputs.task_id} ("reader", deployment, at /data), which this step did not stop`
        }
      }
    ]);
    expect(bench.emulator.tasks.get(a.outputs.task_id).status).toBe('Running');
  });

  it('deletes a volume only its own stopped tasks mounted, once the list no longer shows them', async () => {
    const b = await bench.step();
    const id = b.outputs.storage_id;
    bench.clock.advance(1);
    // The same run's task mounts it; its post step stops the task, then deletes the volume.
    const a = await reader({ cleanup: 'stop' });
    const taskId = a.outputs.task_id;
    expect(a.left?.created).toEqual([taskId]);
    // The list is slow to show the stop: once more it names the stopped task among the mounts.
    listNamesTask(id, taskId, 1);
    bench.clock.advance(1);
    const report = await bench.cleanup({ ...a.left, volumes: b.left?.volumes ?? [] }, { cleanup: 'stop' });
    expect(report.outcomes.map((o) => [o.target.id, o.outcome.kind])).toEqual([[taskId, 'done']]);
    expect(report.volumes?.[0]).toMatchObject({
      kept: undefined,
      outcome: { kind: 'shown', accepted: true, state: 'gone' }
    });
    expect(bench.sent(DELETE).map((r) => JSON.parse(r.body) as unknown)).toEqual([
      { id: Number(id), force: false }
    ]);
    expect(statusOf(id)).toBeUndefined();
    // The list was read again after it named the stopped task (the fault's answer), before the delete.
    const order = bench.emulator.requests
      .filter((r) => r.path === LIST || r.path === DELETE)
      .map((r) => (r.fault === undefined ? r.path : 'named'));
    const deleteAt = order.indexOf(DELETE);
    expect(order.slice(deleteAt - 2, deleteAt + 1)).toEqual(['named', LIST, DELETE]);
  });

  it('deletes nothing when its own stopped task still shows among the mounts at the end of cleanup_timeout', async () => {
    const b = await bench.step();
    const id = b.outputs.storage_id;
    bench.clock.advance(1);
    const a = await reader({ cleanup: 'stop' });
    listNamesTask(id, a.outputs.task_id, Infinity);
    bench.clock.advance(1);
    const report = await bench.cleanup(
      { ...a.left, volumes: b.left?.volumes ?? [] },
      { cleanup: 'stop', cleanup_timeout: '30s' }
    );
    expect(report.volumes?.[0]?.outcome).toMatchObject({
      kind: 'failed',
      why: `not deleted: still mounted in task ${a.outputs.task_id} ("reader", deployment, at /data) (after 30s), which this step stopped, and the platform deletes no volume a task mounts`
    });
    expect(bench.sent(DELETE)).toEqual([]);
    expect(statusOf(id)).toBe('Active');
  });

  it('keeps a volume a task of its own that it paused, not stopped, still mounts', async () => {
    const b = await bench.step();
    const id = b.outputs.storage_id;
    bench.clock.advance(1);
    const a = await reader({ cleanup: 'pause' });
    bench.clock.advance(1);
    const report = await bench.cleanup({ ...a.left, volumes: b.left?.volumes ?? [] }, { cleanup: 'pause' });
    expect(bench.emulator.tasks.get(a.outputs.task_id).status).toBe('Paused');
    expect(report.volumes?.[0]).toMatchObject({
      kept: id,
      mountedBy: expect.stringContaining(`task ${a.outputs.task_id}`) as unknown
    });
    expect(bench.sent(DELETE)).toEqual([]);
    expect(statusOf(id)).toBe('Active');
  });

  it('deletes nothing while the list cannot be read, and says why; a read held back once delays the delete only', async () => {
    const b = await bench.step();
    const id = b.outputs.storage_id;
    bench.clock.advance(1);
    bench.emulator.inject({ path: LIST, times: Infinity, answer: { kind: 'status', status: 503 } });
    const unread = await bench.cleanup(b.left ?? {}, { cleanup_timeout: '30s', max_retries: '0' });
    expect(unread.volumes?.[0]?.outcome).toMatchObject({
      kind: 'failed',
      why: expect.stringMatching(
        /^not deleted, as whether a task mounts it is not known: the list could not be read \(.*503.*\) \(after 30s\)$/
      ) as unknown
    });
    expect(bench.sent(DELETE)).toEqual([]);
    expect(statusOf(id)).toBe('Active');
    bench.emulator.clearFaults();
    bench.emulator.inject({
      path: LIST,
      answer: { kind: 'status', status: 429, retryAfter: { seconds: 20 } }
    });
    const held = await bench.cleanup(b.left ?? {});
    expect(held.volumes?.[0]?.outcome).toMatchObject({ kind: 'shown', accepted: true, state: 'gone' });
    expect(statusOf(id)).toBeUndefined();
  });

  /** The delete held while run A's task comes to mount scratch, then let go: A's step's answers. */
  const mountedWhileDeleting = async <T>(deleting: () => Promise<T>) => {
    let release: () => void = () => undefined;
    const hold = new Promise<void>((resolve) => {
      release = resolve;
    });
    bench.emulator.inject({ path: DELETE, holdUntil: hold });
    const done = deleting();
    await until(() => bench.sent(DELETE).length === 1, 'the delete');
    const a = await reader();
    expect(a.failure).toBeUndefined();
    release();
    return { a, done: await done };
  };

  it('keeps, not asking again, a volume a task mounts between the read and the delete: the platform refuses it', async () => {
    const b = await bench.step();
    const id = b.outputs.storage_id;
    bench.clock.advance(1);
    const { a, done: report } = await mountedWhileDeleting(() => bench.cleanup(b.left ?? {}));
    const by = `task ${a.outputs.task_id} ("reader", deployment, at /data)`;
    expect(report.volumes).toEqual([
      {
        left: { name: 'scratch', id },
        kept: id,
        mountedBy: by,
        outcome: {
          kind: 'shown',
          accepted: false,
          state: `kept: mounted in ${by}, which this step did not stop`
        }
      }
    ]);
    // Refused for its mount, as the reference says, not for anything else; and sent once.
    expect(bench.sent(DELETE).map((r) => r.verdict?.reason)).toEqual(['volume_mounted']);
    expect(statusOf(id)).toBe('Active');
    expect(bench.emulator.tasks.get(a.outputs.task_id).status).toBe('Running');
  });

  it('fails a volume_delete a task mounts between its check and its delete at once, asking no more', async () => {
    const b = await bench.step({ volume_cleanup: 'keep' });
    const id = b.outputs.storage_id;
    bench.clock.advance(1);
    const { done } = await mountedWhileDeleting(() =>
      // Another runner's clock: the two steps at once never stamp a request alike.
      bench.step(
        { operation: 'volume_delete', volume: id, confirm: id, size: '', volume_cleanup: '' },
        { clockSkewMs: 60_000 }
      )
    );
    expect(done.failure).toMatch(
      new RegExp(
        `volume ${id} was not deleted: .*; it is Active, mounted in 1 task\\(s\\), and the platform deletes no volume a task mounts: stop them first`
      )
    );
    expect(bench.sent(DELETE).map((r) => r.verdict?.reason)).toEqual(['volume_mounted']);
    expect(statusOf(id)).toBe('Active');
  });
});

/** Volumes mounted into a new task or job: found, Active, in the task's region, sent as nas_storage_config. */
describe('the volumes input', () => {
  /** The inputs of the create the bench defaults to, emptied for a step of another operation. */
  const NOT_A_CREATE = { task_name: '', body: '', gpu: '', wait: '' };
  const WEB =
    '{services: [{service_name: web, service_image: "nginx:1.27", remote_ports: [{service_port: 80}]}, {service_name: side, service_image: "busybox:1", remote_ports: []}]}';
  const bench = useStepBench(
    { readyAfterSeconds: 5, strict: true },
    { operation: 'create', task_name: 'reader', body: WEB, gpu: '4090', wait: 'false' }
  );
  const step: typeof bench.step = (inputs, options) => {
    bench.clock.advance(1);
    return bench.step(inputs, options);
  };
  const created = () =>
    JSON.parse(bench.sent('/api/task/deployment/create').at(-1)?.body ?? '{}') as {
      resources: { region_name?: string }[];
      services: { service_name: string; nas_storage_config?: unknown }[];
    };
  const volume = async (name: string, region: string): Promise<string> => {
    const made = await step({ ...NOT_A_CREATE, operation: 'volume', volume: name, size: '1', region });
    expect(made.failure).toBeUndefined();
    return made.outputs.storage_id;
  };

  it("mounts each volume where asked, and creates in the volumes' region, not the cheapest", async () => {
    const data = await volume('data', 'gd-001');
    const models = await volume('models', '广东-T1');
    const { failure, outputs } = await step({ volumes: 'data:/data\nside:models:/models' });
    expect(failure).toBeUndefined();
    expect(outputs.region).toBe('guangdong-t-01');
    expect(created().services.map((s) => s.nas_storage_config)).toEqual([
      [{ storage_id: Number(data), target_dir: '/data' }],
      [
        { storage_id: Number(data), target_dir: '/data' },
        { storage_id: Number(models), target_dir: '/models' }
      ]
    ]);
    expect(bench.log).toContainEqual(expect.stringContaining('the task runs in gd-001 (广东-T1)'));
  });

  it('refuses, before the create, a volume not Active, volumes of two regions, and a service the body lacks', async () => {
    await volume('a', 'gd-001');
    await volume('b', 'bj-001');
    expect((await step({ volumes: 'a:/a\nb:/b' })).failure).toMatch(
      /the volumes to mount are in 2 regions \(a: gd-001 \(广东-T1\), b: bj-001 \(北京一区\)\)/
    );
    expect((await step({ volumes: 'nope:/x' })).failure).toMatch(
      /volumes names "nope", but no volume has that name/
    );
    expect((await step({ volumes: 'gpu:a:/a' })).failure).toMatch(
      /volumes mounts "a" in service "gpu", but body has no service of that name: name one of "web", "side"/
    );
    bench.emulator.storage.setVolumeSettleSeconds(600);
    const ctx = emulatorContext(
      bench.emulator,
      bench.clock,
      bench.client,
      { log: [] },
      { operation: 'volume' }
    );
    bench.clock.advance(1);
    await ctx.send(volumeCreateCall(ctx.settings, { name: 'creating', configId: '10', totalBytes: GIB }));
    expect((await step({ volumes: 'creating:/c' })).failure).toMatch(
      /is Creating, not Active, and only an Active volume can be mounted/
    );
    expect(bench.sent('/api/task/deployment/create')).toEqual([]);
  });

  it("fails, naming the regions with stock, when the volumes' region has none", async () => {
    await volume('far', 'gd-001');
    bench.emulator.stock.set([{ device_name: '4090', region: 'guangdong-t-01', inventory: 0 }]);
    const { failure } = await step({ volumes: 'far:/far' });
    expect(failure).toMatch(
      /the task must run in region 广东-T1, the region of volume far; regions with the stock: /
    );
    expect(bench.sent('/api/task/deployment/create')).toEqual([]);
  });

  it('refuses volumes for an operation that creates nothing', async () => {
    await expect(
      step({ ...NOT_A_CREATE, operation: 'detail', task_id: '1', volumes: 'a:/a' })
    ).rejects.toThrow('volumes is set, but detail creates no task or job');
    await expect(step({ volumes: 'a' })).rejects.toThrow('volumes has "a", which is no mount');
  });

  it("refuses a body whose resources name another region than the volumes', before sending", async () => {
    const id = await volume('far', 'gd-001');
    const body = `{resources: [{mark: "custom-mark", region_name: "北京一区"}], services: [{service_name: web, service_image: "nginx:1.27", remote_ports: [{service_port: 80}]}]}`;
    const { failure } = await step({ gpu: '', body, volumes: 'far:/far' });
    expect(failure).toMatch(
      /body's resources are in 北京一区, but the storages to mount can be mounted only in gd-001 \(广东-T1\), the region of volume far: name a resource there/
    );
    expect(id).toBe('1001');
  });

  it('is refused by the platform when a create mounts a volume of another region, or one not Active (the emulator)', async () => {
    const id = await volume('far', 'gd-001');
    const gpu = DEVICES.find((d) => d.device_name === '4090');
    const beijing = gpu?.regions.find((r) => r.region === 'beijing-jxq-p1');
    if (gpu === undefined || beijing === undefined)
      throw new Error('the catalog has no 4090 in beijing-jxq-p1');
    const mark = markOf(gpu, beijing, 'Deployment');
    const create = (storageId: number) =>
      step({
        ...NOT_A_CREATE,
        operation: 'request',
        method: 'POST',
        path: '/api/task/deployment/create',
        body: JSON.stringify({
          task_type: 'Deployment',
          task_name: 'raw',
          points: 1,
          resources: [{ mark }],
          services: [
            {
              service_name: 'web',
              service_image: 'nginx:1.27',
              remote_ports: [{ service_port: 80 }],
              nas_storage_config: [{ storage_id: storageId, target_dir: '/far' }]
            }
          ]
        })
      });
    expect((await create(Number(id))).failure).toMatch(
      /volume 1001 is in region 广东-T1 \(gd-001\), but the task's resources are in 北京一区 \(beijing-jxq-p1\)/
    );
    expect((await create(9999)).failure).toMatch(/volume 9999 does not exist/);
  });

  it('says when the GPU is not offered in the volumes’ region at all, or no region has the stock', async () => {
    await volume('north', 'bj-001');
    const h20 = await step({ volumes: 'north:/n', gpu: 'H20', gpu_count: '8' });
    expect(h20.failure).toMatch(
      /the resource search lists no "H20" with 8 GPU\(s\) per node in region 北京一区; the task must run in region 北京一区, the region of volume north; regions with the stock: guangdong-t-01 \(stock 2\)/
    );
    bench.emulator.stock.set([
      { device_name: '4090', region: 'beijing-jxq-p1', inventory: 0 },
      { device_name: '4090', region: 'guangdong-t-01', inventory: 0 }
    ]);
    const none = await step({ volumes: 'north:/n' });
    expect(none.failure).toMatch(/no other region has the stock either/);
  });

  it('mounts into a body that names its resources, in the volumes’ region', async () => {
    await volume('north', 'bj-001');
    const { failure } = await step({ gpu: '', body: createBody(), volumes: 'north:/n' });
    expect(failure).toBeUndefined();
  });

  it('refuses to delete a volume a task mounts unless force is set; once the task stopped, deletes it', async () => {
    await volume('shared', 'bj-001');
    const made = await step({ volumes: 'shared:/s' });
    expect(made.failure).toBeUndefined();
    const listed = await step({ ...NOT_A_CREATE, operation: 'volume_list' });
    expect(JSON.parse(listed.outputs.data)).toMatchObject({
      results: [
        {
          instance_count: 1,
          instances: [{ instance_name: 'reader', instance_type: 'deployment', mount_path: '/s' }]
        }
      ]
    });
    const refused = await step({
      ...NOT_A_CREATE,
      operation: 'volume_delete',
      volume: 'shared',
      confirm: 'shared'
    });
    expect(refused.failure).toMatch(
      /volume 1001 is mounted in 1 task\(s\): nothing was deleted; stop them first, or set force: true/
    );
    expect(bench.sent(DELETE)).toEqual([]);
    await step({ ...NOT_A_CREATE, operation: 'stop', task_id: made.outputs.task_id });
    const deleted = await step({
      ...NOT_A_CREATE,
      operation: 'volume_delete',
      volume: 'shared',
      confirm: 'shared'
    });
    expect(deleted.outputs.status).toBe('Deleted');
  });

  it('deletes a mounted volume with force, sending the platform its force', async () => {
    await volume('shared', 'bj-001');
    await step({ volumes: 'shared:/s' });
    const forced = await step({
      ...NOT_A_CREATE,
      operation: 'volume_delete',
      volume: 'shared',
      confirm: '1001',
      force: 'true'
    });
    expect(forced.failure).toBeUndefined();
    expect(JSON.parse(bench.sent(DELETE)[0]?.body ?? '{}')).toEqual({ id: 1001, force: true });
  });

  it("mounts volumes into a running task with update, in the task's region only", async () => {
    await volume('north', 'bj-001');
    await volume('south', 'gd-001');
    const made = await step({ wait: 'true' });
    expect(made.outputs.region).toBe('beijing-jxq-p1');
    await expect(
      step({ ...NOT_A_CREATE, operation: 'update', task_id: made.outputs.task_id, volumes: 'south:/s' })
    ).rejects.toThrow(
      /the task runs in 北京一区, but the storages to mount can be mounted only in gd-001 \(广东-T1\), the region of volume south: mount storages of the task's region/
    );
    expect(bench.sent('/api/deployment/task/update')).toEqual([]);
    const updated = await step({
      ...NOT_A_CREATE,
      operation: 'update',
      task_id: made.outputs.task_id,
      volumes: 'web:north:/n'
    });
    expect(updated.failure).toBeUndefined();
    const posted = JSON.parse(bench.sent('/api/deployment/task/update').at(-1)?.body ?? '{}') as {
      services: { service_name: string; nas_storage_config?: unknown }[];
    };
    expect(posted.services.find((s) => s.service_name === 'web')?.nas_storage_config).toEqual([
      { storage_id: 1001, target_dir: '/n' }
    ]);
    expect(posted.services.find((s) => s.service_name === 'side')?.nas_storage_config ?? null).toBeNull();
  });

  it("names the regions with the stock when the volumes' region has none within max_price", async () => {
    await volume('south', 'gd-001');
    const { failure } = await step({ volumes: 'south:/s', max_price: '1900' });
    expect(failure).toMatch(
      /no "4090" with 1 GPU\(s\) per node has a price of max_price 1900 or less .*; the task must run in region 广东-T1, the region of volume south; regions with the stock: beijing-jxq-p1 \(stock 42\)/
    );
  });
});
