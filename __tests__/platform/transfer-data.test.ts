// A transfer between object storage and a volume, as the reference's detail answers it
// (suanli-nas-storage/api/s3-detail.md, its own example below, verbatim in its fields).
import {
  transferNamed,
  transferOf,
  transferPercent,
  type Transfer
} from '../../src/platform/transfer-data.js';

const EXAMPLE = {
  id: 501,
  name: 's3-sync-demo',
  ready_files: 15,
  total_files: 100,
  transferred_bytes: 5242880,
  total_bytes: 104857600,
  create_time: '2026-07-05 10:00:00',
  end_time: null,
  status: 'Exception',
  direction: 1,
  remaining_seconds: 0,
  speed: '5MB/s',
  bps: 5242880,
  last_update_time: '2026-07-05 10:30:00',
  storage_id: 1001,
  s3_supplier: 'tencent',
  s3_endpoint: 'cos.ap-guangzhou.myqcloud.com',
  s3_bucket: 'my-backup-bucket',
  s3_prefix: 'project/data/',
  nas_path: '/data/backup',
  overwrite_policy: 2,
  ignore_patterns: ['.tmp', '.log'],
  error_code: 'S410',
  error_message: 'S3 任务创建失败',
  storage_name: 'my-volume'
};

describe('a transfer, as its detail reads', () => {
  it("reads the reference's example: files and bytes done of all, the rate, the failure", () => {
    const transfer = transferOf(EXAMPLE);
    expect(transfer).toEqual({
      id: '501',
      name: 's3-sync-demo',
      status: 'Exception',
      direction: 'to_volume',
      filesDone: 15,
      filesTotal: 100,
      bytesDone: 5242880,
      bytesTotal: 104857600,
      bytesPerSecond: 5242880,
      secondsLeft: undefined,
      storageId: '1001',
      errorCode: 'S410',
      errorMessage: 'S3 任务创建失败'
    });
    expect(transfer === undefined ? undefined : transferPercent(transfer)).toBe(5);
  });

  it('reads totals of 0 as still counted, never as done, and a rate of 0 as unknown', () => {
    const counting = transferOf({ ...EXAMPLE, total_files: 0, total_bytes: 0, bps: 0, status: 'Running' });
    expect(counting).toMatchObject({
      filesTotal: undefined,
      bytesTotal: undefined,
      bytesPerSecond: undefined
    });
    expect(counting === undefined ? 0 : transferPercent(counting)).toBeUndefined();
    const byFiles = transferOf({ ...EXAMPLE, total_bytes: 0, direction: 2 });
    expect(byFiles?.direction).toBe('to_object_storage');
    expect(byFiles === undefined ? undefined : transferPercent(byFiles)).toBe(15);
  });

  it('reads no transfer from an answer without an id', () => {
    expect([transferOf(null), transferOf({ status: 'Running' })]).toEqual([undefined, undefined]);
    expect(transferOf({ id: 9, direction: 3 })).toMatchObject({ direction: undefined, storageId: undefined });
  });
});

// Regression (issue 60, point 11): a retry keeps its transfer's name and deletes the one it submits again;
// a lookup by name took the first of the name a list gave, which could be the Deleted original.
describe('the transfer of a name to follow', () => {
  const t = (id: string, status: string, name = 'ed-run-1'): Transfer => {
    const read = transferOf({ ...EXAMPLE, id: Number(id), name, status });
    if (read === undefined) throw new Error('no transfer');
    return read;
  };

  it.each([
    [
      'the newest not Deleted, in any order',
      [t('501', 'Deleted'), t('503', 'Running'), t('502', 'Deleted')],
      '503'
    ],
    ['an ended one, when it is the newest not Deleted', [t('504', 'Completed'), t('501', 'Deleted')], '504'],
    ['the newest of the name when all are Deleted', [t('501', 'Deleted'), t('502', 'Deleted')], '502'],
    ['ids compared as numbers, not as text', [t('999', 'Running'), t('1000', 'Running')], '1000'],
    ['none of another name', [t('505', 'Running', 'other')], undefined]
  ])('%s', (_what, transfers, id) => {
    expect(transferNamed(transfers, 'ed-run-1')?.id).toBe(id);
  });
});
