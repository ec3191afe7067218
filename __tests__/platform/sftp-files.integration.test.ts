// The platform's SFTP client (src/platform/sftp/sftp-files.ts) against the emulator's SFTP server on
// 127.0.0.1: the cipher it agrees on; an upload writes the file byte for byte and sets its time, a file of
// one chunk in three round trips (open, write, then its time and its close together), a larger one through
// fastPut; a connection that drops under a small file's write fails the upload as RemoteGone, to be tried
// again. Each with the server's Nagle's algorithm off and on (the reference names no server).
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startSftpServer, type SftpServer } from '../../emulator/sftp-server.js';
import { VolumeFiles } from '../../emulator/volume-files.js';
import { RemoteGone, type RemoteFiles } from '../../src/platform/sftp/remote-files.js';
import { openSftpFiles } from '../../src/platform/sftp/sftp-files.js';

const CHUNK = 32 * 1024;
const VOLUME = 7;
const sha256 = (content: Uint8Array): string => createHash('sha256').update(content).digest('hex');

let files: VolumeFiles;
let server: SftpServer;
let local: string;
let open: RemoteFiles[];

/**
 * The server, its Nagle's algorithm as asked: the reference names no server, so the client must copy whole
 * files either way.
 */
async function startServer(nagle: boolean): Promise<void> {
  files = new VolumeFiles();
  server = await startSftpServer({
    accounts: { storageIdOf: (user, password) => (user === 'u' && password === 'p' ? VOLUME : undefined) },
    files,
    nagle
  });
  local = mkdtempSync(join(tmpdir(), 'sftp-files-'));
  open = [];
}

afterEach(async () => {
  for (const remote of open) remote.close();
  await server.close();
  files.close();
  rmSync(local, { recursive: true, force: true });
});

async function connect(): Promise<RemoteFiles> {
  const remote = await openSftpFiles(
    { host: server.host, port: server.port, username: 'u', password: 'p' },
    { chunksInFlight: 64, chunkBytes: CHUNK, timeoutMs: 10_000, hostKey: (f) => f === server.fingerprint }
  );
  open.push(remote);
  return remote;
}

async function readBack(remote: RemoteFiles, path: string): Promise<Buffer> {
  const parts: Uint8Array[] = [];
  for await (const chunk of remote.read(path)) parts.push(chunk);
  return Buffer.concat(parts);
}

describe.each([
  ['off', false],
  ['on', true]
])("the platform's SFTP client, the server's Nagle's algorithm %s", (_what, nagle) => {
  beforeEach(() => startServer(nagle));

  it.each([
    ['an empty file', 0],
    ['one byte', 1],
    ['exactly one chunk', CHUNK],
    ['one byte over a chunk (fastPut)', CHUNK + 1],
    ['1 MiB (fastPut, its chunks in flight together)', 1024 * 1024]
  ])('uploads %s byte for byte and sets its time', async (_what, bytes) => {
    const content = randomBytes(bytes);
    writeFileSync(join(local, 'f'), content);
    const remote = await connect();
    let progress = 0;
    await remote.upload(join(local, 'f'), '/f.bin', 1_700_000_123, (moved) => (progress += moved));
    expect(progress).toBe(bytes);
    expect(await remote.lstat('/f.bin')).toEqual({
      name: 'f.bin',
      kind: 'file',
      bytes,
      modifiedS: 1_700_000_123
    });
    expect(sha256(await readBack(remote, '/f.bin'))).toBe(sha256(content));
  });

  it('agrees on AES-CTR with an encrypt-then-MAC HMAC, whose cipher object lasts the connection', async () => {
    await connect();
    expect(server.negotiated()).toEqual(['aes128-ctr hmac-sha2-256-etm@openssh.com']);
  });

  it('overwrites a longer file with a small one, whole', async () => {
    const remote = await connect();
    writeFileSync(join(local, 'long'), randomBytes(3 * CHUNK));
    await remote.upload(join(local, 'long'), '/f.bin', 1_700_000_000, () => undefined);
    writeFileSync(join(local, 'short'), 'short');
    await remote.upload(join(local, 'short'), '/f.bin', 1_700_000_001, () => undefined);
    expect((await readBack(remote, '/f.bin')).toString()).toBe('short');
    expect(await remote.lstat('/f.bin')).toMatchObject({ bytes: 5, modifiedS: 1_700_000_001 });
  });

  it('fails a small upload whose connection drops under its write as RemoteGone, and it goes through again', async () => {
    writeFileSync(join(local, 'f'), randomBytes(4096));
    server.dropNext(1, 0);
    const first = await connect();
    await expect(
      first.upload(join(local, 'f'), '/f.bin', 1_700_000_000, () => undefined)
    ).rejects.toBeInstanceOf(RemoteGone);
    const second = await connect();
    await second.upload(join(local, 'f'), '/f.bin', 1_700_000_000, () => undefined);
    expect(await second.lstat('/f.bin')).toMatchObject({ bytes: 4096, modifiedS: 1_700_000_000 });
  });

  it("refuses a small upload into a directory that is not there, as the server's refusal (not RemoteGone)", async () => {
    writeFileSync(join(local, 'f'), 'x');
    const remote = await connect();
    const failed = await remote
      .upload(join(local, 'f'), '/none/f.bin', 1, () => undefined)
      .then(
        () => undefined,
        (error: unknown) => error
      );
    expect(failed).toBeInstanceOf(Error);
    expect(failed).not.toBeInstanceOf(RemoteGone);
    expect((failed as Error).message).toMatch(/^upload \/none\/f\.bin: /);
  });
});
