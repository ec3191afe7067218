// The platform's object-storage acceleration (JuiceFS, suanli-job/api/object-storage.md): buckets set up in
// the console, synced to regions (activate_regions) where tasks mount them through storage_config. The API
// only lists them; a test adds its own with a knob (see storage-control.ts).
import { Code, Rejection } from './rejection.js';
import { chinaTime } from './times.js';

export const OBJECT_STORAGE_STATUSES = ['Activate', 'Unactivated'] as const;
export type ObjectStorageStatus = (typeof OBJECT_STORAGE_STATUSES)[number];

/** A region as the storage API names it. */
export interface StorageRegion {
  readonly tag: string;
  readonly name: string;
}

/** What a test says of an object storage it adds. */
export interface ObjectStorageSpec {
  readonly name: string;
  readonly status: ObjectStorageStatus;
  /** Where it is set up. */
  readonly regions: readonly StorageRegion[];
  /** Where it is synced and can be mounted (only an Activate one has any). */
  readonly activeRegions: readonly StorageRegion[];
  readonly bucket?: string;
  readonly dir?: string;
}

interface ObjectStorage extends ObjectStorageSpec {
  readonly storage_id: number;
  readonly createdAt: number;
}

/** A task that mounts an object storage, listed while `active` says it runs. */
export interface ObjectStorageMount {
  readonly id: bigint;
  readonly name: string;
  readonly path: string;
  readonly regions: readonly StorageRegion[];
  readonly active: () => boolean;
}

const GUANGDONG: StorageRegion = { tag: 'guangdong-t-01', name: '广东-T1' };
const BEIJING: StorageRegion = { tag: 'beijing-jxq-p1', name: '北京一区' };

/** The emulator's own: one accelerated in Guangdong only (set up in Beijing too), one not accelerated. */
const DEFAULT_STORAGES: readonly ObjectStorageSpec[] = [
  {
    name: 'weights',
    status: 'Activate',
    regions: [GUANGDONG, BEIJING],
    activeRegions: [GUANGDONG],
    bucket: 'model-weights',
    dir: '/llm'
  },
  { name: 'archive', status: 'Unactivated', regions: [BEIJING], activeRegions: [], bucket: 'cold' }
];

const GIB = 1024 ** 3;

export class ObjectStorageStore {
  readonly #storages: ObjectStorage[] = [];
  readonly #mounts = new Map<number, ObjectStorageMount[]>();
  #nextId = 36;

  constructor(private readonly now: () => number) {
    for (const spec of DEFAULT_STORAGES) this.add(spec);
  }

  /** Adds an object storage, as the console would; answers its storage_id. */
  add(spec: ObjectStorageSpec): number {
    const storage: ObjectStorage = {
      ...spec,
      activeRegions: spec.status === 'Activate' ? spec.activeRegions : [],
      storage_id: this.#nextId++,
      createdAt: this.now()
    };
    this.#storages.push(storage);
    return storage.storage_id;
  }

  /** Those of the statuses asked, oldest first, as the list writes them. */
  list(statuses: readonly string[]): Record<string, unknown>[] {
    return this.#storages
      .filter((s) => statuses.includes(s.status))
      .map((s) => ({
        storage_id: s.storage_id,
        storage_type: 'Juicefs',
        juicefs_region_id: 500 + s.storage_id,
        storage_name: s.name,
        k3s_cloud_name: '火山引擎',
        k3s_region_name: '华北2 - 北京',
        regions: s.regions,
        activate_regions: s.activeRegions,
        bucket: s.bucket ?? s.name,
        size: 20 * GIB,
        dir: s.dir ?? '/',
        endpoint: 'https://tos-cn-beijing.volces.com',
        status: s.status,
        last_sync_time: s.status === 'Activate' ? chinaTime(s.createdAt) : null,
        deployments: (this.#mounts.get(s.storage_id) ?? [])
          .filter((m) => m.active())
          .map((m) => ({
            deployment_id: String(m.id),
            deployment_name: m.name,
            target_dir: m.path,
            task_type: 'Deployment',
            regions: m.regions
          })),
        remark: null,
        use_size: s.status === 'Activate' ? 3 * GIB : 0,
        create_time: chinaTime(s.createdAt),
        share_storage_type: null,
        syncing_regions: null
      }));
  }

  /** The regions where object storage `id` can be mounted: it must exist and be Activate. */
  mountableRegions(id: number): readonly StorageRegion[] {
    const storage = this.#storages.find((s) => s.storage_id === id);
    if (storage === undefined)
      throw new Rejection(Code.taskNotFound, 'storage_not_found', `storage ${id} does not exist`);
    if (storage.status !== 'Activate')
      throw new Rejection(
        Code.taskState,
        'storage_unactivated',
        `storage ${id} is ${storage.status}: only an accelerated (Activate) storage can be mounted`
      );
    return storage.activeRegions;
  }

  /** Lists a task that mounts object storage `id` among its deployments, while it runs. */
  mount(id: number, mount: ObjectStorageMount): void {
    this.#mounts.set(id, [...(this.#mounts.get(id) ?? []), mount]);
  }
}
