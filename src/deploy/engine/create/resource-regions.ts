import { isRecord } from '../../../basics/records.js';
import { sanitize } from '../../../basics/safe-text.js';
import { offersOf, type Offer } from '../../../platform/resource-data.js';
import type { DeployContext } from '../context.js';
import { resourceSearch, type Searched } from './find-capacity.js';

/** A region a create body's resources entry is in: the names or tags it goes by, and how a line says it. */
export interface ResourceRegion {
  /** Its region_name, and its compute region's tag, where the step knows them. */
  readonly values: readonly string[];
  readonly said: string;
}

/**
 * The regions a create body's resources are in, before anything is sent: an entry's region_name; else its
 * resource.region (a compute region's tag); else its mark's, as the resource search lists it (GPU devices
 * first, then CPU ones, each searched once, and only when a mark is left), since a mark alone is opaque.
 * `unknown`: marks no search lists, whose region the step cannot tell (the platform checks them).
 */
export async function resourceRegions(
  resources: unknown,
  ctx: DeployContext
): Promise<{ regions: ResourceRegion[]; unknown: string[] }> {
  const regions: ResourceRegion[] = [];
  const marks: string[] = [];
  for (const entry of Array.isArray(resources) ? resources.filter(isRecord) : []) {
    const tag = isRecord(entry.resource) ? entry.resource.region : undefined;
    if (typeof entry.region_name === 'string')
      regions.push({ values: [entry.region_name], said: sanitize(entry.region_name, 60) });
    else if (typeof tag === 'string') regions.push({ values: [tag], said: sanitize(tag, 60) });
    else if (typeof entry.mark === 'string') marks.push(entry.mark);
  }
  if (marks.length === 0) return { regions, unknown: [] };
  const searched: Searched = { jobRefused: false };
  const offers: Offer[] = [];
  for (const deviceType of ['GpuDevice', 'CpuDevice'] as const) {
    if (marks.every((mark) => offers.some((offer) => offer.mark === mark))) break;
    offers.push(...offersOf((await resourceSearch(deviceType, ctx, searched)).result.data));
  }
  const unknown: string[] = [];
  for (const mark of marks) {
    const offer = offers.find((o) => o.mark === mark);
    if (offer?.region === undefined) unknown.push(mark);
    else
      regions.push({
        values: [offer.region, ...(offer.regionName === undefined ? [] : [offer.regionName])],
        said: `${sanitize(offer.region, 60)} (${offer.regionName === undefined ? '' : `${sanitize(offer.regionName, 60)}, `}by its mark)`
      });
  }
  return { regions, unknown };
}
