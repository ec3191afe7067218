// The emulator's cluster storage volumes, as the reference describes them (suanli-nas-storage/api/nas-*.md).
import { VolumeStore } from '../../emulator/volumes.js';

const GIB = 1024 ** 3;

function store() {
  let now = 1_763_715_600_000;
  const volumes = new VolumeStore(() => now, { settleMs: () => 5000 });
  return {
    volumes,
    advance: (ms: number) => {
      now += ms;
    },
    statusOf: (id: number) =>
      (volumes.list({ ids: [id] })[0] as { status?: string } | undefined)?.status ?? 'not listed'
  };
}

describe("the emulator's volumes", () => {
  it('reads Creating once made, Active once ready, Expanding while it grows, and is gone once deleted', () => {
    const s = store();
    const made = s.volumes.create('  data  ', 10, GIB) as { storage_id: number; status: string };
    expect(made.status).toBe('Creating');
    expect(s.statusOf(made.storage_id)).toBe('Creating');
    s.advance(5000);
    expect(s.statusOf(made.storage_id)).toBe('Active');
    expect(s.volumes.expand(made.storage_id, 2 * GIB)).toMatchObject({ status: 'Expanding' });
    s.advance(5000);
    expect(s.volumes.list({ ids: [made.storage_id] })[0]).toMatchObject({
      name: 'data',
      status: 'Active',
      total_size: 2 * GIB,
      used_size: 0
    });
    expect(s.volumes.delete(made.storage_id)).toMatchObject({ status: 'Deleting' });
    expect(s.statusOf(made.storage_id)).toBe('Deleting');
    s.advance(5000);
    expect(s.statusOf(made.storage_id)).toBe('not listed');
    expect(() => s.volumes.delete(made.storage_id)).toThrow(`volume ${made.storage_id} does not exist`);
  });

  it('grows only an Active volume, and only to more than it holds', () => {
    const s = store();
    const { storage_id: id } = s.volumes.create('data', 10, 2 * GIB) as { storage_id: number };
    expect(() => s.volumes.expand(id, 4 * GIB)).toThrow('is Creating, not Active');
    s.advance(5000);
    expect(() => s.volumes.expand(id, GIB)).toThrow('must be more than the');
  });

  it('refuses a name out of 1 to 32 characters, no size, an Unavailable configuration and one without room', () => {
    const s = store();
    expect(() => s.volumes.create('   ', 10, GIB)).toThrow('name must be 1 to 32 characters');
    expect(() => s.volumes.create('x'.repeat(33), 10, GIB)).toThrow('name must be 1 to 32 characters');
    expect(() => s.volumes.create('data', 10, 0)).toThrow('total_size must be more than 0');
    expect(() => s.volumes.create('data', 13, GIB)).toThrow('is Unavailable');
    expect(() => s.volumes.create('data', 99, GIB)).toThrow('is no configuration');
    s.volumes.create('big', 12, 200 * GIB);
    expect(() => s.volumes.create('more', 12, 100 * GIB)).toThrow('has no room for it');
  });

  it('says -1 for the used size of a storage that cannot tell, and counts what each configuration gave', () => {
    const s = store();
    const { storage_id: id } = s.volumes.create('fast', 12, 10 * GIB) as { storage_id: number };
    expect(s.volumes.list({ ids: [id] })[0]).toMatchObject({
      used_size: -1,
      storage_class: 'cpfs-performance'
    });
    expect(s.volumes.configs().find((c) => c.id === 12)).toMatchObject({ allocated_capacity: 10 * GIB });
  });

  it('ends a volume of a failing name in Exception with its error, and deletes it at once', () => {
    const s = store();
    s.volumes.failNamed('bad', { error_code: 'NAS_QUOTA', error_message: 'quota of the cluster reached' });
    const { storage_id: id } = s.volumes.create('bad', 10, GIB) as { storage_id: number };
    const { storage_id: fine } = s.volumes.create('good', 10, GIB) as { storage_id: number };
    s.advance(5000);
    expect(s.volumes.list({ ids: [id] })[0]).toMatchObject({
      status: 'Exception',
      error_code: 'NAS_QUOTA',
      error_message: 'quota of the cluster reached'
    });
    expect(s.statusOf(fine)).toBe('Active');
    expect(() => s.volumes.expand(id, 2 * GIB)).toThrow('is Exception, not Active');
    expect(s.volumes.delete(id)).toMatchObject({ status: 'Deleted' });
    expect(s.statusOf(id)).toBe('not listed');
  });

  it('refuses to delete a volume a running task mounts unless forced, as the reference says; deletes it once the task ended', () => {
    const s = store();
    const { storage_id: id } = s.volumes.create('data', 10, GIB) as { storage_id: number };
    s.advance(5000);
    let running = true;
    s.volumes.mount(id, { id: 7n, name: 'reader', type: 'deployment', path: '/data', active: () => running });
    expect(s.volumes.list({ ids: [id] })[0]).toMatchObject({
      instance_count: 1,
      instances: [
        { instance_id: 7, instance_name: 'reader', instance_type: 'deployment', mount_path: '/data' }
      ]
    });
    expect(() => s.volumes.delete(id)).toThrow(`volume ${id} is mounted in 1 task(s) (7)`);
    expect(s.statusOf(id)).toBe('Active');
    running = false;
    expect(s.volumes.delete(id)).toMatchObject({ status: 'Deleting' });
    // Forced, a mounted volume is deleted: force skips the checks.
    const { storage_id: other } = s.volumes.create('other', 10, GIB) as { storage_id: number };
    s.advance(5000);
    s.volumes.mount(other, { id: 8n, name: 'job', type: 'job', path: '/d', active: () => true });
    expect(s.volumes.delete(other, true)).toMatchObject({ status: 'Deleting' });
  });

  it('sums the volumes that count (Creating, Active, Expanding) and their cost per 10 minutes', () => {
    const s = store();
    expect(s.volumes.summary()).toEqual({
      volume_count: 0,
      total_size: 0,
      used_size: 0,
      estimated_price: null,
      coin_sum_slice: 0
    });
    const { storage_id: id } = s.volumes.create('a', 10, 2 * GIB) as { storage_id: number };
    s.volumes.create('b', 11, GIB);
    s.advance(5000);
    // 2 GB at 120 and 1 GB at 100 per GB per 10 minutes; the mean of the unit prices is 110.
    expect(s.volumes.summary()).toEqual({
      volume_count: 2,
      total_size: 3 * GIB,
      used_size: 0,
      estimated_price: 110,
      coin_sum_slice: 340
    });
    s.volumes.delete(id);
    expect(s.volumes.summary()).toMatchObject({ volume_count: 1, coin_sum_slice: 100 });
    s.volumes.create('fast', 12, GIB);
    expect(s.volumes.summary()).toMatchObject({ volume_count: 2, used_size: -1 });
  });
});
