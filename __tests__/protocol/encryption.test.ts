import { createPrivateKey, createPublicKey, generateKeyPairSync } from 'node:crypto';
import fc from 'fast-check';
import { decryptBody } from '../../emulator/body-decryption.js';
import { chunkBytes, encryptBody } from '../../src/protocol/encryption.js';
import { fixtureJson, fixtureKey, type EncryptionCase } from '../helpers/fixtures.js';

const platformPublic = createPublicKey(fixtureKey('platform-public.pem'));
const platformPrivate = createPrivateKey(fixtureKey('platform-private-pkcs8.pem'));

describe('encryptBody', () => {
  const ascii = (n: number): string => 'x'.repeat(n);
  // "é" is two bytes: 243 ASCII bytes then "é" puts its bytes at 243 and 244, across the chunk boundary.
  it.each([
    ['0 bytes', ''],
    ['1 byte', ascii(1)],
    ['243 bytes', ascii(243)],
    ['244 bytes', ascii(244)],
    ['245 bytes', ascii(245)],
    ['489 bytes', ascii(489)],
    ['a multi-byte character across the chunk boundary', `${ascii(243)}é${ascii(10)}`],
    ['a four-byte character across the chunk boundary', `${ascii(242)}🚀${ascii(3)}`]
  ])('round-trips %s in ceil(n/244) blocks of 256 bytes', (_what, plaintext) => {
    const n = Buffer.byteLength(plaintext);
    const ciphertext = encryptBody(plaintext, platformPublic);
    expect(Buffer.from(ciphertext, 'base64')).toHaveLength(Math.ceil(n / 244) * 256);
    expect(ciphertext).toMatch(/^[A-Za-z0-9+/]*={0,2}$/);
    if (n > 0) expect(decryptBody(ciphertext, platformPrivate)).toBe(plaintext);
  });

  it('decrypts every encryption.json fixture the same way it encrypts', () => {
    const { cases } = fixtureJson('encryption.json') as { cases: EncryptionCase[] };
    for (const fixture of cases) {
      expect(Buffer.from(encryptBody(fixture.plaintext, platformPublic), 'base64')).toHaveLength(
        fixture.chunks * 256
      );
    }
  });

  it('round-trips any text, in as many blocks as 244-byte chunks', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', minLength: 1, maxLength: 700 }), (plaintext) => {
        const ciphertext = Buffer.from(encryptBody(plaintext, platformPublic), 'base64');
        expect(ciphertext.length).toBe(Math.ceil(Buffer.byteLength(plaintext) / 244) * 256);
        expect(decryptBody(ciphertext.toString('base64'), platformPrivate)).toBe(plaintext);
      }),
      { numRuns: 60 }
    );
  });

  it('cuts chunks of key bytes minus 12 for larger platform keys', () => {
    const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 3072 });
    expect(chunkBytes(platformPublic)).toBe(244);
    expect(chunkBytes(publicKey)).toBe(372);
    const plaintext = 'y'.repeat(745);
    const ciphertext = encryptBody(plaintext, publicKey);
    expect(Buffer.from(ciphertext, 'base64')).toHaveLength(3 * 384);
    expect(decryptBody(ciphertext, privateKey)).toBe(plaintext);
  });
});
