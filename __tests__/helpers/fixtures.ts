import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const FIXTURES = fileURLToPath(new URL('../fixtures/', import.meta.url));

export function fixtureText(path: string): string {
  return readFileSync(`${FIXTURES}${path}`, 'utf8');
}

export function fixtureJson(path: string): unknown {
  return JSON.parse(fixtureText(path));
}

export const fixtureKey = (name: string): string => fixtureText(`keys/${name}`);

export interface SigningCase {
  name: string;
  method: string;
  path: string;
  version: string;
  timestamp: string;
  token: string;
  body: string;
  plaintext?: string;
  sign_str: string;
}

export interface EncryptionCase {
  name: string;
  plaintext: string;
  plaintext_bytes: number;
  chunks: number;
  ciphertext_base64: string;
}

/**
 * The fixture keys for an emulator that needs no keys of its own: generating two RSA key pairs costs
 * about 0.3 s of CPU per emulator, which the end-to-end scenarios (one emulator each) would pay ~100 times.
 */
export const fixtureEmulatorKeys = (): { rsa: { clientPrivateKey: string; platformPrivateKey: string } } => ({
  rsa: {
    clientPrivateKey: fixtureKey('client-private-pkcs8.pem'),
    platformPrivateKey: fixtureKey('platform-private-pkcs8.pem')
  }
});
