import { createPublicKey, generateKeyPairSync } from 'node:crypto';
import {
  KeyError,
  loadPlatformPublicKey,
  loadPrivateKey,
  normalizeKeyText,
  type PrivateKeyFormat
} from '../../src/protocol/keys.js';
import { fixtureKey } from '../helpers/fixtures.js';

const PASSPHRASE = 'correct-horse-battery';
const CLIENT_PUBLIC = createPublicKey(fixtureKey('client-public.pem')).export({
  type: 'spki',
  format: 'der'
});

function publicDer(text: string, format: PrivateKeyFormat = 'auto', passphrase = ''): Buffer {
  return createPublicKey(loadPrivateKey(text, { format, passphrase }).key).export({
    type: 'spki',
    format: 'der'
  });
}

/** Every error must be one clear line with no key material in it. */
function refusal(load: () => unknown, keyText: string): string {
  let error: unknown;
  try {
    load();
  } catch (e) {
    error = e;
  }
  expect(error).toBeInstanceOf(KeyError);
  const message = (error as KeyError).message;
  expect(message).not.toMatch(/\n/);
  for (const line of keyText.split('\n').filter((l) => l.length >= 16)) expect(message).not.toContain(line);
  const compact = keyText.replace(/\s+/g, '');
  if (compact.length >= 60) expect(message).not.toContain(compact.slice(30, 60));
  return message;
}

describe('loadPrivateKey', () => {
  it.each([
    ['PKCS#8 PEM', 'client-private-pkcs8.pem', 'pkcs8_pem', ''],
    ['PKCS#1 PEM', 'client-private-pkcs1.pem', 'pkcs1_pem', ''],
    ['PKCS#8 bare Base64', 'client-private-pkcs8.b64', 'pkcs8_base64', ''],
    ['encrypted PKCS#8 PEM', 'client-private-pkcs8-encrypted.pem', 'pkcs8_pem', PASSPHRASE],
    ['legacy encrypted PKCS#1 PEM', 'client-private-pkcs1-encrypted.pem', 'pkcs1_pem', PASSPHRASE]
  ] as const)('reads %s, detected and forced', (_what, file, format, passphrase) => {
    expect(publicDer(fixtureKey(file), 'auto', passphrase)).toEqual(CLIENT_PUBLIC);
    expect(publicDer(fixtureKey(file), format, passphrase)).toEqual(CLIENT_PUBLIC);
  });

  const pem = fixtureKey('client-private-pkcs8.pem');
  it.each([
    ['CRLF line ends', pem.replace(/\n/g, '\r\n')],
    ['blank lines and spaces around it', `\n\n   ${pem}  \n\n`],
    ['indented lines (a YAML block)', pem.replace(/^/gm, '    ')],
    ['a PEM flattened onto one line with literal \\n', pem.trim().replace(/\n/g, '\\n')],
    ['a PEM flattened with literal \\r\\n', pem.trim().replace(/\n/g, '\\r\\n')],
    ['a PEM whose lines were joined by spaces', pem.trim().replace(/\n/g, ' ')],
    ['Base64 lines re-wrapped at 76 characters', rewrap(pem, 76)]
  ])('tolerates %s', (_what, text) => {
    expect(publicDer(text)).toEqual(CLIENT_PUBLIC);
  });

  it('tolerates a legacy encrypted PEM flattened with literal \\n (its headers survive)', () => {
    const text = fixtureKey('client-private-pkcs1-encrypted.pem').trim().replace(/\n/g, '\\n');
    expect(publicDer(text, 'auto', PASSPHRASE)).toEqual(CLIENT_PUBLIC);
  });

  it('gives every form of the key to mask, whole and line by line', () => {
    const flattened = pem.trim().replace(/\n/g, '\\n');
    const { secretForms } = loadPrivateKey(flattened, { format: 'auto', passphrase: '' });
    expect(secretForms).toContain(flattened);
    expect(secretForms).toContain(pem);
    for (const line of pem.trim().split('\n')) expect(secretForms).toContain(line);
  });

  const ed25519 = generateKeyPairSync('ed25519')
    .privateKey.export({ type: 'pkcs8', format: 'pem' })
    .toString();
  const pss = generateKeyPairSync('rsa-pss', { modulusLength: 2048 })
    .privateKey.export({ type: 'pkcs8', format: 'pem' })
    .toString();
  const openssh = [
    '-----BEGIN OPENSSH PRIVATE KEY-----',
    'b3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQAAAAAAAAABAAAAMwAAAAtzc2gtZW',
    '-----END OPENSSH PRIVATE KEY-----'
  ].join('\n');
  const truncated = pem.split('\n').slice(0, 10).join('\n') + '\n-----END PRIVATE KEY-----';

  it.each([
    ['an EC key', fixtureKey('ec-private.pem'), '', /is an EC key, but the platform only accepts RSA/],
    ['an Ed25519 key', ed25519, '', /is an Ed25519 key/],
    ['an RSA-PSS key', pss, '', /RSA-PSS key, but the platform uses RSA with PKCS#1 v1.5/],
    [
      'a 1024-bit RSA key',
      fixtureKey('rsa1024-private.pem'),
      '',
      /1024-bit RSA key, shorter than the 2048 bits required/
    ],
    ['an OpenSSH key', openssh, '', /OpenSSH format/],
    [
      'an encrypted key without a passphrase',
      fixtureKey('client-private-pkcs8-encrypted.pem'),
      '',
      /^the private key is encrypted, and no passphrase was given$/
    ],
    [
      'a legacy encrypted key without a passphrase',
      fixtureKey('client-private-pkcs1-encrypted.pem'),
      '',
      /^the private key is encrypted, and no passphrase was given$/
    ],
    [
      'a wrong passphrase',
      fixtureKey('client-private-pkcs8-encrypted.pem'),
      'wrong',
      /could not be decrypted with the passphrase given/
    ],
    [
      'a wrong passphrase (legacy)',
      fixtureKey('client-private-pkcs1-encrypted.pem'),
      'wrong',
      /could not be decrypted/
    ],
    ['a truncated key', truncated, '', /could not be read as a PKCS#8 PEM key/],
    ['a public key', fixtureKey('client-public.pem'), '', /holds a public key/],
    ['text that is not a key', 'my-secret-key-value!', '', /neither a PEM block nor Base64/],
    [
      'Base64 that is not a key',
      Buffer.from('not a key at all').toString('base64'),
      '',
      /could not be read as a bare Base64 PKCS#8 key/
    ],
    ['a PEM without its END line', pem.split('\n').slice(0, 5).join('\n'), '', /without its END line/],
    ['an empty value', '  \n ', '', /^the private key is empty/]
  ])('refuses %s with its own message', (_what, text, passphrase, message) => {
    expect(refusal(() => loadPrivateKey(text, { format: 'auto', passphrase }), text)).toMatch(message);
  });

  it('refuses a format that does not match the key, naming the right one', () => {
    const message = refusal(() => loadPrivateKey(pem, { format: 'pkcs1_pem', passphrase: '' }), pem);
    expect(message).toBe('the private key holds a PKCS#8 PEM key, not the format declared (pkcs1_pem)');
    // The facts the action layer words with its input names (see the settings tests).
    let refused: unknown;
    try {
      loadPrivateKey(pem, { format: 'pkcs1_pem', passphrase: '' });
    } catch (error) {
      refused = error;
    }
    expect(refused).toMatchObject({
      role: 'private',
      problem: 'format_mismatch',
      formats: { declared: 'pkcs1_pem', found: 'pkcs8_pem', foundText: 'a PKCS#8 PEM key' }
    });
  });
});

describe('loadPlatformPublicKey', () => {
  const expected = createPublicKey(fixtureKey('platform-public.pem')).export({ type: 'spki', format: 'der' });
  const pkcs1Der = createPublicKey(fixtureKey('platform-public.pem'))
    .export({ type: 'pkcs1', format: 'der' })
    .toString('base64');

  it.each([
    ['PEM (PUBLIC KEY)', fixtureKey('platform-public.pem')],
    ['PEM PKCS#1 (RSA PUBLIC KEY)', fixtureKey('platform-public-pkcs1.pem')],
    ['bare Base64 SubjectPublicKeyInfo DER', fixtureKey('platform-public.b64')],
    ['bare Base64 PKCS#1 DER', pkcs1Der],
    ['PEM flattened with literal \\n', fixtureKey('platform-public.pem').trim().replace(/\n/g, '\\n')]
  ])('reads %s', (_what, text) => {
    expect(loadPlatformPublicKey(text).export({ type: 'spki', format: 'der' })).toEqual(expected);
  });

  it.each([
    ['a private key', fixtureKey('platform-private-pkcs8.pem'), /holds a private key/],
    [
      'an EC public key',
      createPublicKey(fixtureKey('ec-private.pem')).export({ type: 'spki', format: 'pem' }).toString(),
      /is an EC key/
    ],
    ['garbage', 'hello, world!', /neither a PEM block nor Base64/],
    ['Base64 that is not a key', 'AAAA', /could not be read as an RSA public key/]
  ])('refuses %s', (_what, text, message) => {
    expect(refusal(() => loadPlatformPublicKey(text), text)).toMatch(message);
  });
});

describe('normalizeKeyText', () => {
  it('undoes CRLF, indentation, surrounding blank lines and literal \\n', () => {
    expect(normalizeKeyText('\r\n  a\r\n  b  \r\n\r\n')).toBe('a\nb');
    expect(normalizeKeyText('a\\nb\\n')).toBe('a\nb');
    expect(normalizeKeyText('a\nb\\nc')).toBe('a\nb\\nc');
  });
});

function rewrap(text: string, width: number): string {
  const lines = text.trim().split('\n');
  const body = lines.slice(1, -1).join('');
  return [lines[0], ...(body.match(new RegExp(`.{1,${width}}`, 'g')) ?? []), lines.at(-1)].join('\n');
}
