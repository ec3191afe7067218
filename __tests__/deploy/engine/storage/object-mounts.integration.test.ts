// Object storages accelerated for mounts (JuiceFS) mounted into a new task, a job, or a running task: found
// by name or id through get_storage, accelerated, the task placed where they are, sent as storage_config;
// against the emulator over real HTTPS, RSA-signed and strict.
import { useStepBench } from '../../../helpers/emulator-step.js';
import { createBody, JOB_BODY, WEB_SERVICE } from '../../../helpers/bodies.js';
import { DEVICES, markOf } from '../../../../emulator/catalog.js';

const GPU_4090 = (() => {
  const found = DEVICES.find((d) => d.device_name === '4090');
  if (found === undefined) throw new Error('the catalog has no 4090');
  return found;
})();

const GET_STORAGE = '/api/storage/get_storage';
const CREATE = '/api/task/deployment/create';

describe('the juicefs_mounts input', () => {
  const NOT_A_CREATE = { task_name: '', body: '', gpu: '', wait: '' };
  const WEB =
    '{services: [{service_name: web, service_image: "nginx:1.27", remote_ports: [{service_port: 80}]}, {service_name: side, service_image: "busybox:1", remote_ports: []}]}';
  const bench = useStepBench(
    { readyAfterSeconds: 5, strict: true, jobs: { podSeconds: 30 } },
    { operation: 'create', task_name: 'reader', body: WEB, gpu: '4090', wait: 'false' }
  );
  const step: typeof bench.step = (inputs, options) => {
    bench.clock.advance(1);
    return bench.step(inputs, options);
  };
  /** A step that makes volume "north" (1 GiB) in bj-001. */
  const makeVolumeNorth = () =>
    step({ ...NOT_A_CREATE, operation: 'volume', volume: 'north', size: '1', region: 'bj-001' });
  const services = (path: string) =>
    (
      JSON.parse(bench.sent(path).at(-1)?.body ?? '{}') as {
        services: { service_name: string; storage_config?: unknown; nas_storage_config?: unknown }[];
      }
    ).services;

  it('mounts an accelerated storage by name, in a region it is accelerated in, not the cheapest', async () => {
    // The cheapest 4090 is in beijing-jxq-p1; weights is accelerated in guangdong-t-01 alone.
    const { failure, outputs } = await step({ juicefs_mounts: 'weights:/weights' });
    expect(failure).toBeUndefined();
    expect(outputs.region).toBe('guangdong-t-01');
    expect(services(CREATE).map((s) => s.storage_config)).toEqual([
      [{ storage_id: 36, target_dir: '/weights' }],
      [{ storage_id: 36, target_dir: '/weights' }]
    ]);
    expect(services(CREATE).every((s) => s.nas_storage_config === undefined)).toBe(true);
    expect(bench.log).toContainEqual(
      'mounts: object storage 36 (weights) at /weights; the task runs in guangdong-t-01 (广东-T1)'
    );
    // Read with both parameters the reference requires, once: the accelerated ones.
    expect(bench.emulator.requests.filter((r) => r.path === GET_STORAGE).map((r) => r.target)).toEqual([
      `${GET_STORAGE}?storage_type=Juicefs&status=Activate&page=1&page_size=100`
    ]);
  });

  it('picks the cheapest region among those a storage is accelerated in', async () => {
    const regions = [
      { tag: 'guangdong-t-01', name: '广东-T1' },
      { tag: 'beijing-jxq-p1', name: '北京一区' }
    ];
    const id = bench.emulator.storage.addObjectStorage({
      name: 'corpus',
      status: 'Activate',
      regions,
      activeRegions: regions
    });
    const { failure, outputs } = await step({ juicefs_mounts: `side:${id}:/corpus` });
    expect(failure).toBeUndefined();
    expect(outputs.region).toBe('beijing-jxq-p1');
    expect(bench.log).toContainEqual(
      `mounts: object storage ${id} (corpus) at /corpus in side; the task runs in one of guangdong-t-01 (广东-T1), beijing-jxq-p1 (北京一区)`
    );
    expect(services(CREATE).map((s) => s.storage_config ?? null)).toEqual([
      null,
      [{ storage_id: id, target_dir: '/corpus' }]
    ]);
  });

  it('refuses, before the create, a storage not accelerated, one that is not there, and one of no common region', async () => {
    expect((await step({ juicefs_mounts: 'archive:/a' })).failure).toMatch(
      /object storage 37 \(archive\) is Unactivated, not accelerated \(Activate\), and only an accelerated one can be mounted: accelerate it in the platform's console first/
    );
    expect((await step({ juicefs_mounts: 'nope:/x' })).failure).toMatch(
      /juicefs_mounts names "nope", but no object storage accelerated for mounts \(JuiceFS\) has that name \(nor that storage_id\)/
    );
    const north = await makeVolumeNorth();
    expect(north.failure).toBeUndefined();
    expect((await step({ volumes: 'north:/n', juicefs_mounts: 'weights:/w' })).failure).toMatch(
      /the storages to mount are mountable in no region in common \(volume north: bj-001 \(北京一区\), object storage weights: guangdong-t-01 \(广东-T1\)\), but a task runs in one/
    );
    expect(bench.sent(CREATE)).toEqual([]);
  });

  it('mounts a volume and an accelerated storage together, in the region they share, each in its field', async () => {
    const south = await step({
      ...NOT_A_CREATE,
      operation: 'volume',
      volume: 'south',
      size: '1',
      region: 'gd-001'
    });
    const { failure, outputs } = await step({
      volumes: 'web:south:/data',
      juicefs_mounts: 'web:weights:/weights'
    });
    expect(failure).toBeUndefined();
    expect(outputs.region).toBe('guangdong-t-01');
    expect(services(CREATE)[0]).toMatchObject({
      nas_storage_config: [{ storage_id: Number(south.outputs.storage_id), target_dir: '/data' }],
      storage_config: [{ storage_id: 36, target_dir: '/weights' }]
    });
  });

  it('says the regions with the stock when none is free where the storage is accelerated', async () => {
    bench.emulator.stock.set([{ device_name: '4090', region: 'guangdong-t-01', inventory: 0 }]);
    const { failure } = await step({ juicefs_mounts: 'weights:/w' });
    expect(failure).toMatch(
      /the task must run in region guangdong-t-01 \(广东-T1\), where object storage weights is accelerated; regions with the stock: beijing-jxq-p1 \(stock 42\)/
    );
    expect(bench.sent(CREATE)).toEqual([]);
  });

  it('mounts into a job, and into a running task of its region by update (refused elsewhere)', async () => {
    const job = await step({
      operation: 'job',
      task_name: 'eval',
      body: JOB_BODY,
      gpu: '4090',
      wait: 'false',
      juicefs_mounts: 'weights:/weights'
    });
    expect(job.failure).toBeUndefined();
    expect(services('/api/task/job/create')[0]?.storage_config).toEqual([
      { storage_id: 36, target_dir: '/weights' }
    ]);
    const north = await step({ wait: 'true', max_price: '1900' });
    expect(north.outputs.region).toBe('beijing-jxq-p1');
    await expect(
      step({
        ...NOT_A_CREATE,
        operation: 'update',
        task_id: north.outputs.task_id,
        juicefs_mounts: 'weights:/w'
      })
    ).rejects.toThrow(
      /the task runs in 北京一区, but the storages to mount can be mounted only in guangdong-t-01 \(广东-T1\), where object storage weights is accelerated/
    );
    const south = await step({ wait: 'true', juicefs_mounts: 'side:weights:/w' });
    const updated = await step({
      ...NOT_A_CREATE,
      operation: 'update',
      task_id: south.outputs.task_id,
      juicefs_mounts: 'web:weights:/weights'
    });
    expect(updated.failure).toBeUndefined();
    const posted = services('/api/deployment/task/update');
    expect(posted.find((s) => s.service_name === 'web')?.storage_config).toEqual([
      { storage_id: 36, target_dir: '/weights' }
    ]);
    expect(posted.find((s) => s.service_name === 'side')?.storage_config).toEqual([
      { storage_id: 36, target_dir: '/w' }
    ]);
  });

  // Regression (issue 60, point 12): a body that names its resource by its mark alone (no region_name) was
  // sent, and the platform refused it, when the storage is not accelerated in the mark's region; a gpu
  // search is held to the storage's regions before anything is sent, and so is a mark now.
  it("refuses, before sending, a body's resource mark in a region the storage is not accelerated in", async () => {
    // MARK_4090: a 4090 in beijing-jxq-p1 (北京一区); weights is accelerated in guangdong-t-01 alone.
    const { failure } = await step({ gpu: '', body: createBody(), juicefs_mounts: 'weights:/weights' });
    expect(failure).toMatch(
      /body's resources are in beijing-jxq-p1 \(北京一区, by its mark\), but the storages to mount can be mounted only in guangdong-t-01 \(广东-T1\), where object storage weights is accelerated: name a resource there/
    );
    expect(bench.sent(CREATE)).toEqual([]);
    // The mark of a 4090 in guangdong-t-01 is where weights is accelerated: created, mounted.
    const south = GPU_4090.regions.find((r) => r.region === 'guangdong-t-01');
    if (south === undefined) throw new Error('the catalog has no 4090 in guangdong-t-01');
    const body = JSON.stringify({
      resources: [{ mark: markOf(GPU_4090, south, 'Deployment') }],
      services: [WEB_SERVICE]
    });
    const made = await step({ gpu: '', body, juicefs_mounts: 'weights:/weights' });
    expect(made.failure).toBeUndefined();
    expect(bench.sent(CREATE)).toHaveLength(1);
    // A volume is held to the mark's region by its name too (a volume's tag is the storage's own).
    const north = await makeVolumeNorth();
    expect(north.failure).toBeUndefined();
    const volumeThere = await step({ gpu: '', body: createBody(), volumes: 'north:/n' });
    expect(volumeThere.failure).toBeUndefined();
    const volumeElsewhere = await step({ gpu: '', body, volumes: 'north:/n' });
    expect(volumeElsewhere.failure).toMatch(
      /body's resources are in guangdong-t-01 \(广东-T1, by its mark\), but the storages to mount can be mounted only in bj-001 \(北京一区\), the region of volume north/
    );
    expect(bench.sent(CREATE)).toHaveLength(2);
  });

  it('refuses juicefs_mounts for an operation that creates nothing, and a line that is no mount', async () => {
    await expect(
      step({ ...NOT_A_CREATE, operation: 'detail', task_id: '1', juicefs_mounts: 'weights:/w' })
    ).rejects.toThrow('juicefs_mounts is set, but detail creates no task or job');
    await expect(step({ juicefs_mounts: 'weights' })).rejects.toThrow(
      'juicefs_mounts has "weights", which is no mount: write one a line as storage:/path/in/container'
    );
  });
});
