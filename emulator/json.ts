import { isInteger, isSafeNumber, parse, stringify } from 'lossless-json';

/**
 * JSON as the platform reads and writes it: integers beyond 2^53 stay exact (as bigint), so a client
 * that rounds a task id on the way in or out is caught instead of matched by the same rounding.
 */
export function parseJson(text: string): unknown {
  return parse(text, null, exactNumber);
}

/** A number where it is exact, a bigint for integers beyond 2^53. */
export function exactNumber(text: string): number | bigint {
  return isInteger(text) && !isSafeNumber(text) ? BigInt(text) : Number(text);
}

export function toJson(value: unknown): string {
  const text = stringify(value);
  if (text === undefined) throw new TypeError('value has no JSON form');
  return text;
}

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
