import { constants, sign, type KeyObject } from 'node:crypto';

/** The five fields of spec 5.2, exactly as the request carries them. */
export interface SignedFields {
  /** Path with its query, exactly as in the request URL. */
  target: string;
  version: string;
  timestamp: string;
  token: string;
  /** The body text exactly as sent: '' without a body, the Base64 ciphertext on encrypted endpoints. */
  body: string;
}

/** path LF version LF timestamp LF token LF body, with no trailing LF. */
export function stringToSign(fields: SignedFields): string {
  return [fields.target, fields.version, fields.timestamp, fields.token, fields.body].join('\n');
}

/** sign_str: RSA-SHA256 with PKCS#1 v1.5 padding over the UTF-8 string to sign, standard Base64. */
export function signRequest(privateKey: KeyObject, fields: SignedFields): string {
  const signature = sign('sha256', Buffer.from(stringToSign(fields), 'utf8'), {
    key: privateKey,
    padding: constants.RSA_PKCS1_PADDING
  });
  return signature.toString('base64');
}

/** A 13-digit millisecond Unix timestamp, as the timestamp header wants it. */
export function timestampHeader(nowMs: number): string {
  const text = String(Math.trunc(nowMs));
  if (!/^\d{13}$/.test(text))
    throw new RangeError(`the clock gives ${text}, not a 13-digit millisecond time`);
  return text;
}
