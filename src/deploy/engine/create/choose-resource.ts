import type { CapacityWish, RegionKey } from '../settings.js';
import { compareDecimals } from '../../../platform/money.js';
import type { Offer } from '../../../platform/resource-data.js';

/** An entry of the resource search for the wished device, and why it cannot be chosen, if it cannot. */
export interface Candidate {
  readonly offer: Offer;
  /** What is ranked and compared with max_price: discount_price, else price (the platform bills by it). */
  readonly price: string | undefined;
  readonly excluded: 'no stock' | 'over max_price' | 'no mark' | 'not the region asked' | undefined;
}

/** The search's entries of the wished device (its GPU model and count), ranked: the choosable first. */
export interface Choice {
  readonly considered: readonly Candidate[];
  /** The entries that can be chosen, best first: cheapest, then by the regions' preference. */
  readonly eligible: readonly Candidate[];
  /** The devices the search lists, as gpu may name them: `4090` (×1), `H20` (×8); sorted, each once. */
  readonly devices: readonly string[];
}

/**
 * Which entries of a resource search a new task of `points` nodes can run on, best first. An entry
 * qualifies when its device matches (gpu_name case-insensitively, for a CPU device its device_name;
 * gpu_count exactly, for a GPU device), it is in the one region the task may run in when there is one
 * (its volumes'), it has `points` nodes in stock, its mark is known, and its price is at most max_price. The cheapest comes first (discount_price, else price; an entry with neither
 * last); at equal price the earlier region of `regions` (by region or region_name; unlisted last); then
 * the search's own order.
 */
export function chooseResource(offers: readonly Offer[], wish: CapacityWish, points: number): Choice {
  const considered = offers
    .filter((offer) => matchesDevice(offer, wish))
    .map((offer): Candidate => {
      const price = offer.discountPrice ?? offer.price;
      return { offer, price, excluded: exclusion(offer, price, wish, points) };
    })
    .map((candidate, index) => ({ candidate, index }))
    .sort((a, b) => rank(a.candidate, b.candidate, wish) || a.index - b.index)
    .map(({ candidate }) => candidate);
  const devices = [
    ...new Set(
      offers.map((offer) =>
        offer.gpuName === undefined
          ? (offer.device ?? '?')
          : `${offer.gpuName}${offer.gpuCount === undefined ? '' : ` (×${offer.gpuCount})`}`
      )
    )
  ].sort();
  return { considered, eligible: considered.filter((c) => c.excluded === undefined), devices };
}

function matchesDevice(offer: Offer, wish: CapacityWish): boolean {
  const name = (offer.gpuName ?? offer.device ?? '').trim().toLowerCase();
  if (name !== wish.gpu.trim().toLowerCase()) return false;
  return offer.gpuName === undefined || offer.gpuCount === String(wish.gpuCount);
}

function exclusion(
  offer: Offer,
  price: string | undefined,
  wish: CapacityWish,
  points: number
): Candidate['excluded'] {
  if (wish.onlyRegions !== undefined && !wish.onlyRegions.regions.some((r) => offerIn(offer, r)))
    return 'not the region asked';
  if (offer.mark === undefined) return 'no mark';
  if (
    wish.maxPrice !== undefined &&
    (price === undefined || (compareDecimals(price, wish.maxPrice) ?? 1) > 0)
  )
    return 'over max_price';
  if ((compareDecimals(offer.inventory ?? '0', String(points)) ?? -1) < 0) return 'no stock';
  return undefined;
}

/**
 * Whether a search entry is in a region: by the region's name where both give one (the name is what a
 * volume's region shares with the compute regions), else by the compute region's tag.
 */
export function offerIn(offer: Offer, region: RegionKey): boolean {
  if (region.name !== undefined && offer.regionName !== undefined) return region.name === offer.regionName;
  return region.tag !== undefined && region.tag === offer.region;
}

/** Choosable first, then by price (none last), then by the preference of the region. */
function rank(a: Candidate, b: Candidate, wish: CapacityWish): number {
  const choosable = Number(a.excluded !== undefined) - Number(b.excluded !== undefined);
  if (choosable !== 0) return choosable;
  const price =
    a.price === undefined || b.price === undefined
      ? Number(a.price === undefined) - Number(b.price === undefined)
      : (compareDecimals(a.price, b.price) ?? 0);
  return price || preference(a.offer, wish) - preference(b.offer, wish);
}

/** Where the entry's region stands in `regions` (by region or region_name); unlisted after all. */
function preference(offer: Offer, wish: CapacityWish): number {
  const at = wish.regions.findIndex(
    (wanted) => wanted === offer.region || (offer.regionName !== undefined && wanted === offer.regionName)
  );
  return at === -1 ? wish.regions.length : at;
}

/** The cheapest entry of the wished device that only its price keeps out, to name when none is cheap enough. */
export function cheapestOverPrice(choice: Choice): Candidate | undefined {
  const priced = choice.considered.flatMap((candidate) =>
    candidate.excluded === 'over max_price' && candidate.price !== undefined
      ? [{ candidate, price: candidate.price }]
      : []
  );
  return priced.sort((a, b) => compareDecimals(a.price, b.price) ?? 0)[0]?.candidate;
}

/** The create body's resources entry for a chosen entry, as the platform's create example sends it. */
export function resourcesEntry(offer: Offer): Record<string, unknown> {
  return {
    mark: offer.mark,
    ...(offer.resource === undefined ? {} : { resource: offer.resource }),
    ...(offer.regionName === undefined ? {} : { region_name: offer.regionName })
  };
}
