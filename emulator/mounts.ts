// The volumes a create mounts (services[].nas_storage_config, suanli-job/SKILL.md): each volume must exist,
// be Active, and be in the region of the task's resources, or the create is refused, as the platform's
// reference requires.
import { integerValue } from './params.js';
import { Code, Rejection } from './rejection.js';
import type { RouteContext } from './route.js';

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A volume a create mounts: which, and where in the container. */
export interface MountOf {
  readonly storageId: number;
  readonly path: string;
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
  for (const service of services) {
    const mounts = Array.isArray(service.nas_storage_config)
      ? service.nas_storage_config.filter(isRecord)
      : [];
    for (const mount of mounts) {
      const id = Number(integerValue(mount.storage_id, 'storage_id', 'body'));
      const region = ctx.stores.volumes.mountableRegion(id);
      const elsewhere = regions.find((r) => r !== region);
      if (elsewhere !== undefined)
        throw new Rejection(
          Code.taskState,
          'volume_region',
          `volume ${id} is in region ${region}, but the task's resources are in ${elsewhere}: a volume is mounted only in its own region`
        );
      found.push({ storageId: id, path: typeof mount.target_dir === 'string' ? mount.target_dir : '' });
    }
  }
  return found;
}

/**
 * Counts each mount of a task or job just made on its volume (the list's instance_count and instances),
 * for as long as `active` says it runs.
 */
export function recordMounts(
  ctx: RouteContext,
  mounts: readonly MountOf[],
  instance: { id: bigint; name: string; type: 'deployment' | 'job'; active: () => boolean }
): void {
  for (const mount of mounts) ctx.stores.volumes.mount(mount.storageId, { ...instance, path: mount.path });
}
