// Issue 64: a job's data from the workspace into its volume, and its results back, over the volume's SFTP
// session, against the strict emulator and its real SFTP server (ssh2 on 127.0.0.1): the data is in the
// volume before the job is made, the results are in the workspace after the job failed, a dropped
// connection is resumed, an expired session is asked for again, and the session's password is written
// nowhere. Judged by the emulator's volume files and its requests.
import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { useStepBench, aSecondApart } from '../../helpers/emulator-step.js';
import { JOB_BODY } from '../../helpers/bodies.js';

const sha256 = (data: Uint8Array | string): string => createHash('sha256').update(data).digest('hex');

describe('workspace copies over the volume SFTP session', () => {
  const bench = useStepBench(
    {
      readyAfterSeconds: 5,
      strict: true,
      jobs: { podSeconds: 20, scripts: [{ pattern: /^fails/, exitCode: 1 }] }
    },
    {}
  );
  const step = aSecondApart(bench);
  let workspace = '';
  const env = () => ({ GITHUB_WORKSPACE: workspace });
  const big = randomBytes(300 * 1024);
  beforeEach(() => {
    workspace = realpathSync(mkdtempSync(join(tmpdir(), 'workspace-sftp-')));
    mkdirSync(join(workspace, 'ds', 'sub'), { recursive: true });
    writeFileSync(join(workspace, 'ds', 'a.txt'), 'alpha');
    writeFileSync(join(workspace, 'ds', 'sub', 'b.bin'), big);
  });
  afterEach(() => {
    rmSync(workspace, { recursive: true, force: true });
  });
  const volume = async (): Promise<number> =>
    Number((await step({ operation: 'volume', volume: 'work', size: '10' })).outputs.storage_id);
  const indexOf = (path: string, from = 0): number =>
    bench.emulator.requests.findIndex((r, i) => i >= from && r.path === path);
  const job = (name: string, inputs: Record<string, string> = {}) =>
    step(
      {
        operation: 'job',
        task_name: name,
        gpu: '4090',
        body: JOB_BODY,
        volumes: 'work:/work',
        data: './ds/ -> work:/data',
        results: 'work:/out -> ./results/',
        ...inputs
      },
      { env: env() }
    );

  it('uploads the data before the job is made and downloads the results after it failed, the session closed each time', async () => {
    const id = await volume();
    // What the job wrote in its volume before it failed.
    bench.emulator.storage.writeVolume(id, '/out', [{ name: 'log.txt', bytes: 4096, hash: 'the-log' }]);
    const { failure, left } = await job('fails-eval');
    expect(failure).toMatch(/Failed/);
    const uploaded = bench.emulator.storage.volumeFiles(id, '/data');
    expect(uploaded.map((f) => [f.name, f.bytes, f.hash]).sort()).toEqual([
      ['a.txt', 5, sha256('alpha')],
      ['sub/b.bin', big.length, sha256(big)]
    ]);
    // The session was opened and destroyed before the job's create, and again after the job ended.
    const create = indexOf('/api/task/job/create');
    const firstDestroy = indexOf('/api/storage/nas/v1/sftp/destroy');
    expect(indexOf('/api/storage/nas/v1/sftp/obtain')).toBeLessThan(firstDestroy);
    expect(firstDestroy).toBeLessThan(create);
    expect(indexOf('/api/storage/nas/v1/sftp/obtain', create)).toBeGreaterThan(create);
    expect(indexOf('/api/storage/nas/v1/sftp/destroy', create)).toBeGreaterThan(create);
    expect(bench.emulator.storage.sftpStatus(id)).toBeUndefined();
    expect(statSync(join(workspace, 'results', 'log.txt')).size).toBe(4096);
    expect(bench.log).toContainEqual(
      expect.stringContaining(`shows the host key ${bench.emulator.sftp.fingerprint}`)
    );
    expect(left?.sftpSessions).toEqual([]);
    // The password is in no line, state or file the step wrote.
    const passwords = bench.emulator.storage.sftpSessions.passwords();
    expect(passwords.length).toBeGreaterThanOrEqual(1);
    const written = JSON.stringify([bench.log, left]);
    for (const password of passwords) expect(written).not.toContain(password);
  });

  it('copies nothing twice: a second run skips what is there already, and says so', async () => {
    await volume();
    expect((await job('eval-1', { results: '' })).failure).toBeUndefined();
    bench.log.length = 0;
    expect((await job('eval-2', { results: '' })).failure).toBeUndefined();
    expect(bench.log).toContainEqual(expect.stringMatching(/0 files copied .*2 skipped: already there/));
  });

  it('resumes a connection dropped mid-file: the file copied again over a new connection, whole', async () => {
    const id = await volume();
    bench.emulator.sftp.dropNext(1, 64 * 1024);
    expect((await job('eval', { results: '' })).failure).toBeUndefined();
    const file = bench.emulator.storage.volumeFiles(id, '/data').find((f) => f.name === 'sub/b.bin');
    expect(file?.hash).toBe(sha256(big));
    // Both files may have been in flight when the connection dropped: each is tried again (one whole
    // already, then found there), over one new connection.
    expect(bench.log.find((line) => line.includes(' copied ('))).toMatch(
      /: [12] files? copied \(.*, 0 failed, in .* \([12] retr(y|ies), 1 reconnect\)$/
    );
  });

  it('asks for a new session when the last one ended under the copy (destroyed by another run on the volume)', async () => {
    const id = await volume();
    bench.emulator.sftp.dropNext(1, 64 * 1024);
    // The drop comes with the session's end: the next login with its credentials is refused.
    const ended = bench.emulator.storage.sftpSessions.onEnded(() => undefined);
    let expired = false;
    const stop = setInterval(() => {
      if (!expired && bench.emulator.sftp.connections(id) > 0) {
        expired = true;
        bench.emulator.storage.expireSftpSession(id);
      }
    }, 1);
    try {
      expect((await job('eval', { results: '' })).failure).toBeUndefined();
    } finally {
      clearInterval(stop);
      ended();
    }
    expect(expired).toBe(true);
    expect(bench.log).toContainEqual(
      expect.stringMatching(/refused the session's login \(it ended\): asking for a new one/)
    );
    expect(
      bench.emulator.storage
        .volumeFiles(id, '/data')
        .map((f) => f.hash)
        .sort()
    ).toEqual([sha256('alpha'), sha256(big)].sort());
  });

  it('downloads into the workspace only: a file the results would write through a link is refused', async () => {
    const id = await volume();
    bench.emulator.storage.writeVolume(id, '/out', [{ name: 'x.txt', bytes: 10, hash: 'x' }]);
    const outside = realpathSync(mkdtempSync(join(tmpdir(), 'outside-')));
    try {
      const { symlinkSync } = await import('node:fs');
      mkdirSync(join(workspace, 'results'));
      symlinkSync(join(outside, 'x.txt'), join(workspace, 'results', 'x.txt'));
      const { failure } = await job('eval', { data: '' });
      expect(failure).toMatch(/results/);
      expect(() => readFileSync(join(outside, 'x.txt'))).toThrow();
    } finally {
      rmSync(outside, { recursive: true, force: true });
    }
  });
});
