/**
 * The emulator's behaviours as JSON, for a process started from the CLI (`--config FILE`, `--fault JSON`):
 * everything a test can set in-process, checked strictly so a typo is an error, not a silent no-op. The
 * config is one object; each resource reads its own section of it (config-*.ts), in the order of SECTIONS.
 */
import { API_CONFIG, type ApiConfig } from './config-api.js';
import { JOB_CONFIG, type JobConfig } from './config-jobs.js';
import { PREHEAT_CONFIG, type PreheatConfig } from './config-preheats.js';
import { STOCK_CONFIG, type StockConfig } from './config-stock.js';
import { STORAGE_CONFIG, type StorageConfig } from './config-storage.js';
import { TASK_CONFIG, type TaskConfig } from './config-tasks.js';
import { object, only } from './config-values.js';
import type { Emulator } from './emulator.js';

export { ConfigError } from './config-values.js';
export { parseFaultRule } from './config-api.js';
export { parseStockChange } from './config-stock.js';
export type { JobScriptConfig } from './config-jobs.js';

export type EmulatorConfig = ApiConfig & TaskConfig & JobConfig & PreheatConfig & StockConfig & StorageConfig;

/** The sections, a resource's each (the API's own first), read and applied in this order. */
const SECTIONS = [API_CONFIG, STORAGE_CONFIG, TASK_CONFIG, STOCK_CONFIG, PREHEAT_CONFIG, JOB_CONFIG] as const;

/** Reads a config object (the parsed JSON of --config). */
export function parseConfig(value: unknown, where = 'config'): EmulatorConfig {
  const config = object(value, where);
  only(
    config,
    where,
    SECTIONS.flatMap((section) => section.fields)
  );
  return Object.assign({}, ...SECTIONS.map((section) => section.parse(config, where))) as EmulatorConfig;
}

/** Sets every behaviour the config names, section by section. */
export function applyConfig(emulator: Emulator, config: EmulatorConfig): void {
  API_CONFIG.apply(emulator, config);
  STORAGE_CONFIG.apply(emulator, config);
  TASK_CONFIG.apply(emulator, config);
  STOCK_CONFIG.apply(emulator, config);
  PREHEAT_CONFIG.apply(emulator, config);
  JOB_CONFIG.apply(emulator, config);
}
