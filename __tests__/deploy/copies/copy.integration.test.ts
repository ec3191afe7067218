// Issue 64, points 1 and 7: operation copy, the copies input's lines one after the other, either way, over
// each volume's SFTP session, against the strict emulator and its real SFTP server (ssh2 on 127.0.0.1):
// an upload and a download, what is there already skipped, the first copy that fails ending the copies,
// a dry run and a refused line sending nothing, the outputs and the summary's part. Judged by the
// emulator's volume files and requests, and the workspace's files.
import { createHash, randomBytes } from 'node:crypto';
import {
  mkdirSync,
  mkdtempSync,
  readFileSync,
  realpathSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { renderSummary } from '../../../src/action/summary.js';
import { InputError } from '../../../src/basics/input-error.js';
import { aSecondApart, useStepBench } from '../../helpers/emulator-step.js';

const sha256 = (data: Uint8Array | string): string => createHash('sha256').update(data).digest('hex');
const OBTAIN = '/api/storage/nas/v1/sftp/obtain';
const DESTROY = '/api/storage/nas/v1/sftp/destroy';

describe('operation copy', () => {
  const bench = useStepBench({ readyAfterSeconds: 5, strict: true }, {});
  const step = aSecondApart(bench);
  let workspace = '';
  const big = randomBytes(200 * 1024);
  beforeEach(() => {
    workspace = realpathSync(mkdtempSync(join(tmpdir(), 'copy-op-')));
    mkdirSync(join(workspace, 'ds', 'sub'), { recursive: true });
    writeFileSync(join(workspace, 'ds', 'a.txt'), 'alpha');
    writeFileSync(join(workspace, 'ds', 'sub', 'b.bin'), big);
  });
  afterEach(() => {
    rmSync(workspace, { recursive: true, force: true });
  });
  const volume = async (name = 'work'): Promise<number> =>
    Number((await step({ operation: 'volume', volume: name, size: '10' })).outputs.storage_id);
  const copy = (copies: string, options: { dryRun?: boolean } = {}) =>
    step({ operation: 'copy', copies }, { env: { GITHUB_WORKSPACE: workspace }, ...options });
  const summaryOf = (done: Awaited<ReturnType<typeof copy>>): string =>
    renderSummary(
      done.result,
      done.failure === undefined ? { passed: true } : { passed: false, why: done.failure }
    );

  it('fails for a volume that is not Active, saying a copy over its session needs it so, and opens none', async () => {
    bench.emulator.storage.setVolumeSettleSeconds(600);
    await step({ operation: 'volume', volume: 'work', size: '10', wait_timeout: '10s' });
    const from = bench.emulator.requests.length;
    const done = await copy('./ds/ -> work:/data');
    expect(done.failure).toMatch(
      /volume .* is not Active, and a copy over its SFTP session needs it Active: make sure of it first with operation volume/
    );
    expect(bench.emulator.requests.slice(from).filter((r) => r.path === OBTAIN)).toEqual([]);
  });

  it('uploads a workspace directory into a volume over its session, destroyed after, and says what it copied', async () => {
    const id = await volume();
    const from = bench.emulator.requests.length;
    const done = await copy('./ds/ -> work:/data');
    expect(done.failure).toBeUndefined();
    expect(
      bench.emulator.storage
        .volumeFiles(id, '/data')
        .map((f) => [f.name, f.bytes, f.hash])
        .sort()
    ).toEqual([
      ['a.txt', 5, sha256('alpha')],
      ['sub/b.bin', big.length, sha256(big)]
    ]);
    const paths = bench.emulator.requests.slice(from).map((r) => r.path);
    expect(paths.filter((p) => p === OBTAIN).length).toBeGreaterThanOrEqual(1);
    expect(paths.lastIndexOf(DESTROY)).toBeGreaterThan(paths.lastIndexOf(OBTAIN));
    expect(bench.emulator.storage.sftpStatus(id)).toBeUndefined();
    expect(done.left?.sftpSessions).toEqual([]);
    expect(done.outputs).toMatchObject({
      files: '2',
      bytes: String(5 + big.length),
      skipped_files: '0'
    });
    expect(done.outputs.duration).toMatch(/^\d+$/);
    expect(bench.log).toContainEqual(
      expect.stringMatching(/^copy: the workspace's \.\/ds\/ -> volume \d+:\/data: 2 files copied/)
    );
    expect(summaryOf(done)).toContain(
      '| &#46;/ds/ | work&#58;/data | SFTP session | copied | 2 | 0.00 GiB | 0 |'
    );
    // The session's password is in no line, state or output the step wrote.
    const passwords = bench.emulator.storage.sftpSessions.passwords();
    expect(passwords.length).toBeGreaterThanOrEqual(1);
    const written = JSON.stringify([bench.log, done.states, done.outputs, summaryOf(done)]);
    for (const password of passwords) expect(written).not.toContain(password);
  });

  it('downloads a volume path into the workspace, and a second run skips what is there already', async () => {
    const id = await volume();
    bench.emulator.storage.writeVolume(id, '/out', [
      { name: 'log.txt', bytes: 4096, hash: 'the-log' },
      { name: 'ckpt/model.bin', bytes: 8192, hash: 'the-model' }
    ]);
    const first = await copy('work:/out -> ./results/');
    expect(first.failure).toBeUndefined();
    expect(statSync(join(workspace, 'results', 'log.txt')).size).toBe(4096);
    expect(statSync(join(workspace, 'results', 'ckpt', 'model.bin')).size).toBe(8192);
    expect(first.outputs).toMatchObject({ files: '2', bytes: String(4096 + 8192), skipped_files: '0' });
    const again = await copy('work:/out -> ./results/');
    expect(again.failure).toBeUndefined();
    expect(again.outputs).toMatchObject({ files: '0', bytes: '0', skipped_files: '2' });
    expect(summaryOf(again)).toContain(
      '| work&#58;/out | &#46;/results/ | SFTP session | copied | 0 | 0.00 GiB | 2 |'
    );
    expect(bench.emulator.storage.sftpStatus(id)).toBeUndefined();
  });

  it('copies its lines one after the other, each its own way, and stops at the first that fails', async () => {
    const id = await volume();
    bench.emulator.storage.writeVolume(id, '/out', [{ name: 'r.txt', bytes: 10, hash: 'r' }]);
    const both = await copy('./ds/a.txt -> work:/in/a.txt\nwork:/out -> ./back/');
    expect(both.failure).toBeUndefined();
    expect(bench.emulator.storage.volumeFiles(id, '/in').map((f) => f.name)).toEqual(['a.txt']);
    expect(statSync(join(workspace, 'back', 'r.txt')).size).toBe(10);
    expect(both.outputs).toMatchObject({ files: '2', bytes: '15' });

    const stopped = await copy('nowhere:/out -> ./back/\n./ds/ -> work:/later');
    expect(stopped.failure).toMatch(
      /^copy: copy 1 of 2 did not complete: no volume is named "nowhere" \(nor has that storage_id\)/
    );
    expect(bench.emulator.storage.volumeFiles(id, '/later')).toEqual([]);
    const summary = summaryOf(stopped);
    expect(summary).toContain('| nowhere&#58;/out | &#46;/back/ | SFTP session | failed |');
    expect(summary).toContain(
      '| &#46;/ds/ | work&#58;/later | SFTP session | not tried (an earlier copy failed) |'
    );
    expect(summary).toContain('Failed: copy 1 of 2 did not complete');
    expect(stopped.outputs).toMatchObject({ files: '0', skipped_files: '0' });
  });

  it('copies a line that names object storage as a transfer, either way, and counts what the transfer copied', async () => {
    const id = await volume();
    bench.emulator.storage.setTransferPace({ queueMs: 0, pendingMs: 0, countMs: 0, bytesPerSecond: 1e12 });
    const storage = {
      s3_supplier: 'tencent',
      s3_endpoint: 'cos.ap-guangzhou.myqcloud.com',
      s3_bucket: 'training-data',
      s3_access_key: 'AKIDCOPYEXAMPLE',
      s3_secret_key: 'copySecretKeyExample'
    };
    const done = await step(
      { operation: 'copy', copies: 'datasets/v3/ -> work:/data\nwork:/data -> backup/', ...storage },
      { env: { GITHUB_WORKSPACE: workspace } }
    );
    expect(done.failure).toBeUndefined();
    // The emulator's prefix holds 40 files of 50 MiB until a test sets others: in, then back out.
    expect(bench.emulator.storage.volumeFiles(id, '/data')).toHaveLength(40);
    expect(bench.emulator.storage.objects('training-data', 'backup/')).toHaveLength(40);
    expect(bench.sent('/api/storage/nas/v1/encrypt/s3/create')).toHaveLength(2);
    expect(bench.sent(OBTAIN)).toEqual([]);
    expect(done.outputs).toMatchObject({ files: '80', bytes: String(80 * 50 * 1024 * 1024) });
    const summary = summaryOf(done);
    expect(summary).toContain('| datasets/v3/ | work&#58;/data | transfer | copied | 40 | 1.95 GiB |');
    expect(summary).toContain('| work&#58;/data | backup/ | transfer | copied | 40 | 1.95 GiB |');
    expect(JSON.stringify([bench.log, summary, done.outputs])).not.toContain(storage.s3_secret_key);
  });

  it('copies nothing more once the step is cancelled: the lines after it are not tried', async () => {
    const id = await volume();
    const done = await step(
      { operation: 'copy', copies: './ds/a.txt -> work:/one/a.txt\n./ds/ -> work:/two' },
      { env: { GITHUB_WORKSPACE: workspace }, cancelWhen: /files? copied/ }
    );
    expect(done.failure).toMatch(/the step was cancelled before copy 2 of 2/);
    expect(bench.emulator.storage.volumeFiles(id, '/one').map((f) => f.name)).toEqual(['a.txt']);
    expect(bench.emulator.storage.volumeFiles(id, '/two')).toEqual([]);
    expect(bench.emulator.storage.sftpStatus(id)).toBeUndefined();
    expect(summaryOf(done)).toContain('| &#46;/ds/ | work&#58;/two | SFTP session | not tried');
  });

  it("fails when the session ends in Exception, the platform's words escaped in the summary", async () => {
    const id = await volume();
    bench.emulator.storage.failSftpSessions(1, {
      error_code: 'E42',
      error_message: '<img src=x onerror=alert(1)> | **no**'
    });
    const done = await copy('./ds/ -> work:/data');
    expect(done.failure).toMatch(/failed \(Exception\): error_code "E42"/);
    expect(bench.emulator.storage.volumeFiles(id, '/data')).toEqual([]);
    const summary = summaryOf(done);
    expect(summary).toContain('Failed: ');
    expect(summary).not.toContain('<img');
    expect(summary).not.toContain('**no**');
    expect(summary).toContain('&#60;img src&#61;x onerror&#61;alert&#40;1&#41;&#62;');
  });

  it('says in a dry run what it would copy, and sends nothing', async () => {
    await volume();
    const from = bench.emulator.requests.length;
    await expect(copy('./ds/ -> work:/data\nwork:/out -> ./results/', { dryRun: true })).rejects.toThrow(
      /the step reported nothing/
    );
    expect(bench.emulator.requests.length).toBe(from);
    expect(bench.log).toEqual(
      expect.arrayContaining([
        "dry run: copies: the workspace's ./ds/ would be copied into volume work:/data over volume work's SFTP session (opened for the copy, ended after it)",
        "dry run: copies: volume work:/out would be copied to the workspace's ./results/ over volume work's SFTP session (opened for the copy, ended after it)",
        'dry run: nothing was sent'
      ])
    );
  });

  it.each([
    [
      '../secrets -> work:/data',
      /^copies has "\.\.\/secrets -> work:\/data", which names "\.\.\/secrets", a path outside the workspace: write a path from the workspace that starts with \.\/, such as \.\/dataset\//
    ],
    [
      './ds/ -> ./elsewhere/',
      /^copies has "\.\/ds\/ -> \.\/elsewhere\/", which copies from the workspace to the workspace, but each copy goes into a volume or out of one, from or to the workspace or an object prefix: write \.\/dir\/ -> volume:\/path or volume:\/path -> \.\/dir\//
    ],
    [
      './missing/ -> work:/data',
      /^copies has a copy from "\.\/missing\/", but it cannot be read in the workspace \(ENOENT\): name a path inside the workspace/
    ],
    [
      'datasets/ -> work:/data',
      /^s3_supplier is empty, but copies has a copy through the object storage it names: set s3_supplier/
    ]
  ])(
    'refuses %s before anything is sent, in one line naming the input, the value and the fix',
    async (line, why) => {
      const from = bench.emulator.requests.length;
      const refused = copy(line);
      await expect(refused).rejects.toThrow(InputError);
      await expect(refused).rejects.toThrow(why);
      expect(bench.emulator.requests.length).toBe(from);
    }
  );

  it('refuses an upload through a link that points out of the workspace, sending nothing', async () => {
    const outside = realpathSync(mkdtempSync(join(tmpdir(), 'outside-')));
    try {
      writeFileSync(join(outside, 'secret.txt'), 'not yours');
      symlinkSync(outside, join(workspace, 'linked'));
      const from = bench.emulator.requests.length;
      await expect(copy('./linked/ -> work:/data')).rejects.toThrow(
        /^copies has a copy from "\.\/linked\/", but a link on it points outside the workspace: name a path inside the workspace/
      );
      expect(bench.emulator.requests.length).toBe(from);
      expect(readFileSync(join(outside, 'secret.txt'), 'utf8')).toBe('not yours');
    } finally {
      rmSync(outside, { recursive: true, force: true });
    }
  });

  it('refuses copies given to another operation, and copy without copies', async () => {
    await expect(
      step({ operation: 'volume', volume: 'work', size: '10', copies: './ds/ -> work:/data' })
    ).rejects.toThrow(
      /^copies is set, but volume does not copy them: copies are the lines operation copy copies/
    );
    await expect(step({ operation: 'copy' })).rejects.toThrow(
      /^copies is empty, but copy copies what it names/
    );
    expect(bench.emulator.requests).toEqual([]);
  });
});
