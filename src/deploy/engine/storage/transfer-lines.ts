import { sanitize } from '../../../basics/safe-text.js';
import { formatDuration } from '../../../basics/units.js';
import { TRANSFER_KIND } from '../../../platform/task-kinds.js';
import { transferPercent, type Transfer } from '../../../platform/transfer-data.js';

const GIB = 1024 ** 3;
const MIB = 1024 ** 2;

/** Bytes as GiB to the hundredth: "1.95 GiB", "0 GiB". */
export function gibOf(bytes: number | undefined): string {
  return `${bytes === undefined || bytes === 0 ? '0' : (bytes / GIB).toFixed(2)} GiB`;
}

/** A rate in bytes a second, as MiB/s to the tenth. */
export function rateOf(bytesPerSecond: number): string {
  return `${(bytesPerSecond / MIB).toFixed(1)} MiB/s`;
}

/**
 * One line of a transfer's progress, from its detail: its status; while it copies, files and GiB done of
 * all, the percent, the rate and the time it expects to need; while its totals are 0, that it is still
 * counting (never that it is done); and how long it has run.
 *
 * `transfer 501: Running, 15/100 files, 0.49/9.77 GiB (5%), 5.0 MiB/s, 1m35s left, 40s elapsed`
 */
export function progressLine(transfer: Transfer, elapsedMs: number): string {
  const status = sanitize(transfer.status ?? 'no status', 20);
  const elapsed = `${formatDuration(elapsedMs)} elapsed`;
  const head = `transfer ${transfer.id}: ${status}`;
  if (transfer.filesTotal === undefined && transfer.bytesTotal === undefined) {
    const done = transfer.filesDone ?? 0;
    return TRANSFER_KIND.statuses.running.includes(status)
      ? `${head}, counting what to copy (${done} files, ${gibOf(transfer.bytesDone)} so far), ${elapsed}`
      : `${head}, ${elapsed}`;
  }
  const percent = transferPercent(transfer);
  const parts = [
    `${transfer.filesDone ?? 0}/${transfer.filesTotal ?? '?'} files`,
    `${gibOf(transfer.bytesDone).replace(' GiB', '')}/${transfer.bytesTotal === undefined ? '? GiB' : gibOf(transfer.bytesTotal)}${percent === undefined ? '' : ` (${Math.floor(percent)}%)`}`,
    ...(transfer.bytesPerSecond === undefined ? [] : [rateOf(transfer.bytesPerSecond)]),
    ...(transfer.secondsLeft === undefined ? [] : [`${formatDuration(transfer.secondsLeft * 1000)} left`]),
    elapsed
  ];
  return `${head}, ${parts.join(', ')}`;
}

/** What moved between two reads of a transfer: its status, files or bytes (else the heartbeat speaks). */
export function moved(before: Transfer | undefined, now: Transfer): boolean {
  return (
    before === undefined ||
    before.status !== now.status ||
    before.filesDone !== now.filesDone ||
    before.bytesDone !== now.bytesDone ||
    before.filesTotal !== now.filesTotal ||
    before.bytesTotal !== now.bytesTotal
  );
}
