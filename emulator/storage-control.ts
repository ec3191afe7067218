// What a test (or the emulator's --config) sets of storage: the s3 check's verdict, volumes that fail or
// settle slowly, the files of buckets and volumes, how transfers go, the object storages accelerated for
// mounts, and how the volumes' SFTP sessions go.
import type { ObjectStorageSpec } from './object-storages.js';
import type { StorageVerdict } from './storage.js';
import type { SftpFailure, SftpSessionSettings, SftpSessionStore, SftpStatus } from './sftp-sessions.js';
import type { Stores } from './stores.js';
import type { StoredFile, TransferFailure, TransferListing, TransferPace } from './transfers.js';
import type { VolumeFailure } from './volumes.js';

export interface StorageControl {
  /** What a storage connection check answers. */
  setVerdict(verdict: StorageVerdict): void;
  /** Volumes of this name made from now on end in Exception when they settle, with this error. */
  failVolumesNamed(name: string, failure: VolumeFailure): void;
  /** How long a volume's create, expand or delete takes to settle from now on (else the tasks' ready-after). */
  setVolumeSettleSeconds(seconds: number): void;
  /** The files under a bucket's prefix (else 40 files of 50 MiB), and those a transfer left there. */
  setObjects(bucket: string, prefix: string, files: readonly StoredFile[]): void;
  objects(bucket: string, prefix: string): StoredFile[];
  /** The volumes not deleted, as the list shows them. */
  volumes(): Record<string, unknown>[];
  /** The files under a volume's path (subfolders' as `a/b.bin`): what transfers, jobs and SFTP left there. */
  volumeFiles(storageId: number, path: string): StoredFile[];
  /** Puts files under a volume's path (what a job wrote there, however it ended): synthetic content. */
  writeVolume(storageId: number, path: string, files: readonly StoredFile[]): void;
  /** How transfers go: time queued, prepared and counting, and the rate they copy at. */
  setTransferPace(pace: Partial<TransferPace>): void;
  /** What the transfer list shows when asked for no statuses, and in which order (the reference says neither). */
  setTransferListing(listing: Partial<TransferListing>): void;
  /** The next `times` transfers fail (Error, or Exception when `status` says so) once `atShare` of their bytes is copied. */
  failTransfers(times: number, failure: TransferFailure): void;
  /** A bucket the s3 check cannot reach (pass false, with why), whatever the verdict. */
  unreachableBucket(bucket: string, why: string): void;
  /** Adds an object storage accelerated for mounts (JuiceFS), as the console would; answers its storage_id. */
  addObjectStorage(spec: ObjectStorageSpec): number;
  /**
   * How SFTP sessions go from now on: how long a new one stays Pending (pendingMs; Infinity: for ever),
   * how long a Running one lasts (ttlMs), and the host:port sftp_url answers (address: the SFTP server's).
   */
  setSftp(settings: Partial<SftpSessionSettings>): void;
  /** The next `times` sessions opened end in Exception with this error once their Pending time is over. */
  failSftpSessions(times: number, failure: SftpFailure): void;
  /** Expires the volume's session now: its login stops working, and the next obtain opens a new one. */
  expireSftpSession(storageId: number): void;
  /** The status of the volume's session now; undefined when it has none (never opened, destroyed, expired). */
  sftpStatus(storageId: number): SftpStatus | undefined;
  /** The sessions themselves, for the SFTP server: storageIdOf(username, password) and onEnded(listener). */
  readonly sftpSessions: Pick<SftpSessionStore, 'storageIdOf' | 'onEnded' | 'sweep' | 'passwords'>;
}

export function storageControl(stores: Stores): StorageControl {
  return {
    setVerdict: (verdict) => {
      stores.storage.verdict = { ...verdict };
    },
    failVolumesNamed: (name, failure) => {
      stores.volumes.failNamed(name, failure);
    },
    setVolumeSettleSeconds: (seconds) => {
      stores.volumes.settleOverrideMs = seconds * 1000;
    },
    setObjects: (bucket, prefix, files) => {
      stores.transfers.setObjects(bucket, prefix, files);
    },
    objects: (bucket, prefix) => stores.transfers.objects(bucket, prefix),
    volumes: () => stores.volumes.list({}),
    volumeFiles: (storageId, path) => stores.transfers.volumeFiles(storageId, path),
    writeVolume: (storageId, path, files) => {
      stores.transfers.writeVolume(storageId, path, files);
    },
    setTransferPace: (pace) => {
      stores.transfers.pace = { ...stores.transfers.pace, ...pace };
    },
    setTransferListing: (listing) => {
      stores.transfers.listing = { ...stores.transfers.listing, ...listing };
    },
    failTransfers: (times, failure) => {
      stores.transfers.failNext(times, failure);
    },
    unreachableBucket: (bucket, why) => {
      stores.storage.unreachable.set(bucket, why);
    },
    addObjectStorage: (spec) => stores.objectStorages.add(spec),
    setSftp: (settings) => {
      stores.sftpSessions.settings = { ...stores.sftpSessions.settings, ...settings };
    },
    failSftpSessions: (times, failure) => {
      stores.sftpSessions.failNext(times, failure);
    },
    expireSftpSession: (storageId) => {
      stores.sftpSessions.expireNow(storageId);
    },
    sftpStatus: (storageId) => stores.sftpSessions.statusOf(storageId),
    sftpSessions: stores.sftpSessions
  };
}
