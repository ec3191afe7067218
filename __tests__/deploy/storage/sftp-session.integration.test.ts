// A volume's SFTP session against the strict emulator over HTTPS on a fake clock: opened (Pending, then
// Running), failed on Exception, bounded by the step's deadline, retried as reads are, destroyed, and
// destroyed by the post step when a killed step left it; its password in no log line, file or state.
import { testContext } from '../../helpers/runtime.js';
import { emulatorContext, useStepBench, type StepBench } from '../../helpers/emulator-step.js';
import { volumeByHand } from '../../helpers/volume-bench.js';
import {
  closeSftp,
  openSftp,
  withSftpSession,
  type OpenSftp
} from '../../../src/deploy/engine/storage/sftp-session.js';
import { NO_CLEANUP, type CleanupState } from '../../../src/deploy/engine/cleanup-state.js';

const OBTAIN = '/api/storage/nas/v1/sftp/obtain';
const DESTROY = '/api/storage/nas/v1/sftp/destroy';

/**
 * A deploy context on the emulator whose host masks (recording what it was given), within `budgetMs`, the
 * ledger's saves recorded (with how many obtains the emulator had received when each was saved).
 */
function sftpContext(bench: StepBench, inputs: Record<string, string> = {}, budgetMs = 600_000) {
  const log: string[] = [];
  const base = emulatorContext(
    bench.emulator,
    bench.clock,
    bench.client,
    { log },
    { operation: 'volume_list', ...inputs }
  );
  const masked: string[] = [];
  base.runtime.mask = (secrets) => masked.push(...secrets);
  const saves: { state: CleanupState; obtainsBefore: number }[] = [];
  const ctx = testContext(base.settings, base.runtime, {
    budgetMs,
    onSave: (state) => saves.push({ state, obtainsBefore: bench.sent(OBTAIN).length })
  });
  return { ctx, log, masked, saves, runtime: base.runtime };
}

/** Everything the step wrote: its log, warnings, debug lines, files, and every ledger state it saved. */
function everythingWritten(run: ReturnType<typeof sftpContext>): string {
  return JSON.stringify([
    run.log,
    run.runtime.lines,
    run.runtime.warnings,
    run.runtime.debugLines,
    [...run.runtime.files.values()],
    run.saves.map((s) => s.state)
  ]);
}

describe('a volume SFTP session', () => {
  const bench = useStepBench({ readyAfterSeconds: 5, strict: true }, {});
  const activeVolume = async (): Promise<string> => {
    const id = await volumeByHand(bench, 'sftp-data', '10');
    bench.clock.advance(6);
    return id;
  };

  it('is on the ledger before obtain is sent, waited from Pending to Running, its password masked and written nowhere', async () => {
    const id = await activeVolume();
    const run = sftpContext(bench);
    const open = await openSftp({ id }, run.ctx);
    // Pending for 1.5 s, asked again after a second, then a second more: Running.
    expect(bench.sent(OBTAIN).length).toBeGreaterThan(1);
    expect(
      bench.emulator.storage.sftpSessions.storageIdOf(open.credentials.username, open.credentials.password)
    ).toBe(Number(id));
    expect(open.credentials).toMatchObject({ host: '127.0.0.1', port: bench.emulator.sftp.port });
    // An hour from when it turned Running, to the second (expire_at has no milliseconds).
    expect(open.expiresAt).toBeGreaterThan(bench.clock.now() + 3_590_000);
    expect(open.expiresAt).toBeLessThanOrEqual(bench.clock.now() + 3_600_000);
    const first = run.saves.find((s) => s.state.sftpSessions.length > 0);
    expect(first).toMatchObject({
      obtainsBefore: 0,
      state: { sftpSessions: [{ storageId: id, expiresAt: undefined }] }
    });
    expect(run.ctx.cleanup.state().sftpSessions).toEqual([{ storageId: id, expiresAt: open.expiresAt }]);
    expect(run.log).toEqual(
      expect.arrayContaining([
        `sftp: opening a session to volume ${id}`,
        expect.stringMatching(
          new RegExp(
            `^sftp: volume ${id}: the session is open at 127\\.0\\.0\\.1:${bench.emulator.sftp.port}, until \\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\dZ \\(in [^)]+\\)$`
          )
        )
      ])
    );
    expect(run.masked).toContain(open.credentials.password);
    expect(everythingWritten(run)).not.toContain(open.credentials.password);
  });

  it('fails on Exception naming its error_code and error_message, sanitized; the session stays on the ledger', async () => {
    const id = await activeVolume();
    bench.emulator.storage.failSftpSessions(1, {
      error_code: 'SFTP_QUOTA',
      error_message: 'no session left\n::error::injected'
    });
    const run = sftpContext(bench);
    await expect(openSftp({ id }, run.ctx)).rejects.toThrow(
      `sftp: the session of volume ${id} failed (Exception): error_code "SFTP_QUOTA", error_message "no session left ::error::injected"`
    );
    expect(run.ctx.cleanup.state().sftpSessions).toEqual([{ storageId: id, expiresAt: undefined }]);
    // Closed: destroyed, off the ledger; the next session opens anew.
    expect(await closeSftp(id, run.ctx)).toMatchObject({ kind: 'shown', accepted: true });
    expect(run.ctx.cleanup.state().sftpSessions).toEqual([]);
    expect(bench.emulator.storage.sftpStatus(Number(id))).toBeUndefined();
  });

  it('keeps the step deadline while the session stays Pending: no obtain, and no sleep, past it', async () => {
    const id = await activeVolume();
    bench.emulator.storage.setSftp({ pendingMs: Infinity });
    const run = sftpContext(bench, {}, 45_000);
    const deadline = run.ctx.deadline;
    await expect(openSftp({ id }, run.ctx)).rejects.toThrow(
      `sftp: the session of volume ${id} did not open: the step ran out of time while it was still Pending`
    );
    expect(bench.clock.now()).toBeLessThanOrEqual(deadline);
    expect(bench.sent(OBTAIN).every((r) => r.receivedAt <= deadline)).toBe(true);
    expect(bench.sent(OBTAIN).length).toBeGreaterThan(3);
    expect(run.ctx.cleanup.state().sftpSessions).toEqual([{ storageId: id, expiresAt: undefined }]);
  });

  it('retries an obtain answered 429 (as Retry-After asks), 503 or not at all, as the reads are', async () => {
    const id = await activeVolume();
    bench.emulator.storage.setSftp({ pendingMs: 0 });
    bench.emulator.inject({
      path: OBTAIN,
      answer: { kind: 'status', status: 429, retryAfter: { seconds: 7 } }
    });
    bench.emulator.inject({ path: OBTAIN, answer: { kind: 'status', status: 503 } });
    bench.emulator.inject({ path: OBTAIN, answer: { kind: 'reset' } });
    const run = sftpContext(bench);
    const started = bench.clock.now();
    const open = await openSftp({ id }, run.ctx);
    expect(open.credentials.port).toBe(bench.emulator.sftp.port);
    expect(bench.sent(OBTAIN).map((r) => r.fault ?? 'answered')).toEqual([
      expect.stringContaining('429'),
      expect.stringContaining('503'),
      expect.stringContaining('reset'),
      'answered'
    ]);
    // The server's Retry-After was waited out.
    expect(bench.clock.now() - started).toBeGreaterThanOrEqual(7_000);
    expect(run.log.filter((line) => line.includes('obtain') && line.includes('retry'))).toHaveLength(3);
  });

  it('does not wait out a Retry-After that passes the deadline', async () => {
    const id = await activeVolume();
    bench.emulator.inject({
      path: OBTAIN,
      answer: { kind: 'status', status: 429, retryAfter: { seconds: 120 } }
    });
    const run = sftpContext(bench, {}, 30_000);
    await expect(openSftp({ id }, run.ctx)).rejects.toThrow();
    expect(bench.clock.now()).toBeLessThanOrEqual(run.ctx.deadline);
    expect(bench.sent(OBTAIN)).toHaveLength(1);
  });

  it('destroys the session once used, whatever happens, and takes it off the ledger', async () => {
    const id = await activeVolume();
    const run = sftpContext(bench);
    let used: OpenSftp | undefined;
    await expect(
      withSftpSession({ id }, run.ctx, (session) => {
        used = session;
        return Promise.reject(new Error('the copy failed'));
      })
    ).rejects.toThrow('the copy failed');
    expect(bench.sent(DESTROY)).toHaveLength(1);
    expect(bench.emulator.storage.sftpStatus(Number(id))).toBeUndefined();
    expect(run.ctx.cleanup.state().sftpSessions).toEqual([]);
    expect(run.log).toContain(
      `sftp: volume ${id}: the session is closed (destroyed: the platform accepted the destroy)`
    );
    const login = used?.credentials;
    expect(
      login && bench.emulator.storage.sftpSessions.storageIdOf(login.username, login.password)
    ).toBeUndefined();
  });

  it('reads a session whose destroys are refused as closed once its volume is no longer listed, not before', async () => {
    const id = await activeVolume();
    const run = sftpContext(bench, { cleanup_timeout: '40s' });
    await openSftp({ id }, run.ctx);
    bench.emulator.inject({
      path: DESTROY,
      times: Infinity,
      answer: { kind: 'envelope', code: 'C999', message: 'busy' }
    });
    const refused = await closeSftp(id, run.ctx);
    expect(refused).toMatchObject({ kind: 'failed' });
    expect(run.ctx.cleanup.state().sftpSessions).toHaveLength(1);
    // The volume deleted: its session with it.
    bench.emulator.clearFaults();
    bench.emulator.inject({
      path: DESTROY,
      times: Infinity,
      answer: { kind: 'envelope', code: 'C999', message: 'busy' }
    });
    const later = sftpContext(bench, { cleanup_timeout: '40s' });
    await later.ctx.send(
      (await import('../../../src/platform/operations/calls.js')).volumeDeleteCall(
        later.ctx.settings,
        id,
        true
      )
    );
    bench.clock.advance(6);
    expect(await closeSftp(id, later.ctx)).toMatchObject({
      kind: 'shown',
      accepted: false,
      state: 'its volume is no longer listed'
    });
  });
});

describe('a volume SFTP session a killed step left open', () => {
  const bench = useStepBench({ readyAfterSeconds: 5, strict: true }, {});

  it("is destroyed by the post step, judged by the emulator's store", async () => {
    const id = await volumeByHand(bench, 'sftp-left', '10');
    bench.clock.advance(6);
    const killed = sftpContext(bench);
    const open = await openSftp({ id }, killed.ctx);
    // The step is killed here: no close; the ledger holds the session.
    const left = killed.ctx.cleanup.state();
    expect(left.sftpSessions).toEqual([{ storageId: id, expiresAt: open.expiresAt }]);
    const report = await bench.cleanup(
      { ...NO_CLEANUP, sftpSessions: left.sftpSessions },
      { operation: 'volume_list' }
    );
    expect(report.sftpSessions).toEqual([
      {
        left: left.sftpSessions[0],
        outcome: expect.objectContaining({ kind: 'shown', accepted: true }) as unknown
      }
    ]);
    expect(bench.emulator.storage.sftpStatus(Number(id))).toBeUndefined();
    expect(
      bench.emulator.storage.sftpSessions.storageIdOf(open.credentials.username, open.credentials.password)
    ).toBeUndefined();
    expect(JSON.stringify(bench.log)).not.toContain(open.credentials.password);
  });
});
