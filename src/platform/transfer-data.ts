import { isRecord } from '../basics/records.js';
import { countOf } from './task-data.js';

/**
 * What the storage API says of a transfer between object storage and a volume
 * (suanli-nas-storage/api/s3-detail.md; a list's items are the same): its files and bytes done of all
 * (totals of 0 while they are still counted), its rate in bytes a second and the seconds it expects to
 * need (0 when it cannot say, or it ended), its status (Queuing, Pending, Running on the way; Completed;
 * Stopped; Error and Exception failed, with error_code and error_message; Deleted).
 */
export interface Transfer {
  readonly id: string;
  readonly name: string | undefined;
  readonly status: string | undefined;
  /** 1: from object storage to the volume; 2: from the volume to object storage. */
  readonly direction: 'to_volume' | 'to_object_storage' | undefined;
  readonly filesDone: number | undefined;
  /** Undefined while the platform still counts them (it answers 0 then). */
  readonly filesTotal: number | undefined;
  readonly bytesDone: number | undefined;
  /** Undefined while the platform still counts them (it answers 0 then). */
  readonly bytesTotal: number | undefined;
  /** Bytes a second; undefined when it cannot say (0). */
  readonly bytesPerSecond: number | undefined;
  /** Undefined when it cannot say (0). */
  readonly secondsLeft: number | undefined;
  readonly storageId: string | undefined;
  readonly errorCode: string | undefined;
  readonly errorMessage: string | undefined;
}

/** A transfer on its way: queued, being prepared, or copying. */
export const TRANSFER_UNDER_WAY: readonly string[] = ['Queuing', 'Pending', 'Running'];
/** The one status a transfer can be stopped in. */
export const TRANSFER_RUNNING = 'Running';
/** A transfer that copied everything. */
export const TRANSFER_COMPLETED = 'Completed';
/** A transfer that failed: retried (s3/retry) as the user allows, its error_code and error_message said. */
export const TRANSFER_FAILED: readonly string[] = ['Error', 'Exception'];
/** A transfer someone deleted (a retry deletes the one it submits again, and makes a new one of its name). */
export const TRANSFER_DELETED = 'Deleted';
/** A transfer someone stopped, or deleted. */
export const TRANSFER_STOPPED: readonly string[] = ['Stopped', TRANSFER_DELETED];
/** Every status the reference lists (s3-list.md: what its statuses filter takes). */
export const TRANSFER_STATUSES: readonly string[] = [
  ...TRANSFER_UNDER_WAY,
  TRANSFER_COMPLETED,
  ...TRANSFER_FAILED,
  ...TRANSFER_STOPPED
];

/**
 * The transfer of that name to follow among `transfers` (a list of every status): a retry makes a new
 * transfer of the same name and deletes the one it submits again, so the newest (the greatest id) that is
 * not Deleted; else, when all of the name are Deleted, the newest of them; undefined when none has it.
 */
export function transferNamed(transfers: readonly Transfer[], name: string): Transfer | undefined {
  const newestFirst = transfers
    .filter((t) => t.name === name)
    .sort((a, b) => (BigInt(b.id) > BigInt(a.id) ? 1 : BigInt(b.id) < BigInt(a.id) ? -1 : 0));
  return newestFirst.find((t) => t.status !== TRANSFER_DELETED) ?? newestFirst[0];
}

/** A transfer's detail (or an item of the list). Undefined for an answer without an id. */
export function transferOf(data: unknown): Transfer | undefined {
  if (!isRecord(data)) return undefined;
  const id = countOf(data.id);
  if (id === undefined) return undefined;
  const positive = (value: unknown): number | undefined => {
    const n = countOf(value);
    return n === undefined || n === 0 ? undefined : n;
  };
  return {
    id: String(id),
    name: text(data.name),
    status: text(data.status),
    direction: data.direction === 1 ? 'to_volume' : data.direction === 2 ? 'to_object_storage' : undefined,
    filesDone: countOf(data.ready_files),
    filesTotal: positive(data.total_files),
    bytesDone: countOf(data.transferred_bytes),
    bytesTotal: positive(data.total_bytes),
    bytesPerSecond: positive(data.bps),
    secondsLeft: positive(data.remaining_seconds),
    storageId: countOf(data.storage_id) === undefined ? undefined : String(countOf(data.storage_id)),
    errorCode: text(data.error_code),
    errorMessage: text(data.error_message)
  };
}

/** The transfers of a list's answer (`results`). */
export function transfersOf(data: unknown): Transfer[] {
  const results = isRecord(data) && Array.isArray(data.results) ? data.results : [];
  return results.flatMap((entry) => {
    const transfer = transferOf(entry);
    return transfer === undefined ? [] : [transfer];
  });
}

/** How far a transfer is, in percent of its bytes (else of its files); undefined while its totals are counted. */
export function transferPercent(transfer: Transfer): number | undefined {
  const share = (done: number | undefined, total: number | undefined): number | undefined =>
    done === undefined || total === undefined ? undefined : Math.min(100, (done / total) * 100);
  return share(transfer.bytesDone, transfer.bytesTotal) ?? share(transfer.filesDone, transfer.filesTotal);
}

const text = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);
