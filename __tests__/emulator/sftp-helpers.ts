// The SFTP server's tests' own client: ssh2's Client, signed in with a password, the host key it saw kept
// (its SHA-256 fingerprint, as OpenSSH writes it), and the SFTP calls those tests make, as promises.
import { createHash } from 'node:crypto';
import ssh2, {
  type Attributes,
  type Client,
  type FileEntryWithStats,
  type SFTPWrapper,
  type Stats
} from 'ssh2';
import type { SftpServer } from '../../emulator/sftp-server.js';

export interface TestSftp {
  readonly client: Client;
  readonly sftp: SFTPWrapper;
  /** The fingerprint of the host key the client was shown. */
  readonly seen: string;
  /** Resolves once the connection has closed. */
  readonly closed: Promise<void>;
  fastPut(local: string, remote: string, concurrency?: number): Promise<undefined>;
  fastGet(remote: string, local: string, concurrency?: number): Promise<undefined>;
  readdir(path: string): Promise<FileEntryWithStats[]>;
  stat(path: string): Promise<Stats>;
  lstat(path: string): Promise<Stats>;
  mkdir(path: string): Promise<undefined>;
  rmdir(path: string): Promise<undefined>;
  unlink(path: string): Promise<undefined>;
  rename(from: string, to: string): Promise<undefined>;
  setstat(path: string, attrs: Partial<Attributes>): Promise<undefined>;
  realpath(path: string): Promise<string>;
  readlink(path: string): Promise<string>;
  /** A file's whole content, through a read stream. */
  read(path: string): Promise<Buffer>;
  /** Writes a file through a write stream. */
  write(path: string, content: Buffer): Promise<void>;
  end(): Promise<void>;
}

type Done<R> = (error: Error | null | undefined, result?: R) => void;

/** A callback call as a promise. */
const call = <R>(start: (done: Done<R>) => void): Promise<R> =>
  new Promise<R>((resolve, reject) => {
    start((error, result) => {
      if (error) reject(error);
      else resolve(result as R);
    });
  });

/** Signs in to the server as `username` with `password`: rejects as the server refuses. */
export async function connectSftp(server: SftpServer, username: string, password: string): Promise<TestSftp> {
  const client = new ssh2.Client();
  let seen = '';
  const closed = new Promise<void>((resolve) =>
    client.once('close', () => {
      resolve();
    })
  );
  await new Promise<void>((resolve, reject) => {
    client.once('ready', () => {
      resolve();
    });
    client.once('error', reject);
    client.connect({
      host: server.host,
      port: server.port,
      username,
      password,
      tryKeyboard: false,
      hostVerifier: (key: Buffer) => {
        seen = `SHA256:${createHash('sha256').update(key).digest('base64').replace(/=+$/, '')}`;
        return true;
      }
    });
  });
  client.on('error', () => undefined);
  const sftp = await new Promise<SFTPWrapper>((resolve, reject) => {
    client.sftp((error, channel) => {
      if (error) reject(error);
      else resolve(channel);
    });
  });
  return wrap(client, sftp, seen, closed);
}

function wrap(client: Client, sftp: SFTPWrapper, seen: string, closed: Promise<void>): TestSftp {
  const step = { chunkSize: 32 * 1024 };
  // ssh2 leaves `.` and `..` out of a listing unless asked for it whole (its types miss the option).
  const readdirFull = sftp.readdir.bind(sftp) as unknown as (
    path: string,
    opts: { full: boolean },
    cb: (error: Error | undefined, list: FileEntryWithStats[]) => void
  ) => void;
  return {
    client,
    sftp,
    seen,
    closed,
    fastPut: (local, remote, concurrency = 8) =>
      call<undefined>((done) => {
        sftp.fastPut(local, remote, { ...step, concurrency }, done);
      }),
    fastGet: (remote, local, concurrency = 8) =>
      call<undefined>((done) => {
        sftp.fastGet(remote, local, { ...step, concurrency }, done);
      }),
    readdir: (path) =>
      call<FileEntryWithStats[]>((done) => {
        readdirFull(path, { full: true }, done);
      }),
    stat: (path) =>
      call<Stats>((done) => {
        sftp.stat(path, done);
      }),
    lstat: (path) =>
      call<Stats>((done) => {
        sftp.lstat(path, done);
      }),
    mkdir: (path) =>
      call<undefined>((done) => {
        sftp.mkdir(path, done);
      }),
    rmdir: (path) =>
      call<undefined>((done) => {
        sftp.rmdir(path, done);
      }),
    unlink: (path) =>
      call<undefined>((done) => {
        sftp.unlink(path, done);
      }),
    rename: (from, to) =>
      call<undefined>((done) => {
        sftp.rename(from, to, done);
      }),
    setstat: (path, attrs) =>
      call<undefined>((done) => {
        sftp.setstat(path, attrs, done);
      }),
    realpath: (path) =>
      call<string>((done) => {
        sftp.realpath(path, done);
      }),
    readlink: (path) =>
      call<string>((done) => {
        sftp.readlink(path, done);
      }),
    read: (path) =>
      new Promise<Buffer>((resolve, reject) => {
        const parts: Buffer[] = [];
        sftp
          .createReadStream(path)
          .on('data', (part: Buffer) => parts.push(part))
          .on('error', reject)
          .on('end', () => {
            resolve(Buffer.concat(parts));
          });
      }),
    write: (path, content) =>
      new Promise<void>((resolve, reject) => {
        const stream = sftp.createWriteStream(path);
        stream.on('error', reject).on('close', () => {
          resolve();
        });
        stream.end(content);
      }),
    end: async () => {
      client.end();
      await closed;
    }
  };
}
