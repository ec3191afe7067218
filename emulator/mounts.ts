// What a create mounts (suanli-job/SKILL.md): volumes (services[].nas_storage_config), each of which must
// exist, be Active, and be in the region of the task's resources, by the region's name (a volume's region
// tag is the storage's own, bj-001, never a compute region's tag, hebeif-1: suanli-nas-storage/SKILL.md asks
// that the volume's region be the one of resources[].region_name); and accelerated object storages
// (storage_config), each of which must exist, be Activate, and be synced to that region (its
// activate_regions, which carry the compute regions' tags). Otherwise the create is refused, as the
// platform's reference requires.
import { integerValue } from './params.js';
import { Code, Rejection } from './rejection.js';
import type { StorageRegion } from './object-storages.js';
import type { RouteContext } from './route.js';

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A volume (or object storage) a create mounts: which, and where in the container. */
export interface MountOf {
  readonly store: 'volume' | 'object';
  readonly storageId: number;
  readonly path: string;
  /** An object storage's regions the task runs in (what its list shows of the task). */
  readonly regions: readonly StorageRegion[];
}

/**
 * Refuses a create whose services mount a volume that does not exist, is not Active, or is elsewhere;
 * answers the mounts, for the volumes to count once the create is made (see recordMounts).
 */
export function checkMounts(ctx: RouteContext): MountOf[] {
  const found: MountOf[] = [];
  const body = isRecord(ctx.payload) ? ctx.payload : {};
  const services = Array.isArray(body.services) ? body.services.filter(isRecord) : [];
  const regions = (Array.isArray(body.resources) ? body.resources.filter(isRecord) : []).flatMap((r) => {
    const region = typeof r.mark === 'string' ? ctx.stores.stock.regionOf(r.mark) : undefined;
    return region === undefined ? [] : [region];
  });
  const entries = (service: Record<string, unknown>, field: string): Record<string, unknown>[] => {
    const value = service[field];
    return Array.isArray(value) ? value.filter(isRecord) : [];
  };
  for (const service of services) {
    for (const mount of entries(service, 'nas_storage_config')) {
      const id = Number(integerValue(mount.storage_id, 'storage_id', 'body'));
      const region = ctx.stores.volumes.mountableRegion(id);
      const elsewhere = regions.find((r) => r.name !== region.name);
      if (elsewhere !== undefined)
        throw new Rejection(
          Code.taskState,
          'volume_region',
          `volume ${id} is in region ${region.name} (${region.tag}), but the task's resources are in ${elsewhere.name} (${elsewhere.tag}): a volume is mounted only in its own region`
        );
      found.push({ store: 'volume', storageId: id, path: targetDir(mount), regions: [] });
    }
    for (const mount of entries(service, 'storage_config')) {
      const id = Number(integerValue(mount.storage_id, 'storage_id', 'body'));
      const synced = ctx.stores.objectStorages.mountableRegions(id);
      const elsewhere = regions.find((r) => !synced.some((s) => s.tag === r.tag));
      if (elsewhere !== undefined)
        throw new Rejection(
          Code.taskState,
          'storage_region',
          `storage ${id} is accelerated in ${synced.map((s) => s.tag).join(', ') || 'no region'}, but the task's resources are in ${elsewhere.tag}`
        );
      const where = synced.filter((s) => regions.some((r) => r.tag === s.tag));
      found.push({ store: 'object', storageId: id, path: targetDir(mount), regions: where });
    }
  }
  return found;
}

const targetDir = (mount: Record<string, unknown>): string =>
  typeof mount.target_dir === 'string' ? mount.target_dir : '';

/**
 * Counts each mount of a task or job just made on its volume (the list's instance_count and instances),
 * and each of a task on its object storage (the list's deployments: the reference's task_type names
 * deployments and cloud hosts, no jobs), for as long as `active` says it runs.
 */
export function recordMounts(
  ctx: RouteContext,
  mounts: readonly MountOf[],
  instance: { id: bigint; name: string; type: 'deployment' | 'job'; active: () => boolean }
): void {
  for (const mount of mounts) {
    if (mount.store === 'volume')
      ctx.stores.volumes.mount(mount.storageId, { ...instance, path: mount.path });
    else if (instance.type === 'deployment')
      ctx.stores.objectStorages.mount(mount.storageId, {
        ...instance,
        path: mount.path,
        regions: mount.regions
      });
  }
}
