// The config's section for image preheats, and the cold starts they spare.
import type { Emulator } from './emulator.js';
import { number, object, only, optional, pattern, string, type ConfigSection } from './config-values.js';

export interface PreheatConfig {
  /** A cold start: seconds to pull an image no preheat cached, by default and by image. */
  imagePull?: { seconds?: number; images?: Record<string, number>; regions?: Record<string, number> };
  /** How long a preheat takes. */
  preheat?: { durationSeconds?: number };
  /** A private registry: images matching `pattern` (a regular expression) pull only with this account. */
  privateRegistry?: { pattern: string; username: string; password: string };
}

export const PREHEAT_CONFIG: ConfigSection<PreheatConfig, Emulator> = {
  fields: ['imagePull', 'preheat', 'privateRegistry'],
  parse: (config, where) => ({
    ...optional(config, 'imagePull', parseImagePull, where),
    ...optional(
      config,
      'preheat',
      (v, n) => {
        const preheat = object(v, n);
        only(preheat, n, ['durationSeconds']);
        return optional(preheat, 'durationSeconds', (t, m) => number(t, m), n);
      },
      where
    ),
    ...optional(
      config,
      'privateRegistry',
      (v, n) => {
        const registry = object(v, n);
        only(registry, n, ['pattern', 'username', 'password']);
        return {
          pattern: pattern(registry.pattern, `${n}.pattern`),
          username: string(registry.username, `${n}.username`),
          password: string(registry.password, `${n}.password`)
        };
      },
      where
    )
  }),
  apply: ({ preheats }, config) => {
    if (config.imagePull !== undefined) preheats.setImagePull(config.imagePull);
    if (config.preheat !== undefined) preheats.configure(config.preheat);
    if (config.privateRegistry !== undefined) {
      const { pattern: text, username, password } = config.privateRegistry;
      preheats.setPrivateRegistry({ pattern: new RegExp(text), username, password });
    }
  }
};

function parseImagePull(value: unknown, where: string): NonNullable<PreheatConfig['imagePull']> {
  const pull = object(value, where);
  only(pull, where, ['seconds', 'images', 'regions']);
  const seconds = (name: 'images' | 'regions'): Record<string, number> | undefined => {
    if (pull[name] === undefined) return undefined;
    const entries = object(pull[name], `${where}.${name}`);
    return Object.fromEntries(
      Object.entries(entries).map(([key, v]) => [key, number(v, `${where}.${name}.${key}`)])
    );
  };
  const [images, regions] = [seconds('images'), seconds('regions')];
  return {
    ...optional(pull, 'seconds', (v, n) => number(v, n), where),
    ...(images === undefined ? {} : { images }),
    ...(regions === undefined ? {} : { regions })
  };
}
