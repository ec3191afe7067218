// The emulator's state, one store per resource: what the routes read and change. A new resource of the
// platform is a store here and a routes file of its own (see routes.ts).
import type { JobStore } from './jobs.js';
import type { PreheatStore } from './preheats.js';
import type { QueueGroupStore } from './queue-groups.js';
import type { ObjectStorageStore } from './object-storages.js';
import type { SftpSessionStore } from './sftp-sessions.js';
import type { Stock } from './stock.js';
import type { StorageStore } from './storage.js';
import type { TaskStore } from './tasks.js';
import type { TransferStore } from './transfers.js';
import type { VolumeStore } from './volumes.js';

export interface Stores {
  /** Deployment tasks and their nodes. */
  readonly tasks: TaskStore;
  /** GPU batch jobs and their pods. */
  readonly jobs: JobStore;
  /** The task groups of job queues. */
  readonly queueGroups: QueueGroupStore;
  /** Image preheats, and what they cached where. */
  readonly preheats: PreheatStore;
  /** What each device has free in each region, and its price: what the resource search answers. */
  readonly stock: Stock;
  /** Object storage, as a connection check finds it. */
  readonly storage: StorageStore;
  /** Object storage accelerated for mounts (JuiceFS), where it is synced and which tasks mount it. */
  readonly objectStorages: ObjectStorageStore;
  /** Cluster storage: the configurations volumes are made from, and the volumes. */
  readonly volumes: VolumeStore;
  /** Transfers between object storage and volumes, and the files they copy. */
  readonly transfers: TransferStore;
  /** The volumes' SFTP sessions: one per volume, and the logins the SFTP server takes. */
  readonly sftpSessions: SftpSessionStore;
}
