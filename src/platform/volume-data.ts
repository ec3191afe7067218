import { isRecord } from '../basics/records.js';
import { countOf } from './task-data.js';

/**
 * What the cluster storage API says of volumes and of the configurations they are made from
 * (suanli-nas-storage/api/nas-list.md, nas-pre-create.md): sizes in bytes, a volume's status (Creating,
 * Active, Expanding, Deleting, Deleted, Exception), prices as the platform gives them (unit_price: points
 * per GB per 10 minutes; display_unit_price: yuan per GB per month, as text). A used size of -1 means the
 * storage cannot say: it is no size, and reads as undefined here.
 */
export interface Volume {
  readonly id: string;
  readonly name: string;
  readonly region: string | undefined;
  readonly regionName: string | undefined;
  /** Its storage class, by its id (storage_class: nfs-standard) and as the platform names it (标准型). */
  readonly storageClass: string | undefined;
  readonly storageClassName: string | undefined;
  readonly status: string | undefined;
  readonly totalBytes: number | undefined;
  /** Undefined where the storage cannot say (-1) or the answer gave none. */
  readonly usedBytes: number | undefined;
  readonly displayUnitPrice: string | undefined;
  /** How many tasks it is mounted in (instance_count). */
  readonly mounts: number;
  /** The tasks and jobs it is mounted in, as the list names them (instances). */
  readonly instances: readonly VolumeInstance[];
  readonly errorCode: string | undefined;
  readonly errorMessage: string | undefined;
}

/**
 * A task or job a volume is mounted in, as the list names it (instances[]: instance_id, instance_name,
 * instance_type, mount_path); the reference marks none of its fields required.
 */
export interface VolumeInstance {
  /** Undefined when the entry gives no id: a mount that cannot be told from any other. */
  readonly id: string | undefined;
  readonly name: string | undefined;
  /** deployment or job, as the platform says it. */
  readonly type: string | undefined;
  readonly path: string | undefined;
}

/** A configuration a volume can be made from. */
export interface VolumeConfig {
  readonly id: string;
  readonly name: string | undefined;
  readonly region: string | undefined;
  readonly regionName: string | undefined;
  /** The storage class a volume made of it is of, by its id and by its name (storage_class_name). */
  readonly storageClass: string | undefined;
  readonly storageClassName: string | undefined;
  readonly available: boolean;
  /** What is left of it, in bytes: its capacity less what its volumes were given. */
  readonly freeBytes: number | undefined;
  readonly displayUnitPrice: string | undefined;
}

/** A volume that can be mounted and copied to. */
export const VOLUME_ACTIVE = 'Active';
/** A volume on its way to Active: made or grown, not ready yet. */
export const VOLUME_SETTLING: readonly string[] = ['Creating', 'Expanding'];
/** A volume that failed: its error_code and error_message say why. */
export const VOLUME_FAILED = 'Exception';
/** A volume that is gone (no list shows it, but an answer may say it). */
export const VOLUME_DELETED = 'Deleted';
/** A volume on its way out, or out: no list shows a Deleted one. */
export const VOLUME_LEAVING: readonly string[] = ['Deleting', 'Deleted'];

/** The volumes of a list's answer (`results`). */
export function volumesOf(data: unknown): Volume[] {
  const results = isRecord(data) && Array.isArray(data.results) ? data.results : [];
  return results.filter(isRecord).flatMap((entry) => {
    const id = idText(entry.storage_id);
    if (id === undefined) return [];
    const region = isRecord(entry.region) ? entry.region : {};
    const used = entry.used_size;
    return [
      {
        id,
        name: text(entry.name) ?? '',
        region: text(region.tag),
        regionName: text(region.name),
        storageClass: text(entry.storage_class),
        storageClassName: text(entry.storage_class_name),
        status: text(entry.status),
        totalBytes: countOf(entry.total_size),
        usedBytes: used === -1 ? undefined : countOf(used),
        displayUnitPrice: text(entry.display_unit_price),
        mounts: countOf(entry.instance_count) ?? 0,
        instances: instancesOf(entry.instances),
        errorCode: text(entry.error_code),
        errorMessage: text(entry.error_message)
      }
    ];
  });
}

/** The tasks and jobs of a list entry's `instances`. */
function instancesOf(value: unknown): VolumeInstance[] {
  return (Array.isArray(value) ? value : []).filter(isRecord).map((entry) => ({
    id: idText(entry.instance_id),
    name: text(entry.instance_name),
    type: text(entry.instance_type),
    path: text(entry.mount_path)
  }));
}

/** The configurations of a pre-create answer (`configs`). */
export function volumeConfigsOf(data: unknown): VolumeConfig[] {
  const configs = isRecord(data) && Array.isArray(data.configs) ? data.configs : [];
  return configs.filter(isRecord).flatMap((entry) => {
    const id = idText(entry.id);
    if (id === undefined) return [];
    const region = isRecord(entry.region) ? entry.region : {};
    const total = countOf(entry.total_capacity);
    const allocated = countOf(entry.allocated_capacity);
    return [
      {
        id,
        name: text(entry.name),
        region: text(region.tag),
        regionName: text(region.name),
        storageClass: text(entry.storage_class),
        storageClassName: text(entry.storage_class_name),
        available: entry.status === 'Available',
        freeBytes:
          total === undefined || allocated === undefined ? undefined : Math.max(0, total - allocated),
        displayUnitPrice: text(entry.display_unit_price)
      }
    ];
  });
}

/**
 * Where a volume can be made, as the dictionaries answer says (nas-dictionaries.md): the regions, by the
 * storage's tag (bj-001, the value of a volume's region) and name, and the storage classes, by their
 * identifier (nfs-standard) and name; an entry with no tag or identifier is left out.
 */
export interface VolumeOptions {
  readonly regions: readonly { readonly tag: string; readonly name: string | undefined }[];
  readonly storageClasses: readonly { readonly storageClass: string; readonly name: string | undefined }[];
}

/** The regions and storage classes of a dictionaries answer (`regions`, `storage_classes`). */
export function volumeOptionsOf(data: unknown): VolumeOptions {
  const record = isRecord(data) ? data : {};
  const entries = (value: unknown): Record<string, unknown>[] =>
    Array.isArray(value) ? value.filter(isRecord) : [];
  return {
    regions: entries(record.regions).flatMap((entry) => {
      const tag = text(entry.tag);
      return tag === undefined ? [] : [{ tag, name: text(entry.name) }];
    }),
    storageClasses: entries(record.storage_classes).flatMap((entry) => {
      const storageClass = text(entry.storage_class);
      return storageClass === undefined ? [] : [{ storageClass, name: text(entry.storage_class_name) }];
    })
  };
}

/** The id a create, an expand or a delete answered about (`storage_id`), and the status it gave. */
export function volumeWriteOf(data: unknown): { id: string | undefined; status: string | undefined } {
  const record = isRecord(data) ? data : {};
  return { id: idText(record.storage_id), status: text(record.status) };
}

const text = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

const idText = (value: unknown): string | undefined => {
  const id = countOf(value);
  return id === undefined
    ? typeof value === 'string' && /^\d+$/.test(value)
      ? value
      : undefined
    : String(id);
};

/**
 * What the tenant's volumes come to (nas-summary.md): those Creating, Active or Expanding; their sizes
 * in bytes (used undefined where the storage cannot say, -1); the mean unit price (points per GB per 10
 * minutes; undefined with no volume); and coin_sum_slice, the estimated cost per 10 minutes, in points:
 * its schema says 单位为分, which reads as fen or as points (积分, unit_price's unit), and its own example
 * fits points (3 GiB at a unit_price of 120 points per GB per 10 minutes: 360), as the emulator counts it.
 * Never through the tasks' points-to-yuan rule (SKILL.md: 勿与 Job 的「点 / 1,000,000 = 元」混用).
 */
export interface VolumeSummary {
  readonly count: number | undefined;
  readonly totalBytes: number | undefined;
  readonly usedBytes: number | undefined;
  readonly meanUnitPrice: number | undefined;
  /** coin_sum_slice: points per 10 minutes, for all the volumes counted. */
  readonly perTenMinutes: number | undefined;
}

/** The summary of a summary answer. */
export function volumeSummaryOf(data: unknown): VolumeSummary {
  const record = isRecord(data) ? data : {};
  return {
    count: countOf(record.volume_count),
    totalBytes: countOf(record.total_size),
    usedBytes: record.used_size === -1 ? undefined : countOf(record.used_size),
    meanUnitPrice: countOf(record.estimated_price),
    perTenMinutes: countOf(record.coin_sum_slice)
  };
}
