import { isSafeNumber, LosslessNumber, parse, stringify } from 'lossless-json';

/**
 * The deepest nesting of arrays and objects read. API answers nest a few levels; the JSON reader and
 * writer recurse once per level, so an answer thousands of levels deep would overflow the stack.
 */
export const MAX_JSON_DEPTH = 256;

/** JSON nested deeper than MAX_JSON_DEPTH: refused before parsing. */
export class JsonDepthError extends Error {
  constructor() {
    super(`JSON nested deeper than ${MAX_JSON_DEPTH} levels`);
    this.name = 'JsonDepthError';
  }
}

/**
 * JSON without precision loss. Numbers that a double holds exactly become numbers; any other number
 * (a task id beyond 2^53, a long decimal) stays a LosslessNumber that prints back as the same digits.
 */
export function parseJson(text: string): unknown {
  if (nestsDeeperThan(text, MAX_JSON_DEPTH)) throw new JsonDepthError();
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

/** Whether brackets outside strings open more than `max` levels at once (one linear scan). */
function nestsDeeperThan(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // a backslash escapes the next character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) {
      inString = true;
    } else if (c === 0x7b || c === 0x5b) {
      if (++depth > max) return true;
    } else if (c === 0x7d || c === 0x5d) {
      depth--;
    }
  }
  return false;
}
