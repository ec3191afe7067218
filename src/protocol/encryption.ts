import { constants, publicEncrypt, type KeyObject } from 'node:crypto';

/**
 * The largest plaintext chunk per RSA block: key bytes minus 12, which is the spec's 244 bytes for a
 * 2048-bit platform key (PKCS#1 v1.5 would allow 11 bytes less than the key; the spec keeps one spare).
 */
export function chunkBytes(publicKey: KeyObject): number {
  const bits = publicKey.asymmetricKeyDetails?.modulusLength;
  if (bits === undefined) throw new TypeError('the platform public key is not an RSA key');
  return Math.ceil(bits / 8) - 12;
}

/**
 * Encrypts a request body per spec 5.4: the UTF-8 bytes of the compact JSON are cut into chunks
 * (a multi-byte character may straddle two), each chunk is encrypted with RSA PKCS#1 v1.5 padding set
 * explicitly (Node's default is OAEP), and the blocks are joined and Base64-encoded.
 */
export function encryptBody(plaintext: string, publicKey: KeyObject): string {
  const bytes = Buffer.from(plaintext, 'utf8');
  const size = chunkBytes(publicKey);
  const blocks: Buffer[] = [];
  for (let offset = 0; offset < bytes.length; offset += size) {
    blocks.push(
      publicEncrypt(
        { key: publicKey, padding: constants.RSA_PKCS1_PADDING },
        bytes.subarray(offset, offset + size)
      )
    );
  }
  return Buffer.concat(blocks).toString('base64');
}
