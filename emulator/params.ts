import { isPlainObject } from './json.js';
import { parameterError } from './rejection.js';

/** Strict readers for request parameters: each refuses a wrong value with a message naming the field. */

export function bodyObject(payload: unknown): Record<string, unknown> {
  if (!isPlainObject(payload)) throw parameterError('the body must be a JSON object');
  return payload;
}

/** A JSON integer (any size) or, from a query string, a string of digits. */
export function integerValue(value: unknown, name: string, from: 'body' | 'query'): bigint {
  if (value === undefined || value === null || value === '') throw parameterError(`${name} is required`);
  if (typeof value === 'bigint') return value;
  if (typeof value === 'number' && Number.isSafeInteger(value)) return BigInt(value);
  if (from === 'query' && typeof value === 'string' && /^-?\d+$/.test(value)) return BigInt(value);
  throw parameterError(`${name} must be an integer, got ${describe(value)}`);
}

export function positiveInteger(value: unknown, name: string, from: 'body' | 'query'): number {
  const n = integerValue(value, name, from);
  if (n < 1n || n > 100_000n) throw parameterError(`${name} must be a positive integer, got ${n}`);
  return Number(n);
}

export function requiredString(value: unknown, name: string): string {
  if (typeof value !== 'string' || value.trim() === '') {
    throw parameterError(`${name} must be a non-empty string, got ${describe(value)}`);
  }
  return value;
}

export function optionalString(value: unknown, name: string): string | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  if (typeof value !== 'string') throw parameterError(`${name} must be a string, got ${describe(value)}`);
  return value;
}

export function oneOf<T extends string>(
  value: string | undefined,
  allowed: readonly T[],
  name: string
): T | undefined {
  if (value === undefined) return undefined;
  if (!(allowed as readonly string[]).includes(value)) {
    throw parameterError(`${name} must be one of ${allowed.join(', ')}, got "${value}"`);
  }
  return value as T;
}

export function list<T extends string>(
  value: string | undefined,
  allowed: readonly T[],
  name: string
): T[] | undefined {
  if (value === undefined) return undefined;
  return value.split(',').map((item) => oneOf(item.trim(), allowed, name) as T);
}

/**
 * page and page_size, from a query string or a JSON body; answers one page of `items`. No largest
 * page_size is published: a page holds what page_size asks (10 by default), or `cap` items at most when
 * the emulator is told to cap pages lower than clients ask (`count` still says how many there are).
 */
export function page<T>(
  items: T[],
  source: (name: string) => unknown,
  from: 'body' | 'query',
  cap?: number
): { count: number; results: T[] } {
  const rawPage = source('page');
  const rawSize = source('page_size');
  const number = rawPage === undefined ? 1 : positiveInteger(rawPage, 'page', from);
  const asked = rawSize === undefined ? 10 : positiveInteger(rawSize, 'page_size', from);
  const size = Math.min(asked, cap ?? asked);
  return { count: items.length, results: items.slice((number - 1) * size, number * size) };
}

/** A comma list of ids (a query's task_ids), or undefined when absent. */
export function idList(value: string | undefined, name: string): bigint[] | undefined {
  if (value === undefined) return undefined;
  return value.split(',').map((id) => integerValue(id.trim(), name, 'query'));
}

/** An RFC 3339 time, such as 2026-01-01T00:00:00+08:00, as ms since the epoch. */
export function rfc3339Time(value: string | undefined, name: string): number {
  const rfc3339 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/i;
  const ms = value === undefined ? Number.NaN : Date.parse(value);
  if (value === undefined || !rfc3339.test(value) || Number.isNaN(ms))
    throw parameterError(
      `${name} must be an RFC 3339 time such as 2026-01-01T00:00:00+08:00, got ${describe(value)}`
    );
  return ms;
}

function describe(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(value);
  if (typeof value === 'bigint') return value.toString();
  if (typeof value === 'number' || typeof value === 'boolean' || value === null || value === undefined) {
    return String(value);
  }
  return Array.isArray(value) ? 'an array' : `a ${typeof value}`;
}
