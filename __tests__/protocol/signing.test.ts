import { createHash, createPrivateKey, createPublicKey } from 'node:crypto';
import fc from 'fast-check';
import { checkSignature } from '../../emulator/signature.js';
import { loadPrivateKey } from '../../src/protocol/keys.js';
import { signRequest, stringToSign, timestampHeader, type SignedFields } from '../../src/protocol/signing.js';
import { fixtureJson, fixtureKey, type SigningCase } from '../helpers/fixtures.js';

const { cases } = fixtureJson('signing.json') as { cases: SigningCase[] };
const KEY_FILES: [string, string][] = [
  ['client-private-pkcs8.pem', ''],
  ['client-private-pkcs1.pem', ''],
  ['client-private-pkcs8.b64', ''],
  ['client-private-pkcs8-encrypted.pem', 'correct-horse-battery'],
  ['client-private-pkcs1-encrypted.pem', 'correct-horse-battery']
];
const fieldsOf = (c: SigningCase): SignedFields => ({
  target: c.path,
  version: c.version,
  timestamp: c.timestamp,
  token: c.token,
  body: c.body
});

describe('signing.json', () => {
  it.each(cases.map((c) => [c.name, c] as const))(
    '%s: the string to sign has the vector digest',
    (_name, vector) => {
      const digest = createHash('sha256')
        .update(stringToSign(fieldsOf(vector)), 'utf8')
        .digest('hex');
      expect(digest).toBe((vector as SigningCase & { string_to_sign_sha256: string }).string_to_sign_sha256);
    }
  );

  describe.each(KEY_FILES)('from %s', (file, passphrase) => {
    const { key } = loadPrivateKey(fixtureKey(file), { format: 'auto', passphrase });
    it.each(cases.map((c) => [c.name, c] as const))(
      '%s gives the vector sign_str exactly',
      (_name, vector) => {
        expect(signRequest(key, fieldsOf(vector))).toBe(vector.sign_str);
      }
    );
  });
});

describe('stringToSign', () => {
  const field = fc.string({ unit: 'grapheme' });
  const lineFreeField = field.filter((s) => !s.includes('\n'));

  it('joins the five fields with LF in spec order and adds no trailing LF', () => {
    fc.assert(
      fc.property(
        lineFreeField,
        lineFreeField,
        lineFreeField,
        lineFreeField,
        lineFreeField,
        (target, version, timestamp, token, body) => {
          const text = stringToSign({ target, version, timestamp, token, body });
          expect(text.split('\n')).toEqual([target, version, timestamp, token, body]);
          expect(text.endsWith(`\n${body}`)).toBe(true);
        }
      )
    );
  });

  it('signs what an independent verifier (the emulator) accepts, for any field text', () => {
    const key = createPrivateKey(fixtureKey('client-private-pkcs8.pem'));
    const publicKey = createPublicKey(key);
    fc.assert(
      fc.property(field, field, field, field, field, (target, version, timestamp, token, body) => {
        const fields = { target, version, timestamp, token, body };
        expect(() => {
          checkSignature(publicKey, signRequest(key, fields), fields);
        }).not.toThrow();
      }),
      { numRuns: 50 }
    );
  });
});

describe('timestampHeader', () => {
  it('gives 13-digit milliseconds and refuses a clock that does not', () => {
    expect(timestampHeader(1_763_715_600_000.7)).toBe('1763715600000');
    expect(() => timestampHeader(1_763_715_600)).toThrow(/not a 13-digit millisecond time/);
  });
});
