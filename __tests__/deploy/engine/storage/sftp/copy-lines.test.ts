// A copy over SFTP says its progress as a transfer does: files and GiB done of all, rate, time left.
import {
  copyFinalLine,
  copyProgressLine,
  emptyTally
} from '../../../../../src/deploy/engine/storage/sftp/copy-lines.js';

const MIB = 1024 * 1024;
const LABEL = "data: the workspace's ./ds/ -> volume 12:/data";

describe("a workspace copy's lines", () => {
  const tally = {
    ...emptyTally(),
    filesTotal: 100,
    bytesTotal: 10_000 * MIB,
    filesDone: 15,
    bytesDone: 500 * MIB,
    bytesCopied: 200 * MIB
  };

  it('says files and GiB done of all, the percent, the rate, the time left and the time elapsed', () => {
    expect(copyProgressLine(LABEL, tally, 40_000)).toBe(
      `${LABEL}: 15/100 files, 0.49/9.77 GiB (5%), 5.0 MiB/s, 31m40s left, 40s elapsed`
    );
    expect(copyProgressLine(LABEL, { ...tally, failed: 2 }, 40_000)).toContain(
      '31m40s left, 2 failed, 40s elapsed'
    );
  });

  it('says no rate and no time left before anything moved', () => {
    expect(copyProgressLine(LABEL, emptyTally(), 0)).toBe(
      `${LABEL}: 0/0 files, 0/0 GiB, 0.0 MiB/s, 0s elapsed`
    );
  });

  it('guesses no time left from a rate it shows as 0.0 MiB/s, nor once every byte is done', () => {
    const crawling = { ...tally, bytesCopied: 1024 * 1024 };
    expect(copyProgressLine(LABEL, crawling, 40_000)).toBe(
      `${LABEL}: 15/100 files, 0.49/9.77 GiB (5%), 0.0 MiB/s, 40s elapsed`
    );
    const allBytes = { ...tally, bytesDone: tally.bytesTotal };
    expect(copyProgressLine(LABEL, allBytes, 40_000)).toBe(
      `${LABEL}: 15/100 files, 9.77/9.77 GiB (100%), 5.0 MiB/s, 40s elapsed`
    );
  });

  it('ends with what it copied, skipped and failed, and its retries', () => {
    const done = { ...emptyTally(), copied: 97, skipped: 3, bytesCopied: 1229 * MIB };
    expect(copyFinalLine(LABEL, done, { elapsedMs: 40_000, retries: 0, reconnects: 0 })).toBe(
      `${LABEL}: 97 files copied (1.20 GiB), 3 skipped: already there, 0 failed, in 40s`
    );
    expect(
      copyFinalLine(LABEL, { ...done, copied: 1 }, { elapsedMs: 1000, retries: 1, reconnects: 1 })
    ).toMatch(/: 1 file copied .* in 1s \(1 retry, 1 reconnect\)$/);
  });
});
