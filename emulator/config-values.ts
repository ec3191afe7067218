// The pieces every section of the emulator's config is read with: strict, so a typo is an error that
// names the field, never a silent no-op.

/** A config that cannot be used; the message names the field. */
export class ConfigError extends Error {}

export type Json = Record<string, unknown>;

/** How a section of the config is read, and set on a running emulator. */
export interface ConfigSection<T, E> {
  /** The fields of the config the section reads. */
  readonly fields: readonly string[];
  parse(config: Json, where: string): T;
  apply(emulator: E, config: T): void;
}

export function object(value: unknown, where: string): Json {
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw new ConfigError(`${where} must be a JSON object`);
  return value as Json;
}

export function only(value: Json, where: string, allowed: string[]): void {
  const unknown = Object.keys(value).filter((key) => !allowed.includes(key));
  if (unknown.length > 0)
    throw new ConfigError(`${where} has unknown field ${unknown.join(', ')}: use ${allowed.join(', ')}`);
}

export function number(value: unknown, where: string): number {
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0)
    throw new ConfigError(`${where} must be a number, 0 or more`);
  return value;
}

export function string(value: unknown, where: string): string {
  if (typeof value !== 'string') throw new ConfigError(`${where} must be a string`);
  return value;
}

export function boolean(value: unknown, where: string): boolean {
  if (typeof value !== 'boolean') throw new ConfigError(`${where} must be true or false`);
  return value;
}

export function choice<T extends string>(value: unknown, where: string, choices: readonly T[]): T {
  if (typeof value !== 'string' || !(choices as readonly string[]).includes(value))
    throw new ConfigError(`${where} must be one of ${choices.join(', ')}`);
  return value as T;
}

/** `{name: value}` when the field is present, `{}` when not. */
export function optional<T>(
  value: Json,
  name: string,
  read: (item: unknown, where: string) => T,
  where: string
): Record<string, T> {
  return value[name] === undefined ? {} : { [name]: read(value[name], `${where}.${name}`) };
}

/** A regular expression, as text. */
export function pattern(value: unknown, where: string): string {
  const text = string(value, where);
  try {
    new RegExp(text);
  } catch {
    throw new ConfigError(`${where} is not a regular expression`);
  }
  return text;
}

/** A list of the field's items, each read by `read`. */
export function listOf<T>(value: unknown, where: string, read: (item: unknown, at: string) => T): T[] {
  if (!Array.isArray(value)) throw new ConfigError(`${where} must be an array`);
  return value.map((item, i) => read(item, `${where}[${i}]`));
}
