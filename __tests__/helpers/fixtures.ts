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
