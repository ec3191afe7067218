import { isLosslessNumber } from 'lossless-json';
import { parseJson, toCompactJson } from '../../protocol/json.js';

/** Words that make a field name a credential's, anywhere in the name: AccessKeyId, api_key, repository_password. */
const SECRET_WORD = /key|secret|token|passw(or)?d|auth|credential|signature/i;
/** Short names that are credentials only as a whole word of the name: sk, oss_ak, secretSk. */
const SECRET_SEGMENT = /^(sk|ak)$/i;

/** Names that hold a credential although no word above says so: the private registry's user (write-only on the platform). */
const SECRET_NAMES = new Set(['repository_username']);

/** Names already judged (a bulk step reads the same few dozen names in a thousand answers). */
const judged = new Map<string, boolean>();
const MOST_JUDGED = 4096;

/** Whether a body or query field of this name holds a credential, by its name alone (case-insensitive). */
export function isSecretName(name: string): boolean {
  const known = judged.get(name);
  if (known !== undefined) return known;
  const secret =
    SECRET_WORD.test(name) ||
    SECRET_NAMES.has(name.toLowerCase()) ||
    name.split(/[^A-Za-z0-9]+|(?<=[a-z0-9])(?=[A-Z])/).some((segment) => SECRET_SEGMENT.test(segment));
  if (judged.size < MOST_JUDGED) judged.set(name, secret);
  return secret;
}

export const REDACTED = '<redacted>';

/**
 * A body with the value of every secret-named field (at any depth) replaced by <redacted>, and every value
 * of an `env` (a service's environment: the string of a deployment, a job's list of {name, value}) too,
 * its names kept: an environment often carries credentials under names no rule can know. What holds
 * something to redact is copied; what holds nothing is the body's own (never changed here).
 */
export function redactFields(value: unknown, secret = false): unknown {
  if (secret && value !== null && typeof value !== 'object') return REDACTED;
  if (secret && isLosslessNumber(value)) return REDACTED;
  if (Array.isArray(value)) {
    // A part with nothing to redact is kept, not copied: a bulk step redacts a thousand answers.
    const items = value.map((item: unknown) => redactFields(item, secret));
    return items.some((item, i) => item !== value[i]) ? items : value;
  }
  if (isPlainObject(value)) {
    let copy: Record<string, unknown> | undefined;
    for (const [name, item] of Object.entries(value)) {
      const redacted =
        name === 'env' ? redactEnvironment(item) : redactFields(item, secret || isSecretName(name));
      if (redacted !== item) copy ??= { ...value };
      if (copy !== undefined) copy[name] = redacted;
    }
    return copy ?? value;
  }
  return value;
}

/**
 * Whether an answer's text may hold a value redactFields would redact: a key that is an environment or
 * names a credential (isSecretName, the rule redactFields follows), with a value other than null; or an
 * escape in the text, which could spell such a key. Errs on the side of redacting.
 */
export function mayHoldSecret(raw: string): boolean {
  if (raw.includes('\\u')) return true;
  for (const match of raw.matchAll(/"([^"\\]*)"\s*:\s*(?!null\s*[,}])/g)) {
    const key = match[1] ?? '';
    if (key === 'env' || isSecretName(key)) return true;
  }
  return false;
}

/**
 * An answer as the response file keeps it: every environment value and secret field redacted (see
 * redactFields), every number exact; an answer that is no JSON, as it came (it holds no field). Most
 * answers hold no value to redact: kept as they came, without parsing them again.
 */
export function redactedAnswer(raw: string): string {
  if (!mayHoldSecret(raw)) return raw;
  let parsed: unknown;
  try {
    parsed = parseJson(raw);
  } catch {
    return raw;
  }
  return toCompactJson(redactFields(parsed));
}

/** An environment with every value redacted: a list keeps each entry's name. */
function redactEnvironment(env: unknown): unknown {
  if (!Array.isArray(env)) return redactFields(env, true);
  return env.map((entry: unknown) =>
    isPlainObject(entry)
      ? Object.fromEntries(
          Object.entries(entry).map(([name, item]) => [
            name,
            name === 'name' ? item : redactFields(item, true)
          ])
        )
      : redactFields(entry, true)
  );
}

/**
 * The values of secret-named fields, at any depth, as text to mask in logs, and the value of each
 * environment variable whose name is a credential's, in both forms the reference gives a service's env: a
 * job's list of {name, value} ({name: HF_TOKEN, value: ...}) and a deployment's string of NAME=value lines
 * (see envTextSecrets). Booleans and values under 4 characters are left out: masking "true" or "1" would
 * hide those words in every log line, and reveal nothing worth a mask.
 */
export function secretValues(value: unknown, secret = false): string[] {
  if (Array.isArray(value)) return value.flatMap((item: unknown) => secretValues(item, secret));
  if (isPlainObject(value)) {
    const named = typeof value.name === 'string' && isSecretName(value.name);
    return Object.entries(value).flatMap(([name, item]) =>
      name === 'env' && typeof item === 'string' && !secret
        ? envTextSecrets(item)
        : secretValues(item, secret || isSecretName(name) || (named && name === 'value'))
    );
  }
  const text =
    typeof value === 'string' ||
    typeof value === 'number' ||
    typeof value === 'bigint' ||
    isLosslessNumber(value)
      ? String(value)
      : undefined;
  return secret && text !== undefined && text.length >= 4 ? [text] : [];
}

/**
 * The values of a deployment's env text (the reference types it a string: NAME=value, a variable a line,
 * as a shell or a .env file writes it) whose NAME is a credential's: `export ` before a name and quotes
 * around a value are a shell's, not the value's. Values under 4 characters are left out, as secretValues
 * leaves them.
 */
export function envTextSecrets(text: string): string[] {
  return text.split(/\r?\n|\r/).flatMap((line) => {
    const match = /^\s*(?:export\s+)?([^=\s]+)\s*=(.*)$/.exec(line);
    if (match === null || !isSecretName(match[1] ?? '')) return [];
    const value = (match[2] ?? '').trim();
    const unquoted = /^(["'])(.*)\1$/.exec(value)?.[2] ?? value;
    return unquoted.length >= 4 ? [unquoted] : [];
  });
}

/**
 * The secret values an answer of the platform names (see secretValues: the environment values of its
 * tasks' services, in either form, and its secret-named fields), for a step to mask before it shows anything
 * read from that answer (a node's log that prints its environment). Most answers name none: they are not
 * parsed (see mayHoldSecret), nor is one that is no JSON.
 */
export function answerSecrets(raw: string): string[] {
  if (!mayHoldSecret(raw)) return [];
  try {
    return secretValues(parseJson(raw));
  } catch {
    return [];
  }
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && !isLosslessNumber(value);
}
