import { constants, privateDecrypt, type KeyObject } from 'node:crypto';
import { isStandardBase64 } from './base64.js';
import { modulusBytes } from './keyring.js';

/** Why an encrypted body could not be read; `reason` is recorded, `message` answered. */
export class BodyDecryptionError extends Error {
  constructor(
    readonly reason: string,
    message: string
  ) {
    super(message);
  }
}

/**
 * Reads a body encrypted per spec 5.4: standard Base64 of whole key-sized RSA blocks, each PKCS#1 v1.5
 * (type 2) padded; the plaintext bytes of all blocks are joined, then decoded as UTF-8.
 *
 * Node 20 refuses PKCS#1 v1.5 padding in privateDecrypt (CVE-2023-46809), so each block is decrypted
 * raw and the padding is checked and stripped here. A padding oracle does not matter in a test server.
 */
export function decryptBody(body: string, platformPrivateKey: KeyObject): string {
  if (!isStandardBase64(body)) {
    throw new BodyDecryptionError(
      'encrypted_body_not_base64',
      'the body of an encrypted endpoint must be standard Base64 with padding and nothing else (no spaces, line breaks or URL-safe characters)'
    );
  }
  const ciphertext = Buffer.from(body, 'base64');
  const blockSize = modulusBytes(platformPrivateKey);
  if (ciphertext.length === 0 || ciphertext.length % blockSize !== 0) {
    throw new BodyDecryptionError(
      'encrypted_body_partial_block',
      `the ciphertext is ${ciphertext.length} bytes, not a whole number of ${blockSize}-byte RSA blocks`
    );
  }
  const chunks: Buffer[] = [];
  for (let offset = 0; offset < ciphertext.length; offset += blockSize) {
    chunks.push(
      decryptBlock(ciphertext.subarray(offset, offset + blockSize), platformPrivateKey, offset / blockSize)
    );
  }
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(Buffer.concat(chunks));
  } catch {
    throw new BodyDecryptionError('plaintext_not_utf8', 'the decrypted body is not valid UTF-8');
  }
}

function decryptBlock(block: Buffer, key: KeyObject, index: number): Buffer {
  let raw: Buffer;
  try {
    raw = privateDecrypt({ key, padding: constants.RSA_NO_PADDING }, block);
  } catch {
    raw = Buffer.alloc(0);
  }
  const message = stripPkcs1Type2(raw);
  if (message === undefined) {
    throw new BodyDecryptionError(
      'encrypted_block_undecryptable',
      `block ${index + 1} does not decrypt with PKCS#1 v1.5 padding under the platform key: encrypt with the platform public key (not the client key) and RSA_PKCS1_PADDING (not OAEP)`
    );
  }
  return message;
}

/** EM = 0x00 || 0x02 || PS (at least 8 non-zero bytes) || 0x00 || M (RFC 8017, 7.2.2). */
export function stripPkcs1Type2(em: Buffer): Buffer | undefined {
  if (em.length < 11 || em[0] !== 0x00 || em[1] !== 0x02) return undefined;
  const separator = em.indexOf(0x00, 2);
  if (separator < 10) return undefined;
  return em.subarray(separator + 1);
}
