import { isLosslessNumber } from 'lossless-json';
import { formatDuration, formatSize, rfc3339, SIZE_UNITS } from '../basics/units.js';
import { InputError, quote } from '../basics/input-error.js';
import { parseWrittenJson, type QueryParams } from '../deploy/engine.js';
import { parseYaml, yamlErrorPlace, yamlLoaded } from './yaml.js';

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
  if (!TASK_ID.test(value)) {
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
    parsed = parseJsonFirst(value);
  } catch (error) {
    if (!yamlLoaded()) throw error;
    const place = yamlErrorPlace(error);
    const where = place === undefined ? '' : ` at line ${place.line}, column ${place.col}`;
    const code = place === undefined ? '' : ` (${place.code})`;
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

/** JSON objects take the fast, exact JSON parser; anything else (or JSON it refuses) is read as YAML. */
function parseJsonFirst(value: string): unknown {
  if (value.trimStart().startsWith('{')) {
    try {
      return parseWrittenJson(value);
    } catch {
      // Not strict JSON (a YAML flow mapping such as {a: 1}): YAML reads it, or says where it fails.
    }
  }
  return parseYaml(value);
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
    if (isLosslessNumber(item)) return item.toString();
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

const DURATION = /^(?:(\d+)d)?(?:(\d+)h)?(?:(\d+)m)?(?:(\d+)s)?$/;

/** A duration such as 90s, 15m, 1h30m or 2d, in milliseconds, within [min, max]. */
export function parseDuration(name: string, value: string, limits: { minMs: number; maxMs: number }): number {
  const match = DURATION.exec(value);
  if (value === '' || match === null) {
    const hint = /^\d+$/.test(value)
      ? ` has no unit: write ${value}s or ${value}m`
      : ' is not a duration: write it like 90s, 15m or 1h30m';
    throw new InputError(`${name} ${quote(value)}${hint}`);
  }
  const [, d = '0', h = '0', m = '0', s = '0'] = match;
  const ms = (((Number(d) * 24 + Number(h)) * 60 + Number(m)) * 60 + Number(s)) * 1000;
  if (ms < limits.minMs || ms > limits.maxMs) {
    throw new InputError(
      `${name} ${quote(value)} is out of range: set it between ${formatDuration(limits.minMs)} and ${formatDuration(limits.maxMs)}`
    );
  }
  return ms;
}

const SIZE = /^(\d+)(KiB|MiB|GiB)$/;

/** A size such as 512KiB or 16MiB, in bytes, within [min, max]. */
export function parseSize(name: string, value: string, limits: { min: number; max: number }): number {
  const match = SIZE.exec(value);
  if (match === null) {
    throw new InputError(`${name} ${quote(value)} is not a size: write it like 512KiB, 16MiB or 1GiB`);
  }
  const bytes = Number(match[1]) * (SIZE_UNITS[match[2] ?? ''] ?? 0);
  if (bytes < limits.min || bytes > limits.max) {
    throw new InputError(
      `${name} ${quote(value)} is out of range: set it between ${formatSize(limits.min)} and ${formatSize(limits.max)}`
    );
  }
  return bytes;
}

/** A comma- or whitespace-separated list of words (statuses); undefined when empty. */
export function parseWords(name: string, value: string): string[] | undefined {
  const words = value.split(/[\s,]+/).filter((word) => word !== '');
  for (const word of words) {
    if (!/^[A-Za-z0-9_-]+$/.test(word))
      throw new InputError(
        `${name} lists ${quote(word)}, which is not a status name: list names like Running, Pending`
      );
  }
  return words.length === 0 ? undefined : words;
}

const MAX_TASK_IDS = 1000;
const TASK_ID = /^[1-9]\d*$/;
const SEVERAL_IDS =
  'write one id per line, or separate ids with a comma and a space ("1229831, 1229832"), or give a list ([1229831, 1229832])';

/**
 * One or more task ids, kept as digits. An id is digits only. Several are written one per line, on one
 * line separated by a comma and a space, or as a YAML/JSON list (flow "[a, b]" or block "- a" lines).
 * Nothing else is guessed at: "1,229,832" reads as one number with thousands separators, and ids
 * separated by spaces alone could be one number grouped by spaces, so both are refused.
 */
export function parseTaskIds(name: string, value: string): string[] {
  const text = value.trim();
  if (text === '') return [];
  const ids = /^(\[|-\s)/.test(text) ? idsOfList(name, text) : idsOfLines(name, text);
  const seen = new Set<string>();
  for (const id of ids) {
    if (seen.has(id)) throw new InputError(`${name} lists ${id} twice: list each task once`);
    seen.add(id);
  }
  if (ids.length > MAX_TASK_IDS)
    throw new InputError(`${name} lists ${ids.length} ids: list at most ${MAX_TASK_IDS} per step`);
  return ids;
}

function idsOfLines(name: string, text: string): string[] {
  return text
    .split(/\r?\n/)
    .flatMap((line) => line.trim().replace(/,$/, '').split(/,\s+/))
    .filter((item) => item !== '')
    .map((item) => {
      if (TASK_ID.test(item)) return item;
      if (/^\d+(,\d+)+$/.test(item)) {
        throw new InputError(
          `${name} ${quote(item)} has commas without a space, which reads as one number with thousands separators, not a list: an id is digits only; ${SEVERAL_IDS}`
        );
      }
      if (/^\d+(\s+\d+)+$/.test(item)) {
        throw new InputError(`${name} ${quote(item)} separates ids with spaces alone: ${SEVERAL_IDS}`);
      }
      return parseTaskId(name, item);
    });
}

function idsOfList(name: string, text: string): string[] {
  let list: unknown;
  try {
    list = parseYaml(text);
  } catch (error) {
    if (!yamlLoaded()) throw error;
    throw new InputError(`${name} is not a valid YAML or JSON list: ${SEVERAL_IDS}`);
  }
  if (!Array.isArray(list)) throw new InputError(`${name} is not a list of ids: ${SEVERAL_IDS}`);
  return list.map((item: unknown) => {
    const digits = typeof item === 'bigint' || typeof item === 'string' ? String(item) : undefined;
    if (digits === undefined || !TASK_ID.test(digits)) {
      const shown =
        typeof item === 'object' && item !== null
          ? Array.isArray(item)
            ? 'a nested list'
            : 'a mapping'
          : quote(digits ?? String(item));
      throw new InputError(
        `${name} lists ${shown}, which is not a task id: list ids as digits, such as [1229831, 1229832]`
      );
    }
    return digits;
  });
}

export function parseIntegerInRange(name: string, value: string, min: number, max: number): number {
  const n = Number(value);
  if (!/^\d+$/.test(value) || n < min || n > max) {
    throw new InputError(
      `${name} ${quote(value)} is not a whole number from ${min} to ${max}: set ${name} within that range`
    );
  }
  return n;
}

/** A dot path into data, such as status or task.status or services.0.status. */
export function parseFieldPath(name: string, value: string): string[] {
  if (!/^[A-Za-z_][A-Za-z0-9_]*(\.([A-Za-z_][A-Za-z0-9_]*|\d+))*$/.test(value)) {
    throw new InputError(
      `${name} ${quote(value)} is not a dot path: write field names joined by dots, such as status or task.status`
    );
  }
  return value.split('.');
}

/** A path to append to each service URL for the health check: it begins with "/", no spaces or control characters. */
export function parseHealthPath(name: string, value: string): string {
  // \0-\x1f and \x7f-\x9f: the control characters, Unicode's Cc written out (V8 builds a \p{...} class
  // from Unicode's tables whenever it compiles the file, run or not); \s: spaces; # would end the path.
  // eslint-disable-next-line no-control-regex -- the control characters are what it refuses
  if (!/^\/[^\s\0-\x1f\x7f-\x9f#]*$/.test(value) || value.length > 1000) {
    throw new InputError(
      `${name} ${quote(value)} is not a URL path: write it like /health or /v1/models (it is appended to each service URL)`
    );
  }
  return value;
}

/** HTTP statuses and ranges of them, such as "200-299, 401": each from 100 to 599. */
export function parseStatusRanges(name: string, value: string): [number, number][] {
  return value.split(',').map((part) => {
    const match = /^\s*(\d{3})(?:\s*-\s*(\d{3}))?\s*$/.exec(part);
    const low = Number(match?.[1]);
    const high = Number(match?.[2] ?? match?.[1]);
    if (match === null || low < 100 || high > 599 || low > high) {
      throw new InputError(
        `${name} ${quote(value)} is not a list of HTTP statuses: write codes or ranges from 100 to 599, such as 200-299,401`
      );
    }
    return [low, high];
  });
}

const RFC3339 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/i;
const SPAN = /^(?:(\d+)d)?(?:(\d+)h)?(?:(\d+)m)?$/;

/** An RFC 3339 time, kept as written (its offset too), with the moment it names. */
export function parseRfc3339(name: string, value: string): { text: string; ms: number } {
  const ms = Date.parse(value);
  if (!RFC3339.test(value) || Number.isNaN(ms)) {
    throw new InputError(
      `${name} ${quote(value)} is not an RFC 3339 time: write it like 2026-01-01T00:00:00+08:00`
    );
  }
  return { text: value, ms };
}

/** `now` (the moment the step starts) or an RFC 3339 time. */
export function parseEndTime(name: string, value: string, now: number): { text: string; ms: number } {
  return value === 'now' ? { text: rfc3339(now), ms: now } : parseRfc3339(name, value);
}

/** An RFC 3339 time, or a span before `end` written in days, hours and minutes, such as 7d or 12h. */
export function parseStartTime(name: string, value: string, end: number): { text: string; ms: number } {
  const span = value === '' ? null : SPAN.exec(value);
  if (span === null && !RFC3339.test(value)) {
    throw new InputError(
      `${name} ${quote(value)} is neither a span nor a time: write a span before billing_end such as 7d or 12h, or an RFC 3339 time such as 2026-01-01T00:00:00+08:00`
    );
  }
  if (span === null) {
    const time = parseRfc3339(name, value);
    if (time.ms >= end)
      throw new InputError(`${name} ${quote(value)} is not before billing_end: set an earlier time`);
    return time;
  }
  const [, d = '0', h = '0', m = '0'] = span;
  const ms = end - ((Number(d) * 24 + Number(h)) * 60 + Number(m)) * 60_000;
  if (ms >= end) throw new InputError(`${name} ${quote(value)} is no time at all: write a span such as 7d`);
  if (ms < YEAR_ONE) {
    throw new InputError(`${name} ${quote(value)} reaches back before the year 1: write a shorter span`);
  }
  return { text: rfc3339(ms), ms };
}

/** 0001-01-01T00:00:00Z: RFC 3339 writes years in four digits. */
const YEAR_ONE = -62_135_596_800_000;
