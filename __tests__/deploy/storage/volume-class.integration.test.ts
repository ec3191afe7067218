// Issue 61, point 7: the input storage_class and the output storage_class of operation volume, against the
// strict emulator over real HTTPS on a fake clock. The emulator's pre-create lists configurations of two
// classes (nfs-standard, 标准型, in bj-001, gd-001 and hb-001; cpfs-performance, 性能型, in bj-001 only), and
// makes each volume of its configuration's class.
import { renderSummary } from '../../../src/action/summary.js';
import { EXIT } from '../../../src/cli/exit-codes.js';
import type { Emulator } from '../../../emulator/index.js';
import { rsaEnvironment, runCliIn } from '../../helpers/cli-run.js';
import { aSecondApart, useStepBench } from '../../helpers/emulator-step.js';
import { startStrictEmulator } from '../../helpers/platform-client.js';
import { createBodies, CREATE, GIB, volumeByHand, writes } from '../../helpers/volume-bench.js';

const PRE_CREATE = '/api/storage/nas/v1/pre-create';

describe('operation volume with storage_class', () => {
  const bench = useStepBench({ readyAfterSeconds: 30, strict: true }, { operation: 'volume' });
  const { sent } = bench;
  const step = aSecondApart(bench);
  const classOf = (id: string) =>
    bench.emulator.storage.volumes().find((v) => String(v.storage_id) === id)?.storage_class;

  it('makes the volume from a configuration of the class named by its id, and says its class', async () => {
    const { outputs, failure, result } = await step({
      volume: 'checkpoints',
      size: '10',
      storage_class: 'cpfs-performance'
    });
    expect(failure).toBeUndefined();
    // The performance configuration, though the standard ones are cheaper.
    expect(createBodies(bench)[0]).toEqual({
      name: 'checkpoints',
      nas_config_id: 12,
      total_size: 10 * GIB
    });
    expect(outputs).toMatchObject({
      storage_id: '1001',
      storage_class: 'cpfs-performance',
      region: 'bj-001',
      status: 'Active',
      volume_price: '0.90'
    });
    expect(classOf('1001')).toBe('cpfs-performance');
    expect(renderSummary(result, { passed: true })).toContain(
      '| 1001 | checkpoints | bj-001 | cpfs-performance | Active | 10 GiB | unknown | 0.90 | 0 task(s) |'
    );
  });

  it('takes a class by its name as the platform shows it, the cheapest of it with room; empty: any class', async () => {
    const named = await step({ volume: 'fast', size: '10', storage_class: '性能型' });
    expect(named.outputs).toMatchObject({ storage_class: 'cpfs-performance', region: 'bj-001' });
    const standard = await step({ volume: 'plain', size: '10', storage_class: '标准型' });
    // gd-001's standard configuration is the cheapest of the class.
    expect(standard.outputs).toMatchObject({ storage_class: 'nfs-standard', region: 'gd-001' });
    const any = await step({ volume: 'any', size: '10' });
    expect(any.outputs).toMatchObject({ storage_class: 'nfs-standard', volume_price: '0.30' });
    expect(createBodies(bench).map((body) => body.nas_config_id)).toEqual([12, 11, 11]);
  });

  it('fails before anything is made when the region has no configuration of the class, naming the classes there are', async () => {
    const { failure } = await step({
      volume: 'checkpoints',
      size: '10',
      region: 'gd-001',
      storage_class: 'cpfs-performance'
    });
    expect(failure).toMatch(
      'cannot create volume "checkpoints": no storage configuration of class cpfs-performance in region gd-001: pre-create lists those of class nfs-standard (标准型) there; set storage_class to one of them, or leave it empty for any class'
    );
    const unknown = await step({ volume: 'checkpoints', size: '10', storage_class: 'ssd' });
    expect(unknown.failure).toMatch(
      'no storage configuration of class ssd: pre-create lists those of class nfs-standard (标准型), cpfs-performance (性能型);'
    );
    expect(sent(PRE_CREATE)).toHaveLength(2);
    expect(writes(bench)).toEqual([]);
  });

  it('fails for a volume found by name of another class, naming its class, and sends nothing; finds it by its own', async () => {
    await step({ volume: 'datasets', size: '10', region: 'bj-001' });
    const before = writes(bench).length;
    const { failure } = await step({ volume: 'datasets', size: '20', storage_class: '性能型' });
    expect(failure).toMatch(
      'volume 1001 (datasets) is of storage class nfs-standard (标准型), not 性能型: a volume cannot change its class; set storage_class to nfs-standard, or volume to another name'
    );
    expect(writes(bench)).toHaveLength(before);
    for (const storageClass of ['nfs-standard', '标准型']) {
      const found = await step({ volume: 'datasets', storage_class: storageClass });
      expect([found.failure, found.outputs.storage_class]).toEqual([undefined, 'nfs-standard']);
    }
    expect(writes(bench)).toHaveLength(before);
  });

  it('says in a dry run that a volume of another class would fail, and which configuration of the class it would use', async () => {
    const id = await volumeByHand(bench, 'datasets', '10');
    bench.log.length = 0;
    const dryRun = async (inputs: Record<string, string>) => {
      await expect(step({ ...inputs, dry_run: 'true' }, { dryRun: true })).rejects.toThrow(
        'reported nothing'
      );
      return bench.log.filter((line) => line.startsWith('dry run: ')).splice(0);
    };
    expect(await dryRun({ volume: 'datasets', storage_class: 'cpfs-performance' })).toEqual([
      `dry run: volume ${id} (datasets, Creating, 1 GiB in bj-001) exists; it is not of storage class cpfs-performance, so volume would fail; only reads were sent`
    ]);
    bench.log.length = 0;
    expect(await dryRun({ volume: 'fast', size: '10', storage_class: '性能型' })).toEqual([
      'dry run: volume would create "fast" of 10 GiB from configuration 12 in bj-001; only reads were sent'
    ]);
    expect(writes(bench)).toEqual([CREATE]);
  });

  it('refuses a storage_class that is no class before anything is sent', async () => {
    await expect(step({ volume: 'd', size: '1', storage_class: 'nfs standard' })).rejects.toThrow(
      'storage_class "nfs standard" is not a storage class: set it to a class\'s id, such as nfs-standard, or its name as the platform shows it, such as 标准型'
    );
    expect(bench.emulator.requests).toEqual([]);
  });

  it('lists the volumes of a class only, by its id or its name; volume_delete says the class of what it deleted', async () => {
    await step({ volume: 'a', size: '1', storage_class: 'nfs-standard' });
    await step({ volume: 'b', size: '1', storage_class: 'cpfs-performance' });
    await step({ volume: 'c', size: '1', region: 'gd-001' });
    const names = async (storageClass?: string) => {
      const { outputs } = await step({
        operation: 'volume_list',
        ...(storageClass === undefined ? {} : { storage_class: storageClass })
      });
      const data = JSON.parse(outputs.data) as { count: number; results: { name: string }[] };
      expect(outputs.count).toBe(String(data.count));
      return data.results.map((v) => v.name).sort();
    };
    expect(await names()).toEqual(['a', 'b', 'c']);
    expect(await names('nfs-standard')).toEqual(['a', 'c']);
    expect(await names('性能型')).toEqual(['b']);
    expect(await names('ssd')).toEqual([]);
    const { outputs } = await step({ operation: 'volume_delete', volume: 'b', confirm: 'b' });
    expect(outputs).toMatchObject({ status: 'Deleted', storage_class: 'cpfs-performance' });
  });
});

describe('elastic-deploy volume --storage-class', () => {
  let emulator: Emulator;
  // On the emulator's own clock, as the tool runs: a volume settles at once.
  beforeEach(async () => {
    emulator = await startStrictEmulator();
  });
  afterEach(() => emulator.stop());

  it('takes the flag its declaration makes, and prints the output in its JSON', async () => {
    const run = (argv: string[]) =>
      runCliIn(argv, rsaEnvironment(emulator), {
        writeFile: () => {
          throw new Error('this run writes no file');
        }
      });
    const made = await run([
      'volume',
      '--volume',
      'ckpt',
      '--size',
      '5',
      '--storage-class',
      '性能型',
      '--output',
      'json'
    ]);
    expect([made.code, made.stderr]).toEqual([EXIT.ok, expect.any(String)]);
    expect(JSON.parse(made.stdout)).toMatchObject({ storage_class: 'cpfs-performance', region: 'bj-001' });
    const refused = await run(['volume', '--volume', 'ckpt', '--storage-class', 'a/b']);
    expect(refused.code).toBe(EXIT.input);
    expect(refused.stderr).toContain('error: --storage-class "a/b" is not a storage class: set it to');
  });
});
