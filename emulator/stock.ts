/**
 * What each device has free in each region, and what it costs: the numbers a resource search answers
 * with (regions[].inventory, price, discount_price), which change. A create takes `points` nodes of the
 * region its mark names and is refused when fewer are free; a pause or a stop gives them back, a recover
 * takes them again. A tester sets the numbers, and may have a region run out and come back later.
 */
import { DEVICES, markOf, resourceOf, type Device, type Region } from './catalog.js';
import { Code, Rejection } from './rejection.js';

/** A change to one device's numbers in one region (as the resource search names them). */
export interface StockChange {
  device_name: string;
  region: string;
  /** Nodes free now. */
  inventory?: number;
  price?: number;
  discount_price?: number;
  /** Comes back: this many seconds after the change, the region has `restockTo` nodes free. */
  restockAfterSeconds?: number;
  restockTo?: number;
}

interface Level {
  inventory: number;
  price: number;
  discount_price: number;
  restock: { at: number; to: number } | undefined;
}

export class Stock {
  readonly #levels = new Map<string, Level>();

  constructor(private readonly now: () => number) {
    for (const device of DEVICES) {
      for (const region of device.regions) {
        const { inventory, price, discount_price } = region;
        this.#levels.set(key(device, region), { inventory, price, discount_price, restock: undefined });
      }
    }
  }

  /** Applies changes; a device or region the catalog does not have is an error (a typo, not a no-op). */
  set(changes: readonly StockChange[]): void {
    for (const change of changes) {
      const level = this.#levels.get(`${change.device_name}\n${change.region}`);
      if (level === undefined)
        throw new Error(`no device ${change.device_name} in region ${change.region} in the catalog`);
      if (change.inventory !== undefined) level.inventory = change.inventory;
      if (change.price !== undefined) level.price = change.price;
      if (change.discount_price !== undefined) level.discount_price = change.discount_price;
      level.restock =
        change.restockAfterSeconds === undefined
          ? undefined
          : { at: this.now() + change.restockAfterSeconds * 1000, to: change.restockTo ?? level.inventory };
    }
  }

  /** A device's numbers in a region, now (a restock whose time has come applied). */
  level(device: Device, region: Region): Level {
    const level = this.#levels.get(key(device, region));
    if (level === undefined) throw new Error(`unreachable: ${device.device_name} in ${region.region}`);
    if (level.restock !== undefined && this.now() >= level.restock.at) {
      level.inventory = level.restock.to;
      level.restock = undefined;
    }
    return level;
  }

  /**
   * Takes `points` nodes of the region a create's mark names, or refuses the create when fewer are free.
   * A mark no search gave (a test's own) takes nothing. Answers whether nodes were taken.
   */
  take(mark: string, taskType: string, points: number): boolean {
    const found = this.#find(mark, taskType);
    if (found === undefined) return false;
    const level = this.level(found.device, found.region);
    if (level.inventory < points) {
      throw new Rejection(
        Code.taskState,
        'out_of_stock',
        `资源不足: ${found.device.device_name} in ${found.region.region} has ${level.inventory} node(s) free, ${points} asked`
      );
    }
    level.inventory -= points;
    return true;
  }

  /** Nodes free now in the region a mark names; undefined for a mark no search gave. */
  free(mark: string, taskType: string): number | undefined {
    const found = this.#find(mark, taskType);
    return found === undefined ? undefined : this.level(found.device, found.region).inventory;
  }

  /** The prices of the entry a mark names, as the resource search shows them now; undefined for another mark. */
  priceOf(mark: string, taskType: string): { price: number; discount_price: number } | undefined {
    const found = this.#find(mark, taskType);
    if (found === undefined) return undefined;
    const { price, discount_price } = this.level(found.device, found.region);
    return { price, discount_price };
  }

  /** Gives back the nodes a task took. */
  give(mark: string, taskType: string, points: number): void {
    const found = this.#find(mark, taskType);
    if (found !== undefined) this.level(found.device, found.region).inventory += points;
  }

  /**
   * The region a mark names (its tag, a compute region's such as hebeif-1, and its name), of any task type;
   * undefined for a mark no search gave.
   */
  regionOf(mark: string): { tag: string; name: string } | undefined {
    for (const taskType of ['Deployment', 'Job', 'ImagePreHeat']) {
      const found = this.#find(mark, taskType);
      if (found !== undefined) return { tag: found.region.region, name: found.region.region_name };
    }
    return undefined;
  }

  #find(mark: string, taskType: string): { device: Device; region: Region } | undefined {
    for (const device of DEVICES) {
      for (const region of device.regions) {
        if (markOf(device, region, taskType) === mark) return { device, region };
      }
    }
    return undefined;
  }
}

const key = (device: Device, region: Region): string => `${device.device_name}\n${region.region}`;

/** The resource search's results for these task types and device types, with the stock as it is now. */
export function searchResources(
  taskTypes: readonly string[],
  deviceTypes: readonly string[],
  stock: Stock
): Record<string, unknown>[] {
  return DEVICES.filter((d) => deviceTypes.includes(d.device_type)).flatMap((device) =>
    taskTypes.map((taskType) => ({
      device_name: device.device_name,
      regions: device.regions.map((region) => {
        const { inventory, price, discount_price } = stock.level(device, region);
        return {
          region: region.region,
          region_name: region.region_name,
          // As the reference's example gives it: region_name null inside the mark object.
          mark: {
            resource: resourceOf(device, region),
            region_name: null,
            mark: markOf(device, region, taskType)
          },
          price,
          discount_price,
          inventory
        };
      }),
      gpu_name: device.gpu_name ?? '',
      gpu_memory: device.gpu_memory,
      gpu_count: device.gpu_count,
      memory: device.memory,
      cpu_cores: device.cpu_cores,
      disk_size: device.disk_size,
      disk_type: device.disk_type
    }))
  );
}
