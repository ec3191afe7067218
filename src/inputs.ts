import { parse as parseYaml, YAMLParseError } from 'yaml';
import type { QueryParams } from './protocol/request.js';

/** A bad input: the message names the input, the value (never a secret) and the fix. */
export class InputError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'InputError';
  }
}

/** A value quoted for an error message, cut short so a pasted blob cannot flood the log. */
export function quote(value: string): string {
  const shown = value.length > 60 ? `${value.slice(0, 57)}...` : value;
  return JSON.stringify(shown);
}

export function parseChoice<T extends string>(name: string, value: string, choices: readonly T[]): T {
  if ((choices as readonly string[]).includes(value)) return value as T;
  throw new InputError(
    `${name} ${quote(value)} is not one of ${choices.join(', ')}: set ${name} to one of them`
  );
}

/** YAML 1.2 booleans, as actions/toolkit's getBooleanInput reads them; anything else is refused. */
export function parseBoolean(name: string, value: string, fallback: boolean): boolean {
  if (value === '') return fallback;
  if (['true', 'True', 'TRUE'].includes(value)) return true;
  if (['false', 'False', 'FALSE'].includes(value)) return false;
  throw new InputError(`${name} ${quote(value)} is not a boolean: set ${name} to true or false`);
}

/** A task id as its decimal digits, of any size (ids beyond 2^53 must not be rounded). */
export function parseTaskId(name: string, value: string): string {
  if (!/^[1-9]\d*$/.test(value)) {
    throw new InputError(
      `${name} ${quote(value)} is not an integer: set ${name} to the numeric id of a task, such as 1229831`
    );
  }
  return value;
}

export function parsePositiveInteger(name: string, value: string, what: string): number {
  const n = Number(value);
  if (!/^\d+$/.test(value) || !Number.isSafeInteger(n) || n < 1) {
    throw new InputError(`${name} ${quote(value)} is not a positive whole number: set ${name} to ${what}`);
  }
  return n;
}

/**
 * A YAML or JSON mapping (JSON is YAML). Integers are read exactly, as bigints. Parse errors give the
 * position only, never the text around it, which may hold credentials.
 */
export function parseMapping(name: string, value: string): Record<string, unknown> {
  if (value.trim() === '') return {};
  let parsed: unknown;
  try {
    parsed = parseYaml(value, { intAsBigInt: true });
  } catch (error) {
    const where =
      error instanceof YAMLParseError && error.linePos
        ? ` at line ${error.linePos[0].line}, column ${error.linePos[0].col}`
        : '';
    const code = error instanceof YAMLParseError ? ` (${error.code})` : '';
    throw new InputError(
      `${name} is not valid YAML or JSON${where}${code}: write a mapping such as "key: value" or {"key": "value"}`
    );
  }
  if (parsed === null || parsed === undefined) return {};
  if (typeof parsed !== 'object' || Array.isArray(parsed) || parsed instanceof Map) {
    throw new InputError(`${name} is not a mapping: write fields as "key: value" lines or a JSON object`);
  }
  return parsed as Record<string, unknown>;
}

/** Query parameters from a YAML or JSON mapping of scalars; a list becomes a comma-separated value. */
export function parseQuery(name: string, value: string): QueryParams {
  const scalar = (key: string, item: unknown): string => {
    if (
      typeof item === 'string' ||
      typeof item === 'number' ||
      typeof item === 'bigint' ||
      typeof item === 'boolean'
    ) {
      return String(item);
    }
    throw new InputError(
      `${name}.${key} is not a scalar or a list of scalars: query parameters are plain values`
    );
  };
  return Object.entries(parseMapping(name, value))
    .filter(([, item]) => item !== null && item !== undefined)
    .map(
      ([key, item]) =>
        [key, Array.isArray(item) ? item.map((i) => scalar(key, i)).join(',') : scalar(key, item)] as const
    );
}

/** The origin of an https:// base URL: the spec's paths are relative to it and signed from their "/". */
export function parseBaseUrl(name: string, value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new InputError(
      `${name} ${quote(value)} is not a URL: set ${name} to the API address, such as https://openapi.suanli.cn`
    );
  }
  if (url.protocol !== 'https:') {
    throw new InputError(
      `${name} ${quote(value)} is not https://: the API is served over HTTPS only, so use https://${url.host}`
    );
  }
  if (
    url.username !== '' ||
    url.password !== '' ||
    url.search !== '' ||
    url.hash !== '' ||
    url.pathname !== '/'
  ) {
    throw new InputError(
      `${name} ${quote(url.origin + url.pathname)} has more than scheme, host and port: set ${name} to ${url.origin}`
    );
  }
  return url.origin;
}

/** A path for the request operation: absolute, in unreserved characters, without a query. */
export function parsePath(name: string, value: string): string {
  if (!/^\/[A-Za-z0-9\-._~/]*$/.test(value) || /\/\.{1,2}(\/|$)/.test(value)) {
    throw new InputError(
      `${name} ${quote(value)} is not a plain absolute path: start it with "/", use letters, digits and - . _ ~ only, and put parameters in query`
    );
  }
  return value;
}
