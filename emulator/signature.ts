import { constants, createHash, publicDecrypt, verify, type KeyObject } from 'node:crypto';
import { isStandardBase64 } from './base64.js';
import { modulusBytes } from './keyring.js';
import { signatureError } from './rejection.js';

/** The five signed fields of spec 5.2 as the request carried them. */
export interface SignedFields {
  /** The raw request target: path with its query exactly as sent. */
  target: string;
  version: string;
  timestamp: string;
  token: string;
  /** The body text exactly as sent ('' when there is none). */
  body: string;
  /** On encrypted endpoints, the decrypted JSON, to recognise a client that signed it instead. */
  plaintext?: string | undefined;
}

const FIELD_NAMES = ['path', 'version', 'timestamp', 'token', 'body'] as const;
/** DER DigestInfo prefix for SHA-256 (RFC 8017, 9.2 note 1). */
const SHA256_DIGEST_INFO = Buffer.from('3031300d060960864801650304020105000420', 'hex');

export function stringToSign(f: SignedFields): string {
  return [f.target, f.version, f.timestamp, f.token, f.body].join('\n');
}

/**
 * Verifies sign_str (RSA-SHA256, PKCS#1 v1.5) over exactly path LF version LF timestamp LF token LF body.
 * On failure it works out which of the mistakes of spec section 7 the client made, so each is reported
 * with its own reason: the signature's digest is recovered with the public key and compared with the
 * digests of the strings those mistakes produce.
 */
export function checkSignature(publicKey: KeyObject, signStr: string, fields: SignedFields): void {
  const size = modulusBytes(publicKey);
  const signature = Buffer.from(signStr, 'base64');
  if (!isStandardBase64(signStr) || signature.length !== size) {
    throw signatureError(
      'sign_str_malformed',
      `sign_str must be the standard Base64 of a ${size}-byte RSA signature (got ${signStr.length} characters)`
    );
  }
  const expected = Buffer.from(stringToSign(fields), 'utf8');
  if (verify('sha256', expected, { key: publicKey, padding: constants.RSA_PKCS1_PADDING }, signature)) return;
  throw diagnose(publicKey, signature, fields);
}

function diagnose(publicKey: KeyObject, signature: Buffer, fields: SignedFields): Error {
  let recovered: Buffer;
  try {
    recovered = publicDecrypt({ key: publicKey, padding: constants.RSA_PKCS1_PADDING }, signature);
  } catch {
    return signatureError(
      'signature_key_mismatch',
      'sign_str does not verify with the client public key uploaded for this token: sign with the private key whose public half was uploaded in the console (RSA, SHA-256, PKCS#1 v1.5 padding)'
    );
  }
  if (
    recovered.length !== SHA256_DIGEST_INFO.length + 32 ||
    !recovered.subarray(0, 19).equals(SHA256_DIGEST_INFO)
  ) {
    return signatureError(
      'signature_not_sha256',
      'sign_str was made with the right key but is not an RSA-SHA256 signature: hash the string to sign with SHA-256'
    );
  }
  const digest = recovered.subarray(SHA256_DIGEST_INFO.length);
  for (const mistake of mistakes(fields)) {
    if (createHash('sha256').update(mistake.text, 'utf8').digest().equals(digest)) {
      return signatureError(mistake.reason, mistake.message);
    }
  }
  return signatureError(
    'signature_string_mismatch',
    `sign_str was made with the right key over a different string: sign path LF version LF timestamp LF token LF body, exactly as sent (path "${fields.target}", version "${fields.version}", timestamp "${fields.timestamp}", body of ${fields.body.length} characters)`
  );
}

interface Mistake {
  reason: string;
  message: string;
  text: string;
}

/** The strings a client produces when it makes one of the known mistakes, most specific first. */
function* mistakes(f: SignedFields): Generator<Mistake> {
  const withField = (index: number, value: string): string => {
    const values = [f.target, f.version, f.timestamp, f.token, f.body];
    values[index] = value;
    return values.join('\n');
  };
  if (f.target.startsWith('/')) {
    yield {
      reason: 'signed_path_without_slash',
      message: `the path was signed without its leading "/": sign "${f.target}"`,
      text: withField(0, f.target.slice(1))
    };
  }
  const queryStart = f.target.indexOf('?');
  if (queryStart >= 0) {
    yield {
      reason: 'signed_path_without_query',
      message: `the path was signed without its query: sign the path with its query exactly as in the request URL ("${f.target}")`,
      text: withField(0, f.target.slice(0, queryStart))
    };
    const decoded = safeDecode(f.target);
    if (decoded !== f.target) {
      yield {
        reason: 'signed_query_encoding_differs',
        message: `the query was signed decoded, but sent percent-encoded: sign it exactly as in the request URL ("${f.target}")`,
        text: withField(0, decoded)
      };
    }
  }
  if (f.body === '') {
    for (const placeholder of ['{}', 'null', ' ', '""']) {
      yield {
        reason: 'empty_body_not_empty_string',
        message: `the missing body was signed as ${JSON.stringify(placeholder)}: a request without a body (every GET) signs the empty string`,
        text: withField(4, placeholder)
      };
    }
  } else {
    yield {
      reason: 'body_not_signed',
      message:
        'the body was signed as the empty string, but a body was sent: sign the body text exactly as sent',
      text: withField(4, '')
    };
  }
  if (f.plaintext !== undefined) {
    yield {
      reason: 'signed_plaintext_not_ciphertext',
      message:
        'the plaintext JSON was signed, but the encrypted Base64 was sent: encrypt first, then sign the Base64 ciphertext exactly as sent',
      text: withField(4, f.plaintext)
    };
  }
  const values = [f.target, f.version, f.timestamp, f.token, f.body];
  yield {
    reason: 'signed_with_crlf',
    message: 'the fields were joined with CRLF: join them with a line feed (LF, 0x0A) only',
    text: values.join('\r\n')
  };
  yield {
    reason: 'signed_with_trailing_lf',
    message:
      'the string to sign ended with a line feed: join the five fields with LF and add none at the end',
    text: `${values.join('\n')}\n`
  };
  for (const order of permutations([0, 1, 2, 3, 4])) {
    if (order.every((field, position) => field === position)) continue;
    yield {
      reason: 'signed_fields_out_of_order',
      message: `the fields were signed in the order ${order.map((i) => FIELD_NAMES[i]).join(', ')}: sign them in the order path, version, timestamp, token, body`,
      text: order.map((i) => values[i]).join('\n')
    };
  }
}

function* permutations(items: readonly number[]): Generator<number[]> {
  if (items.length <= 1) {
    yield [...items];
    return;
  }
  for (const [index, item] of items.entries()) {
    const rest = items.filter((_, i) => i !== index);
    for (const tail of permutations(rest)) yield [item, ...tail];
  }
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
