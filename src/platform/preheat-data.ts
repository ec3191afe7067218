import { isRecord } from '../basics/records.js';
import { numberText } from './task-data.js';

/**
 * An image preheat's progress, as its detail answers (suanli-image-preheat/api/image-preheat-detail.md):
 * its task status, each region's cache status for a cluster preheat (`region_cache_info`: Begin,
 * Syncing, Completed), and for a node preheat the nodes asked for (`points`) and prepared
 * (`available_points`).
 */
export interface PreheatProgress {
  readonly status: string | undefined;
  /** Its task reads End: it runs no more (done, failed or stopped). */
  readonly ended: boolean;
  /** Each region's cache, and whether it is Completed. */
  readonly regions: readonly { region: string; status: string; completed: boolean }[];
  readonly points: number | undefined;
  readonly availablePoints: number | undefined;
}

/** The word a preheat that completed is shown with (its regions' cache status, once all are done). */
export const PREHEAT_COMPLETED = 'Completed';

export function preheatProgressOf(data: unknown): PreheatProgress {
  const record = isRecord(data) ? data : {};
  const cache = Array.isArray(record.region_cache_info) ? record.region_cache_info : [];
  const status = typeof record.status === 'string' ? record.status : undefined;
  return {
    status,
    ended: status === 'End',
    regions: cache
      .filter(isRecord)
      .flatMap((entry) =>
        typeof entry.region === 'string' && typeof entry.status === 'string'
          ? [{ region: entry.region, status: entry.status, completed: entry.status === PREHEAT_COMPLETED }]
          : []
      ),
    points: count(record, 'points'),
    availablePoints: count(record, 'available_points')
  };
}

const count = (record: Record<string, unknown>, field: string): number | undefined => {
  const text = numberText(record, field);
  return text === undefined ? undefined : Number(text);
};

/** The regions get_regions lists: where a cluster preheat can warm images. */
export function preheatRegionsOf(data: unknown): { region: string; regionName: string | undefined }[] {
  const regions = isRecord(data) && Array.isArray(data.regions) ? data.regions : [];
  return regions.filter(isRecord).flatMap((entry) =>
    typeof entry.region === 'string'
      ? [
          {
            region: entry.region,
            regionName: typeof entry.region_name === 'string' ? entry.region_name : undefined
          }
        ]
      : []
  );
}
