// The emulator's transfers between object storage and a volume, as the reference describes them
// (suanli-nas-storage/api/s3-*.md), with what they copy.
import { TransferStore, type TransferRequest } from '../../emulator/transfers.js';

const MIB = 1024 * 1024;

function store() {
  let now = 1_763_715_600_000;
  const transfers = new TransferStore(() => now);
  transfers.pace = { queueMs: 1000, pendingMs: 1000, countMs: 1000, bytesPerSecond: 10 * MIB };
  return {
    transfers,
    advance: (ms: number) => {
      now += ms;
    },
    detail: (id: number) => transfers.detail(id)
  };
}

const request = (fields: Partial<TransferRequest> = {}): TransferRequest => ({
  name: undefined,
  storageId: 1001,
  storageName: 'data',
  direction: 1,
  supplier: 'tencent',
  endpoint: 'cos.example.com',
  bucket: 'datasets',
  prefix: 'imagenet/',
  nasPath: '/data',
  overwritePolicy: 2,
  ignorePatterns: [],
  ...fields
});

const files = (n: number, hash = 'a') =>
  Array.from({ length: n }, (_, i) => ({ name: `f${i}.bin`, bytes: 10 * MIB, hash: `${hash}${i}` }));

describe("the emulator's transfers", () => {
  it('reads Queuing, Pending, Running with totals of 0 while it counts, then copies at its rate and completes', () => {
    const s = store();
    s.transfers.setObjects('datasets', 'imagenet/', files(4));
    const { id } = s.transfers.create(request()) as { id: number };
    expect(s.detail(id)).toMatchObject({ status: 'Queuing', total_files: 0, total_bytes: 0, bps: 0 });
    s.advance(1000);
    expect(s.detail(id)).toMatchObject({ status: 'Pending' });
    s.advance(1000);
    expect(s.detail(id)).toMatchObject({ status: 'Running', total_files: 0, ready_files: 0 });
    s.advance(2000);
    expect(s.detail(id)).toMatchObject({
      status: 'Running',
      total_files: 4,
      total_bytes: 40 * MIB,
      transferred_bytes: 10 * MIB,
      ready_files: 1,
      bps: 10 * MIB,
      remaining_seconds: 3,
      end_time: null
    });
    s.advance(3000);
    expect(s.detail(id)).toMatchObject({
      status: 'Completed',
      ready_files: 4,
      transferred_bytes: 40 * MIB,
      bps: 0
    });
    expect(s.transfers.volumeFiles(1001, '/data').map((f) => f.name)).toEqual([
      'f0.bin',
      'f1.bin',
      'f2.bin',
      'f3.bin'
    ]);
  });

  it('copies nothing twice: skips names the volume has (2), or contents it has (3), or copies all (1)', () => {
    const s = store();
    s.transfers.setObjects('datasets', 'imagenet/', files(3));
    const first = s.transfers.create(request()) as { id: number };
    s.advance(60_000);
    expect(s.detail(first.id)).toMatchObject({ status: 'Completed', ready_files: 3 });
    const again = s.transfers.create(request()) as { id: number };
    s.advance(60_000);
    expect(s.detail(again.id)).toMatchObject({
      status: 'Completed',
      total_files: 0,
      ready_files: 0,
      transferred_bytes: 0
    });
    // One file changed: skipped by name (2), copied by hash (3); all copied with 1.
    s.transfers.setObjects('datasets', 'imagenet/', [
      ...files(2),
      { name: 'f2.bin', bytes: MIB, hash: 'new' }
    ]);
    const byName = s.transfers.create(request({ overwritePolicy: 2 })) as { id: number };
    const byHash = s.transfers.create(request({ overwritePolicy: 3 })) as { id: number };
    const all = s.transfers.create(request({ overwritePolicy: 1, ignorePatterns: ['1.bin'] })) as {
      id: number;
    };
    s.advance(60_000);
    expect([byName, byHash, all].map(({ id }) => s.detail(id).total_files)).toEqual([0, 1, 2]);
  });

  it('fails part way by a knob, is retried as a new transfer (the old one Deleted), and only from Error', () => {
    const s = store();
    s.transfers.failNext(1, { atShare: 0.5, error_code: 'S410', error_message: 'denied' });
    const { id } = s.transfers.create(request()) as { id: number };
    expect(() => s.transfers.retry(id, request())).toThrow('is Queuing, not Error or Exception');
    s.advance(300_000);
    expect(s.detail(id)).toMatchObject({
      status: 'Error',
      error_code: 'S410',
      error_message: 'denied',
      // Half of the 40 files of 50 MiB a prefix holds when no test set its files.
      transferred_bytes: 1000 * MIB,
      total_bytes: 2000 * MIB
    });
    const retried = s.transfers.retry(id, request()) as { id: number; status: string };
    expect(retried).toEqual({ id: id + 1, status: 'Queuing' });
    expect(s.detail(id)).toMatchObject({ status: 'Deleted' });
    s.advance(300_000);
    expect(s.detail(retried.id)).toMatchObject({ status: 'Completed', error_code: null });
  });

  it('stops only a Running transfer, its progress kept; deletes any, again and again; lists and counts them', () => {
    const s = store();
    const { id } = s.transfers.create(request()) as { id: number };
    expect(() => s.transfers.stop(id)).toThrow('is Queuing, not Running');
    s.advance(5000);
    expect(s.transfers.busy(1001)).toBe(true);
    expect(s.transfers.stop(id)).toEqual({ id, status: 'Stopped' });
    s.advance(60_000);
    expect(s.detail(id)).toMatchObject({ status: 'Stopped', transferred_bytes: 20 * MIB, bps: 0 });
    expect(s.transfers.busy(1001)).toBe(false);
    const other = s.transfers.create(request({ storageId: 1002 })) as { id: number };
    expect(s.transfers.list({ storageId: 1001 }).results.map((t) => t.id)).toEqual([id]);
    expect(s.transfers.list({}).statusCounts).toMatchObject({ stopped: 1, queuing: 1 });
    expect(s.transfers.delete(id)).toEqual({ id, status: 'Deleted' });
    expect(s.transfers.delete(id)).toEqual({ id, status: 'Deleted' });
    expect(s.transfers.list({}).results.map((t) => t.id)).toEqual([other.id]);
    expect(s.transfers.list({ statuses: ['Deleted'] }).results.map((t) => t.id)).toEqual([id]);
    expect(() => s.transfers.detail(999)).toThrow('transfer 999 does not exist');
  });

  // Regression (issue 60, point 16): the emulator never answered a transfer Exception, which the
  // reference's own detail example shows (error_code S410), and which a retry takes as Error is taken.
  it('fails in Exception by a knob, with its error_code and error_message, and is retried from it', () => {
    const s = store();
    s.transfers.failNext(1, {
      atShare: 0,
      status: 'Exception',
      error_code: 'S410',
      error_message: 'S3 任务创建失败'
    });
    const { id } = s.transfers.create(request()) as { id: number };
    s.advance(60_000);
    expect(s.detail(id)).toMatchObject({
      status: 'Exception',
      error_code: 'S410',
      error_message: 'S3 任务创建失败',
      transferred_bytes: 0,
      end_time: expect.any(String) as unknown
    });
    expect(s.transfers.list({}).statusCounts).toMatchObject({ exception: 1, error: 0 });
    expect(s.transfers.list({ statuses: ['Exception'] }).results.map((t) => t.id)).toEqual([id]);
    const retried = s.transfers.retry(id, request()) as { id: number };
    expect(s.detail(id)).toMatchObject({ status: 'Deleted' });
    s.advance(600_000);
    expect(s.detail(retried.id)).toMatchObject({ status: 'Completed' });
  });

  it('lists, when asked for no statuses, what its knob says: all but the Deleted, every one, or those under way', () => {
    const s = store();
    const first = s.transfers.create(request({ name: 'a' })) as { id: number };
    s.advance(600_000);
    const deleted = s.transfers.create(request({ name: 'b' })) as { id: number };
    s.transfers.delete(deleted.id);
    const queued = s.transfers.create(request({ name: 'c' })) as { id: number };
    const ids = (): unknown[] => s.transfers.list({}).results.map((t) => t.id);
    expect(ids()).toEqual([queued.id, first.id]);
    s.transfers.listing = { unfiltered: 'all', order: 'oldest first' };
    expect(ids()).toEqual([first.id, deleted.id, queued.id]);
    s.transfers.listing = { unfiltered: 'under way', order: 'newest first' };
    expect(ids()).toEqual([queued.id]);
  });

  it('copies a volume path back to a bucket prefix (direction 2)', () => {
    const s = store();
    s.transfers.setObjects('datasets', 'in/', files(2));
    s.transfers.create(request({ prefix: 'in/', nasPath: '/work' }));
    s.advance(60_000);
    const back = s.transfers.create(request({ direction: 2, prefix: 'results/', nasPath: '/work' })) as {
      id: number;
    };
    s.advance(60_000);
    expect(s.detail(back.id)).toMatchObject({ status: 'Completed', direction: 2, ready_files: 2 });
    expect(s.transfers.objects('datasets', 'results/').map((f) => f.name)).toEqual(['f0.bin', 'f1.bin']);
  });
});
