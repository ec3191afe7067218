import { escape } from '../../basics/markdown-text.js';
import { sanitize } from '../../basics/safe-text.js';
import { formatDuration } from '../../basics/units.js';
import { TRANSFER_KIND } from '../../platform/task-kinds.js';
import type { Transfer } from '../../platform/transfer-data.js';
import { reportOf, type TransferOutcome, type TransferReport } from '../engine/calls/step-result.js';
import { countText, orUnknown } from '../engine/report/report-text.js';
import { reportPart } from '../engine/report/report-part.js';

// The transfer's part: the transfer a transfer step followed (or read, or stopped), or the transfers a
// transfer_list read.

export const TRANSFER_PART = reportPart<TransferReport>({
  name: 'transfer',
  kind: TRANSFER_KIND.name,
  of: (step) => reportOf(step, 'transfer'),
  summary: { alone: transfersTable },
  outputs: ['status', 'count', 'transfer_id', 'files', 'bytes', 'rate', 'duration'],
  values: ({ one, listed }) => (one === undefined ? { count: String(listed.length) } : transferOutputs(one))
});

/**
 * What a transfer step copied: its status, its id (the last, after retries), the files and bytes it
 * copied, and, for one the step followed, how long it took (duration, seconds) and its rate (bytes a
 * second, on average).
 */
function transferOutputs({ transfer, elapsedMs }: TransferOutcome): Record<string, string> {
  const seconds = elapsedMs === undefined ? undefined : Math.round(elapsedMs / 1000);
  return {
    status: sanitize(transfer.status ?? '', 40),
    transfer_id: transfer.id,
    files: countText(transfer.filesDone),
    bytes: countText(transfer.bytesDone),
    rate:
      elapsedMs === undefined || elapsedMs <= 0
        ? ''
        : String(Math.round(((transfer.bytesDone ?? 0) * 1000) / elapsedMs)),
    ...(seconds === undefined ? {} : { duration: String(seconds) })
  };
}

/**
 * The transfer a transfer step followed (or read, or stopped), or the transfers a transfer_list read: each
 * one's status, files and GiB copied of all (totals of 0 are still being counted), and for a step that
 * followed one, how long it took and its rate.
 */
function transfersTable({ one, listed }: TransferReport): string[] {
  const transfers: readonly Transfer[] = one === undefined ? listed : [one.transfer];
  const lines = ['| Transfer | Direction | Status | Files | Copied | Error |', '|---|---|---|---|---|---|'];
  lines.push(...transfers.map(transferRow), '');
  if (one?.elapsedMs === undefined) return lines;
  const seconds = one.elapsedMs / 1000;
  const rate =
    seconds > 0 ? `${((one.transfer.bytesDone ?? 0) / seconds / 1024 ** 2).toFixed(1)} MiB/s` : '–';
  return [
    ...lines,
    `Copied in ${escape(formatDuration(one.elapsedMs))} (${rate} on average)${one.retries > 0 ? `, after ${one.retries} retries` : ''}; files already at the destination are not copied again, as \`overwrite_policy\` says.`
  ];
}

/** A transfer's row: its direction, status, files and GiB copied of all, and its error. */
function transferRow(t: Transfer): string {
  const gib = (bytes: number | undefined): string =>
    `${bytes === undefined ? '0' : (bytes / 1024 ** 3).toFixed(2)} GiB`;
  const files =
    t.filesTotal === undefined ? `${t.filesDone ?? 0} (counting)` : `${t.filesDone ?? 0} of ${t.filesTotal}`;
  const bytes = t.bytesTotal === undefined ? gib(t.bytesDone) : `${gib(t.bytesDone)} of ${gib(t.bytesTotal)}`;
  const direction =
    t.direction === 'to_volume'
      ? 'to the volume'
      : t.direction === 'to_object_storage'
        ? 'to object storage'
        : '?';
  const error =
    t.errorCode === undefined && t.errorMessage === undefined
      ? ''
      : `${t.errorCode ?? ''} ${t.errorMessage ?? ''}`.trim();
  return `| ${escape(t.id)} | ${direction} | ${orUnknown(t.status)} | ${files} | ${bytes} | ${escape(error)} |`;
}
