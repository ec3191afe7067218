// The volumes input against the strict emulator over HTTPS on a fake clock: volumes mounted into a new
// task or job, or a running one, in their region; a mounted volume deleted only with force.
import { aSecondApart, useStepBench } from '../../../helpers/emulator-step.js';
import { DELETE, volumeByHand } from '../../../helpers/volume-bench.js';
import { DEVICES, markOf } from '../../../../emulator/catalog.js';
import { createBody } from '../../../helpers/bodies.js';

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
  const step = aSecondApart(bench);
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
    await volumeByHand(bench, 'creating', '10');
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
