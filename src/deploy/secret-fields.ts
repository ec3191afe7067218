import { isLosslessNumber } from 'lossless-json';

/** Words that make a field name a credential's, anywhere in the name: AccessKeyId, api_key, repository_password. */
const SECRET_WORD = /key|secret|token|passw(or)?d|auth|credential|signature/i;
/** Short names that are credentials only as a whole word of the name: sk, oss_ak, secretSk. */
const SECRET_SEGMENT = /^(sk|ak)$/i;

/** Names that hold a credential although no word above says so: the private registry's user (write-only on the platform). */
const SECRET_NAMES = new Set(['repository_username']);

/** Whether a body or query field of this name holds a credential, by its name alone (case-insensitive). */
export function isSecretName(name: string): boolean {
  if (SECRET_WORD.test(name) || SECRET_NAMES.has(name.toLowerCase())) return true;
  return name.split(/[^A-Za-z0-9]+|(?<=[a-z0-9])(?=[A-Z])/).some((segment) => SECRET_SEGMENT.test(segment));
}

export const REDACTED = '<redacted>';

/**
 * A copy of a body with the value of every secret-named field (at any depth) replaced by <redacted>, and
 * every value of an `env` (a service's environment: the string of a deployment, a job's list of {name,
 * value}) too, its names kept: an environment often carries credentials under names no rule can know.
 */
export function redactFields(value: unknown, secret = false): unknown {
  if (secret && value !== null && typeof value !== 'object') return REDACTED;
  if (secret && isLosslessNumber(value)) return REDACTED;
  if (Array.isArray(value)) return value.map((item: unknown) => redactFields(item, secret));
  if (isPlainObject(value)) {
    return Object.fromEntries(
      Object.entries(value).map(([name, item]) => [
        name,
        name === 'env' ? redactEnvironment(item) : redactFields(item, secret || isSecretName(name))
      ])
    );
  }
  return value;
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
 * The values of secret-named fields, at any depth, as text to mask in logs, and the value of an entry
 * {name, value} whose name is a credential's (a job's environment: {name: HF_TOKEN, value: ...}). Booleans and values under 4
 * characters are left out: masking "true" or "1" would hide those words in every log line, and
 * reveal nothing worth a mask.
 */
export function secretValues(value: unknown, secret = false): string[] {
  if (Array.isArray(value)) return value.flatMap((item: unknown) => secretValues(item, secret));
  if (isPlainObject(value)) {
    const named = typeof value.name === 'string' && isSecretName(value.name);
    return Object.entries(value).flatMap(([name, item]) =>
      secretValues(item, secret || isSecretName(name) || (named && name === 'value'))
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

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && !isLosslessNumber(value);
}
