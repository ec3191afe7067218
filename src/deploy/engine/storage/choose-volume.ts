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

/** What a volume is to be made of: its size in bytes, and the region it must be in (any when none). */
export interface VolumeWish {
  readonly bytes: number;
  readonly region: string | undefined;
}

/**
 * Where a new volume is made: among the configurations that can be chosen (Available) with room for it
 * (what is left of each, as pre-create says), in the region named when one is, the cheapest by its
 * displayed price per GB and month (its id breaking a tie, so that the choice is the same each run). None:
 * why, naming what there is.
 */
export function chooseVolumeConfig(
  configs: readonly VolumeConfig[],
  wish: VolumeWish
): { chosen: VolumeConfig } | { chosen: undefined; why: string } {
  const { region } = wish;
  const inRegion = configs.filter((config) => region === undefined || inStorageRegion(config, region));
  const fitting = inRegion.filter((config) => config.available && (config.freeBytes ?? 0) >= wish.bytes);
  const [chosen] = [...fitting].sort((a, b) => price(a) - price(b) || Number(BigInt(a.id) - BigInt(b.id)));
  if (chosen !== undefined) return { chosen };
  const size = gib(wish.bytes);
  const where = wish.region === undefined ? '' : ` in region ${wish.region}`;
  if (inRegion.length === 0) {
    const regions = [
      ...new Set(
        configs.flatMap((config) =>
          config.region === undefined
            ? []
            : [`${config.region}${config.regionName === undefined ? '' : ` (${config.regionName})`}`]
        )
      )
    ];
    return {
      chosen: undefined,
      why: `no storage configuration${where}: pre-create lists ${regions.length === 0 ? 'none' : `those of ${regions.join(', ')}`}`
    };
  }
  const free = inRegion
    .filter((config) => config.available)
    .map((config) => `${config.id} (${gib(config.freeBytes)} left)`);
  return {
    chosen: undefined,
    why: `no storage configuration${where} can hold ${size}: ${free.length === 0 ? 'none of them is Available' : `the Available ones are ${free.join(', ')}`}`
  };
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
