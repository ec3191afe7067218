// What a volume's list entry and a transfer's detail say of a wait for them: pure readings, every case.
import { judgeVolume } from '../../../../src/deploy/storage/await-volume.js';
import { describeVolume, gib, volumeNamed } from '../../../../src/deploy/engine/storage/read-volumes.js';
import {
  completedLine,
  judgeTransfer,
  type TransferReport
} from '../../../../src/deploy/engine/storage/run-transfer.js';
import type { Answer } from '../../../../src/platform/session.js';
import { transferRead, volumeRead } from '../../../helpers/storage-data.js';

const answer = { result: { code: '0000', msg: '', data: {} }, raw: '{}' } as Answer;

describe('judgeVolume', () => {
  it.each([
    [undefined, { state: 'failed', why: 'volume 1001 is no longer listed: it was deleted' }],
    [volumeRead({ status: 'Active' }), { state: 'active' }],
    [volumeRead({ status: 'Creating' }), { state: 'waiting' }],
    [volumeRead({}), { state: 'waiting' }],
    [volumeRead({ status: 'Other' }), { state: 'waiting' }],
    [
      volumeRead({ status: 'Exception' }),
      { state: 'failed', why: 'volume 1001 is Exception (error: no error_message)' }
    ],
    [
      volumeRead({ status: 'Exception', errorCode: 'E1', errorMessage: 'disk\n::error::x' }),
      {
        state: 'failed',
        why: expect.stringMatching(/^volume 1001 is Exception \(error E1: disk[^\n]*\)$/) as unknown
      }
    ],
    [
      volumeRead({ status: 'Deleting' }),
      { state: 'failed', why: 'volume 1001 is Deleting: it is being deleted' }
    ]
  ])('reads %j', (entry, judged) => {
    expect(judgeVolume(entry, '1001')).toEqual(judged);
  });

  it('says a volume for a line, and its size, whatever the list left out', () => {
    expect(describeVolume(volumeRead({}))).toBe('1001 (data, no status, unknown in no region)');
    expect(gib(1.5 * 1024 ** 3)).toBe('1.50 GiB');
    expect(volumeNamed([volumeRead({ id: '7', name: 'x' })], '7')?.name).toBe('x');
    expect(volumeNamed([volumeRead({ id: '7', name: 'x' })], 'y')).toBeUndefined();
  });
});

describe('judgeTransfer', () => {
  it.each([
    [{ status: 'Queuing' }, undefined],
    [{ status: 'Running' }, undefined],
    [{ status: 'Completed' }, 'completed'],
    [{ status: 'Error', error_code: 'S1', error_message: 'denied' }, 'failed: Error (error S1: denied)'],
    [{ status: 'Exception' }, 'failed: Exception (error: no error_message)'],
    [{ status: 'Stopped' }, 'stopped: it is Stopped'],
    [{}, 'stopped: it is of no status']
  ])('reads %j', (fields, judged) => {
    const read = judgeTransfer(transferRead(fields), answer);
    expect(
      read === undefined ? undefined : read.kind === 'completed' ? 'completed' : `${read.kind}: ${read.why}`
    ).toEqual(judged);
  });

  it('says what a completed transfer copied, and what it left, as the policy says', () => {
    const report = (fields: Record<string, unknown>, elapsedMs: number): TransferReport =>
      ({ transfer: transferRead({ status: 'Completed', ...fields }), elapsedMs }) as TransferReport;
    expect(completedLine(report({}, 0), 'hash')).toBe(
      'transfer 501: Completed, nothing new to copy: files already there with the same content were not copied again (overwrite_policy hash); 0s'
    );
    expect(completedLine(report({ ready_files: 2, transferred_bytes: 2 * 1024 ** 2 }, 0), 'skip')).toBe(
      'transfer 501: Completed, copied 2 files (0.00 GiB) in 0s, 0.0 MiB/s on average; files already there by name were not copied again (overwrite_policy skip)'
    );
  });
});
