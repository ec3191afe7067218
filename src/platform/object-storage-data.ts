import { isRecord } from '../basics/records.js';
import { countOf } from './task-data.js';

/**
 * What the platform says of its object storages accelerated for mounts (JuiceFS, suanli-job/api/
 * object-storage.md): buckets set up in the console and synced to regions, where a task mounts one through
 * `services[].storage_config` ({storage_id, target_dir}). Only one whose status is Activate (accelerated)
 * mounts, and only in a region of its `activate_regions`.
 */
export interface ObjectStorage {
  readonly id: string;
  readonly name: string;
  readonly status: string | undefined;
  /** Accelerated: it can be mounted (in its activate_regions). */
  readonly active: boolean;
  /** Where it is synced and can be mounted: each region's tag and name. */
  readonly activeRegions: readonly { readonly tag: string; readonly name: string | undefined }[];
  readonly bucket: string | undefined;
  readonly dir: string | undefined;
}

/** Where the list is, which type it lists, and the statuses it asks for. */
export const OBJECT_STORAGE = {
  path: '/api/storage/get_storage',
  type: 'Juicefs',
  /** Accelerated: the storages a task can mount. */
  mountable: 'Activate',
  /** Set up, not accelerated: asked for only to say why one cannot be mounted. */
  dormant: 'Unactivated'
} as const;

/** The object storages of a list's answer (`results`). */
export function objectStoragesOf(data: unknown): ObjectStorage[] {
  const results = isRecord(data) && Array.isArray(data.results) ? data.results : [];
  return results.filter(isRecord).flatMap((entry) => {
    const id = countOf(entry.storage_id);
    if (id === undefined) return [];
    const regions = Array.isArray(entry.activate_regions) ? entry.activate_regions.filter(isRecord) : [];
    return [
      {
        id: String(id),
        name: text(entry.storage_name) ?? '',
        status: text(entry.status),
        active: entry.status === OBJECT_STORAGE.mountable,
        activeRegions: regions.flatMap((r) =>
          typeof r.tag === 'string' ? [{ tag: r.tag, name: text(r.name) }] : []
        ),
        bucket: text(entry.bucket),
        dir: text(entry.dir)
      }
    ];
  });
}

const text = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);
