// The platform's transfers between object storage and a volume (suanli-nas-storage/api/s3-*.md). A transfer
// reads Queuing once made, Pending while it is prepared, then Running: first while it counts what it will
// copy (its totals 0), then copying at a rate; Completed once all is copied, or failed part way (a knob):
// Error, or Exception, as the reference's detail example shows one (error_code S410), each with its
// error_code and error_message.
// Stop ends only a Running one (Stopped); delete any (Deleted, again and again); retry makes a new one of
// an Error or Exception one, the old one Deleted. Its state is worked out from the clock when it is read.
//
// What is copied: the emulator keeps the files of each bucket prefix and of each volume path, by name and
// content hash. A transfer counts the files the overwrite policy leaves to copy (1: all; 2, the default:
// those whose name the destination lacks; 3: those whose content differs), and writes them once it
// completes: a second transfer of unchanged data counts none, and completes copying nothing. That the
// platform's totals count what it will copy, not all it looked at, is the emulator's reading.
// A volume's files are its VolumeFiles (volume-files.ts): what a transfer writes into a volume path, what a
// job wrote there and what was uploaded over SFTP, the same files a transfer from that path copies.
import { Code, Rejection } from './rejection.js';
import { chinaSeconds } from './times.js';
import { normalizePath, VolumeFiles } from './volume-files.js';

export const TRANSFER_STATUSES = [
  'Queuing',
  'Pending',
  'Running',
  'Stopped',
  'Completed',
  'Error',
  'Exception',
  'Deleted'
] as const;
export type TransferStatus = (typeof TRANSFER_STATUSES)[number];

/** A file: its name under a prefix or path, its size and its content's hash. */
export interface StoredFile {
  readonly name: string;
  readonly bytes: number;
  readonly hash: string;
}

/** How a transfer fails (a knob): once `atShare` of its bytes is copied, in `status` (Error by default). */
export interface TransferFailure {
  readonly atShare: number;
  readonly status?: 'Error' | 'Exception';
  readonly error_code: string;
  readonly error_message: string;
}

/**
 * What the list shows when asked for no statuses (every transfer, all but the Deleted, or only those
 * under way), and in which order: the reference says neither.
 */
export interface TransferListing {
  unfiltered: 'all' | 'not deleted' | 'under way';
  order: 'newest first' | 'oldest first';
}

const UNFILTERED: Record<TransferListing['unfiltered'], (status: TransferStatus) => boolean> = {
  all: () => true,
  'not deleted': (status) => status !== 'Deleted',
  'under way': (status) => ['Queuing', 'Pending', 'Running'].includes(status)
};

/** How transfers behave over time (knobs). */
export interface TransferPace {
  queueMs: number;
  pendingMs: number;
  /** How long a Running transfer reads totals of 0 while it counts. */
  countMs: number;
  bytesPerSecond: number;
}

/** What a create or a retry asks for. */
export interface TransferRequest {
  readonly name: string | undefined;
  readonly storageId: number;
  readonly storageName: string;
  readonly direction: 1 | 2;
  readonly supplier: string;
  readonly endpoint: string;
  readonly bucket: string;
  readonly prefix: string;
  readonly nasPath: string;
  readonly overwritePolicy: 1 | 2 | 3;
  readonly ignorePatterns: readonly string[];
}

interface Transfer extends TransferRequest {
  readonly id: number;
  readonly createdAt: number;
  /** The files it copies, counted when it was made. */
  readonly files: readonly StoredFile[];
  /** It fails once this share of its bytes is copied (a knob), with this error. */
  readonly failure: TransferFailure | undefined;
  /** Set once it is stopped or deleted (its progress frozen there), or once it ended. */
  ended: { status: TransferStatus; at: number } | undefined;
}

/** The files of a prefix no test set: a dataset of 40 files of 50 MiB each. */
function defaultFiles(): StoredFile[] {
  return Array.from({ length: 40 }, (_, i) => ({
    name: `part-${String(i).padStart(4, '0')}.bin`,
    bytes: 50 * 1024 * 1024,
    hash: `h${i}`
  }));
}

export class TransferStore {
  readonly #transfers = new Map<number, Transfer>();
  /** The files of each bucket prefix ("bucket/prefix"). */
  readonly #places = new Map<string, Map<string, StoredFile>>();
  /** The synthetic files writeVolume wrote ("id:path:bytes:hash"): a job's results land once, not at each call. */
  readonly #written = new Set<string>();
  #nextId = 501;
  #failures: TransferFailure[] = [];
  pace: TransferPace = { queueMs: 2000, pendingMs: 2000, countMs: 2000, bytesPerSecond: 100 * 1024 * 1024 };
  /** What a list without statuses shows, and in what order (knobs: the reference says neither). */
  listing: TransferListing = { unfiltered: 'not deleted', order: 'newest first' };

  /** `files`: the volumes' files (the SFTP server serves the same ones); made here when not given. */
  constructor(
    private readonly now: () => number,
    readonly files: VolumeFiles = new VolumeFiles(now)
  ) {}

  /** Sets the files under a bucket's prefix (a knob): what a transfer to a volume copies. */
  setObjects(bucket: string, prefix: string, files: readonly StoredFile[]): void {
    this.#places.set(objectsKey(bucket, prefix), new Map(files.map((f) => [f.name, { ...f }])));
  }

  /** The files under a bucket's prefix, as the transfers left them. */
  objects(bucket: string, prefix: string): StoredFile[] {
    return [...this.#place(objectsKey(bucket, prefix), true).values()];
  }

  /**
   * Adds files under a volume's path (what a job wrote there): a transfer from that path, or SFTP, reads them.
   * The same file written at the same place again is written once (a job's results are asked for at every
   * transfer made), so a file removed since is not brought back.
   */
  writeVolume(storageId: number, path: string, files: readonly StoredFile[]): void {
    for (const file of files) {
      const at = normalizePath(`${path}/${file.name}`);
      const key = `${storageId}:${at}:${file.bytes}:${file.hash}`;
      if (this.#written.has(key)) continue;
      this.#written.add(key);
      this.files.putSynthetic(storageId, at, file);
    }
  }

  /** The files under a volume's path (names relative to it, subfolders in them), their hashes worked out. */
  volumeFiles(storageId: number, path: string): StoredFile[] {
    this.settle();
    return this.files
      .files(storageId, path)
      .map((file) => ({ name: file.name, bytes: file.bytes, hash: file.hash() }));
  }

  /** The next `times` transfers made fail once `atShare` of their bytes is copied (a knob). */
  failNext(times: number, failure: TransferFailure): void {
    for (let i = 0; i < times; i++) this.#failures.push({ ...failure });
  }

  /**
   * Writes what the completed transfers copied, read or not (the SFTP server's refresh calls it, so a
   * download sees what a transfer copied in).
   */
  settle(): void {
    for (const transfer of this.#transfers.values()) this.#view(transfer);
  }

  /** Makes a transfer: it reads Queuing. */
  create(request: TransferRequest): Record<string, unknown> {
    // What the transfers before it copied is there by now, read or not.
    this.settle();
    const objects = this.#place(objectsKey(request.bucket, request.prefix), request.direction === 1);
    const [from, to] =
      request.direction === 1
        ? [[...objects.values()], this.#volumePlace(request.storageId, request.nasPath)]
        : [this.volumeFiles(request.storageId, request.nasPath), objects];
    const files = from.filter(
      (file) =>
        !request.ignorePatterns.some((suffix) => suffix !== '' && file.name.endsWith(suffix)) &&
        (request.overwritePolicy === 1 ||
          (request.overwritePolicy === 2 ? !to.has(file.name) : to.get(file.name)?.hash !== file.hash))
    );
    const transfer: Transfer = {
      ...request,
      id: this.#nextId++,
      createdAt: this.now(),
      files,
      failure: this.#failures.shift(),
      ended: undefined
    };
    this.#transfers.set(transfer.id, transfer);
    return { id: transfer.id, status: this.#view(transfer).status };
  }

  /** Submits an Error or Exception transfer again: the old one reads Deleted, a new one Queuing. */
  retry(id: number, request: TransferRequest): Record<string, unknown> {
    const old = this.#get(id);
    const status = this.#view(old).status;
    if (status !== 'Error' && status !== 'Exception')
      throw new Rejection(
        Code.taskState,
        'transfer_wrong_state',
        `transfer ${id} is ${status}, not Error or Exception`
      );
    old.ended = { status: 'Deleted', at: this.now() };
    return this.create(request);
  }

  /** Stops a Running transfer: it reads Stopped, its progress where it was. */
  stop(id: number): Record<string, unknown> {
    const transfer = this.#get(id);
    const status = this.#view(transfer).status;
    if (status !== 'Running')
      throw new Rejection(Code.taskState, 'transfer_wrong_state', `transfer ${id} is ${status}, not Running`);
    transfer.ended = { status: 'Stopped', at: this.now() };
    return { id, status: 'Stopped' };
  }

  /** Deletes a transfer (one deleted already too): it reads Deleted. */
  delete(id: number): Record<string, unknown> {
    const transfer = this.#get(id);
    const status = this.#view(transfer).status;
    if (status !== 'Deleted') transfer.ended = { status: 'Deleted', at: this.now() };
    return { id, status: 'Deleted' };
  }

  /** A transfer as its detail answers it. */
  detail(id: number): Record<string, unknown> {
    return this.#render(this.#get(id));
  }

  /** Whether a transfer of the volume is under way (Queuing, Pending or Running). */
  busy(storageId: number): boolean {
    return [...this.#transfers.values()].some(
      (t) => t.storageId === storageId && ['Queuing', 'Pending', 'Running'].includes(this.#view(t).status)
    );
  }

  /**
   * The transfers the filters ask for, and every count: with no statuses, those `listing.unfiltered` says
   * (the reference does not say whether such a list shows the ended ones, or the Deleted); in the order it
   * says (newest first by default; the reference names none).
   */
  list(filter: { storageId?: number; statuses?: readonly string[] }): {
    results: Record<string, unknown>[];
    statusCounts: Record<string, number>;
  } {
    const made = [...this.#transfers.values()];
    const all = this.listing.order === 'newest first' ? made.reverse() : made;
    const statusCounts: Record<string, number> = Object.fromEntries(
      ['pending', 'running', 'stopped', 'completed', 'error', 'exception', 'queuing'].map((s) => [s, 0])
    );
    for (const t of all) {
      const key = this.#view(t).status.toLowerCase();
      if (key in statusCounts) statusCounts[key] = (statusCounts[key] ?? 0) + 1;
    }
    const results = all
      .filter((t) => filter.storageId === undefined || t.storageId === filter.storageId)
      .filter((t) => {
        const status = this.#view(t).status;
        if (filter.statuses !== undefined) return filter.statuses.includes(status);
        return UNFILTERED[this.listing.unfiltered](status);
      })
      .map((t) => this.#render(t));
    return { results, statusCounts };
  }

  #get(id: number): Transfer {
    const transfer = this.#transfers.get(id);
    if (transfer === undefined)
      throw new Rejection(Code.taskNotFound, 'transfer_not_found', `transfer ${id} does not exist`);
    return transfer;
  }

  /** A volume path's files by name, hashes worked out only when a policy compares them. */
  #volumePlace(storageId: number, path: string): Pick<Map<string, { hash: string }>, 'has' | 'get'> {
    const files = new Map(this.files.files(storageId, path).map((file) => [file.name, file]));
    return {
      has: (name) => files.has(name),
      get: (name) => {
        const file = files.get(name);
        return file === undefined ? undefined : { hash: file.hash() };
      }
    };
  }

  #place(key: string, source: boolean): Map<string, StoredFile> {
    let files = this.#places.get(key);
    if (files === undefined) {
      files = new Map(source ? defaultFiles().map((f) => [f.name, f]) : []);
      this.#places.set(key, files);
    }
    return files;
  }

  /** Where a transfer is at `at` (now by default): its status, what it copied, its rate and time left. */
  #view(
    t: Transfer,
    at = this.now()
  ): { status: TransferStatus; files: number; bytes: number; counted: boolean; endedAt: number | undefined } {
    const total = t.files.reduce((sum, f) => sum + f.bytes, 0);
    const until = t.ended === undefined ? at : Math.min(at, t.ended.at);
    const runningAt = t.createdAt + this.pace.queueMs + this.pace.pendingMs;
    const copyingAt = runningAt + this.pace.countMs;
    const progress = (time: number): number =>
      time <= copyingAt
        ? 0
        : Math.min(total, Math.floor(((time - copyingAt) / 1000) * this.pace.bytesPerSecond));
    const failAt =
      t.failure === undefined
        ? undefined
        : copyingAt + ((t.failure.atShare * total) / this.pace.bytesPerSecond) * 1000;
    const doneAt = copyingAt + (total / this.pace.bytesPerSecond) * 1000;
    const share = (bytes: number): number => (total === 0 ? 0 : Math.floor((t.files.length * bytes) / total));
    if (failAt !== undefined && until >= failAt && (t.ended === undefined || t.ended.at >= failAt)) {
      const bytes = progress(failAt);
      return {
        status: t.ended?.status === 'Deleted' ? 'Deleted' : (t.failure?.status ?? 'Error'),
        files: share(bytes),
        bytes,
        counted: true,
        endedAt: failAt
      };
    }
    if (until >= doneAt && (t.ended === undefined || t.ended.at >= doneAt)) {
      this.#land(t);
      return {
        status: t.ended?.status === 'Deleted' ? 'Deleted' : 'Completed',
        files: t.files.length,
        bytes: total,
        counted: true,
        endedAt: doneAt
      };
    }
    const bytes = progress(until);
    const counted = until >= copyingAt;
    if (t.ended !== undefined)
      return { status: t.ended.status, files: share(bytes), bytes, counted, endedAt: t.ended.at };
    const status: TransferStatus =
      at < t.createdAt + this.pace.queueMs ? 'Queuing' : at < runningAt ? 'Pending' : 'Running';
    return { status, files: share(bytes), bytes, counted, endedAt: undefined };
  }

  /** Writes a completed transfer's files to where it copied them, once. */
  #land(t: Transfer): void {
    if (this.#landed.has(t.id)) return;
    this.#landed.add(t.id);
    if (t.direction === 1) {
      for (const file of t.files) this.files.putSynthetic(t.storageId, `${t.nasPath}/${file.name}`, file);
      return;
    }
    const to = this.#place(objectsKey(t.bucket, t.prefix), false);
    for (const file of t.files) to.set(file.name, file);
  }

  readonly #landed = new Set<number>();

  #render(t: Transfer): Record<string, unknown> {
    const at = this.now();
    const view = this.#view(t, at);
    const running = view.status === 'Running';
    const failed = view.status === 'Error' || view.status === 'Exception';
    const total = t.files.reduce((sum, f) => sum + f.bytes, 0);
    const bps = running && view.counted ? this.pace.bytesPerSecond : 0;
    return {
      id: t.id,
      name: t.name ?? `s3-sync-${t.id}`,
      ready_files: view.files,
      total_files: view.counted ? t.files.length : 0,
      transferred_bytes: view.bytes,
      total_bytes: view.counted ? total : 0,
      create_time: chinaSeconds(t.createdAt),
      end_time: view.endedAt === undefined ? null : chinaSeconds(view.endedAt),
      status: view.status,
      direction: t.direction,
      remaining_seconds: bps === 0 ? 0 : Math.ceil((total - view.bytes) / bps),
      speed: bps === 0 ? '0B/s' : `${Math.round(bps / (1024 * 1024))}MB/s`,
      bps,
      last_update_time: chinaSeconds(Math.min(at, view.endedAt ?? at)),
      storage_id: t.storageId,
      s3_supplier: t.supplier,
      s3_endpoint: t.endpoint,
      s3_bucket: t.bucket,
      s3_prefix: t.prefix,
      nas_path: t.nasPath,
      overwrite_policy: t.overwritePolicy,
      error_code: failed ? (t.failure?.error_code ?? null) : null,
      error_message: failed ? (t.failure?.error_message ?? null) : null,
      ignore_patterns: [...t.ignorePatterns],
      storage_name: t.storageName
    };
  }
}

const objectsKey = (bucket: string, prefix: string): string =>
  `${bucket}/${prefix.replace(/^\/+|\/+$/g, '')}`;
