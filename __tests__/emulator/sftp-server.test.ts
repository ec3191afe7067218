// The emulator's in-process SFTP server (issue 64, point 6), reached with ssh2's own Client over 127.0.0.1:
// password sign-in through the sessions' accounts, each user confined to its volume's files, the same files
// a transfer copies and a job wrote; the knobs that drop a connection mid-file and plant hostile names.
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ssh2 from 'ssh2';
import { startSftpServer, type SftpServer } from '../../emulator/sftp-server.js';
import { TransferStore, type TransferRequest } from '../../emulator/transfers.js';
import { syntheticBytes } from '../../emulator/volume-content.js';
import { connectSftp, type TestSftp } from './sftp-helpers.js';

const { STATUS_CODE } = ssh2.utils.sftp;
const MIB = 1024 * 1024;
const VOLUME = 1001;
const OTHER = 1002;

const sha256 = (content: Buffer): string => createHash('sha256').update(content).digest('hex');

let now = 1_763_715_600_000;
let transfers: TransferStore;
let server: SftpServer;
let accounts: Map<string, { password: string; storageId: number }>;
/** What jobs wrote (the coordinator's refresh brings in the JobStore's written()). */
let jobWrites: { storageId: number; path: string; files: { name: string; bytes: number; hash: string }[] }[];
let local: string;
const open: TestSftp[] = [];

beforeEach(async () => {
  transfers = new TransferStore(() => now);
  transfers.pace = { queueMs: 1000, pendingMs: 1000, countMs: 1000, bytesPerSecond: 100 * MIB };
  accounts = new Map([
    ['u-1001', { password: 'p-1001', storageId: VOLUME }],
    ['u-1002', { password: 'p-1002', storageId: OTHER }]
  ]);
  jobWrites = [];
  server = await startSftpServer({
    accounts: {
      storageIdOf: (username, password) => {
        const account = accounts.get(username);
        return account?.password === password ? account.storageId : undefined;
      }
    },
    files: transfers.files,
    refresh: () => {
      transfers.settle();
      for (const { storageId, path, files } of jobWrites) transfers.writeVolume(storageId, path, files);
    }
  });
  local = mkdtempSync(join(tmpdir(), 'sftp-test-'));
});

afterEach(async () => {
  await Promise.all(open.splice(0).map((s) => s.end()));
  await server.close();
  transfers.files.close();
  rmSync(local, { recursive: true, force: true });
});

async function signIn(username = 'u-1001', password = 'p-1001'): Promise<TestSftp> {
  const session = await connectSftp(server, username, password);
  open.push(session);
  return session;
}

const codeOf = async (act: Promise<unknown>): Promise<number | undefined> => {
  try {
    await act;
  } catch (error) {
    return (error as { code?: number }).code;
  }
  return undefined;
};

const request = (fields: Partial<TransferRequest>): TransferRequest => ({
  name: undefined,
  storageId: VOLUME,
  storageName: 'data',
  direction: 2,
  supplier: 'tencent',
  endpoint: 'cos.example.com',
  bucket: 'out',
  prefix: 'copied/',
  nasPath: '/data',
  overwritePolicy: 2,
  ignorePatterns: [],
  ...fields
});

describe("the emulator's SFTP server", () => {
  it('signs in only with a session account’s password, and shows the host key whose fingerprint it reports', async () => {
    await expect(connectSftp(server, 'u-1001', 'wrong')).rejects.toThrow(/authentication/i);
    await expect(connectSftp(server, 'nobody', 'p-1001')).rejects.toThrow(/authentication/i);
    const session = await signIn();
    expect(session.seen).toBe(server.fingerprint);
    expect(server.fingerprint).toMatch(/^SHA256:[A-Za-z0-9+/]{43}$/);
    expect(server.publicKey).toMatch(/^ecdsa-sha2-nistp256 /);
    accounts.delete('u-1001');
    await expect(connectSftp(server, 'u-1001', 'p-1001')).rejects.toThrow(/authentication/i);
  });

  it('round-trips small and multi-MiB files byte for byte with fastPut and fastGet at a concurrency of 8', async () => {
    const session = await signIn();
    await session.mkdir('/data');
    const small = randomBytes(100);
    const large = randomBytes(5 * MIB + 123);
    writeFileSync(join(local, 'small.bin'), small);
    writeFileSync(join(local, 'large.bin'), large);
    await session.fastPut(join(local, 'small.bin'), '/data/small.bin');
    await session.fastPut(join(local, 'large.bin'), '/data/large.bin');
    await session.fastGet('/data/small.bin', join(local, 'small.back'));
    await session.fastGet('/data/large.bin', join(local, 'large.back'));
    expect(readFileSync(join(local, 'small.back')).equals(small)).toBe(true);
    expect(readFileSync(join(local, 'large.back')).equals(large)).toBe(true);
    expect((await session.stat('/data/large.bin')).size).toBe(large.length);
    // Through streams too, and an overwrite replaces the content whole.
    await session.write('/data/small.bin', Buffer.from('short'));
    expect((await session.read('/data/small.bin')).toString()).toBe('short');
  });

  it('leaves what was uploaded for a transfer from that path: names (subfolders too), sizes and sha256', async () => {
    const session = await signIn();
    await session.mkdir('/data');
    await session.mkdir('/data/sub');
    const a = randomBytes(3 * MIB);
    const b = randomBytes(777);
    writeFileSync(join(local, 'a'), a);
    writeFileSync(join(local, 'b'), b);
    await session.fastPut(join(local, 'a'), '/data/a.bin');
    await session.fastPut(join(local, 'b'), '/data/sub/b.bin');
    expect(transfers.volumeFiles(VOLUME, '/data')).toEqual([
      { name: 'a.bin', bytes: a.length, hash: sha256(a) },
      { name: 'sub/b.bin', bytes: b.length, hash: sha256(b) }
    ]);
    const { id } = transfers.create(request({})) as { id: number };
    now += 60_000;
    expect(transfers.detail(id)).toMatchObject({ status: 'Completed', total_files: 2 });
    expect(transfers.objects('out', 'copied/')).toEqual([
      { name: 'a.bin', bytes: a.length, hash: sha256(a) },
      { name: 'sub/b.bin', bytes: b.length, hash: sha256(b) }
    ]);
    // Changed over SFTP, its hash is worked out again.
    await session.write('/data/sub/b.bin', Buffer.from('changed'));
    expect(transfers.volumeFiles(VOLUME, '/data/sub')).toEqual([
      { name: 'b.bin', bytes: 7, hash: sha256(Buffer.from('changed')) }
    ]);
  });

  it('serves what a job wrote and what a transfer copied in: the size right, the content made from its hash', async () => {
    const session = await signIn();
    jobWrites.push({
      storageId: VOLUME,
      path: '/out',
      files: [{ name: 'result.bin', bytes: 3 * MIB + 5, hash: 'job-1' }]
    });
    await session.fastGet('/out/result.bin', join(local, 'result'));
    const got = readFileSync(join(local, 'result'));
    expect(got.length).toBe(3 * MIB + 5);
    expect(got.equals(syntheticBytes('job-1', 0, 3 * MIB + 5))).toBe(true);
    expect((await session.read('/out/result.bin')).equals(got)).toBe(true);
    // Removed, a job's result is not brought back by the next look.
    await session.unlink('/out/result.bin');
    expect(await session.readdir('/out')).toEqual([]);
    transfers.setObjects('in', 'set/', [{ name: 'x/part-0.bin', bytes: 1000, hash: 'h0' }]);
    transfers.create(request({ direction: 1, bucket: 'in', prefix: 'set/', nasPath: '/weights' }));
    now += 60_000;
    expect(transfers.volumeFiles(VOLUME, '/weights')).toEqual([
      { name: 'x/part-0.bin', bytes: 1000, hash: 'h0' }
    ]);
    expect((await session.read('/weights/x/part-0.bin')).equals(syntheticBytes('h0', 0, 1000))).toBe(true);
  });

  it('drops the connection mid-file once so many bytes moved, for the next files the knob names', async () => {
    const big = randomBytes(4 * MIB);
    writeFileSync(join(local, 'big'), big);
    server.dropNext(1, MIB);
    const first = await signIn();
    // ssh2's fastPut and fastGet never call back once their connection is gone: the connection's end is
    // what a client sees.
    const put = first.fastPut(join(local, 'big'), '/big.bin').then(
      () => 'done',
      () => 'failed'
    );
    await first.closed;
    expect(await Promise.race([put, Promise.resolve('unfinished')])).not.toBe('done');
    const partial = transfers.volumeFiles(VOLUME, '/')[0];
    expect(partial?.bytes).toBeGreaterThanOrEqual(MIB);
    expect(partial?.bytes).toBeLessThan(big.length);
    // The knob is spent: the next try goes through, and a read is dropped as well when asked.
    const second = await signIn();
    await second.fastPut(join(local, 'big'), '/big.bin');
    server.dropNext(1, 256 * 1024);
    const get = second.fastGet('/big.bin', join(local, 'back')).then(
      () => 'done',
      () => 'failed'
    );
    await second.closed;
    expect(await Promise.race([get, Promise.resolve('unfinished')])).not.toBe('done');
    const third = await signIn();
    await third.fastGet('/big.bin', join(local, 'back'));
    expect(readFileSync(join(local, 'back')).equals(big)).toBe(true);
  });

  it('closes every live connection of a volume on end(id), and no other', async () => {
    const one = await signIn();
    const two = await signIn();
    const other = await signIn('u-1002', 'p-1002');
    expect(server.connections(VOLUME)).toBe(2);
    server.end(VOLUME);
    await Promise.all([one.closed, two.closed]);
    expect(server.connections(VOLUME)).toBe(0);
    expect(server.connections(OTHER)).toBe(1);
    expect(await other.realpath('.')).toBe('/');
  });

  it('keeps each user inside its volume: `..` stops at the root, another volume is out of sight', async () => {
    const session = await signIn();
    const neighbour = await signIn('u-1002', 'p-1002');
    await neighbour.write('/secret.txt', Buffer.from('theirs'));
    expect(await session.realpath('..')).toBe('/');
    expect(await session.realpath('/../../etc/../data/./x')).toBe('/data/x');
    expect(await codeOf(session.stat('/secret.txt'))).toBe(STATUS_CODE.NO_SUCH_FILE);
    expect(await codeOf(session.stat('/../../../etc/passwd'))).toBe(STATUS_CODE.NO_SUCH_FILE);
    await session.write('../../escape.txt', Buffer.from('inside'));
    expect(transfers.volumeFiles(VOLUME, '/').map((f) => f.name)).toEqual(['escape.txt']);
    expect(transfers.volumeFiles(OTHER, '/').map((f) => f.name)).toEqual(['secret.txt']);
    // A link pointing out of the volume ends inside it: at its root.
    transfers.files.symlink(VOLUME, '/out', '../../../..');
    expect(await session.readlink('/out')).toBe('../../../..');
    expect((await session.lstat('/out')).isSymbolicLink()).toBe(true);
    expect((await session.stat('/out')).isDirectory()).toBe(true);
    expect(await session.realpath('/out')).toBe('/');
    expect(await codeOf(session.rmdir('/'))).toBe(STATUS_CODE.PERMISSION_DENIED);
  });

  it('lists, makes folders, stats, sets times and modes, renames and removes, with the right statuses', async () => {
    const session = await signIn();
    await session.mkdir('/d');
    await session.write('/d/f.txt', Buffer.from('hello'));
    expect(await codeOf(session.mkdir('/d'))).toBe(STATUS_CODE.FAILURE);
    expect(await codeOf(session.mkdir('/none/d'))).toBe(STATUS_CODE.NO_SUCH_FILE);
    const listed = await session.readdir('/d');
    expect(listed.map((e) => [e.filename, e.attrs.size, e.attrs.isFile()])).toEqual([['f.txt', 5, true]]);
    // The mode the client's write stream set (0o666), as `ls -l` shows it.
    expect(listed[0]?.longname).toMatch(/^-rw-rw-rw- .* 5 .* f\.txt$/);
    const dir = await session.stat('/d');
    expect(dir.isDirectory()).toBe(true);
    await session.setstat('/d/f.txt', { mtime: 1_700_000_000, atime: 1_700_000_000 });
    expect((await session.stat('/d/f.txt')).mtime).toBe(1_700_000_000);
    await session.setstat('/d/f.txt', { mode: 0o444 });
    expect((await session.stat('/d/f.txt')).mode).toBe(0o100444);
    expect(await codeOf(session.write('/d/f.txt', Buffer.from('no')))).toBe(STATUS_CODE.PERMISSION_DENIED);
    await session.rename('/d/f.txt', '/d/g.txt');
    await session.write('/d/h.txt', Buffer.from('h'));
    expect(await codeOf(session.rename('/d/g.txt', '/d/h.txt'))).toBe(STATUS_CODE.FAILURE);
    expect(await codeOf(session.rename('/d/nothing', '/d/x'))).toBe(STATUS_CODE.NO_SUCH_FILE);
    await session.rename('/d', '/e');
    expect((await session.read('/e/g.txt')).toString()).toBe('hello');
    expect(await codeOf(session.rmdir('/e'))).toBe(STATUS_CODE.FAILURE);
    expect(await codeOf(session.unlink('/e'))).toBe(STATUS_CODE.FAILURE);
    await session.unlink('/e/g.txt');
    await session.unlink('/e/h.txt');
    expect(await codeOf(session.unlink('/e/h.txt'))).toBe(STATUS_CODE.NO_SUCH_FILE);
    await session.rmdir('/e');
    expect(await session.readdir('/')).toEqual([]);
  });

  it('answers a listing with the hostile names a test plants, and serves them as named', async () => {
    const session = await signIn();
    await session.mkdir('/data');
    await session.write('/data/ok.txt', Buffer.from('ok'));
    server.plant(VOLUME, '/data', [
      { name: '..', type: 'dir' },
      { name: '../escape', bytes: 10 },
      { name: '/etc/passwd', bytes: 20 },
      { name: 'a/b', bytes: 30 },
      { name: 'evil', type: 'link' }
    ]);
    const listed = await session.readdir('/data');
    expect(listed.map((e) => e.filename)).toEqual([
      'ok.txt',
      '..',
      '../escape',
      '/etc/passwd',
      'a/b',
      'evil'
    ]);
    expect(listed.find((e) => e.filename === 'evil')?.attrs.isSymbolicLink()).toBe(true);
    expect((await session.read('/data/../escape')).length).toBe(10);
    expect((await session.stat('/data//etc/passwd')).size).toBe(20);
    expect((await session.read('/data/a/b')).equals(syntheticBytes('planted:/data/a/b', 0, 30))).toBe(true);
  });
});
