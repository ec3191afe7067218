import { sanitize } from '../../../basics/safe-text.js';
import type { VolumeConfig } from '../../../platform/volume-data.js';

/** A volume's size as a person gives it (GiB) and as the wire takes it (bytes): GiB × 1,073,741,824. */
export const BYTES_PER_GIB = 1024 ** 3;

/**
 * Whether a volume or a configuration is in the region the region input names: by its tag as the storage
 * lists give it (bj-001), or by its name (北京一区), which the compute regions share.
 */
export function inStorageRegion(
  where: { readonly region: string | undefined; readonly regionName: string | undefined },
  asked: string
): boolean {
  return where.region === asked || where.regionName === asked;
}

/**
 * Whether a volume or a configuration is of the storage class the storage_class input names: by its id as
 * pre-create and the list give it (nfs-standard), or by its name as the platform shows it (标准型).
 */
export function ofStorageClass(
  what: { readonly storageClass: string | undefined; readonly storageClassName: string | undefined },
  asked: string
): boolean {
  return what.storageClass === asked || what.storageClassName === asked;
}

/**
 * What a volume is to be made of: its size in bytes, the region it must be in and the storage class it
 * must be of (any when none).
 */
export interface VolumeWish {
  readonly bytes: number;
  readonly region: string | undefined;
  readonly storageClass?: string | undefined;
}

/**
 * Where a new volume is made: among the configurations that can be chosen (Available) with room for it
 * (what is left of each, as pre-create says), in the region named when one is, of the storage class named
 * when one is, the cheapest by its displayed price per GB and month (its id breaking a tie, so that the
 * choice is the same each run). None: why, naming what there is.
 */
export function chooseVolumeConfig(
  configs: readonly VolumeConfig[],
  wish: VolumeWish
): { chosen: VolumeConfig } | { chosen: undefined; why: string } {
  const { region, storageClass } = wish;
  const inRegion = configs.filter((config) => region === undefined || inStorageRegion(config, region));
  const ofClass = inRegion.filter(
    (config) => storageClass === undefined || ofStorageClass(config, storageClass)
  );
  const fitting = ofClass.filter((config) => config.available && (config.freeBytes ?? 0) >= wish.bytes);
  const [chosen] = [...fitting].sort((a, b) => price(a) - price(b) || Number(BigInt(a.id) - BigInt(b.id)));
  if (chosen !== undefined) return { chosen };
  const size = gib(wish.bytes);
  const where = region === undefined ? '' : ` in region ${region}`;
  if (inRegion.length === 0) {
    const regions = named(configs, (config) => [config.region, config.regionName]);
    return {
      chosen: undefined,
      why: `no storage configuration${where}: pre-create lists ${regions.length === 0 ? 'none' : `those of ${regions.join(', ')}`}`
    };
  }
  const ofWhat = storageClass === undefined ? '' : ` of class ${storageClass}`;
  if (ofClass.length === 0) {
    const classes = named(inRegion, (config) => [config.storageClass, config.storageClassName]);
    return {
      chosen: undefined,
      why: `no storage configuration${ofWhat}${where}: ${classes.length === 0 ? 'pre-create names the class of none of them: leave storage_class empty for any class' : `pre-create lists those of class ${classes.join(', ')}${region === undefined ? '' : ' there'}; set storage_class to one of them, or leave it empty for any class`}`
    };
  }
  const free = ofClass
    .filter((config) => config.available)
    .map((config) => `${config.id} (${gib(config.freeBytes)} left)`);
  return {
    chosen: undefined,
    why: `no storage configuration${ofWhat}${where} can hold ${size}: ${free.length === 0 ? 'none of them is Available' : `the Available ones are ${free.join(', ')}`}`
  };
}

/** What the configurations are of (their regions, their classes), each once, as `id (name)`, made safe to print. */
function named(
  configs: readonly VolumeConfig[],
  of: (config: VolumeConfig) => readonly [string | undefined, string | undefined]
): string[] {
  return [
    ...new Set(
      configs.flatMap((config) => {
        const [id, name] = of(config);
        if (id === undefined) return [];
        return [`${sanitize(id, 60)}${name === undefined ? '' : ` (${sanitize(name, 60)})`}`];
      })
    )
  ];
}

/** A displayed price as a number, for the order of choice: one that is none comes last. */
function price(config: VolumeConfig): number {
  const value = Number(config.displayUnitPrice);
  return config.displayUnitPrice === undefined || Number.isNaN(value) ? Infinity : value;
}

/** Bytes as GiB for a person: "100 GiB", "1.50 GiB", or "unknown". */
export function gib(bytes: number | undefined): string {
  if (bytes === undefined) return 'unknown';
  return `${(bytes / BYTES_PER_GIB).toFixed(bytes % BYTES_PER_GIB === 0 ? 0 : 2)} GiB`;
}
