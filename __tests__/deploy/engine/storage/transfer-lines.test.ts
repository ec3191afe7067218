// A transfer's progress, as a line of the log says it: never "done" while the platform still counts.
import { moved, progressLine, rateOf } from '../../../../src/deploy/engine/storage/transfer-lines.js';
import { transferRead } from '../../../helpers/storage-data.js';

const MIB = 1024 * 1024;

const detail = transferRead;

describe("a transfer's progress line", () => {
  it('says files and GiB done of all, the percent, the rate, the time left and the time elapsed', () => {
    expect(
      progressLine(
        detail({
          status: 'Running',
          ready_files: 15,
          total_files: 100,
          transferred_bytes: 500 * MIB,
          total_bytes: 10_000 * MIB,
          bps: 5 * MIB,
          remaining_seconds: 95
        }),
        40_000
      )
    ).toBe('transfer 501: Running, 15/100 files, 0.49/9.77 GiB (5%), 5.0 MiB/s, 1m35s left, 40s elapsed');
  });

  it('reads totals of 0 as still counting, never as done; a queued transfer says only its status', () => {
    expect(
      progressLine(
        detail({ status: 'Running', ready_files: 0, total_files: 0, transferred_bytes: 0, total_bytes: 0 }),
        12_000
      )
    ).toBe('transfer 501: Running, counting what to copy (0 files, 0 GiB so far), 12s elapsed');
    expect(progressLine(detail({ status: 'Queuing', total_files: 0, total_bytes: 0 }), 5000)).toBe(
      'transfer 501: Queuing, 5s elapsed'
    );
    expect(progressLine(detail({ total_files: 0, total_bytes: 0 }), 0)).toBe(
      'transfer 501: no status, 0s elapsed'
    );
  });

  it('leaves out what the platform cannot say (rate and time left 0), and sanitizes its status', () => {
    expect(
      progressLine(
        detail({
          status: 'Completed\n::error::x',
          ready_files: 3,
          total_files: 3,
          transferred_bytes: 3 * MIB,
          total_bytes: 3 * MIB,
          bps: 0,
          remaining_seconds: 0
        }),
        61_000
      )
    ).not.toMatch(/\n|MiB\/s|left/);
  });

  it('says ? for a total still counted while the other is known, and leaves the percent out without one', () => {
    expect(
      progressLine(
        detail({
          status: 'Running',
          ready_files: 3,
          total_files: 0,
          transferred_bytes: MIB,
          total_bytes: 4 * MIB
        }),
        1000
      )
    ).toBe('transfer 501: Running, 3/? files, 0.00/0.00 GiB (25%), 1s elapsed');
    expect(
      progressLine(detail({ status: 'Running', ready_files: 3, total_files: 6, total_bytes: 0 }), 1000)
    ).toBe('transfer 501: Running, 3/6 files, 0/? GiB (50%), 1s elapsed');
  });

  it('sees what moved: the status, files, bytes or totals', () => {
    const before = detail({ status: 'Running', ready_files: 1, transferred_bytes: 10 });
    expect(moved(undefined, before)).toBe(true);
    expect(moved(before, detail({ status: 'Running', ready_files: 1, transferred_bytes: 10 }))).toBe(false);
    expect(moved(before, detail({ status: 'Running', ready_files: 1, transferred_bytes: 11 }))).toBe(true);
    expect(moved(before, detail({ status: 'Completed', ready_files: 1, transferred_bytes: 10 }))).toBe(true);
    expect(rateOf(1.5 * MIB)).toBe('1.5 MiB/s');
  });
});
