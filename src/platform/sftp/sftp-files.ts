// A volume's files over its SFTP session, through ssh2 (the choice is docs/data.md's): a connection per
// OpenRemote call, its calls as RemoteFiles. Loaded only by a step that copies workspace data.
import { createHash } from 'node:crypto';
import { open } from 'node:fs/promises';
import { Socket } from 'node:net';
import './ssh2-ready.js';
import { Client, type FileEntryWithStats, type SFTPWrapper, type Stats } from 'ssh2';
import { LoginRefused, RemoteGone, type RemoteEntry, type RemoteFiles } from './remote-files.js';
import { COLLECT_EVERY_BYTES, minorCollection, youngCollector } from './young-garbage.js';

/** Where a volume's session answers, and its credentials (the password a secret, masked by the caller). */
export interface SftpLogin {
  readonly host: string;
  readonly port: number;
  readonly username: string;
  readonly password: string;
}

export interface SftpOptions {
  /** Chunks of one file in flight at once. */
  readonly chunksInFlight: number;
  readonly chunkBytes: number;
  /** How long the connection may take to open, and a silent one to be declared gone. */
  readonly timeoutMs: number;
  /**
   * The host key's SHA-256 fingerprint (`SHA256:...`, as ssh-keygen writes it), on each connection before
   * the password is sent: false refuses the host (the connection fails, the password unsent).
   */
  readonly hostKey: (fingerprint: string) => boolean;
}

/**
 * The ciphers and MACs offered, in order. ssh2 puts AES-GCM first; without its native addon, which the
 * bundle leaves out, it makes a new OpenSSL cipher object for every packet, and a 1 GiB upload then held
 * 60 MiB more than with AES-CTR, whose one cipher object lasts the connection (encrypt-then-MAC, as
 * OpenSSH offers it). GCM and ChaCha20 follow, for a server that has no CTR.
 */
export const ALGORITHMS = {
  cipher: [
    'aes128-ctr',
    'aes256-ctr',
    'aes128-gcm@openssh.com',
    'aes256-gcm@openssh.com',
    'chacha20-poly1305@openssh.com'
  ],
  hmac: ['hmac-sha2-256-etm@openssh.com', 'hmac-sha2-512-etm@openssh.com', 'hmac-sha2-256', 'hmac-sha2-512']
} as const;

/** SFTP status codes (draft-ietf-secsh-filexfer-02): the ones a call's error is read by. */
const NO_SUCH_FILE = 2;

/**
 * Opens a connection to the session at `login`: its files, or why it could not: RemoteGone (no connection:
 * try again), LoginRefused (the session's credentials no longer open it), or an Error (the host showed a key
 * `hostKey` refused: the password was not sent).
 */
export function openSftpFiles(login: SftpLogin, options: SftpOptions): Promise<RemoteFiles> {
  return new Promise((resolve, reject) => {
    const client = new Client();
    let refused: string | undefined;
    client.once('error', (error: Error & { level?: string }) => {
      reject(
        refused !== undefined
          ? new Error(refused)
          : error.level === 'client-authentication'
            ? new LoginRefused(`the SFTP server at ${login.host}:${login.port} refused the session's login`)
            : new RemoteGone(`the SFTP connection to ${login.host}:${login.port} failed: ${error.message}`)
      );
    });
    client.once('ready', () =>
      client.sftp((error, sftp) => {
        if (error !== undefined) {
          client.end();
          reject(new RemoteGone(`the SFTP server opened no SFTP channel: ${error.message}`));
        } else resolve(sftpFiles(client, sftp, options));
      })
    );
    client.connect({
      sock: turnSocket(login.host, login.port),
      username: login.username,
      password: login.password,
      readyTimeout: options.timeoutMs,
      keepaliveInterval: Math.max(1000, Math.floor(options.timeoutMs / 3)),
      keepaliveCountMax: 3,
      tryKeyboard: false,
      algorithms: { cipher: [...ALGORITHMS.cipher], hmac: [...ALGORITHMS.hmac] },
      hostVerifier: (key: Buffer): boolean => {
        const accepted = options.hostKey(fingerprintOf(key));
        if (!accepted) refused = `the SFTP server at ${login.host}:${login.port} showed another host key`;
        return accepted;
      }
    });
  });
}

/**
 * The TCP connection to the SFTP server, Nagle's algorithm off: each SFTP call is a small packet answered
 * before the next of its file, and with it on (ssh2's default) each would wait for the last one's
 * acknowledgement, about 40 ms a call. What is written in one turn of the event loop leaves together:
 * ssh2 writes a packet in parts (its length, its body, its MAC, without its native addon), and calls sent
 * together are several packets; each part would otherwise be a segment and a system call of its own.
 */
function turnSocket(host: string, port: number): Socket {
  const socket = new Socket();
  socket.setNoDelay(true);
  socket.connect({ host, port });
  // Set after connect(), which puts net.Socket's own write back on a socket that has another.
  const write = socket.write.bind(socket) as (...args: unknown[]) => boolean;
  socket.write = (...args: unknown[]): boolean => {
    if (socket.writableCorked === 0) {
      socket.cork();
      process.nextTick(() => {
        socket.uncork();
      });
    }
    return write(...args);
  };
  return socket;
}

/** A host key's fingerprint as ssh-keygen -l writes it: SHA256:, then the digest in base64 without padding. */
export function fingerprintOf(key: Uint8Array): string {
  return `SHA256:${createHash('sha256').update(key).digest('base64').replace(/=+$/, '')}`;
}

/** An entry's kind from its mode's type bits (S_IFMT). */
export function kindOfMode(mode: number): RemoteEntry['kind'] {
  switch (mode & 0o170000) {
    case 0o100000:
      return 'file';
    case 0o040000:
      return 'directory';
    case 0o120000:
      return 'link';
    default:
      return 'other';
  }
}

function entryOf(name: string, stats: Stats): RemoteEntry {
  return { name, kind: kindOfMode(stats.mode), bytes: stats.size, modifiedS: stats.mtime };
}

/** Every large file's chunks, counted for the minor collections that keep a copy's memory flat. */
let movedChunk: ((bytes: number) => void) | undefined;

/** A fastPut's or fastGet's options: its chunks in flight and their size, `progress` told of each. */
function chunksOf(options: SftpOptions, progress: (bytes: number) => void) {
  movedChunk ??= youngCollector(COLLECT_EVERY_BYTES, minorCollection());
  const moved = movedChunk;
  return {
    concurrency: options.chunksInFlight,
    chunkSize: options.chunkBytes,
    step: (_total: number, chunk: number) => {
      moved(chunk);
      progress(chunk);
    }
  };
}

/** How an ssh2 call reports its end: an error, or its value. */
type Done<T> = (error: Error | null | undefined, value?: T) => void;

/** A connection's calls: each fails as RemoteGone once the connection ended, also one under way. */
interface Calls {
  readonly call: <T>(what: string, start: (done: Done<T>) => void) => Promise<T>;
  /** A call's error as RemoteGone when the connection ended under it, else as the server's refusal. */
  readonly failure: (error: Error, what: string) => Error;
  /** Has `fail` called once the connection ends (at once if it has); undoes it. */
  readonly watch: (fail: (error: Error) => void) => () => void;
  readonly end: (why: string) => void;
}

/**
 * The calls of `client`'s connection. The calls under way are failed as RemoteGone once it ends: ssh2
 * calls back no fastPut or fastGet whose connection dropped (it sends their handle's close on the dead
 * channel, and waits).
 */
function callsOf(client: Client): Calls {
  let gone: string | undefined;
  const pending = new Set<(error: Error) => void>();
  const end = (why: string): void => {
    gone ??= why;
    for (const fail of pending) fail(new RemoteGone(gone));
    pending.clear();
  };
  client.on('error', (error: Error) => {
    end(`the SFTP connection failed: ${error.message}`);
  });
  client.on('close', () => {
    end('the SFTP connection ended');
  });
  const watch = (fail: (error: Error) => void): (() => void) => {
    if (gone !== undefined) fail(new RemoteGone(gone));
    else pending.add(fail);
    return () => pending.delete(fail);
  };
  const failure = (error: Error, what: string): Error =>
    gone !== undefined
      ? new RemoteGone(`${what}: ${gone}`)
      : Object.assign(new Error(`${what}: ${error.message}`), { code: (error as { code?: unknown }).code });
  const call = <T>(what: string, start: (done: Done<T>) => void): Promise<T> =>
    new Promise<T>((resolve, reject) => {
      const unwatch = watch((error) => {
        reject(new RemoteGone(`${what}: ${error.message}`));
      });
      if (gone !== undefined) return;
      start((error, value) => {
        unwatch();
        if (error) reject(failure(error, what));
        else resolve(value as T);
      });
    });
  return { call, failure, watch, end };
}

function sftpFiles(client: Client, sftp: SFTPWrapper, options: SftpOptions): RemoteFiles {
  const { call, failure, watch, end } = callsOf(client);
  const lstat = (path: string): Promise<Stats> =>
    call<Stats>(`lstat ${path}`, (done) => {
      sftp.lstat(path, done);
    });
  return {
    lstat: (path) =>
      lstat(path).then(
        (stats) => entryOf(path.slice(path.lastIndexOf('/') + 1), stats),
        (error: unknown) => {
          if ((error as { code?: unknown }).code === NO_SUCH_FILE && !(error instanceof RemoteGone))
            return undefined;
          throw error;
        }
      ),
    list: (directory) =>
      call<FileEntryWithStats[]>(`list ${directory}`, (done) => {
        sftp.readdir(directory, done);
      }).then((list) =>
        list.filter((e) => e.filename !== '.' && e.filename !== '..').map((e) => entryOf(e.filename, e.attrs))
      ),
    makeDirectory: async (path) => {
      try {
        await call<unknown>(`mkdir ${path}`, (done) => {
          sftp.mkdir(path, done);
        });
      } catch (error) {
        if (error instanceof RemoteGone) throw error;
        const there = await lstat(path).catch(() => undefined);
        if (there === undefined || kindOfMode(there.mode) !== 'directory') throw error;
      }
    },
    upload: async (localPath, remotePath, modifiedS, progress) => {
      const small = await smallFile(localPath, options.chunkBytes);
      if (small !== undefined) {
        await writeSmall(sftp, call, remotePath, small, modifiedS);
        progress(small.length);
        return;
      }
      await call<unknown>(`upload ${remotePath}`, (done) => {
        sftp.fastPut(localPath, remotePath, chunksOf(options, progress), done);
      });
      await setTime(call, sftp, remotePath, modifiedS);
    },
    download: async (remotePath, localPath, progress) => {
      await call<unknown>(`download ${remotePath}`, (done) => {
        sftp.fastGet(remotePath, localPath, chunksOf(options, progress), done);
      });
    },
    read: (remotePath) => readChunks(sftp, remotePath, options.chunkBytes, failure, watch),
    setModified: (remotePath, modifiedS) => setTime(call, sftp, remotePath, modifiedS),
    close: () => {
      end('the connection was closed');
      client.end();
    }
  };
}

async function setTime(
  call: Calls['call'],
  sftp: SFTPWrapper,
  path: string,
  modifiedS: number
): Promise<void> {
  await call<unknown>(`set the time of ${path}`, (done) => {
    sftp.utimes(path, modifiedS, modifiedS, done);
  });
}

/** A local file's content when it is no larger than one chunk (read no further), else undefined. */
async function smallFile(localPath: string, chunkBytes: number): Promise<Buffer | undefined> {
  const file = await open(localPath, 'r');
  try {
    const buffer = Buffer.allocUnsafe(chunkBytes + 1);
    const { bytesRead } = await file.read(buffer, 0, chunkBytes + 1, 0);
    return bytesRead > chunkBytes ? undefined : buffer.subarray(0, bytesRead);
  } finally {
    await file.close();
  }
}

/**
 * Writes a file of one chunk: open, write, then its time set on the handle and the handle closed, those two
 * sent together (the server answers them in order): three round trips, as a fastPut of it takes without
 * the time. A server that refused the time on the handle has it set on the path once closed.
 */
async function writeSmall(
  sftp: SFTPWrapper,
  call: Calls['call'],
  remotePath: string,
  content: Buffer,
  modifiedS: number
): Promise<void> {
  const what = `upload ${remotePath}`;
  const handle = await call<Buffer>(what, (done) => {
    sftp.open(remotePath, 'w', done);
  });
  const written =
    content.length === 0
      ? Promise.resolve()
      : call<unknown>(what, (done) => {
          sftp.write(handle, content, 0, content.length, 0, done);
        });
  // Closed whether the write succeeded or not.
  const close = (): Promise<unknown> =>
    call<unknown>(what, (done) => {
      sftp.close(handle, done);
    });
  const [wrote, timed, closed] = await Promise.allSettled([
    written,
    written.then(() =>
      call<unknown>(what, (done) => {
        sftp.futimes(handle, modifiedS, modifiedS, done);
      })
    ),
    written.then(close, close)
  ]);
  if (wrote.status === 'rejected') throw wrote.reason;
  if (closed.status === 'rejected') throw closed.reason;
  if (timed.status === 'rejected') {
    if (timed.reason instanceof RemoteGone) throw timed.reason;
    await setTime(call, sftp, remotePath, modifiedS);
  }
}

/** A file's content, chunk by chunk; `watch` has the stream destroyed (as RemoteGone) once the connection ends. */
async function* readChunks(
  sftp: SFTPWrapper,
  remotePath: string,
  chunkBytes: number,
  failure: (error: Error, what: string) => Error,
  watch: (fail: (error: Error) => void) => () => void
): AsyncIterable<Uint8Array> {
  const stream = sftp.createReadStream(remotePath, { highWaterMark: chunkBytes });
  const unwatch = watch((error) => stream.destroy(error));
  try {
    for await (const chunk of stream) yield chunk as Uint8Array;
  } catch (error) {
    if (error instanceof RemoteGone) throw new RemoteGone(`read ${remotePath}: ${error.message}`);
    throw failure(error instanceof Error ? error : new Error(String(error)), `read ${remotePath}`);
  } finally {
    unwatch();
    // Destroyed, the stream still closes its handle: an error of that close (the connection ended before
    // the server answered it) has no reader left to tell, and would otherwise end the process.
    stream.on('error', () => undefined);
    stream.destroy();
  }
}
