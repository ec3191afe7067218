import { createHash, createPublicKey, type KeyObject } from 'node:crypto';
import { formatDuration } from '../basics/units.js';
import { withoutQuery, type Credentials, type PreparedRequest } from '../protocol/request.js';

/**
 * The SHA-256 fingerprint of the public half of the client key, as
 * `openssl pkey -pubin -in public.pem -outform DER | openssl dgst -sha256 -binary | base64` prints it
 * for the public key uploaded in the console.
 */
export function publicKeyFingerprint(privateKey: KeyObject): string {
  const der = createPublicKey(privateKey).export({ type: 'spki', format: 'der' });
  return `SHA256:${createHash('sha256').update(der).digest('base64')}`;
}

/**
 * What a refusal of the key, the timestamp or the signature may come from (spec section 7), with what this
 * request actually sent for each, so the one that differs from the platform's expectation stands out. It
 * is shown for a refusal before the platform accepted any request of the step, once the session's one read
 * every key may send was refused too: the platform publishes no code's meaning, so the refusal is not read
 * as one of these, only the causes the client can check listed.
 */
export function signatureDiagnosis(
  request: PreparedRequest,
  credentials: Credentials,
  clockOffsetMs: number | undefined
): string {
  const causes: string[] = [];
  if (credentials.mode === 'rsa') {
    causes.push('RSA mode, so every request is signed (the key must have been made in RSA mode)');
  } else {
    causes.push('token mode, so no sign_str is sent (the key must have been made in token mode)');
  }
  const timestamp = request.headers.timestamp ?? '';
  const offset =
    clockOffsetMs === undefined
      ? 'not measured'
      : `${clockOffsetMs >= 0 ? '+' : '-'}${formatDuration(Math.abs(clockOffsetMs))}`;
  causes.push(
    `timestamp ${timestamp} (${timestamp.length} digits, milliseconds; the platform's clock differs from this runner's by ${offset}, and must differ by under 5 minutes)`
  );
  causes.push(
    `version header "${request.headers.version ?? ''}" (it must be this endpoint's interface version, as set by api_version or endpoints)`
  );
  if (credentials.mode === 'rsa') {
    causes.push(`signed path "${request.target}" (from its leading "/", with the query exactly as sent)`);
    const bytes = Buffer.byteLength(request.body);
    causes.push(
      request.body === ''
        ? 'no body, signed as the empty string'
        : request.encrypted
          ? `an encrypted body of ${bytes} bytes, signed as the Base64 ciphertext sent, after encrypting`
          : `a JSON body of ${bytes} bytes, signed exactly as sent`
    );
    causes.push(
      `private key ${publicKeyFingerprint(credentials.privateKey)} (it must match the public key uploaded for this token; that key's fingerprint is printed by: openssl pkey -pubin -in public.pem -outform DER | openssl dgst -sha256 -binary | base64)`
    );
  }
  const which = `${request.method} ${withoutQuery(request.target)}`;
  return `The platform refused ${which} before it had accepted any request of this step; should it have refused the key, the timestamp or the signature, this is what was sent for each cause: ${causes.join('; ')}`;
}
