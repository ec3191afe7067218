// The config's section for the stock the resource search answers with.
import type { Emulator } from './emulator.js';
import type { StockChange } from './stock.js';
import { listOf, number, object, only, optional, string, type ConfigSection } from './config-values.js';

export interface StockConfig {
  /** What devices have free in regions, and their prices; a region may run out and come back. */
  stock?: StockChange[];
}

export const STOCK_CONFIG: ConfigSection<StockConfig, Emulator> = {
  fields: ['stock'],
  parse: (config, where) => optional(config, 'stock', (v, n) => listOf(v, n, parseStockChange), where),
  apply: (emulator, config) => {
    if (config.stock !== undefined) emulator.stock.set(config.stock);
  }
};

/** A stock change: `device_name` and `region` (as the resource search names them), and the numbers to set. */
export function parseStockChange(value: unknown, where = 'stock'): StockChange {
  const change = object(value, where);
  const counts = ['inventory', 'price', 'discount_price', 'restockAfterSeconds', 'restockTo'] as const;
  only(change, where, ['device_name', 'region', ...counts]);
  const parsed: StockChange = {
    device_name: string(change.device_name, `${where}.device_name`),
    region: string(change.region, `${where}.region`)
  };
  for (const name of counts) {
    if (change[name] !== undefined) parsed[name] = number(change[name], `${where}.${name}`);
  }
  return parsed;
}
