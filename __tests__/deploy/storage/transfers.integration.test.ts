// The transfer operations against the strict emulator over HTTPS on a fake clock: a copy between object
// storage and a volume, checked first, followed to its end with its progress, retried, stopped, and
// never copying twice what is there already.
import type { Emulator, EmulatorOptions } from '../../../emulator/index.js';
import { aSecondApart, emulatorContext, useStepBench } from '../../helpers/emulator-step.js';
import { until } from '../../helpers/until.js';
import { transferCreateCall } from '../../../src/platform/operations/calls.js';
import { tokenInputs } from '../../helpers/emulator-inputs.js';
import { renderSummary } from '../../../src/action/summary.js';
import { JOB_BODY } from '../../helpers/bodies.js';
import { aHold } from '../../helpers/hold.js';

const CHECK = '/api/storage/nas/v1/encrypt/s3/check';
const CREATE = '/api/storage/nas/v1/encrypt/s3/create';
const RETRY = '/api/storage/nas/v1/encrypt/s3/retry';
const DETAIL = '/api/storage/nas/v1/s3/detail';
const STOP = '/api/storage/nas/v1/s3/stop';
const MIB = 1024 * 1024;
const ACCESS = 'AKIDexampleaccesskey0001';
const SECRET = 'example-secret-key-never-printed-0001';

/** A copy of the corpus bucket's v3/ prefix into the volume datasets, at /corpus. */
const INTO = {
  operation: 'transfer',
  volume: 'datasets',
  direction: 's3-to-volume',
  s3_supplier: 'tencent',
  s3_endpoint: 'cos.ap-guangzhou.myqcloud.com',
  s3_bucket: 'corpus',
  s3_prefix: 'v3/',
  s3_access_key: ACCESS,
  s3_secret_key: SECRET,
  volume_path: '/corpus'
};

const files = (n: number, hash = 'a') =>
  Array.from({ length: n }, (_, i) => ({ name: `shard-${i}.bin`, bytes: 100 * MIB, hash: `${hash}${i}` }));

/** How long a transfer queues, pends and counts, and how fast it copies then. */
type Pace = Parameters<Emulator['storage']['setTransferPace']>[0];
/** Seconds to queue, pend and count, then 10 MiB a second: a copy of the six shards takes about a minute. */
const SLOW_PACE: Pace = { queueMs: 5000, pendingMs: 5000, countMs: 10_000, bytesPerSecond: 10 * MIB };

/** A step bench whose corpus bucket holds six shards under v3/, copied at `pace`; its steps a second apart. */
function useTransferBench(pace: Pace, options: EmulatorOptions = {}) {
  const bench = useStepBench({ readyAfterSeconds: 5, strict: true, ...options }, {}, (emulator) => {
    emulator.storage.setTransferPace(pace);
    emulator.storage.setObjects('corpus', 'v3/', files(6));
  });
  return { bench, sent: bench.sent, step: aSecondApart(bench) };
}

describe('operation transfer', () => {
  const { bench, sent, step } = useTransferBench(SLOW_PACE);
  const volume = async () => {
    const made = await step({ operation: 'volume', volume: 'datasets', size: '10' });
    expect(made.failure).toBeUndefined();
    return made.outputs.storage_id;
  };
  const plain = (path: string) =>
    sent(path).map((r) => JSON.parse(r.plaintext ?? '{}') as Record<string, unknown>);

  it('checks the connection, copies the prefix into the volume with a progress line at each poll, and says what it copied', async () => {
    const id = await volume();
    const { outputs, failure, left, result } = await step(INTO);
    expect(failure).toBeUndefined();
    expect(renderSummary(result, { passed: true })).toContain(
      '| 501 | to the volume | Completed | 6 of 6 | 0.59 GiB of 0.59 GiB |  |'
    );
    // The check and the create, encrypted and sent as text/plain, as the reference requires.
    expect(plain(CHECK)).toEqual([
      {
        supplier: 'tencent',
        endpoint: 'cos.ap-guangzhou.myqcloud.com',
        ak: ACCESS,
        sk: SECRET,
        bucket: 'corpus',
        prefix: 'v3/'
      }
    ]);
    expect(sent(CREATE)[0]?.headers['content-type']).toBe('text/plain');
    expect(sent(CREATE)[0]?.body).not.toContain(SECRET);
    expect(plain(CREATE)[0]).toMatchObject({
      storage_id: Number(id),
      direction: 1,
      s3_bucket: 'corpus',
      s3_prefix: 'v3/',
      nas_path: '/corpus',
      overwrite_policy: 3,
      ignore_patterns: [],
      name: expect.stringMatching(/^ed-datasets-/) as unknown
    });
    expect(outputs).toMatchObject({
      transfer_id: '501',
      status: 'Completed',
      files: '6',
      bytes: String(600 * MIB)
    });
    expect(Number(outputs.duration)).toBeGreaterThanOrEqual(80);
    expect(Number(outputs.rate)).toBeGreaterThan(0);
    expect(bench.emulator.storage.volumeFiles(Number(id), '/corpus')).toHaveLength(6);
    // Its progress: counting first (totals of 0 are no end), then files and GiB done of all, the rate and the time left.
    expect(bench.log).toContainEqual(
      expect.stringMatching(/^transfer 501: Running, counting what to copy \(0 files, 0 GiB so far\)/)
    );
    expect(bench.log).toContainEqual(
      expect.stringMatching(
        /^transfer 501: Running, \d\/6 files, [\d.]+\/0\.59 GiB \(\d+%\), 10\.0 MiB\/s, \d+s left, \d+s elapsed/
      )
    );
    expect(bench.log).toContainEqual(
      expect.stringMatching(/^transfer 501: Completed, copied 6 files \(0\.59 GiB\) in /)
    );
    // Polled 10 s apart at the least, as the reference asks.
    const polls = sent(DETAIL).map((r) => r.receivedAt);
    expect(polls.slice(1).every((at, i) => at - (polls[i] ?? 0) >= 10_000)).toBe(true);
    expect(left?.transfers).toEqual([]);
    // The keys were never printed.
    expect(bench.log.join('\n')).not.toMatch(new RegExp(`${ACCESS}|${SECRET}`));
  });

  it('copies nothing again on a re-run whose source did not change, and a changed file only (by content)', async () => {
    const id = await volume();
    await step(INTO);
    const again = await step(INTO);
    expect(again.outputs).toMatchObject({ status: 'Completed', files: '0', bytes: '0' });
    expect(bench.log).toContainEqual(
      expect.stringMatching(
        /Completed, nothing new to copy: files already there with the same content were not copied again \(overwrite_policy hash\)/
      )
    );
    bench.emulator.storage.setObjects('corpus', 'v3/', [
      ...files(5),
      { name: 'shard-5.bin', bytes: MIB, hash: 'changed' }
    ]);
    expect((await step(INTO)).outputs.files).toBe('1');
    // skip copies no file of a name already there, changed or not; overwrite copies all.
    bench.emulator.storage.setObjects('corpus', 'v3/', [
      ...files(5),
      { name: 'shard-5.bin', bytes: MIB, hash: 'again' }
    ]);
    expect((await step({ ...INTO, overwrite_policy: 'skip' })).outputs.files).toBe('0');
    expect(
      (await step({ ...INTO, overwrite_policy: 'overwrite', ignore_patterns: '5.bin' })).outputs.files
    ).toBe('5');
    expect(plain(CREATE).map((b) => b.overwrite_policy)).toEqual([3, 3, 3, 2, 1]);
    expect(plain(CREATE).at(-1)?.ignore_patterns).toEqual(['5.bin']);
    expect(bench.emulator.storage.volumeFiles(Number(id), '/corpus')).toHaveLength(6);
  });

  it('copies the volume back to the bucket (volume-to-s3)', async () => {
    await volume();
    await step(INTO);
    const back = await step({ ...INTO, direction: 'volume-to-s3', s3_prefix: 'results/' });
    expect(back.outputs).toMatchObject({ status: 'Completed', files: '6' });
    expect(plain(CREATE).at(-1)).toMatchObject({ direction: 2, s3_prefix: 'results/' });
    expect(bench.emulator.storage.objects('corpus', 'results/')).toHaveLength(6);
  });

  it('creates nothing when the s3 check does not pass: data.pass decides', async () => {
    await volume();
    bench.emulator.storage.unreachableBucket('corpus', 'NoSuchBucket');
    const { failure } = await step(INTO);
    expect(failure).toMatch(
      /the platform cannot reach bucket corpus at cos\.ap-guangzhou\.myqcloud\.com with these keys \(the s3 check's pass is false: NoSuchBucket\); nothing was copied/
    );
    expect(sent(CREATE)).toEqual([]);
  });

  it('retries a transfer that fails as a new one, follows it, and fails once transfer_retries are spent', async () => {
    await volume();
    bench.emulator.storage.failTransfers(1, {
      atShare: 0.5,
      error_code: 'S410',
      error_message: 'read denied'
    });
    const retried = await step(INTO);
    expect(retried.failure).toBeUndefined();
    expect(retried.outputs).toMatchObject({ transfer_id: '502', status: 'Completed' });
    expect(plain(RETRY)[0]).toMatchObject({ id: 501, s3_bucket: 'corpus', s3_secret_key: SECRET });
    expect(bench.log).toContainEqual(
      'transfer 501: Error (error S410: read denied); submitting it again (retry 1 of 2)'
    );
    bench.emulator.storage.setObjects('corpus', 'v3/', files(6, 'b'));
    bench.emulator.storage.failTransfers(2, {
      atShare: 0.5,
      error_code: 'S410',
      error_message: 'read denied'
    });
    const failed = await step({ ...INTO, transfer_retries: '1' });
    expect(
      renderSummary(
        failed.result,
        failed.failure === undefined ? { passed: true } : { passed: false, why: failed.failure }
      )
    ).toContain('transfer 504 failed');
    expect(failed.failure).toMatch(
      /transfer 504 failed: Error \(error S410: read denied\) \(after 1 retries, transfer_retries 1\)/
    );
    expect(failed.left?.transfers).toEqual([]);
  });

  it('stops a transfer still running at the end of wait_timeout, by its state', async () => {
    await volume();
    const { failure, left } = await step({ ...INTO, wait_timeout: '40s' });
    expect(failure).toMatch(
      /transfer 501 did not complete within wait_timeout \(Running after \d+s\); it was stopped \(Stopped\)/
    );
    expect(sent(STOP).map((r) => r.applied)).toEqual([true]);
    expect(left?.transfers).toEqual([]);
  });

  it('leaves a transfer under way to the post step when the job is cancelled, which stops it', async () => {
    await volume();
    const { failure, left } = await step(INTO, { cancelWhen: /Running, \d\/6 files/ });
    expect(failure).toMatch(
      /the step was cancelled while transfer 501 was Running after \d+s: the post step stops it/
    );
    expect(left?.transfers).toEqual([expect.objectContaining({ id: '501' })]);
    bench.clock.advance(1);
    const report = await bench.cleanup({ transfers: left?.transfers ?? [] }, INTO);
    expect(report.transfers?.[0]?.outcome).toMatchObject({ kind: 'shown', accepted: true, state: 'Stopped' });
  });

  it('refuses a transfer without its inputs, or with a token-mode key, before sending anything', async () => {
    await expect(step({ ...INTO, direction: '' })).rejects.toThrow(
      'direction is empty, but transfer needs it: set direction to s3-to-volume or volume-to-s3'
    );
    await expect(step({ ...INTO, direction: 'up' })).rejects.toThrow('direction');
    await expect(step({ ...INTO, s3_secret_key: '' })).rejects.toThrow(
      's3_secret_key is empty, but transfer needs it'
    );
    await expect(step({ ...INTO, volume_path: 'corpus' })).rejects.toThrow(
      'volume_path "corpus" is not an absolute path in the volume'
    );
    await expect(
      step({ ...INTO, private_key: '', platform_public_key: '', ...tokenInputs(bench.emulator) })
    ).rejects.toThrow('transfer needs an RSA-mode key and platform_public_key');
    expect(bench.emulator.requests).toEqual([]);
  });

  it('reads, lists and stops transfers', async () => {
    await volume();
    await step({ ...INTO, wait_timeout: '30s' });
    const detail = await step({ operation: 'transfer_detail', transfer_id: '501' });
    expect(detail.outputs).toMatchObject({ transfer_id: '501', status: 'Stopped' });
    const list = await step({ operation: 'transfer_list', volume: 'datasets' });
    expect(list.outputs.count).toBe('1');
    expect(renderSummary(list.result, { passed: true })).toMatch(
      /\| 501 \| to the volume \| Stopped \| \d of 6 \| [\d.]+ GiB of 0\.59 GiB \| {2}\|/
    );
    expect(renderSummary(detail.result, { passed: true })).not.toContain('Copied in');
    bench.emulator.storage.setObjects('corpus', 'v3/', files(6, 'c'));
    await step({ ...INTO, wait_timeout: '30s' });
    const stop = await step({ operation: 'transfer_stop', transfer_id: '502' });
    expect(stop.outputs).toMatchObject({ transfer_id: '502', status: 'Stopped' });
    expect(bench.log).toContainEqual('transfer 502: Stopped: it copies no more');
  });
});

/** The transfer operations where the platform answers oddly, or not at all, their dry runs and their cleanup. */
describe('operation transfer, when things go wrong, and as a dry run', () => {
  const { bench, sent, step } = useTransferBench(SLOW_PACE);
  const volume = async () =>
    (await step({ operation: 'volume', volume: 'datasets', size: '10' })).outputs.storage_id;
  const dryRun = async (inputs: Record<string, string>): Promise<string[]> => {
    bench.log.length = 0;
    await expect(step({ ...inputs, dry_run: 'true' }, { dryRun: true })).rejects.toThrow('reported nothing');
    return bench.log.filter((line) => line.startsWith('dry run: '));
  };

  it('says in a dry run what it would do, sending only reads', async () => {
    expect(await dryRun(INTO)).toEqual([
      'dry run: no volume is named "datasets", so transfer would fail; only reads were sent'
    ]);
    const id = await volume();
    expect(await dryRun(INTO)).toEqual([
      `dry run: transfer would check the connection to bucket corpus, then copy its prefix "v3/" to volume ${id}:/corpus (overwrite_policy hash); only reads were sent`
    ]);
    expect(await dryRun({ ...INTO, direction: 'volume-to-s3' })).toEqual([
      `dry run: transfer would check the connection to bucket corpus, then copy volume ${id}:/corpus to its prefix "v3/" (overwrite_policy hash); only reads were sent`
    ]);
    expect(await dryRun({ operation: 'transfer_list' })).toEqual([
      'dry run: transfer_list only reads; nothing was sent'
    ]);
    expect(await dryRun({ operation: 'transfer_detail', transfer_id: '501' })).toEqual([
      'dry run: transfer_detail only reads; nothing was sent'
    ]);
    expect((await dryRun({ operation: 'transfer_stop', transfer_id: '501' }))[0]).toMatch(
      /^dry run: transfer_stop would fail: .*transfer 501 does not exist/
    );
    await step({ ...INTO, wait_timeout: '30s' });
    expect(await dryRun({ operation: 'transfer_stop', transfer_id: '501' })).toEqual([
      'dry run: transfer_stop would stop transfer 501, now Stopped; only reads were sent'
    ]);
  });

  it('fails for a volume that is not Active, and lists the transfers of no such volume as a failure', async () => {
    bench.emulator.storage.setVolumeSettleSeconds(600);
    await step({ operation: 'volume', volume: 'datasets', size: '10', wait_timeout: '10s' });
    expect((await step(INTO)).failure).toMatch(/is not Active, and a transfer needs it Active/);
    expect((await step({ operation: 'transfer_list', volume: 'nothing' })).failure).toMatch(
      /no volume is named "nothing"/
    );
    expect(
      (await step({ operation: 'transfer_stop', transfer_id: '777', cleanup_timeout: '5s' })).failure
    ).toMatch(/transfer 777 was not stopped/);
  });

  it('reads a create that failed or was answered without an id from the volume’s transfers, by its name', async () => {
    await volume();
    bench.emulator.inject({ path: CREATE, apply: true, answer: { kind: 'status', status: 502 } });
    const landed = await step(INTO);
    expect(landed.failure).toBeUndefined();
    expect(bench.log).toContainEqual(
      expect.stringMatching(
        /^transfer: the create failed \(.*502.*\), but transfer 501 of that name is listed \(Queuing\): it landed$/
      )
    );
    bench.emulator.inject({ path: CREATE, answer: { kind: 'envelope', code: '0000', data: {} } });
    const lost = await step(INTO);
    expect(lost.failure).toMatch(
      /the transfer's create was answered without an id, and the volume's transfers show none named "ed-datasets-/
    );
    expect(lost.left?.transfers).toEqual([expect.objectContaining({ id: undefined })]);
  });

  it('refuses to delete a volume with a transfer under way unless forced; the platform refuses it too', async () => {
    await volume();
    await step(INTO, { cancelWhen: /^transfer_id: / });
    const refused = await step({ operation: 'volume_delete', volume: 'datasets', confirm: 'datasets' });
    expect(refused.failure).toMatch(
      /volume 1001 has 1 transfer\(s\) under way \(501\): nothing was deleted; stop them first \(operation transfer_stop\), or set force: true/
    );
    expect(sent('/api/storage/nas/v1/delete')).toEqual([]);
    const forced = await step({
      operation: 'volume_delete',
      volume: 'datasets',
      confirm: 'datasets',
      force: 'true'
    });
    expect(forced.outputs.status).toBe('Deleted');
    expect(JSON.parse(sent('/api/storage/nas/v1/delete')[0]?.body ?? '{}')).toEqual({
      id: 1001,
      force: true
    });
  });

  it('fails a transfer_detail whose answer carries no transfer', async () => {
    bench.emulator.inject({ path: DETAIL, answer: { kind: 'envelope', code: '0000', data: {} } });
    expect((await step({ operation: 'transfer_detail', transfer_id: '501' })).failure).toMatch(
      /the detail of transfer 501 carries no transfer/
    );
    await expect(step({ ...INTO, wait: 'false' })).rejects.toThrow(
      'wait is false, but transfer follows the copy to its end'
    );
  });

  it('fails a check whose answer has no pass, creating nothing', async () => {
    await volume();
    bench.emulator.inject({ path: CHECK, answer: { kind: 'envelope', code: '0000', data: {} } });
    expect((await step(INTO)).failure).toMatch(/the s3 check's pass is missing\); nothing was copied/);
    expect(sent(CREATE)).toEqual([]);
  });

  it('stops a transfer whose detail cannot be read poll_error_budget times in a row', async () => {
    await volume();
    bench.emulator.inject({ path: DETAIL, skip: 1, times: 3, answer: { kind: 'status', status: 503 } });
    const { failure } = await step({ ...INTO, max_retries: '0', poll_error_budget: '2' });
    expect(failure).toMatch(/transfer 501 could not be read \(.*503.*\); it was stopped \(Stopped\)/);
  });

  it('ends the step when the transfer is deleted from elsewhere while it runs', async () => {
    await volume();
    bench.emulator.inject({
      path: DETAIL,
      skip: 1,
      times: 1,
      answer: { kind: 'envelope', code: '0000', data: { id: 501, status: 'Deleted' } }
    });
    const { failure, left } = await step(INTO);
    expect(failure).toMatch(/transfer 501 ended before it completed: it is Deleted/);
    expect(left?.transfers).toEqual([]);
  });

  it('finds in the post step a transfer left by name, or none, and stops it; an ended one needs no stop', async () => {
    const id = await volume();
    await step({ ...INTO, wait_timeout: '20s' });
    bench.emulator.storage.setObjects('corpus', 'v3/', files(6, 'z'));
    const running = await step(INTO, { cancelWhen: /^transfer_id: / });
    const [left] = running.left?.transfers ?? [];
    bench.clock.advance(1);
    const report = await bench.cleanup(
      { transfers: [{ name: left?.name ?? '', storageId: id, id: undefined }] },
      INTO
    );
    expect(report.transfers?.[0]?.outcome).toMatchObject({ kind: 'shown', accepted: true });
    bench.clock.advance(1);
    const none = await bench.cleanup(
      { transfers: [{ name: 'ed-none', storageId: id, id: undefined }] },
      INTO
    );
    expect(none.transfers?.[0]?.outcome).toMatchObject({
      kind: 'shown',
      accepted: false,
      state: 'never made (no transfer of the name is listed)'
    });
    bench.clock.advance(1);
    const ended = await bench.cleanup({ transfers: [{ name: 'x', storageId: id, id: '501' }] }, INTO);
    expect(ended.transfers?.[0]?.outcome).toMatchObject({ kind: 'shown', accepted: false, state: 'Stopped' });
    expect(sent(STOP).length).toBeGreaterThan(0);
  });

  it('says a transfer of nothing new, and a copy that overwrites everything', async () => {
    await volume();
    await step({ ...INTO, overwrite_policy: 'overwrite' });
    expect(bench.log).toContainEqual(
      expect.stringMatching(
        /Completed, copied 6 files .*; every file copied again \(overwrite_policy overwrite\)$/
      )
    );
    await step({ ...INTO, overwrite_policy: 'skip' });
    expect(bench.log).toContainEqual(
      expect.stringMatching(
        /Completed, nothing new to copy: files already there by name were not copied again \(overwrite_policy skip\)/
      )
    );
  });
});

/**
 * A transfer whose create's (or retry's) answer was lost is found by its name in every status and on every
 * page, and a retry, which keeps the name and deletes the transfer it submits again, is followed to the
 * newest: the post step stops the live one, never the Deleted original (issue 60, point 11). The platform's
 * failures as its reference has them: Exception, and S002 for a list's statuses (issue 60, point 16).
 */
describe('a transfer found by its name, and the platform failing it', () => {
  const LIST = '/api/storage/nas/v1/s3/list';
  const { bench, sent, step } = useTransferBench(SLOW_PACE);
  const volume = async () =>
    (await step({ operation: 'volume', volume: 'datasets', size: '10' })).outputs.storage_id;
  /** Another run's transfer into the volume, made as the platform's own client would. */
  const othersTransfer = async (storageId: string, name: string): Promise<void> => {
    bench.clock.advance(1);
    const ctx = emulatorContext(bench.emulator, bench.clock, bench.client, { log: [] }, INTO);
    await ctx.send(
      transferCreateCall(ctx.settings, {
        storage_id: Number(storageId),
        name,
        direction: 1,
        s3_supplier: 'tencent',
        s3_endpoint: 'cos.ap-guangzhou.myqcloud.com',
        s3_access_key: ACCESS,
        s3_secret_key: SECRET,
        s3_bucket: 'corpus',
        s3_prefix: 'other/',
        nas_path: '/other',
        overwrite_policy: 1,
        ignore_patterns: []
      })
    );
  };
  const statusOf = async (id: string): Promise<string | undefined> =>
    (await step({ operation: 'transfer_detail', transfer_id: id })).outputs.status;
  const held = aHold;

  it('finds a create whose answer was lost on the list’s second page, ended, by asking for every status', async () => {
    const id = await volume();
    // What the step makes copies at once: it has Completed by the time it is looked for.
    bench.emulator.storage.setTransferPace({ queueMs: 0, pendingMs: 0, countMs: 0, bytesPerSecond: 1e12 });
    bench.emulator.setPageSizeMax(2);
    bench.emulator.inject({ path: CREATE, apply: true, answer: { kind: 'status', status: 502 } });
    // The step's look at the list is held while two other runs make transfers into the volume.
    const list = held();
    bench.emulator.inject({ path: LIST, holdUntil: list.promise });
    const running = step(INTO);
    await until(() => sent(LIST).length > 0, 'the look at the transfers');
    await othersTransfer(id, 'other-a');
    await othersTransfer(id, 'other-b');
    list.release();
    const { failure, outputs } = await running;
    expect(failure).toBeUndefined();
    expect(outputs).toMatchObject({ transfer_id: '501', status: 'Completed' });
    expect(bench.log).toContainEqual(
      expect.stringMatching(
        /^transfer: the create failed \(.*502.*\), but transfer 501 of that name is listed \(Completed\): it landed$/
      )
    );
    const looks = sent(LIST).map((r) => new URLSearchParams(r.target.split('?')[1]));
    expect(looks.map((q) => [q.get('page'), q.get('statuses')])).toEqual([
      ['1', 'Queuing,Pending,Running,Completed,Error,Exception,Stopped,Deleted'],
      ['2', 'Queuing,Pending,Running,Completed,Error,Exception,Stopped,Deleted']
    ]);
  });

  it('stops in the post step the live retry of a transfer left by name, never the Deleted original (an Exception retried)', async () => {
    const id = await volume();
    // The platform lists every transfer, Deleted ones too, oldest first, when asked for no statuses.
    bench.emulator.storage.setTransferListing({ unfiltered: 'all', order: 'oldest first' });
    bench.emulator.storage.failTransfers(1, {
      atShare: 0.5,
      status: 'Exception',
      error_code: 'S410',
      error_message: 'S3 任务创建失败'
    });
    const { left } = await step(INTO, { cancelWhen: /^transfer_id: 502 / });
    expect(bench.log).toContainEqual(
      'transfer 501: Exception (error S410: S3 任务创建失败); submitting it again (retry 1 of 2)'
    );
    const [mine] = left?.transfers ?? [];
    expect(mine).toMatchObject({ id: '502' });
    // The retry's answer never came, as far as the post step knows: it has the name alone.
    bench.clock.advance(1);
    const report = await bench.cleanup(
      { transfers: [{ name: mine?.name ?? '', storageId: id, id: undefined }] },
      INTO
    );
    expect(report.transfers?.[0]?.outcome).toMatchObject({ kind: 'shown', accepted: true });
    // By state: the retry copies no more, and the original is the Deleted one it was.
    expect(['Stopped', 'Deleted']).toContain(await statusOf('502'));
    expect(await statusOf('501')).toBe('Deleted');
  });

  it('follows the new transfer of a retry whose answer was lost, never the one it submitted again', async () => {
    await volume();
    bench.emulator.storage.failTransfers(1, { atShare: 0.2, error_code: 'E1', error_message: 'denied' });
    bench.emulator.inject({ path: RETRY, apply: true, answer: { kind: 'status', status: 502 } });
    const landed = await step(INTO);
    expect(landed.failure).toBeUndefined();
    expect(landed.outputs).toMatchObject({ transfer_id: '502', status: 'Completed' });
    expect(bench.log).toContainEqual(
      expect.stringMatching(
        /^transfer: the retry failed \(.*502.*\), but transfer 502 of that name is listed/
      )
    );
    // A retry refused, and so never applied: the one it submitted again is all there is of the name.
    bench.emulator.storage.setObjects('corpus', 'v3/', files(6, 'b'));
    bench.emulator.storage.failTransfers(1, { atShare: 0.2, error_code: 'E1', error_message: 'denied' });
    bench.emulator.inject({ path: RETRY, answer: { kind: 'envelope', code: 'C008', message: 'busy' } });
    const refused = await step(INTO);
    expect(refused.failure).toMatch(
      /the transfer's retry failed \(.*busy.*\), and the volume's transfers show no new one named "ed-datasets-.*": it was not sent again/
    );
  });

  it('reads the list without statuses when the platform refuses them (S002), saying so', async () => {
    await volume();
    bench.emulator.inject({ path: CREATE, apply: true, answer: { kind: 'status', status: 502 } });
    // Refused as a platform that takes no statuses refuses it: also when sent once more.
    bench.emulator.inject({
      path: LIST,
      times: 2,
      answer: { kind: 'envelope', code: 'S002', message: 'statuses is not valid' }
    });
    const { failure, outputs } = await step(INTO);
    expect(failure).toBeUndefined();
    expect(outputs.transfer_id).toBe('501');
    expect(bench.log).toContainEqual(
      expect.stringMatching(
        /^transfer: the list of the volume's transfers in every status was refused \(.*statuses is not valid.*\): reading it without statuses/
      )
    );
    expect(sent(LIST).map((r) => new URLSearchParams(r.target.split('?')[1]).get('statuses'))).toEqual([
      'Queuing,Pending,Running,Completed,Error,Exception,Stopped,Deleted',
      'Queuing,Pending,Running,Completed,Error,Exception,Stopped,Deleted',
      null
    ]);
  });

  it('fails a transfer that ends in Exception with the platform’s error, once transfer_retries are spent', async () => {
    await volume();
    bench.emulator.storage.failTransfers(1, {
      atShare: 0,
      status: 'Exception',
      error_code: 'S410',
      error_message: 'S3 任务创建失败'
    });
    const { failure, left } = await step({ ...INTO, transfer_retries: '0' });
    expect(failure).toMatch(/transfer 501 failed: Exception \(error S410: S3 任务创建失败\)/);
    expect(left?.transfers).toEqual([]);
  });
});

/** A job's data copied into its volume before it is made, and its results back after it ended. */
describe('data and results of a job', () => {
  const { bench, sent, step } = useTransferBench(
    { queueMs: 2000, pendingMs: 2000, countMs: 2000, bytesPerSecond: 100 * MIB },
    { jobs: { podSeconds: 60, failPattern: /-broken$/ } }
  );
  const JOB = {
    operation: 'job',
    task_name: 'eval',
    gpu: '4090',
    body: JOB_BODY,
    volumes: 'work:/work',
    data: 'v3/ -> work:/data',
    results: 'work:/data -> results/eval/',
    s3_supplier: 'tencent',
    s3_endpoint: 'cos.ap-guangzhou.myqcloud.com',
    s3_bucket: 'corpus',
    s3_access_key: ACCESS,
    s3_secret_key: SECRET
  };
  const volume = async (region = 'bj-001') =>
    (await step({ operation: 'volume', volume: 'work', size: '10', region })).outputs.storage_id;
  const order = () =>
    bench.emulator.requests
      .filter((r) => [CREATE, '/api/task/job/create'].includes(r.path))
      .map((r) =>
        r.path === CREATE
          ? `copy ${String((JSON.parse(r.plaintext ?? '{}') as { direction?: number }).direction)}`
          : 'job'
      );

  it('copies the data in before the job is made, and the results back once it ended', async () => {
    const id = await volume();
    const { failure, outputs, result } = await step(JOB);
    expect(failure).toBeUndefined();
    expect(outputs.job_status).toBe('Complete');
    expect(order()).toEqual(['copy 1', 'job', 'copy 2']);
    // The summary's timeline has the copies as the step made them (issue 63, point 9): the data in before
    // the job's first status was seen, the results back after its last.
    const [copiedIn, copiedOut] = result.copies ?? [];
    const timeline = result.tasks[0]?.timeline ?? [];
    expect([copiedIn?.way, copiedIn?.copied, copiedOut?.way, copiedOut?.copied]).toEqual([
      'in',
      true,
      'out',
      true
    ]);
    expect(copiedIn?.toMs).toBeGreaterThan(copiedIn?.fromMs ?? Infinity);
    expect(copiedIn?.toMs).toBeLessThanOrEqual(timeline[0]?.atMs ?? -1);
    expect(copiedOut?.fromMs).toBeGreaterThanOrEqual(timeline.at(-1)?.atMs ?? Infinity);
    expect(bench.emulator.storage.volumeFiles(Number(id), '/data')).toHaveLength(6);
    expect(bench.emulator.storage.objects('corpus', 'results/eval/')).toHaveLength(6);
    const job = JSON.parse(sent('/api/task/job/create')[0]?.body ?? '{}') as {
      services: { nas_storage_config: unknown }[];
    };
    expect(job.services[0]?.nas_storage_config).toEqual([{ storage_id: Number(id), target_dir: '/work' }]);
    expect(bench.log).toContainEqual(expect.stringMatching(/^data: transfer 501: Completed, copied 6 files/));
    expect(bench.log).toContainEqual(
      expect.stringMatching(/^results: transfer 502: Completed, copied 6 files/)
    );
  });

  it('makes no job when the data does not copy, and copies the results back of a job that failed', async () => {
    await volume();
    bench.emulator.storage.failTransfers(1, { atShare: 0.5, error_code: 'S410', error_message: 'denied' });
    const noData = await step({ ...JOB, transfer_retries: '0' });
    expect(noData.failure).toMatch(
      /the data was not copied in, so no job was made: transfer 501 failed: Error \(error S410: denied\)/
    );
    expect(sent('/api/task/job/create')).toEqual([]);
    expect(noData.result.copies?.map((copy) => [copy.way, copy.copied])).toEqual([['in', false]]);
    const failing = await step({ ...JOB, task_name: 'eval-broken' });
    expect(failing.outputs.job_status).toBe('Failed');
    expect(failing.failure).toBeDefined();
    // Its results were copied back all the same: what explains a failure survives it.
    expect(order().slice(-3)).toEqual(['copy 1', 'job', 'copy 2']);
    expect(bench.log).toContainEqual(expect.stringMatching(/^results: transfer \d+: Completed/));
  });

  it('fails the step when the results do not copy back, and copies none when the job was cancelled', async () => {
    await volume();
    bench.emulator.storage.failTransfers(2, { atShare: 0.5, error_code: 'S410', error_message: 'denied' });
    const { failure, result: failed } = await step({ ...JOB, data: '', transfer_retries: '1' });
    expect(failure).toMatch(
      /the results were not copied back: transfer 502 failed: Error \(error S410: denied\)/
    );
    expect(failed.copies?.map((copy) => [copy.way, copy.copied])).toEqual([['out', false]]);
    const cancelled = await step({ ...JOB, data: '', task_name: 'eval-2' }, { cancelWhen: /-> Running/ });
    expect(bench.log).toContainEqual('results: not copied: the step was cancelled');
    expect(cancelled.failure).toBeDefined();
  });

  /** A service made by create (or replace) with its data copied in first, mounting the volume. */
  const SERVICE = {
    ...JOB,
    operation: 'create',
    task_name: 'server',
    body: '{services: [{service_name: web, service_image: "nginx:1.27", remote_ports: [{service_port: 80}]}]}',
    results: ''
  };
  const made = () => bench.emulator.requests.filter((r) => r.path === '/api/task/deployment/create');

  it('copies a new service its data before it is created, and makes none when the copy fails', async () => {
    const id = await volume();
    const { failure, outputs, result } = await step(SERVICE);
    expect(failure).toBeUndefined();
    expect(order()).toEqual(['copy 1']);
    expect(result.copies?.map((copy) => [copy.way, copy.copied])).toEqual([['in', true]]);
    const copied = bench.emulator.requests.findIndex((r) => r.path === CREATE);
    const created = bench.emulator.requests.findIndex((r) => r.path === '/api/task/deployment/create');
    expect(copied).toBeGreaterThan(-1);
    expect(created).toBeGreaterThan(copied);
    expect(bench.emulator.storage.volumeFiles(Number(id), '/data')).toHaveLength(6);
    const body = JSON.parse(made()[0]?.body ?? '{}') as { services: { nas_storage_config: unknown }[] };
    expect(body.services[0]?.nas_storage_config).toEqual([{ storage_id: Number(id), target_dir: '/work' }]);
    expect(outputs.status).toBe('Running');
    bench.emulator.storage.failTransfers(1, { atShare: 0.5, error_code: 'S410', error_message: 'denied' });
    const { failure: noData } = await step({ ...SERVICE, task_name: 'server-2', transfer_retries: '0' });
    expect(noData).toMatch(/the data was not copied in, so no task was made: transfer 502 failed/);
    expect(made()).toHaveLength(1);
  });

  it('says in a dry run what it would copy, and when, copying nothing', async () => {
    for (const inputs of [SERVICE, JOB]) {
      bench.log.length = 0;
      await step({ ...inputs, dry_run: 'true' }, { dryRun: true }).catch(() => undefined);
      expect(bench.log).toContainEqual(
        'dry run: data: v3/ would be copied into volume work:/data first, before anything is made'
      );
    }
    expect(bench.log).toContainEqual(
      'dry run: results: volume work:/data would be copied to results/eval/ once the job ended'
    );
    expect(bench.emulator.requests.filter((r) => r.method === 'POST')).toEqual([]);
  });

  it('makes nothing for a create cancelled while its data copies, or before', async () => {
    await volume();
    const { failure } = await step(SERVICE, { cancelWhen: /^data: copying/ });
    expect(failure).toBeDefined();
    expect(made()).toEqual([]);
    const before = await step(SERVICE, { cancelWhen: /./ });
    expect(before.failure).toMatch(/the data was not copied in, so no task was made: the step was cancelled/);
    expect(made()).toEqual([]);
  });

  it('copies the data of a replace before its new task is made', async () => {
    await volume();
    const { failure } = await step({ ...SERVICE, operation: 'replace' });
    expect(failure).toBeUndefined();
    expect(order()).toEqual(['copy 1']);
    expect(made()).toHaveLength(1);
  });

  it('refuses results on a create: a service runs until it is stopped, and is copied from with transfer', async () => {
    await expect(step({ ...SERVICE, results: 'work:/out -> out/' })).rejects.toThrow(
      "results is set, but create makes a service, which runs until it is stopped: results are copied out after a job ends (operation job); copy a service's with operation transfer (direction volume-to-s3) once it is stopped, and remove results"
    );
    // Results without data: refused for what they are, not for the object storage they would need.
    await expect(step({ ...SERVICE, data: '', s3_bucket: '', results: 'work:/out -> out/' })).rejects.toThrow(
      'results is set, but create makes a service'
    );
    await expect(step({ ...SERVICE, s3_access_key: '' })).rejects.toThrow(
      's3_access_key is empty, but data copies through the object storage it names'
    );
    expect(bench.emulator.requests).toEqual([]);
  });

  it('refuses data without the object storage, and data or results for an operation that runs no job', async () => {
    await expect(step({ ...JOB, s3_bucket: '' })).rejects.toThrow(
      's3_bucket is empty, but data copies through the object storage it names'
    );
    await expect(step({ ...JOB, data: '', s3_secret_key: '' })).rejects.toThrow(
      's3_secret_key is empty, but results copies through the object storage it names'
    );
    await expect(step({ operation: 'detail', task_id: '1', results: 'work:/out -> out/' })).rejects.toThrow(
      'results is set, but detail runs no job'
    );
    await expect(step({ operation: 'detail', task_id: '1', data: 'v3/ -> work:/data' })).rejects.toThrow(
      'data is set, but detail creates no task or job: data is copied in before one is made (create, replace, job, runner)'
    );
    await expect(step({ ...JOB, data: 'v3/ work:/data' })).rejects.toThrow(
      'data has "v3/ work:/data", which is no copy'
    );
    expect(bench.emulator.requests).toEqual([]);
  });
});
