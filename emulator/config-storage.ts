// The config's section for the storage checks: what a connection check answers.
import type { Emulator } from './emulator.js';
import type { StorageVerdict } from './storage.js';
import { boolean, object, only, optional, string, type ConfigSection } from './config-values.js';

export interface StorageConfig {
  storageVerdict?: StorageVerdict;
}

export const STORAGE_CONFIG: ConfigSection<StorageConfig, Emulator> = {
  fields: ['storageVerdict'],
  parse: (config, where) =>
    optional(
      config,
      'storageVerdict',
      (v, n) => {
        const verdict = object(v, n);
        only(verdict, n, ['pass', 'message']);
        return { pass: boolean(verdict.pass, `${n}.pass`), message: string(verdict.message, `${n}.message`) };
      },
      where
    ),
  apply: (emulator, config) => {
    if (config.storageVerdict !== undefined) emulator.storage.setVerdict(config.storageVerdict);
  }
};
