import { createPrivateKey, createPublicKey, type KeyObject } from 'node:crypto';

export const PRIVATE_KEY_FORMATS = ['auto', 'pkcs8_pem', 'pkcs1_pem', 'pkcs8_base64'] as const;
export type PrivateKeyFormat = (typeof PRIVATE_KEY_FORMATS)[number];

/** Which key: the client's private key, or the platform public key handed out with it. */
export type KeyRole = 'private' | 'platform';

const SUBJECT: Record<KeyRole, string> = { private: 'the private key', platform: 'the platform public key' };

/**
 * Why a key cannot be used: `unusable` (what is wrong is in `says`), the format declared is not the one
 * found, or the passphrase is missing or wrong.
 */
export type KeyProblem = 'unusable' | 'format_mismatch' | 'passphrase_missing' | 'passphrase_wrong';

/**
 * A key that cannot be used. It carries facts, never key material: which key, the problem, and `says`,
 * what is wrong and the fix as a predicate ("is a PuTTY key: export it ..."), so that a caller can put
 * its own name for the key in front. The message puts a plain one there.
 */
export class KeyError extends Error {
  constructor(
    readonly role: KeyRole,
    readonly says: string,
    readonly problem: KeyProblem = 'unusable',
    /** For format_mismatch: the format declared, and the one the text holds. */
    readonly formats?: { declared: PrivateKeyFormat; found: PrivateKeyFormat; foundText: string }
  ) {
    super(`${SUBJECT[role]} ${says}`);
    this.name = 'KeyError';
  }
}

export interface LoadedPrivateKey {
  key: KeyObject;
  /** Every form of the key text to mask in logs: as given, normalised, canonical, and each line. */
  secretForms: string[];
}

interface Pem {
  label: string;
  headers: Map<string, string>;
  /** The Base64 body without whitespace. */
  body: string;
}

type Detected =
  | { format: 'pkcs8_pem' | 'pkcs1_pem'; pem: Pem; encrypted: boolean }
  | { format: 'pkcs8_base64'; der: Buffer };

const KEY_TYPE_NAMES: Record<string, string> = {
  ec: 'an EC key',
  ed25519: 'an Ed25519 key',
  ed448: 'an Ed448 key',
  dsa: 'a DSA key',
  x25519: 'an X25519 key',
  x448: 'an X448 key',
  dh: 'a Diffie-Hellman key'
};
const MIN_CLIENT_KEY_BITS = 2048;
const MIN_PLATFORM_KEY_BITS = 1024;
const BASE64_BODY = /^[A-Za-z0-9+/]+={0,2}$/;

/**
 * Undoes what pasting a key into a secret does to it: CRLF line ends, indentation, blank lines around
 * it, and a PEM flattened onto one line with literal "\n" sequences.
 */
export function normalizeKeyText(text: string): string {
  let normalized = text.replace(/\r\n?/g, '\n').trim();
  if (!normalized.includes('\n') && normalized.includes('\\n')) {
    normalized = normalized.replace(/\\r\\n|\\n/g, '\n');
  }
  return normalized
    .split('\n')
    .map((line) => line.trim())
    .join('\n')
    .trim();
}

/** Parses a PEM block leniently (lines may be re-wrapped or joined by spaces); undefined if not PEM. */
export function parsePem(text: string, role: KeyRole): Pem | undefined {
  const match = /^-----BEGIN ([A-Z0-9 ]+)-----([\s\S]*?)-----END ([A-Z0-9 ]+)-----$/.exec(text);
  if (match === null) {
    if (text.startsWith('-----BEGIN '))
      throw new KeyError(role, `is a PEM block without its END line: paste the whole key`);
    return undefined;
  }
  const [, label = '', inner = '', endLabel] = match;
  if (label !== endLabel)
    throw new KeyError(role, `has BEGIN ${label} but END ${endLabel}: paste one whole key`);
  const headers = new Map<string, string>();
  const body = inner
    .replace(/([A-Za-z][A-Za-z-]*):\s*(\S+)/g, (_all, name: string, value: string) => {
      headers.set(name, value);
      return '';
    })
    .replace(/\s+/g, '');
  if (!BASE64_BODY.test(body))
    throw new KeyError(role, `is a PEM block whose body is not Base64: paste the key unchanged`);
  return { label, headers, body };
}

/** The canonical PEM text of a parsed block: headers, a blank line, Base64 in 64-character lines. */
export function formatPem(pem: Pem): string {
  const headers = [...pem.headers].map(([name, value]) => `${name}: ${value}`);
  const lines = pem.body.match(/.{1,64}/g) ?? [];
  return [
    `-----BEGIN ${pem.label}-----`,
    ...headers,
    ...(headers.length > 0 ? [''] : []),
    ...lines,
    `-----END ${pem.label}-----`,
    ''
  ].join('\n');
}

/**
 * Loads the client's RSA private key from any accepted format: PKCS#8 PEM, PKCS#1 PEM (both possibly
 * encrypted, with the passphrase) or PKCS#8 bare Base64 DER, detected or as `format` says.
 */
export function loadPrivateKey(
  text: string,
  options: { format: PrivateKeyFormat; passphrase: string }
): LoadedPrivateKey {
  const normalized = normalizeKeyText(text);
  if (normalized === '')
    throw new KeyError('private', 'is empty: set it to the client private key (a PEM block)');
  const detected = detectPrivateKey(normalized);
  if (options.format !== 'auto' && options.format !== detected.format) {
    const foundText = describeFormat(detected.format);
    throw new KeyError(
      'private',
      `holds ${foundText}, not the format declared (${options.format})`,
      'format_mismatch',
      { declared: options.format, found: detected.format, foundText }
    );
  }
  const canonical =
    detected.format === 'pkcs8_base64' ? detected.der.toString('base64') : formatPem(detected.pem);
  const key = createKey(detected, canonical, options.passphrase);
  checkRsa(key, 'private', MIN_CLIENT_KEY_BITS);
  return {
    key,
    secretForms: secretForms([
      text,
      normalized,
      canonical,
      detected.format === 'pkcs8_base64' ? '' : detected.pem.body
    ])
  };
}

function detectPrivateKey(text: string): Detected {
  if (text.startsWith('-----BEGIN OPENSSH PRIVATE KEY-----')) {
    throw new KeyError(
      'private',
      'is in OpenSSH format, which the platform cannot use: convert it with `ssh-keygen -p -m PKCS8 -f <file>` or make a new key with `openssl genpkey -algorithm RSA -pkeyopt rsa_keygen_bits:2048`'
    );
  }
  if (/^(ssh-(rsa|dss|ed25519)|ecdsa-sha2-)\S* /.test(text)) {
    throw new KeyError('private', 'holds an SSH public key: set it to the client private key (a PEM block)');
  }
  if (text.startsWith('PuTTY-User-Key-File')) {
    throw new KeyError('private', 'is a PuTTY key: export it from PuTTYgen as an OpenSSL (PEM) key');
  }
  const pem = parsePem(text, 'private');
  if (pem === undefined) {
    const compact = text.replace(/\s+/g, '');
    if (!BASE64_BODY.test(compact)) {
      throw new KeyError('private', 'is neither a PEM block nor Base64: set it to the client private key');
    }
    return { format: 'pkcs8_base64', der: Buffer.from(compact, 'base64') };
  }
  switch (pem.label) {
    case 'PRIVATE KEY':
      return { format: 'pkcs8_pem', pem, encrypted: false };
    case 'ENCRYPTED PRIVATE KEY':
      return { format: 'pkcs8_pem', pem, encrypted: true };
    case 'RSA PRIVATE KEY':
      return {
        format: 'pkcs1_pem',
        pem,
        encrypted: pem.headers.get('Proc-Type')?.includes('ENCRYPTED') ?? false
      };
    case 'EC PRIVATE KEY':
      throw new KeyError('private', unsupportedType('an EC key'));
    case 'DSA PRIVATE KEY':
      throw new KeyError('private', unsupportedType('a DSA key'));
    case 'PUBLIC KEY':
    case 'RSA PUBLIC KEY':
      throw new KeyError(
        'private',
        'holds a public key: set it to the client private key, and upload the public key in the console'
      );
    case 'CERTIFICATE':
      throw new KeyError('private', 'holds a certificate: set it to the client private key');
    default:
      throw new KeyError(
        'private',
        `is a PEM block of type "${pem.label}", not a private key: set it to the client private key`
      );
  }
}

function createKey(detected: Detected, canonical: string, passphrase: string): KeyObject {
  if (detected.format !== 'pkcs8_base64' && detected.encrypted && passphrase === '') {
    throw new KeyError('private', 'is encrypted, and no passphrase was given', 'passphrase_missing');
  }
  try {
    return detected.format === 'pkcs8_base64'
      ? createPrivateKey({ key: detected.der, format: 'der', type: 'pkcs8' })
      : createPrivateKey({ key: canonical, format: 'pem', passphrase });
  } catch {
    if (detected.format !== 'pkcs8_base64' && detected.encrypted) {
      throw new KeyError(
        'private',
        'could not be decrypted with the passphrase given: check the passphrase',
        'passphrase_wrong'
      );
    }
    throw new KeyError(
      'private',
      `could not be read as ${describeFormat(detected.format)}: paste the key unchanged (it may be truncated or damaged)`
    );
  }
}

/**
 * Loads the platform public key handed out with an RSA-mode key: PEM (PUBLIC KEY or RSA PUBLIC KEY) or
 * bare Base64 of SubjectPublicKeyInfo or PKCS#1 DER.
 */
export function loadPlatformPublicKey(text: string): KeyObject {
  const normalized = normalizeKeyText(text);
  if (normalized === '')
    throw new KeyError('platform', 'is empty: set it to the platform public key shown at key creation');
  const pem = parsePem(normalized, 'platform');
  let key: KeyObject | undefined;
  if (pem === undefined) {
    const compact = normalized.replace(/\s+/g, '');
    if (!BASE64_BODY.test(compact)) {
      throw new KeyError(
        'platform',
        'is neither a PEM block nor Base64: set it to the platform public key shown at key creation'
      );
    }
    const der = Buffer.from(compact, 'base64');
    key = tryPublicKey(() => createPublicKey({ key: der, format: 'der', type: 'spki' }));
    key ??= tryPublicKey(() => createPublicKey({ key: der, format: 'der', type: 'pkcs1' }));
  } else if (pem.label === 'PUBLIC KEY' || pem.label === 'RSA PUBLIC KEY') {
    key = tryPublicKey(() => createPublicKey(formatPem(pem)));
  } else if (pem.label.includes('PRIVATE KEY')) {
    throw new KeyError(
      'platform',
      'holds a private key: set it to the platform public key shown at key creation (and keep the private key secret)'
    );
  } else {
    throw new KeyError(
      'platform',
      `is a PEM block of type "${pem.label}": set it to the platform public key`
    );
  }
  if (key === undefined) {
    throw new KeyError('platform', 'could not be read as an RSA public key: paste it unchanged');
  }
  checkRsa(key, 'platform', MIN_PLATFORM_KEY_BITS);
  return key;
}

function tryPublicKey(create: () => KeyObject): KeyObject | undefined {
  try {
    return create();
  } catch {
    return undefined;
  }
}

function checkRsa(key: KeyObject, role: KeyRole, minBits: number): void {
  const type = key.asymmetricKeyType;
  if (type === 'rsa-pss') {
    throw new KeyError(
      role,
      `is an RSA-PSS key, but the platform uses RSA with PKCS#1 v1.5: make a plain RSA key (openssl genpkey -algorithm RSA -pkeyopt rsa_keygen_bits:2048)`
    );
  }
  if (type !== 'rsa')
    throw new KeyError(role, unsupportedType(KEY_TYPE_NAMES[type ?? ''] ?? `a ${type ?? 'non-RSA'} key`));
  const bits = key.asymmetricKeyDetails?.modulusLength ?? 0;
  if (bits < minBits) {
    throw new KeyError(
      role,
      `is a ${bits}-bit RSA key, shorter than the ${minBits} bits required: make a 2048-bit key`
    );
  }
}

function unsupportedType(what: string): string {
  return `is ${what}, but the platform only accepts RSA: make an RSA key (openssl genpkey -algorithm RSA -pkeyopt rsa_keygen_bits:2048)`;
}

function describeFormat(format: Detected['format']): string {
  return {
    pkcs8_pem: 'a PKCS#8 PEM key',
    pkcs1_pem: 'a PKCS#1 PEM key',
    pkcs8_base64: 'a bare Base64 PKCS#8 key'
  }[format];
}

/** What to mask of key text as given, before it is even parsed: the whole and each line. */
export function keyTextForms(text: string): string[] {
  return secretForms([text, normalizeKeyText(text)]);
}

/** The texts to mask: each form whole, and each of its lines long enough to be worth masking. */
function secretForms(forms: string[]): string[] {
  const all = new Set<string>();
  for (const form of forms) {
    if (form.trim() === '') continue;
    all.add(form);
    all.add(form.trim());
    for (const line of form.split(/\r?\n|\\n/)) {
      if (line.trim().length >= 4) all.add(line.trim());
    }
  }
  return [...all];
}
