// Hostile scenarios of workspace copies (issue 64), against the strict emulator over real HTTPS and its real
// SFTP server, on the fake clock: reads held back, two runs on one volume, sessions that never open or end
// in Exception, cancels at each phase, connections that keep dropping, optional fields absent, the volume
// deleted under a session. Judged by the emulator's state (its volume files, its SFTP sessions, its
// requests) and the ledger the step leaves; never by the wording of a line alone.
import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { aSecondApart, useStepBench } from '../../helpers/emulator-step.js';
import { JOB_BODY } from '../../helpers/bodies.js';
import { until } from '../../helpers/until.js';

const OBTAIN = '/api/storage/nas/v1/sftp/obtain';
const DESTROY = '/api/storage/nas/v1/sftp/destroy';
const CREATE = '/api/task/job/create';
const sha256 = (data: Uint8Array | string): string => createHash('sha256').update(data).digest('hex');

describe('workspace copies over SFTP, hostile', () => {
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
  let outside = '';
  const big = randomBytes(300 * 1024);
  beforeEach(() => {
    workspace = realpathSync(mkdtempSync(join(tmpdir(), 'workspace-sftp-hostile-')));
    outside = realpathSync(mkdtempSync(join(tmpdir(), 'outside-sftp-hostile-')));
    mkdirSync(join(workspace, 'ds', 'sub'), { recursive: true });
    writeFileSync(join(workspace, 'ds', 'a.txt'), 'alpha');
    writeFileSync(join(workspace, 'ds', 'sub', 'b.bin'), big);
  });
  afterEach(() => {
    rmSync(workspace, { recursive: true, force: true });
    rmSync(outside, { recursive: true, force: true });
  });
  const volume = async (name = 'work'): Promise<number> =>
    Number((await step({ operation: 'volume', volume: name, size: '10' })).outputs.storage_id);
  const job = (name: string, inputs: Record<string, string> = {}, cancelWhen?: RegExp) =>
    step(
      {
        operation: 'job',
        task_name: name,
        gpu: '4090',
        body: JOB_BODY,
        volumes: 'work:/work',
        data: './ds/ -> work:/data',
        results: 'work:/out -> ./results/',
        wait_timeout: '10m',
        ...inputs
      },
      { env: { GITHUB_WORKSPACE: workspace }, ...(cancelWhen === undefined ? {} : { cancelWhen }) }
    );
  const uploaded = (id: number) =>
    bench.emulator.storage
      .volumeFiles(id, '/data')
      .map((f) => [f.name, f.bytes, f.hash])
      .sort();
  const whole = [
    ['a.txt', 5, sha256('alpha')],
    ['sub/b.bin', big.length, sha256(big)]
  ];

  describe('a copy where nothing moves', () => {
    it('says so every 30 s (files and GiB so far), and at the deadline closes the connection: failed in time, no job, the session destroyed', async () => {
      const id = await volume();
      bench.emulator.sftp.stallNext(1, 64 * 1024);
      const run = job('eval', { results: '', wait_timeout: '5m' });
      await until(() => bench.emulator.sftp.stalled() > 0, 'the upload to stall');
      bench.clock.advance(31);
      expect(bench.log).toContainEqual(
        expect.stringMatching(
          /still copying: no bytes moved for 3\ds \([01]\/2 files, 0(\.00)?\/0\.00 GiB so far\)$/
        )
      );
      bench.clock.advance(30);
      expect(bench.log.filter((line) => line.includes('still copying'))).toHaveLength(2);
      bench.clock.advance(300);
      const { failure, left } = await run;
      expect(failure).toMatch(/deadline came/);
      expect(bench.sent(CREATE)).toEqual([]);
      expect(bench.emulator.storage.sftpStatus(id)).toBeUndefined();
      expect(left?.sftpSessions).toEqual([]);
    });

    it('a cancel while a file stalls mid-upload ends the copy at once (its connection closed), not at the deadline: no job, the session destroyed', async () => {
      const id = await volume();
      bench.emulator.sftp.stallNext(1, 64 * 1024);
      // Cancelled as the heartbeat says nothing moved: the next look of the watch ends the copy.
      const run = job('eval', { results: '' }, /still copying/);
      await until(() => bench.emulator.sftp.stalled() > 0, 'the upload to stall');
      const started = bench.clock.now();
      bench.clock.advance(31);
      bench.clock.advance(1);
      const { failure, left } = await run;
      expect(failure).toMatch(/cancelled/);
      expect(bench.clock.now() - started).toBeLessThan(60_000);
      expect(bench.sent(CREATE)).toEqual([]);
      expect(bench.emulator.storage.sftpStatus(id)).toBeUndefined();
      expect(left?.sftpSessions).toEqual([]);
    });
  });

  describe('obtain held back', () => {
    const faults = () => {
      bench.emulator.inject({
        path: OBTAIN,
        answer: { kind: 'status', status: 429, retryAfter: { seconds: 3 } }
      });
      bench.emulator.inject({ path: OBTAIN, answer: { kind: 'status', status: 503 } });
      bench.emulator.inject({ path: OBTAIN, answer: { kind: 'reset' } });
    };

    it('answered 429 with Retry-After, 503 and not at all before the first session: the copy completes, whole, before the job; the session destroyed', async () => {
      const id = await volume();
      faults();
      const { failure, left } = await job('eval', { results: '' });
      expect(failure).toBeUndefined();
      expect(bench.sent(OBTAIN).filter((r) => r.fault !== undefined)).toHaveLength(3);
      expect(uploaded(id)).toEqual(whole);
      const create = bench.emulator.requests.findIndex((r) => r.path === CREATE);
      expect(bench.emulator.requests.findIndex((r) => r.path === DESTROY)).toBeLessThan(create);
      expect(bench.emulator.storage.sftpStatus(id)).toBeUndefined();
      expect(left?.sftpSessions).toEqual([]);
    });

    it('the same when a new session is asked for mid-copy (the first ended under it): completes whole, or fails with no job, the session never forgotten', async () => {
      const id = await volume();
      bench.emulator.sftp.dropNext(1, 64 * 1024);
      let ended = false;
      const watch = setInterval(() => {
        if (!ended && bench.emulator.sftp.connections(id) > 0) {
          ended = true;
          faults();
          bench.emulator.storage.expireSftpSession(id);
        }
      }, 1);
      let ran;
      try {
        ran = await job('eval', { results: '' });
      } finally {
        clearInterval(watch);
      }
      expect(ended).toBe(true);
      expect(ran.failure).toBeUndefined();
      expect(bench.sent(OBTAIN).filter((r) => r.fault !== undefined)).toHaveLength(3);
      expect(uploaded(id)).toEqual(whole);
      expect(bench.emulator.storage.sftpStatus(id)).toBeUndefined();
      expect(ran.left?.sftpSessions).toEqual([]);
    });
  });

  it('two runs at once on one volume, one destroying the session the other copies over: each completes with its files whole, or fails naming why', async () => {
    const id = await volume();
    const large = randomBytes(6 * 1024 * 1024);
    mkdirSync(join(workspace, 'ds2'));
    writeFileSync(join(workspace, 'ds2', 'large.bin'), large);
    const [first, second] = await Promise.all([
      job('eval-a', { results: '' }),
      step(
        {
          operation: 'job',
          task_name: 'eval-b',
          gpu: '4090',
          body: JOB_BODY,
          volumes: 'work:/work',
          data: './ds2/ -> work:/data2',
          wait_timeout: '10m'
        },
        { env: { GITHUB_WORKSPACE: workspace }, clockSkewMs: 60_000 }
      )
    ]);
    const files = bench.emulator.storage.volumeFiles(id, '/');
    const hashOf = (name: string) => files.find((f) => f.name === name)?.hash;
    // Each run: a success means its files are whole; a failure names why, and made no job of its data.
    if (first.failure === undefined) {
      expect(hashOf('data/a.txt')).toBe(sha256('alpha'));
      expect(hashOf('data/sub/b.bin')).toBe(sha256(big));
    } else expect(first.failure).toMatch(/data: /);
    if (second.failure === undefined) expect(hashOf('data2/large.bin')).toBe(sha256(large));
    else expect(second.failure).toMatch(/data: /);
    const made = bench.sent(CREATE).length;
    expect(made).toBe([first, second].filter((r) => r.failure === undefined).length);
    // No session is left open, nor forgotten.
    expect(bench.emulator.storage.sftpStatus(id)).toBeUndefined();
    expect([...(first.left?.sftpSessions ?? []), ...(second.left?.sftpSessions ?? [])]).toEqual([]);
  });

  it('a session Pending past the deadline: the step fails in time, no job; a session whose destroy failed is on the ledger, destroyed by the post step', async () => {
    const id = await volume();
    bench.emulator.storage.setSftp({ pendingMs: Infinity });
    bench.emulator.inject({ path: DESTROY, times: Infinity, answer: { kind: 'status', status: 502 } });
    const started = bench.clock.now();
    const { failure, left } = await job('eval', { wait_timeout: '2m', cleanup_timeout: '10s' });
    expect(failure).toMatch(/did not open: the step ran out of time while it was still Pending/);
    expect(bench.clock.now() - started).toBeLessThan(2 * 60_000 + 30_000);
    expect(bench.sent(CREATE)).toEqual([]);
    expect(bench.emulator.storage.sftpStatus(id)).toBe('Pending');
    expect(left?.sftpSessions).toEqual([{ storageId: String(id) }]);
    bench.emulator.clearFaults();
    const report = await bench.cleanup(left ?? {}, { operation: 'job' });
    expect(report.sftpSessions?.map((s) => s.outcome.kind)).toEqual(['shown']);
    expect(bench.emulator.storage.sftpStatus(id)).toBeUndefined();
  });

  it('a session that ends in Exception when a new one is asked for mid-copy: fails naming it, no job, the session destroyed', async () => {
    const id = await volume();
    bench.emulator.sftp.dropNext(1, 64 * 1024);
    let ended = false;
    const watch = setInterval(() => {
      if (!ended && bench.emulator.sftp.connections(id) > 0) {
        ended = true;
        bench.emulator.storage.failSftpSessions(1, {
          error_code: 'NAS_SFTP_BROKEN',
          error_message: 'gateway <b>down</b>'
        });
        bench.emulator.storage.expireSftpSession(id);
      }
    }, 1);
    let ran;
    try {
      ran = await job('eval', { results: '' });
    } finally {
      clearInterval(watch);
    }
    expect(ended).toBe(true);
    expect(ran.failure).toMatch(/Exception.*NAS_SFTP_BROKEN/);
    expect(bench.sent(CREATE)).toEqual([]);
    expect(bench.emulator.storage.sftpStatus(id)).toBeUndefined();
    expect(ran.left?.sftpSessions).toEqual([]);
  });

  describe('a cancel at each phase', () => {
    const phases: [string, RegExp][] = [
      ['before the upload', /^sftp: opening a session/],
      ['as the upload starts', /copying over the volume's SFTP session$/],
      ['between the upload and the create', / copied \(/]
    ];
    for (const [phase, line] of phases)
      it(`${phase}: no job made, the session destroyed, nothing written outside the workspace`, async () => {
        const id = await volume();
        const { failure, left } = await job('eval', {}, line);
        expect(failure).toMatch(/cancel/);
        expect(bench.sent(CREATE)).toEqual([]);
        expect(bench.emulator.storage.sftpStatus(id)).toBeUndefined();
        expect(left?.sftpSessions ?? []).toEqual([]);
        expect(readdirSync(outside)).toEqual([]);
      });

    for (const [phase, line] of [
      ['while the job runs', /Pending -> Running|Running/],
      ['mid-download', /results: .*copying over the volume's SFTP session$/]
    ] as const)
      it(`${phase}: the job made is stopped as today, the session destroyed, nothing written outside the workspace`, async () => {
        const id = await volume();
        bench.emulator.storage.writeVolume(id, '/out', [{ name: 'log.txt', bytes: 4096, hash: 'the-log' }]);
        const { left, outputs } = await job('eval', { results: `work:/out -> ./results/` }, line);
        expect(uploaded(id)).toEqual(whole);
        expect(bench.sent(CREATE)).toHaveLength(1);
        const taskId = outputs.task_id;
        expect(taskId).toBeDefined();
        bench.clock.advance(5);
        await bench.cleanup(left ?? {}, { operation: 'job' });
        expect(bench.emulator.jobs.get(taskId)).toMatchObject({ job_status: { active_pods: 0 } });
        expect(bench.emulator.storage.sftpStatus(id)).toBeUndefined();
        expect(readdirSync(outside)).toEqual([]);
        expect(bench.log).toContainEqual(expect.stringMatching(line));
      });
  });

  it('a connection dropped mid-file again and again: fails naming the file once its retries are spent, no job', async () => {
    const id = await volume();
    bench.emulator.sftp.dropNext(50, 64 * 1024);
    const { failure, warnings, left } = await job('eval', { results: '' });
    expect(failure).toMatch(/not copied/);
    expect(warnings).toContainEqual(expect.stringMatching(/sub\/b\.bin"? not copied: .*connection/));
    expect(bench.sent(CREATE)).toEqual([]);
    expect(
      bench.emulator.storage.volumeFiles(id, '/data').find((f) => f.name === 'sub/b.bin')?.hash
    ).not.toBe(sha256(big));
    expect(bench.emulator.storage.sftpStatus(id)).toBeUndefined();
    expect(left?.sftpSessions).toEqual([]);
  });

  it("the platform's optional fields absent (no expire_at, web_url, webdav_url): the copy completes whole", async () => {
    const id = await volume();
    bench.emulator.storage.setSftp({ omit: ['expire_at', 'web_url', 'webdav_url'] });
    const { failure, left } = await job('eval', { results: '' });
    expect(failure).toBeUndefined();
    expect(bench.log).toContainEqual(
      expect.stringMatching(/the session is open at .*, with no expiry given$/)
    );
    expect(uploaded(id)).toEqual(whole);
    expect(bench.emulator.storage.sftpStatus(id)).toBeUndefined();
    expect(left?.sftpSessions).toEqual([]);
  });

  it('the volume deleted while its session is open (the session ends with it): fails naming it, no job; its destroy judges the session closed', async () => {
    const id = await volume();
    // Both files stall at their first write, so that neither can land before the volume goes.
    bench.emulator.sftp.stallNext(2, 0);
    const run = job('eval', { results: '' });
    await until(
      () => bench.emulator.sftp.stalled() > 0 && bench.emulator.storage.volumeFiles(id, '/data').length === 2,
      'both files to be opened, their writes stalled'
    );
    const deleted = await step({
      operation: 'volume_delete',
      volume: 'work',
      confirm: 'work',
      force: 'true'
    });
    expect(deleted.failure).toBeUndefined();
    expect(bench.emulator.sftp.connections(id)).toBe(0);
    const { failure, left, warnings } = await run;
    expect(failure).toMatch(/the data was not copied in, so no job was made: .* not copied/);
    // Each file's warning says why: the new session asked for is refused, as the volume is gone.
    expect(warnings).toHaveLength(2);
    expect(warnings).toEqual(
      expect.arrayContaining([
        expect.stringMatching(new RegExp(`"sub/b.bin" not copied: .*volume ${id} does not exist`)),
        expect.stringMatching(new RegExp(`"a.txt" not copied: .*volume ${id} does not exist`))
      ])
    );
    expect(bench.sent(CREATE)).toEqual([]);
    // Its destroy, refused (the volume is gone), judged the session closed by the volume list.
    expect(bench.log).toContainEqual(
      `sftp: volume ${id}: the session is closed (its volume is no longer listed)`
    );
    expect(left?.sftpSessions).toEqual([]);
    expect(bench.emulator.storage.sftpStatus(id)).toBeUndefined();
  });
});
