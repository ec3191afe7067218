import { createPrivateKey, createPublicKey, generateKeyPair, randomUUID, type KeyObject } from 'node:crypto';
import { promisify } from 'node:util';

/** An API key as the console stores it: the token, its mode and, in RSA mode, the keys the platform uses. */
export type ApiKey =
  | { readonly mode: 'token'; readonly token: string }
  | {
      readonly mode: 'rsa';
      readonly token: string;
      /** The client public key uploaded at creation: verifies `sign_str`. */
      readonly clientPublicKey: KeyObject;
      /** The platform's private half of the key handed out at creation: decrypts request bodies. */
      readonly platformPrivateKey: KeyObject;
    };

export type KeyMaterial = string | KeyObject;

export interface RsaKeyRegistration {
  token: string;
  clientPublicKey: KeyMaterial;
  platformPrivateKey: KeyMaterial;
}

export class Keyring {
  readonly #keys = new Map<string, ApiKey>();

  addTokenKey(token: string): ApiKey {
    return this.#add({ mode: 'token', token });
  }

  addRsaKey(registration: RsaKeyRegistration): ApiKey {
    return this.#add({
      mode: 'rsa',
      token: registration.token,
      clientPublicKey: toPublicKey(registration.clientPublicKey),
      platformPrivateKey: toPrivateKey(registration.platformPrivateKey)
    });
  }

  find(token: string): ApiKey | undefined {
    return this.#keys.get(token);
  }

  #add(key: ApiKey): ApiKey {
    if (key.token === '') throw new Error('a key needs a non-empty token');
    this.#keys.set(key.token, key);
    return key;
  }
}

/** A token in the platform's format: a UUID followed by a 14-digit date stamp. */
export function newToken(now: number): string {
  const stamp = new Date(now).toISOString().replace(/\D/g, '').slice(0, 14);
  return `${randomUUID()}-${stamp}`;
}

export async function newRsaKeyPair(): Promise<{ publicKey: KeyObject; privateKey: KeyObject }> {
  return promisify(generateKeyPair)('rsa', { modulusLength: 2048, publicExponent: 0x10001 });
}

export function toPrivateKey(material: KeyMaterial): KeyObject {
  return typeof material === 'string' ? createPrivateKey(material) : material;
}

export function toPublicKey(material: KeyMaterial): KeyObject {
  if (typeof material !== 'string' && material.type === 'public') return material;
  return createPublicKey(material);
}

export function modulusBytes(key: KeyObject): number {
  const bits = key.asymmetricKeyDetails?.modulusLength;
  if (bits === undefined) throw new Error('not an RSA key');
  return Math.ceil(bits / 8);
}
