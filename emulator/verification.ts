import type { IncomingHttpHeaders } from 'node:http';
import { BodyDecryptionError, decryptBody } from './body-decryption.js';
import { parseJson } from './json.js';
import type { ApiKey, Keyring } from './keyring.js';
import { Code, Rejection, signatureError } from './rejection.js';
import { checkSignature } from './signature.js';

export interface IncomingCall {
  method: string;
  /** The raw request target (path?query) as the request line carried it. */
  target: string;
  headers: IncomingHttpHeaders;
  body: string;
}

export interface EndpointRules {
  version: string;
  encrypt: boolean;
  /** The Content-Type the endpoint's document gives its body, where it says (the S3 check: text/plain). */
  contentType: 'application/json' | 'text/plain' | undefined;
  /** Whose forms are taken: the platform's reference (live) or the interface spec's (see checkContentType). */
  profile: 'live' | 'spec';
  /**
   * Each document's letter: a GET carries the spec's Content-Type in its profile, and an encrypted body
   * the document's alone. Without it the emulator takes, besides, what public clients of the spec's forms
   * send (see checkContentType).
   */
  strict: boolean;
  /**
   * A token-mode key's stray sign_str is ignored, as the platform's reference describes the header ("no
   * need to fill it in" for a token-mode key); the spec's letter (spec profile, or strict) refuses it.
   */
  ignoreTokenSignature: boolean;
}

export interface VerifiedCall {
  key: ApiKey;
  /** The parsed JSON body (decrypted first on encrypted endpoints); undefined when there is none. */
  payload: unknown;
}

/** What verification learnt on the way, kept for the request record even when the call is refused. */
export interface VerificationTrace {
  plaintext?: string;
}

export const TIMESTAMP_WINDOW_MS = 5 * 60 * 1000;

/**
 * Checks a call the way a careful platform does, in this order: required headers, timestamp, version,
 * token, key mode, signature, replay, GET without body, encrypted body. The first failure throws a
 * Rejection whose reason names it.
 */
export class Verifier {
  readonly #seen = new Map<string, number>();

  constructor(readonly keyring: Keyring) {}

  verify(call: IncomingCall, rules: EndpointRules, now: number, trace: VerificationTrace): VerifiedCall {
    const token = requireHeader(call.headers, 'token');
    const version = requireHeader(call.headers, 'version');
    const timestamp = requireHeader(call.headers, 'timestamp');
    checkContentType(call, rules);
    checkTimestamp(timestamp, now);
    if (version !== rules.version) {
      throw signatureError(
        'version_mismatch',
        `version header "${version}" is not this endpoint's interface version "${rules.version}": send the endpoint's interface version as a string, not a number or the platform feature version`
      );
    }
    const key = this.keyring.find(token);
    if (key === undefined) {
      throw new Rejection(
        Code.key,
        'token_unknown',
        'unknown token: the key may have been deleted in the console, or the token was copied incompletely'
      );
    }
    const signStr = headerValue(call.headers, 'sign_str');
    if (key.mode === 'token') {
      if (signStr !== undefined && !rules.ignoreTokenSignature) {
        throw new Rejection(
          Code.key,
          'sign_str_in_token_mode',
          'this key was created in token mode, which takes no signature: remove sign_str, or use an RSA-mode key'
        );
      }
      if (rules.encrypt) {
        throw new Rejection(
          Code.body,
          'token_mode_cannot_encrypt',
          'this endpoint requires an encrypted body, which needs an RSA-mode key and its platform public key: token-mode keys cannot call it'
        );
      }
    } else {
      if (signStr === undefined) {
        throw signatureError(
          'sign_str_missing',
          'this key was created in RSA signature mode, so every request must carry a sign_str header'
        );
      }
      const decrypted = rules.encrypt ? tryDecrypt(call.body, key.platformPrivateKey) : undefined;
      if (typeof decrypted === 'string') trace.plaintext = decrypted;
      checkSignature(key.clientPublicKey, signStr, {
        target: call.target,
        version,
        timestamp,
        token,
        body: call.body,
        plaintext: trace.plaintext
      });
      this.#rejectReplay(`${timestamp}\n${signStr}`, now);
    }
    if (call.method === 'GET' && call.body !== '') {
      throw new Rejection(
        Code.method,
        'get_with_body',
        'a GET request carries no body: send parameters in the query string and sign the empty string as body'
      );
    }
    return {
      key,
      payload: rules.encrypt ? encryptedPayload(call.body, key, trace) : plainPayload(call.body)
    };
  }

  #rejectReplay(fingerprint: string, now: number): void {
    if (this.#seen.has(fingerprint)) {
      throw signatureError(
        'request_replayed',
        'this timestamp and sign_str were already used: make a new timestamp and signature for every request, retries included'
      );
    }
    // Entries older than the timestamp window can never be replayed successfully: forget them.
    for (const [seen, at] of this.#seen) {
      if (now - at <= 2 * TIMESTAMP_WINDOW_MS) break;
      this.#seen.delete(seen);
    }
    this.#seen.set(fingerprint, now);
  }
}

function headerValue(headers: IncomingHttpHeaders, name: string): string | undefined {
  const value = headers[name];
  return Array.isArray(value) ? value.join(', ') : value;
}

function requireHeader(headers: IncomingHttpHeaders, name: string): string {
  const value = headerValue(headers, name);
  if (value === undefined || value.trim() === '') {
    throw new Rejection(Code.header, 'header_missing', `missing required header: ${name}`);
  }
  return value;
}

/**
 * The Content-Type each profile's document gives a request. The platform's reference (live) lists it "for
 * POST": a GET may come without; an encrypted body is submitted as text/plain (its S3 check, a transfer's
 * create and retry; the platform's scripts send every encrypted body so), strict or not; a plain body as
 * application/json. The interface spec (5.1, 5.4) gives every request application/json, an encrypted
 * body's too: strict holds a client to that; otherwise a GET without one and an encrypted body as
 * text/plain (a public client's form) are taken as well.
 */
function checkContentType(call: IncomingCall, rules: EndpointRules): void {
  const given = headerValue(call.headers, 'content-type');
  const live = rules.profile === 'live';
  if (call.method === 'GET' && given === undefined && (live || !rules.strict)) return;
  const value = requireHeader(call.headers, 'content-type');
  const [mediaType = '', ...parameters] = value.split(';').map((part) => part.trim().toLowerCase());
  const charset = parameters.find((p) => p.startsWith('charset='))?.slice('charset='.length);
  const documented =
    call.method === 'GET'
      ? 'application/json'
      : (rules.contentType ?? (rules.encrypt && live ? 'text/plain' : 'application/json'));
  const alsoTaken =
    !live && !rules.strict && rules.encrypt && documented === 'application/json' ? ['text/plain'] : [];
  if (![documented, ...alsoTaken].includes(mediaType) || (charset !== undefined && charset !== 'utf-8')) {
    throw new Rejection(
      Code.header,
      'content_type_not_json',
      documented === 'text/plain'
        ? `Content-Type must be text/plain (UTF-8) on this endpoint, its encrypted body submitted as text, got "${value}"`
        : `Content-Type must be application/json (UTF-8), got "${value}"${rules.encrypt ? '; encrypted bodies are sent as application/json too' : ''}`
    );
  }
}

function checkTimestamp(timestamp: string, now: number): void {
  if (/^\d{10}$/.test(timestamp)) {
    throw signatureError(
      'timestamp_in_seconds',
      `timestamp "${timestamp}" has 10 digits (seconds): send Unix time in milliseconds, 13 digits`
    );
  }
  if (!/^\d{13}$/.test(timestamp)) {
    throw signatureError(
      'timestamp_malformed',
      `timestamp "${timestamp}" is not 13-digit Unix time in milliseconds`
    );
  }
  const skew = now - Number(timestamp);
  if (Math.abs(skew) > TIMESTAMP_WINDOW_MS) {
    throw signatureError(
      'timestamp_expired',
      `timestamp is ${formatDuration(Math.abs(skew))} ${skew > 0 ? 'behind' : 'ahead of'} the platform clock (${new Date(now).toISOString()}), outside the 5-minute window: keep the clock in sync (NTP) and make a new timestamp for every request`
    );
  }
}

function formatDuration(ms: number): string {
  const seconds = Math.round(ms / 1000);
  const [h, m, s] = [Math.floor(seconds / 3600), Math.floor((seconds % 3600) / 60), seconds % 60];
  if (h > 0) return `${h}h${m}m${s}s`;
  return m > 0 ? `${m}m${s}s` : `${s}s`;
}

function tryDecrypt(body: string, key: Parameters<typeof decryptBody>[1]): string | BodyDecryptionError {
  try {
    return decryptBody(body, key);
  } catch (error) {
    if (error instanceof BodyDecryptionError) return error;
    throw error;
  }
}

function encryptedPayload(body: string, key: ApiKey, trace: VerificationTrace): unknown {
  if (body === '') {
    throw new Rejection(
      Code.body,
      'encrypted_body_missing',
      'this endpoint requires an encrypted body, and none was sent'
    );
  }
  if (/^\s*[{[]/.test(body)) {
    throw new Rejection(
      Code.body,
      'plaintext_on_encrypted_endpoint',
      'this endpoint requires an encrypted body: send the Base64 ciphertext of the JSON, encrypted with the platform public key, not the JSON itself'
    );
  }
  if (key.mode !== 'rsa') throw new Error('unreachable: token-mode keys are refused on encrypted endpoints');
  const plaintext = trace.plaintext ?? tryDecrypt(body, key.platformPrivateKey);
  if (plaintext instanceof BodyDecryptionError)
    throw new Rejection(Code.body, plaintext.reason, plaintext.message);
  trace.plaintext = plaintext;
  return parseBody(plaintext, 'plaintext_not_json', 'the decrypted body is not JSON');
}

function plainPayload(body: string): unknown {
  return body === '' ? undefined : parseBody(body, 'body_not_json', 'the body is not JSON');
}

function parseBody(text: string, reason: string, what: string): unknown {
  try {
    return parseJson(text);
  } catch (error) {
    throw new Rejection(Code.body, reason, `${what}: ${(error as Error).message}`);
  }
}
