// The emulator's server lifecycle: the keys handed out (as the console would), the TLS server on
// 127.0.0.1, and shutting both down.
import { createPublicKey } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Keyring, newRsaKeyPair, newToken, toPrivateKey, type RsaKeyRegistration } from './keyring.js';
import type { EmulatorInfo, EmulatorOptions } from './records.js';

const TLS_DIR = fileURLToPath(new URL('./tls/', import.meta.url));
/** The CA a client must trust to reach the emulator (NODE_EXTRA_CA_CERTS). */
export const CA_FILE = join(TLS_DIR, 'ca.pem');
/** Request line and headers: a long query (the platform takes 20 KB ones) must not meet Node's 16 KiB default. */
const MAX_HEADER_BYTES = 64 * 1024;

export interface Listening {
  server: Server;
  /** Where the key files handed out live; removed on close. */
  keyDir: string;
  info: EmulatorInfo;
  keyring: Keyring;
}

/** Makes the keys, writes the client's key files, and listens over TLS. */
export async function listen(options: EmulatorOptions, clock: () => number): Promise<Listening> {
  const keyring = new Keyring();
  const keyDir = await mkdtemp(join(tmpdir(), 'elastic-deploy-emulator-'));
  try {
    const rsa = await rsaKey(options.keys?.rsa, clock);
    keyring.addRsaKey(rsa.registration);
    const tokenModeToken = options.keys?.tokenMode?.token ?? newToken(clock());
    keyring.addTokenKey(tokenModeToken);
    const privateKeyFile = join(keyDir, 'client-private-key.pem');
    const platformPublicKeyFile = join(keyDir, 'platform-public-key.pem');
    await writeFile(privateKeyFile, rsa.clientPrivateKeyPem, { mode: 0o600 });
    await writeFile(platformPublicKeyFile, rsa.platformPublicKeyPem);

    const [cert, key] = await Promise.all([
      readFile(join(TLS_DIR, 'server.pem')),
      readFile(join(TLS_DIR, 'server-key.pem'))
    ]);
    const server = createServer({ cert, key, maxHeaderSize: MAX_HEADER_BYTES });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(options.port ?? 0, '127.0.0.1', resolve);
    });
    const { port } = server.address() as AddressInfo;
    return {
      server,
      keyDir,
      keyring,
      info: {
        base_url: `https://127.0.0.1:${port}`,
        ca_file: CA_FILE,
        rsa: {
          token: rsa.registration.token,
          private_key_file: privateKeyFile,
          platform_public_key_file: platformPublicKeyFile
        },
        token_mode: { token: tokenModeToken }
      }
    };
  } catch (error) {
    await rm(keyDir, { recursive: true, force: true });
    throw error;
  }
}

/** Stops listening, drops open connections, and deletes the key files. */
export async function close(listening: Pick<Listening, 'server' | 'keyDir'>): Promise<void> {
  const closed = new Promise<void>((resolve) => {
    listening.server.close(() => {
      resolve();
    });
  });
  listening.server.closeAllConnections();
  await closed;
  await rm(listening.keyDir, { recursive: true, force: true });
}

async function rsaKey(
  given: { token?: string; clientPrivateKey: string; platformPrivateKey: string } | undefined,
  clock: () => number
): Promise<{ registration: RsaKeyRegistration; clientPrivateKeyPem: string; platformPublicKeyPem: string }> {
  const [client, platform] = given
    ? [toPrivateKey(given.clientPrivateKey), toPrivateKey(given.platformPrivateKey)]
    : (await Promise.all([newRsaKeyPair(), newRsaKeyPair()])).map((pair) => pair.privateKey);
  if (client === undefined || platform === undefined) throw new Error('unreachable: two key pairs');
  return {
    registration: {
      token: given?.token ?? newToken(clock()),
      clientPublicKey: createPublicKey(client),
      platformPrivateKey: platform
    },
    clientPrivateKeyPem: client.export({ type: 'pkcs8', format: 'pem' }).toString(),
    platformPublicKeyPem: createPublicKey(platform).export({ type: 'spki', format: 'pem' }).toString()
  };
}
