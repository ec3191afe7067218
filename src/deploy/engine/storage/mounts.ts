import { sanitize } from '../../../basics/safe-text.js';
import { isRecord } from '../../../basics/records.js';
import { exactInteger } from '../../../protocol/json.js';
import type { ObjectStorage } from '../../../platform/object-storage-data.js';
import { VOLUME_KIND } from '../../../platform/task-kinds.js';
import type { Volume } from '../../../platform/volume-data.js';
import type { DeployContext } from '../context.js';
import type { Mount } from '../settings.js';
import { objectStorageNamed, readObjectStorages } from './read-object-storages.js';
import { readVolumes, volumeNamed } from './read-volumes.js';

/** A mount, with the storage it names (found by name or id) and where that storage can be mounted. */
export interface ResolvedMount {
  readonly mount: Mount;
  /** The storage's storage_id, and its name. */
  readonly id: string;
  readonly name: string;
  /** The regions a task mounting it may run in (a volume's own; an object storage's accelerated ones). */
  readonly regions: readonly Region[];
}

/**
 * A region as the storage lists give it: its tag and its name. A volume's tag is the storage's own (bj-001,
 * suanli-nas-storage's form), never a compute region's (hebeif-1): what it shares with the resource search
 * and a create's resources is the region's name (region_name). An object storage's accelerated regions carry
 * the compute regions' tags (`computeTag`).
 */
export interface Region {
  readonly tag: string;
  readonly name: string | undefined;
  /** Whether `tag` is a compute region's, as the resource search's `region` gives it. */
  readonly computeTag: boolean;
}

/** Whether two regions are one: by name where both give one, else by a compute region's tag on both sides. */
export function sameRegion(a: Region, b: Region): boolean {
  if (a.name !== undefined && b.name !== undefined) return a.name === b.name;
  return a.computeTag && b.computeTag && a.tag === b.tag;
}

/** One region as two lists give it: the name either gives, and a compute region's tag where either has one. */
function merged(a: Region, b: Region): Region {
  const compute = a.computeTag ? a : b.computeTag ? b : a;
  return { tag: compute.tag, name: a.name ?? b.name, computeTag: compute.computeTag };
}

/** What a new task mounts, found and checked, and the regions it may run in: those all of them allow. */
export interface Mounts {
  readonly mounts: readonly ResolvedMount[];
  readonly regions: readonly Region[];
  /** Why the task is limited to those regions: "the region of volume data", "where object storage weights is accelerated". */
  readonly why: string;
}

/** The body field each kind of mount goes in, and the input it comes from. */
const FIELDS = {
  nas: { field: 'nas_storage_config', input: 'volumes', what: 'volume' },
  juicefs: { field: 'storage_config', input: 'juicefs_mounts', what: 'object storage' }
} as const;

/**
 * What the volumes and juicefs_mounts inputs name, each found by name or id and mountable: a volume Active,
 * an object storage accelerated (Activate); all of them mountable in one region at least (a task runs in
 * one, and the platform mounts a volume only in its own, an object storage only where it is accelerated).
 * Checked before the create is sent, each failure said with what to do.
 */
export async function resolveMounts(mounts: readonly Mount[], ctx: DeployContext): Promise<Mounts> {
  const wanted = (kind: Mount['kind']): Mount[] => mounts.filter((m) => m.kind === kind);
  const resolved = [
    ...(wanted('nas').length === 0 ? [] : await resolveVolumes(wanted('nas'), ctx)),
    ...(wanted('juicefs').length === 0 ? [] : await resolveObjects(wanted('juicefs'), ctx))
  ];
  const regions = resolved.reduce<readonly Region[]>(
    (common, one) =>
      common.flatMap((r) => {
        const same = one.regions.find((o) => sameRegion(o, r));
        return same === undefined ? [] : [merged(r, same)];
      }),
    resolved[0]?.regions ?? []
  );
  const names = (kind: Mount['kind']): string[] =>
    resolved.filter((one) => one.mount.kind === kind).map((one) => sanitize(one.name, 40));
  const why = [
    ...(names('nas').length === 0 ? [] : [`the region of volume ${names('nas').join(', ')}`]),
    ...(names('juicefs').length === 0
      ? []
      : [`where object storage ${names('juicefs').join(', ')} is accelerated`])
  ].join(' and ');
  if (regions.length === 0)
    throw new Error(
      `the storages to mount are mountable in no region in common (${resolved.map((one) => `${FIELDS[one.mount.kind].what} ${sanitize(one.name, 40)}: ${describeRegions(one.regions) || 'none'}`).join(', ')}), but a task runs in one: mount storages of one region`
    );
  return { mounts: resolved, regions, why };
}

async function resolveVolumes(mounts: readonly Mount[], ctx: DeployContext): Promise<ResolvedMount[]> {
  const { volumes } = await readVolumes(ctx);
  const resolved = mounts.map((mount) => {
    const volume = volumeNamed(volumes, mount.storage);
    if (volume === undefined)
      throw new Error(
        `volumes names ${JSON.stringify(sanitize(mount.storage, 40))}, but no volume has that name (nor that storage_id): make sure of it first with operation volume`
      );
    if (!VOLUME_KIND.statuses.running.includes(volume.status ?? ''))
      throw new Error(
        `volume ${volume.id} (${sanitize(volume.name, 40)}) is ${sanitize(volume.status ?? 'of no status', 20)}, not Active, and only an Active volume can be mounted: make sure of it with operation volume, which waits until it is`
      );
    return { mount, volume };
  });
  // A volume's region as the list gives it: by its name, which a task's region shares (the list's tag is
  // the storage's own); '?' for one it gives neither, which no task can match.
  const regionOf = (volume: Volume): Region => ({
    tag: volume.region ?? '?',
    name: volume.regionName,
    computeTag: false
  });
  const regions = resolved
    .map(({ volume }) => regionOf(volume))
    .filter((r, i, all) => all.findIndex((o) => sameRegion(o, r) || o.tag === r.tag) === i);
  if (regions.length > 1)
    throw new Error(
      `the volumes to mount are in ${regions.length} regions (${resolved.map(({ volume }) => `${sanitize(volume.name, 40)}: ${describeRegions([regionOf(volume)])}`).join(', ')}), but a task runs in one: mount volumes of one region`
    );
  return resolved.map(({ mount, volume }) => ({
    mount,
    id: volume.id,
    name: volume.name,
    regions: [regionOf(volume)]
  }));
}

async function resolveObjects(mounts: readonly Mount[], ctx: DeployContext): Promise<ResolvedMount[]> {
  const accelerated = await readObjectStorages(ctx, 'mountable');
  let dormant: readonly ObjectStorage[] | undefined;
  const resolved: ResolvedMount[] = [];
  for (const mount of mounts) {
    const storage = objectStorageNamed(accelerated, mount.storage);
    if (storage === undefined) {
      dormant ??= await readObjectStorages(ctx, 'dormant');
      const asleep = objectStorageNamed(dormant, mount.storage);
      throw new Error(
        asleep === undefined
          ? `juicefs_mounts names ${JSON.stringify(sanitize(mount.storage, 40))}, but no object storage accelerated for mounts (JuiceFS) has that name (nor that storage_id): set it up in the platform's console, or name one get_storage lists`
          : `object storage ${asleep.id} (${sanitize(asleep.name, 40)}) is ${sanitize(asleep.status ?? 'of no status', 20)}, not accelerated (Activate), and only an accelerated one can be mounted: accelerate it in the platform's console first`
      );
    }
    const regions = storage.activeRegions.map((r) => ({ ...r, computeTag: true }));
    resolved.push({ mount, id: storage.id, name: storage.name, regions });
  }
  return resolved;
}

/** "volume 1001 (data) at /data, object storage 36 (weights) at /weights in web": a log line's list. */
export function describeMounts(found: Mounts): string {
  return found.mounts
    .map(
      ({ mount, id, name }) =>
        `${FIELDS[mount.kind].what} ${id} (${sanitize(name, 40)}) at ${sanitize(mount.path, 200)}${mount.service === undefined ? '' : ` in ${sanitize(mount.service, 60)}`}`
    )
    .join(', ');
}

/** "guangdong-t-01 (广东-T1)": the regions a task may run in, for a line. */
export function describeRegions(regions: readonly Region[]): string {
  return regions
    .map((r) => `${sanitize(r.tag, 60)}${r.name === undefined ? '' : ` (${sanitize(r.name, 60)})`}`)
    .join(', ');
}

/**
 * Whether a body's or a task's region is one of them: by its name (a create's resources[].region_name), or
 * by a compute region's tag (the resource search's region, a mark's resource.region).
 */
export function amongRegions(regions: readonly Region[], nameOrTag: string): boolean {
  return regions.some((r) => r.name === nameOrTag || (r.computeTag && r.tag === nameOrTag));
}

/** The regions as the resource search is matched with them: each by its name, and by a compute region's tag. */
export function regionKeys(
  regions: readonly Region[]
): { name: string | undefined; tag: string | undefined }[] {
  return regions.map((r) => ({ name: r.name, tag: r.computeTag ? r.tag : undefined }));
}

/**
 * The body with each mount in its services' nas_storage_config (a volume) or storage_config (an object
 * storage), {storage_id, target_dir}: in the service it names, else in every service; what the body mounts
 * already is kept, a path mounted twice in one field once (the input's). Refused: a mount naming a service
 * the body does not have.
 */
export function withMounts(
  body: Readonly<Record<string, unknown>>,
  mounts: readonly ResolvedMount[]
): Record<string, unknown> {
  const services = Array.isArray(body.services) ? body.services.filter(isRecord) : [];
  for (const { mount } of mounts)
    if (mount.service !== undefined && !services.some((s) => s.service_name === mount.service))
      throw new Error(
        `${FIELDS[mount.kind].input} mounts ${JSON.stringify(sanitize(mount.storage, 40))} in service ${JSON.stringify(sanitize(mount.service, 60))}, but body has no service of that name: name one of ${services.map((s) => JSON.stringify(sanitize(String(s.service_name), 60))).join(', ') || 'none'}`
      );
  return {
    ...body,
    services: services.map((service) =>
      (['nas', 'juicefs'] as const).reduce(
        (changed, kind) =>
          mountedIn(
            changed,
            FIELDS[kind].field,
            mounts.filter(
              ({ mount }) =>
                mount.kind === kind && (mount.service === undefined || mount.service === service.service_name)
            )
          ),
        service
      )
    )
  };
}

function mountedIn(
  service: Record<string, unknown>,
  field: string,
  own: readonly ResolvedMount[]
): Record<string, unknown> {
  if (own.length === 0) return service;
  const paths = new Set(own.map(({ mount }) => mount.path));
  const given: unknown[] = Array.isArray(service[field]) ? (service[field] as unknown[]) : [];
  const kept = given.filter(
    (entry) => !(isRecord(entry) && typeof entry.target_dir === 'string' && paths.has(entry.target_dir))
  );
  return {
    ...service,
    [field]: [
      ...kept,
      ...own.map(({ mount, id }) => ({ storage_id: exactInteger(id), target_dir: mount.path }))
    ]
  };
}
