import { sanitize } from '../../basics/safe-text.js';
import { isRecord } from '../../basics/records.js';
import { exactInteger } from '../../protocol/json.js';
import { VOLUME_KIND } from '../../platform/task-kinds.js';
import type { Volume } from '../../platform/volume-data.js';
import type { DeployContext } from '../context.js';
import type { Mount } from '../settings.js';
import { readVolumes, volumeNamed } from './read-volumes.js';

/** A mount, with the volume it names as the list shows it. */
export interface ResolvedMount {
  readonly mount: Mount;
  readonly volume: Volume;
}

/** The volumes a new task mounts, found and checked, and the one region they are all in. */
export interface Mounts {
  readonly mounts: readonly ResolvedMount[];
  /** The region's tag and name, as the volume list gives them. */
  readonly region: string;
  readonly regionName: string | undefined;
}

/**
 * The volumes the volumes input names, each found by name or id and Active, all in one region (a task
 * runs in one region, and the platform mounts only a volume of the task's region): checked before the
 * create is sent, each failure said with what to do.
 */
export async function resolveMounts(mounts: readonly Mount[], ctx: DeployContext): Promise<Mounts> {
  const { volumes } = await readVolumes(ctx);
  const resolved = mounts.map((mount): ResolvedMount => {
    const volume = volumeNamed(volumes, mount.volume);
    if (volume === undefined)
      throw new Error(
        `volumes names ${JSON.stringify(sanitize(mount.volume, 40))}, but no volume has that name (nor that storage_id): make sure of it first with operation volume`
      );
    if (volume.status !== VOLUME_KIND.readyStatus)
      throw new Error(
        `volume ${volume.id} (${sanitize(volume.name, 40)}) is ${sanitize(volume.status ?? 'of no status', 20)}, not Active, and only an Active volume can be mounted: make sure of it with operation volume, which waits until it is`
      );
    return { mount, volume };
  });
  // A volume's region as the list gives it (its tag); '?' for one it gives none, which no task can match.
  const regionOf = (volume: Volume): string => volume.region ?? '?';
  const regions = [...new Set(resolved.map(({ volume }) => regionOf(volume)))];
  const [first] = resolved;
  if (first === undefined || regions.length > 1)
    throw new Error(
      `the volumes to mount are in ${regions.length} regions (${resolved.map(({ volume }) => `${sanitize(volume.name, 40)}: ${sanitize(regionOf(volume), 60)}`).join(', ')}), but a task runs in one: mount volumes of one region`
    );
  return { mounts: resolved, region: regionOf(first.volume), regionName: first.volume.regionName };
}

/**
 * The body with each mount in its services' nas_storage_config ({storage_id, target_dir}): in the service
 * it names, else in every service; what the body mounts already is kept, a path mounted twice once (the
 * input's). Refused: a mount naming a service the body does not have.
 */
export function withMounts(
  body: Readonly<Record<string, unknown>>,
  mounts: readonly ResolvedMount[]
): Record<string, unknown> {
  const services = Array.isArray(body.services) ? body.services.filter(isRecord) : [];
  for (const { mount } of mounts)
    if (mount.service !== undefined && !services.some((s) => s.service_name === mount.service))
      throw new Error(
        `volumes mounts ${JSON.stringify(sanitize(mount.volume, 40))} in service ${JSON.stringify(sanitize(mount.service, 60))}, but body has no service of that name: name one of ${services.map((s) => JSON.stringify(sanitize(String(s.service_name), 60))).join(', ') || 'none'}`
      );
  return {
    ...body,
    services: services.map((service) => {
      const own = mounts.filter(
        ({ mount }) => mount.service === undefined || mount.service === service.service_name
      );
      if (own.length === 0) return service;
      const paths = new Set(own.map(({ mount }) => mount.path));
      const given: unknown[] = Array.isArray(service.nas_storage_config) ? service.nas_storage_config : [];
      const kept = given.filter(
        (entry) => !(isRecord(entry) && typeof entry.target_dir === 'string' && paths.has(entry.target_dir))
      );
      return {
        ...service,
        nas_storage_config: [
          ...kept,
          ...own.map(({ mount, volume }) => ({ storage_id: exactInteger(volume.id), target_dir: mount.path }))
        ]
      };
    })
  };
}
