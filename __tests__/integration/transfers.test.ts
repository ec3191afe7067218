// The transfer operations against the strict emulator over HTTPS on a fake clock: a copy between object
// storage and a volume, checked first, followed to its end with its progress, retried, stopped, and
// never copying twice what is there already.
import { useStepBench } from '../helpers/emulator-step.js';
import { tokenInputs } from '../helpers/emulator-inputs.js';
import { renderSummary } from '../../src/action/summary.js';

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

describe('operation transfer', () => {
  const bench = useStepBench({ readyAfterSeconds: 5, strict: true }, {}, (emulator) => {
    emulator.storage.setTransferPace({
      queueMs: 5000,
      pendingMs: 5000,
      countMs: 10_000,
      bytesPerSecond: 10 * MIB
    });
    emulator.storage.setObjects('corpus', 'v3/', files(6));
  });
  const { sent } = bench;
  const step: typeof bench.step = (inputs, options) => {
    bench.clock.advance(1);
    return bench.step(inputs, options);
  };
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
    bench.emulator.storage.setObjects('corpus', 'v3/', files(6, 'c'));
    await step({ ...INTO, wait_timeout: '30s' });
    const stop = await step({ operation: 'transfer_stop', transfer_id: '502' });
    expect(stop.outputs).toMatchObject({ transfer_id: '502', status: 'Stopped' });
    expect(bench.log).toContainEqual('transfer 502: Stopped: it copies no more');
  });
});
