// What a test (or the emulator's --config) sets of image preheats, and of the cold starts they spare.
import type { PrivateRegistry } from './preheats.js';
import type { Stores } from './stores.js';

export interface PreheatControl {
  /** How long a preheat takes to complete. */
  configure(preheat: { durationSeconds?: number }): void;
  /**
   * A private registry: images matching `pattern` are pulled only with its account. A preheat of one
   * without it (services[].repository_account) never completes; undefined: every image is public.
   */
  setPrivateRegistry(registry: PrivateRegistry | undefined): void;
  /**
   * A cold start: a new task waits `seconds` (or the image's own, from `images`, else its region's, from
   * `regions`) beyond ready-after for each image of its services that no completed preheat cached in its
   * region; none once one did.
   */
  setImagePull(pull: {
    seconds?: number;
    images?: Readonly<Record<string, number>>;
    regions?: Readonly<Record<string, number>>;
  }): void;
}

export function preheatControl(stores: Stores): PreheatControl {
  const { settings } = stores.preheats;
  const ms = (entries: Readonly<Record<string, number>> = {}): Map<string, number> =>
    new Map(Object.entries(entries).map(([key, seconds]) => [key, seconds * 1000]));
  return {
    configure: (preheat) => {
      if (preheat.durationSeconds !== undefined) settings.durationMs = preheat.durationSeconds * 1000;
    },
    setPrivateRegistry: (registry) => {
      settings.registry = registry;
    },
    setImagePull: (pull) => {
      settings.pull = {
        defaultMs: (pull.seconds ?? 0) * 1000,
        images: ms(pull.images),
        regions: ms(pull.regions)
      };
    }
  };
}
