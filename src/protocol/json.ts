import { isLosslessNumber, isNumber, isSafeNumber, LosslessNumber, parse, stringify } from 'lossless-json';

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
 *
 * Text in which no number can lose a digit is read by JSON.parse, which then gives the same value, in
 * V8's native parser. lossless-json's parser is JavaScript: reading the answers of a bulk detail, V8
 * compiles it again for speed, and its optimizing compiler alone took 5 MiB of that step's 72 MiB peak.
 * A key given twice counts once, with its last value, on both paths (lossless-json would refuse it):
 * the answer is the platform's to give. What a user writes is read by parseWrittenJson.
 */
export function parseJson(text: string): unknown {
  refuseTooDeep(text);
  if (!holdsUnsafeNumber(text)) return JSON.parse(text) as unknown;
  return parse(text, null, { parseNumber: exactNumber, onDuplicateKey: ({ newValue }) => newValue });
}

/**
 * JSON a user wrote (an input's body or query), read as parseJson reads it, except that a key given
 * twice is refused (a SyntaxError): in a body, it is most likely a mistake that one value would hide.
 */
export function parseWrittenJson(text: string): unknown {
  refuseTooDeep(text);
  return parse(text, null, exactNumber);
}

function exactNumber(digits: string): number | LosslessNumber {
  return isSafeNumberText(digits) ? Number(digits) : new LosslessNumber(digits);
}

function refuseTooDeep(text: string): void {
  if (bracketsMoreThan(text, MAX_JSON_DEPTH) && nestsDeeperThan(text, MAX_JSON_DEPTH))
    throw new JsonDepthError();
}

/**
 * Compact JSON as the spec wants it signed and encrypted: no spaces, non-ASCII characters as raw
 * UTF-8 (never \u escapes), bigints and LosslessNumbers as their exact digits.
 */
export function toCompactJson(value: unknown): string {
  // A value with no exact number in it prints the same through V8's native writer, many times faster: a
  // bulk step writes a thousand answers. lossless-json's writer follows JSON.stringify in all else.
  const text = holdsExactNumber(value, 0) ? stringify(value) : JSON.stringify(value);
  if (text === undefined) throw new TypeError('the value has no JSON form');
  return text;
}

/**
 * The compact JSON of a value parseJson read from `text` (the whole of it or a part, redacted or not):
 * as toCompactJson writes it, without looking through the value for exact numbers when the text holds
 * none, as parseJson found.
 */
export function compactJsonOfRead(value: unknown, text: string): string {
  if (holdsUnsafeNumber(text)) return toCompactJson(value);
  const written = JSON.stringify(value) as string | undefined;
  if (written === undefined) throw new TypeError('the value has no JSON form');
  return written;
}

/**
 * Whether a value holds a bigint or a LosslessNumber, which only lossless-json writes as their digits
 * (or is nested deeper than MAX_JSON_DEPTH, which it refuses as JSON.stringify would not: the slow path).
 */
function holdsExactNumber(value: unknown, depth: number): boolean {
  if (typeof value === 'bigint') return true;
  if (typeof value !== 'object' || value === null) return false;
  if (isLosslessNumber(value) || depth > MAX_JSON_DEPTH) return true;
  if (Array.isArray(value)) return value.some((item) => holdsExactNumber(item, depth + 1));
  for (const key in value) {
    if (holdsExactNumber((value as Record<string, unknown>)[key], depth + 1)) return true;
  }
  return false;
}

/**
 * JSON with every number kept as the text it was written in (a LosslessNumber, whose toString gives its
 * digits back): for a figure shown as written, never through a double ("0.0000001", not "1e-7").
 */
export function parseJsonAsWritten(text: string): unknown {
  refuseTooDeep(text);
  return parse(text, null, (digits) => new LosslessNumber(digits));
}

/** An exact JSON integer from its decimal digits. */
export function exactInteger(digits: string): LosslessNumber {
  return new LosslessNumber(digits);
}

/**
 * More than `max` opening brackets in all, strings included: only such text can nest deeper, and only
 * then is it scanned. Counted by indexOf, not by a regular expression, which on an answer of millions of
 * characters can fill V8's bounded backtracking stack.
 */
function bracketsMoreThan(text: string, max: number): boolean {
  let count = 0;
  for (const bracket of ['[', '{'])
    for (let at = text.indexOf(bracket); at >= 0; at = text.indexOf(bracket, at + 1))
      if (++count > max) return true;
  return false;
}

/** A digit before a point or an exponent, or 16 digits in a row (every integer of 15 is exact). */
const NUMBER_HINT = /\d[.eE]|\d{16}/g;
/**
 * Whether a token is one whole JSON number, as RFC 8259 writes it (-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?).
 * A scan, not a regular expression: a number of millions of digits would fill the expression's
 * backtracking stack, which V8 bounds (a RangeError, seen in the suite on a busy machine).
 */
function isJsonNumber(token: string): boolean {
  let at = token.startsWith('-') ? 1 : 0;
  const digitsFrom = (from: number): number => {
    let end = from;
    while (end < token.length && isDigit(token.charCodeAt(end))) end++;
    return end;
  };
  const integerEnd = digitsFrom(at);
  if (integerEnd === at || (token.charCodeAt(at) === 0x30 && integerEnd > at + 1)) return false;
  at = integerEnd;
  if (token.charCodeAt(at) === 0x2e) {
    const fractionEnd = digitsFrom(at + 1);
    if (fractionEnd === at + 1) return false;
    at = fractionEnd;
  }
  if (token.charCodeAt(at) === 0x65 || token.charCodeAt(at) === 0x45) {
    const sign = token.charCodeAt(at + 1) === 0x2b || token.charCodeAt(at + 1) === 0x2d ? 1 : 0;
    const exponentEnd = digitsFrom(at + 1 + sign);
    if (exponentEnd === at + 1 + sign) return false;
    at = exponentEnd;
  }
  return at === token.length;
}

function isDigit(c: number): boolean {
  return c >= 0x30 && c <= 0x39;
}

/** The most significant digits a double can need to be written back exactly. */
const DOUBLE_DIGITS = 17;

/**
 * Whether a JSON number reads as a double without losing a digit, as lossless-json's isSafeNumber says,
 * without its regular expressions on a long token: an integer by its digits (Number.MAX_SAFE_INTEGER has
 * 16), a long decimal by its significant digits (more than a double holds: unsafe).
 */
export function isSafeNumberText(token: string): boolean {
  const digits = token.startsWith('-') ? token.slice(1) : token;
  if (isDigits(digits))
    return digits.length < 16 || (digits.length === 16 && digits <= String(Number.MAX_SAFE_INTEGER));
  if (token.length > 64 && significantDigits(token) > DOUBLE_DIGITS) return false;
  return isSafeNumber(token);
}

function isDigits(text: string): boolean {
  if (text === '') return false;
  for (let at = 0; at < text.length; at++) if (!isDigit(text.charCodeAt(at))) return false;
  return true;
}

/** How many significant digits a JSON number's mantissa has (its leading and trailing zeros left out). */
function significantDigits(token: string): number {
  let first = -1;
  let last = -1;
  let count = 0;
  for (let at = 0; at < token.length; at++) {
    const c = token.charCodeAt(at);
    if (c === 0x65 || c === 0x45) break;
    if (!isDigit(c)) continue;
    if (c !== 0x30) {
      if (first < 0) first = count;
      last = count;
    }
    count++;
  }
  return first < 0 ? 0 : last - first + 1;
}

/**
 * Whether a number in the text may lose a digit as a double: false only when none can. Each hint is
 * widened to the characters a number is made of around it; a real number, outside strings, is then
 * exactly its token. What is no JSON number is inside a string ("nginx:1.25.3") and does not count.
 */
/** The last text looked through (an answer is read, then written in parts: it is looked through once). */
let lastLook: { text: string; unsafe: boolean } | undefined;

/** mayHoldUnsafeNumber, remembered for the last text asked about. */
function holdsUnsafeNumber(text: string): boolean {
  if (lastLook?.text !== text) lastLook = { text, unsafe: mayHoldUnsafeNumber(text) };
  return lastLook.unsafe;
}

function mayHoldUnsafeNumber(text: string): boolean {
  const hints = new RegExp(NUMBER_HINT);
  for (let hint = hints.exec(text); hint !== null; hint = hints.exec(text)) {
    let start = hint.index;
    while (start > 0 && isNumberCharacter(text.charCodeAt(start - 1))) start--;
    let end = hint.index;
    while (end < text.length && isNumberCharacter(text.charCodeAt(end))) end++;
    const token = text.slice(start, end);
    if (isJsonNumber(token) && !isSafeNumberText(token)) return true;
    hints.lastIndex = end;
  }
  return false;
}

/** 0-9 . e E + - */
function isNumberCharacter(c: number): boolean {
  return isDigit(c) || c === 0x2e || c === 0x65 || c === 0x45 || c === 0x2b || c === 0x2d;
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

/** JSON for a person or a script to read: indented two spaces, bigints and LosslessNumbers exact. */
export function toIndentedJson(value: unknown): string {
  const text = stringify(value, undefined, 2);
  if (text === undefined) throw new TypeError('the value has no JSON form');
  return text;
}

/** A number's exact text as a JSON number (digits beyond 2^53 kept); undefined when it is no number. */
export function exactNumberOf(text: string): number | LosslessNumber | undefined {
  return isNumber(text) ? exactNumber(text) : undefined;
}
