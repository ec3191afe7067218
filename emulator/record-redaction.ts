// What the --record file keeps of a request: everything a workflow checks (paths, verdicts, task ids, the
// answers' states) and no credential. Requests carry them in their bodies, plain or encrypted (an S3
// check's or a transfer's ak and sk, a registry password, a service's environment), and answers echo some
// (a task's env): each is written <redacted>, in the body, the decrypted plaintext and the answer alike.
// Written for the emulator from the reference's field names, apart from the action's own rule (the
// emulator imports nothing of src/).
import { isPlainObject, parseJson, toJson } from './json.js';
import type { RecordedRequest } from './records.js';

export const REDACTED = '<redacted>';

/** A field name that holds a credential: a word of it anywhere (s3_access_key, repository_password). */
const SECRET_WORD = /key|secret|token|passw(or)?d|auth|credential|signature/i;
/** Short names that are credentials as a whole word of the name (ak, sk, oss_sk). */
const SECRET_SEGMENT = /^(ak|sk)$/i;
/** Write-only registry credentials the reference names without such a word. */
const SECRET_NAMES = new Set(['repository_username']);

function isSecretName(name: string): boolean {
  return (
    SECRET_WORD.test(name) ||
    SECRET_NAMES.has(name.toLowerCase()) ||
    name.split(/[^A-Za-z0-9]+|(?<=[a-z0-9])(?=[A-Z])/).some((part) => SECRET_SEGMENT.test(part))
  );
}

/** A request as the record file keeps it: its signature and every credential its texts hold redacted. */
export function redactedRecord(record: RecordedRequest): RecordedRequest {
  const headers = { ...record.headers };
  if (headers.sign_str !== undefined) headers.sign_str = REDACTED;
  return {
    ...record,
    headers,
    body: redactedText(record.body),
    ...(record.plaintext === undefined ? {} : { plaintext: redactedText(record.plaintext) }),
    ...(record.answer === undefined ? {} : { answer: redactedText(record.answer) })
  };
}

/** A JSON text with its credentials redacted; a text that is no JSON (a Base64 ciphertext) as it is. */
export function redactedText(text: string): string {
  let parsed: unknown;
  try {
    parsed = parseJson(text);
  } catch {
    return text;
  }
  const redacted = redactValue(parsed, false);
  return redacted === parsed ? text : toJson(redacted);
}

/**
 * A value with every value under a credential's name redacted, and every value of a service's env (the
 * string of a deployment, each entry's value of a job's list, its names kept). Unchanged parts are the
 * value's own, so a text with nothing to redact is written as it came.
 */
function redactValue(value: unknown, secret: boolean): unknown {
  if (Array.isArray(value)) {
    const items = value.map((item: unknown) => redactValue(item, secret));
    return items.some((item, i) => item !== value[i]) ? items : value;
  }
  if (isPlainObject(value)) {
    let copy: Record<string, unknown> | undefined;
    for (const [name, item] of Object.entries(value)) {
      const redacted = name === 'env' ? redactEnv(item) : redactValue(item, secret || isSecretName(name));
      if (redacted !== item) copy ??= { ...value };
      if (copy !== undefined) copy[name] = redacted;
    }
    return copy ?? value;
  }
  return secret && value !== null && typeof value !== 'boolean' ? REDACTED : value;
}

function redactEnv(env: unknown): unknown {
  if (!Array.isArray(env)) return redactValue(env, true);
  return env.map((entry: unknown) =>
    isPlainObject(entry)
      ? Object.fromEntries(
          Object.entries(entry).map(([name, item]) => [
            name,
            name === 'name' ? item : redactValue(item, true)
          ])
        )
      : redactValue(entry, true)
  );
}
