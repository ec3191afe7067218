import { formatDuration } from '../../../../basics/units.js';
import { gibOf, rateOf } from '../transfer-lines.js';

/**
 * What a copy over SFTP counted (the first walk: `filesTotal`, `bytesTotal`) and did so far. Done counts a
 * file skipped (already there) as a file copied: both need nothing more.
 */
export interface Tally {
  filesTotal: number;
  bytesTotal: number;
  /** Files copied or skipped, and their bytes (a file under way counts its bytes sent so far). */
  filesDone: number;
  bytesDone: number;
  /** Of those, the bytes that moved (the rate's). */
  bytesCopied: number;
  copied: number;
  skipped: number;
  /** Files and directories that failed or were refused. */
  failed: number;
}

export function emptyTally(): Tally {
  return {
    filesTotal: 0,
    bytesTotal: 0,
    filesDone: 0,
    bytesDone: 0,
    bytesCopied: 0,
    copied: 0,
    skipped: 0,
    failed: 0
  };
}

/** The least rate a time left is worked out from: what rateOf shows as 0.1 MiB/s. */
const MIN_RATE = 0.05 * 1024 * 1024;

/**
 * A line of a copy's progress, as a transfer's: files and GiB done of all, the percent, the rate, the
 * time it expects to need (while bytes are left, at a rate it can tell), and how long it has run.
 *
 * `data: ./dataset/ -> volume 12:/data: 15/100 files, 0.49/9.77 GiB (5%), 5.0 MiB/s, 31m35s left, 40s elapsed`
 */
export function copyProgressLine(label: string, tally: Tally, elapsedMs: number): string {
  const rate = elapsedMs > 0 ? tally.bytesCopied / (elapsedMs / 1000) : 0;
  const left = tally.bytesTotal - tally.bytesDone;
  const percent = tally.bytesTotal > 0 ? ` (${Math.floor((tally.bytesDone / tally.bytesTotal) * 100)}%)` : '';
  const parts = [
    `${tally.filesDone}/${tally.filesTotal} files`,
    `${gibOf(tally.bytesDone).replace(' GiB', '')}/${gibOf(tally.bytesTotal)}${percent}`,
    rateOf(rate),
    // No time left is guessed from a rate the line shows as 0.0 MiB/s (a stalled start would say days).
    ...(rate >= MIN_RATE && left > 0 ? [`${formatDuration((left / rate) * 1000)} left`] : []),
    ...(tally.failed > 0 ? [`${tally.failed} failed`] : []),
    `${formatDuration(elapsedMs)} elapsed`
  ];
  return `${label}: ${parts.join(', ')}`;
}

/**
 * The copy's last line: what it copied, skipped and failed, how long it took, the retries and reconnects.
 *
 * `data: ./dataset/ -> volume 12:/data: 97 files copied (1.20 GiB), 3 skipped: already there, 0 failed, in 40s`
 */
export function copyFinalLine(
  label: string,
  tally: Tally,
  { elapsedMs, retries, reconnects }: { elapsedMs: number; retries: number; reconnects: number }
): string {
  const again = [
    ...(retries > 0 ? [`${retries} ${retries === 1 ? 'retry' : 'retries'}`] : []),
    ...(reconnects > 0 ? [`${reconnects} ${reconnects === 1 ? 'reconnect' : 'reconnects'}`] : [])
  ];
  return (
    `${label}: ${tally.copied} ${tally.copied === 1 ? 'file' : 'files'} copied (${gibOf(tally.bytesCopied)}), ` +
    `${tally.skipped} skipped: already there, ${tally.failed} failed, in ${formatDuration(elapsedMs)}` +
    (again.length > 0 ? ` (${again.join(', ')})` : '')
  );
}
