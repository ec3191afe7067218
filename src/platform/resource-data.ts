import { isRecord } from '../basics/records.js';
import { numberText } from './task-data.js';

/**
 * One region of one device, as a resource search answers it (its `results[].regions[]`): where it runs,
 * what it costs (`price`, `discount_price`: integers whose unit the platform's reference does not settle,
 * shown as given), how many are in stock, and the mark a create's resources[].mark takes, which is the
 * string `regions[].mark.mark` (the search answers `mark` as an object).
 */
export interface Offer {
  readonly device: string | undefined;
  readonly gpuName: string | undefined;
  readonly gpuCount: string | undefined;
  readonly region: string | undefined;
  readonly regionName: string | undefined;
  readonly price: string | undefined;
  readonly discountPrice: string | undefined;
  readonly inventory: string | undefined;
  readonly mark: string | undefined;
  /** What the mark stands for (`regions[].mark.resource`), as answered: a create sends it beside the mark. */
  readonly resource: Record<string, unknown> | undefined;
}

/** Every region of every device in a resource search's answer. */
export function offersOf(data: unknown): Offer[] {
  const devices = isRecord(data) && Array.isArray(data.results) ? data.results : [];
  return devices.filter(isRecord).flatMap((device) => {
    const regions = Array.isArray(device.regions) ? device.regions.filter(isRecord) : [];
    return regions.map((region) => {
      const mark = isRecord(region.mark) ? region.mark : undefined;
      const resource = mark !== undefined && isRecord(mark.resource) ? mark.resource : undefined;
      return {
        device: text(device.device_name),
        gpuName: text(device.gpu_name) ?? text(resource?.gpu_name),
        gpuCount: numberText(device, 'gpu_count') ?? numberText(resource, 'gpu_count'),
        region: text(region.region),
        regionName: text(region.region_name),
        price: numberText(region, 'price'),
        discountPrice: numberText(region, 'discount_price'),
        inventory: numberText(region, 'inventory'),
        mark: text(mark?.mark) ?? text(region.mark),
        resource
      };
    });
  });
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}
