import { isSafeNumber, LosslessNumber, parse, stringify } from 'lossless-json';

/**
 * JSON without precision loss. Numbers that a double holds exactly become numbers; any other number
 * (a task id beyond 2^53, a long decimal) stays a LosslessNumber that prints back as the same digits.
 */
export function parseJson(text: string): unknown {
  return parse(text, null, (digits) => (isSafeNumber(digits) ? Number(digits) : new LosslessNumber(digits)));
}

/**
 * Compact JSON as the spec wants it signed and encrypted: no spaces, non-ASCII characters as raw
 * UTF-8 (never \u escapes), bigints and LosslessNumbers as their exact digits.
 */
export function toCompactJson(value: unknown): string {
  const text = stringify(value);
  if (text === undefined) throw new TypeError('the value has no JSON form');
  return text;
}

/** An exact JSON integer from its decimal digits. */
export function exactInteger(digits: string): LosslessNumber {
  return new LosslessNumber(digits);
}
