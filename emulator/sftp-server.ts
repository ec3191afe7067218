// The emulator's SFTP server (issue 64): an in-process SSH server (ssh2) on 127.0.0.1, its ECDSA (P-256) host key
// made at start, password authentication only through the SFTP sessions' accounts, each user confined to
// its volume's files (volume-files.ts): what a transfer copies, what a job wrote and what SFTP reads and
// writes are the same files. end(storageId) closes a volume's connections (its session destroyed or
// expired); knobs drop a connection mid-file, stall a file mid-way and plant hostile names in a listing.
import { createHash, generateKeyPairSync } from 'node:crypto';
import type { Socket } from 'node:net';
import ssh2, { type AuthContext, type Connection } from 'ssh2';
import type { PlantedName } from './sftp-attrs.js';
import { SftpKnobs } from './sftp-knobs.js';
import { SftpSession } from './sftp-session.js';
import type { VolumeFiles } from './volume-files.js';

const { Server, utils } = ssh2;

/** Who may sign in: the SFTP sessions' store answers the volume a username and password open, if any. */
export interface SftpAccounts {
  storageIdOf(username: string, password: string): number | undefined;
}

export interface SftpServerOptions {
  readonly accounts: SftpAccounts;
  /** The volumes' files (the TransferStore's `files`). */
  readonly files: VolumeFiles;
  readonly host?: string;
  /** 0 (the default): a free port. */
  readonly port?: number;
  /** Called before a request looks at files: brings in what jobs wrote since (TransferStore.writeVolume). */
  readonly refresh?: () => void;
  /**
   * Nagle's algorithm on its connections (default false: off). The reference names no server; see
   * startSftpServer.
   */
  readonly nagle?: boolean;
}

export interface SftpServer {
  readonly host: string;
  readonly port: number;
  /** The host key's SHA-256 fingerprint as OpenSSH writes it: `SHA256:` and unpadded base64. */
  readonly fingerprint: string;
  /** The host key's public half, in OpenSSH's one-line form. */
  readonly publicKey: string;
  /** Closes every connection of a volume (its session destroyed or expired). */
  end(storageId: number): void;
  /** How many connections of a volume are open. */
  connections(storageId: number): number;
  /** The next `files` files read or written end their connection once `afterBytes` of them moved. */
  dropNext(files: number, afterBytes: number): void;
  /** The next `files` files read or written stall once `afterBytes` of them moved (never answered again). */
  stallNext(files: number, afterBytes: number): void;
  /** The cipher and MAC each connection agreed on, as `cipher mac` (client to server), in order. */
  negotiated(): readonly string[];
  /** How many reads and writes stalled files left unanswered so far. */
  stalled(): number;
  /** Plants names in a folder's listing, as given (hostile ones, for tests of a client's safety). */
  plant(storageId: number, folder: string, names: readonly PlantedName[]): void;
  /** Stops the server, every connection closed. */
  close(): Promise<void>;
}

/** The SHA-256 fingerprint of a public key, as OpenSSH shows it. */
export function fingerprintOf(publicKey: string): string {
  const parsed = utils.parseKey(publicKey);
  if (parsed instanceof Error) throw parsed;
  const digest = createHash('sha256').update(parsed.getPublicSSH()).digest('base64');
  return `SHA256:${digest.replace(/=+$/, '')}`;
}

/**
 * A host key made now: ECDSA on P-256, by node's own crypto, as ssh2 reads it (SEC1 PEM), and its public
 * half in OpenSSH's one-line form. Not ssh2's generateKeyPairSync('ed25519'): about one pair in 256 it
 * makes, ssh2 itself cannot read (1.17 strips a key's leading zero bytes: mscdex/ssh2#1390, #1513), and
 * every emulator starts one.
 */
export function makeHostKey(): { private: string; public: string } {
  const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
  const pem = privateKey.export({ type: 'sec1', format: 'pem' }).toString();
  const parsed = utils.parseKey(pem);
  if (parsed instanceof Error) throw parsed;
  const ssh = parsed.getPublicSSH();
  return { private: pem, public: `${parsed.type} ${ssh.toString('base64')}` };
}

/** Starts the SFTP server: one call, listening once it resolves. */
export async function startSftpServer(options: SftpServerOptions): Promise<SftpServer> {
  const keys = makeHostKey();
  const knobs = new SftpKnobs();
  const live = new Map<number, Set<Connection>>();
  const negotiated: string[] = [];
  const sockets = new Set<Socket>();
  const server = new Server({ hostKeys: [keys.private], ident: 'emulator-sftp' }, (client) => {
    serve(client, { options, knobs, live, negotiated });
  });
  // Every socket, to end them all when the server stops. Nagle's algorithm off unless `nagle` asks for it:
  // the reference names no server, and this is our reading. A server written in Go has it off (Go turns it
  // off on every TCP connection; SFTPGo, one such, also serves the web and WebDAV addresses a session
  // gives). ssh2's server writes each answer at once; with Nagle on, the second of two answers to requests
  // sent together waits for the first's acknowledgement, which the client's kernel delays (about 40 ms on
  // loopback). A client copies whole files either way (the client's tests run on both).
  const net = (
    server as unknown as { _srv: { on(event: 'connection', listener: (socket: Socket) => void): void } }
  )._srv;
  net.on('connection', (socket) => {
    socket.setNoDelay(options.nagle !== true);
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });
  const host = options.host ?? '127.0.0.1';
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address();
  return {
    host,
    port: typeof address === 'object' && address !== null ? address.port : 0,
    fingerprint: fingerprintOf(keys.public),
    publicKey: keys.public,
    end: (storageId) => {
      for (const client of live.get(storageId) ?? []) client.end();
    },
    connections: (storageId) => live.get(storageId)?.size ?? 0,
    dropNext: (files, afterBytes) => {
      knobs.dropNext(files, afterBytes);
    },
    stallNext: (files, afterBytes) => {
      knobs.stallNext(files, afterBytes);
    },
    negotiated: () => [...negotiated],
    stalled: () => knobs.held(),
    plant: (storageId, folder, names) => {
      knobs.plant(storageId, folder, names);
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => {
          resolve();
        });
      })
  };
}

interface Served {
  readonly options: SftpServerOptions;
  readonly knobs: SftpKnobs;
  readonly live: Map<number, Set<Connection>>;
  readonly negotiated: string[];
}

/** One connection: password authentication, then SFTP channels confined to the volume signed in to. */
function serve(client: Connection, { options, knobs, live, negotiated }: Served): void {
  let storageId: number | undefined;
  const sessions: SftpSession[] = [];
  client.on('handshake', (agreed) => {
    negotiated.push(`${agreed.cs.cipher} ${agreed.cs.mac}`);
  });
  client.on('error', () => {
    // A client that went away: its connection closes below.
  });
  client.on('authentication', (ctx: AuthContext) => {
    const id =
      ctx.method === 'password' ? options.accounts.storageIdOf(ctx.username, ctx.password) : undefined;
    if (id === undefined) {
      ctx.reject(['password']);
      return;
    }
    storageId = id;
    ctx.accept();
  });
  client.on('ready', () => {
    if (storageId === undefined) return;
    const id = storageId;
    const mine = live.get(id) ?? new Set();
    live.set(id, mine.add(client));
    client.on('close', () => {
      mine.delete(client);
      for (const session of sessions) session.dispose();
    });
    client.on('session', (accept) => {
      accept().on('sftp', (acceptSftp) => {
        const context = {
          storageId: id,
          files: options.files,
          knobs,
          refresh: options.refresh ?? (() => undefined),
          drop: () => {
            dropConnection(client);
          }
        };
        sessions.push(new SftpSession(acceptSftp(), context));
      });
    });
  });
}

/** Ends a connection at once, as a network drop would: its socket destroyed, no goodbye sent. */
function dropConnection(client: Connection): void {
  const socket = (client as unknown as { _sock?: Socket })._sock;
  if (socket === undefined) client.end();
  else socket.destroy();
}
