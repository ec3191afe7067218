import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { EmulatorInfo, RecordedRequest } from '../../emulator/index.js';
import { send, TestClient } from '../helpers/platform-client.js';
import { until } from '../helpers/until.js';
import { JOB_MARK_4090, jobBodyWithSecrets, MARK_4090, WEB_SERVICE } from '../helpers/bodies.js';
import { reference } from '../helpers/reference.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const SEARCH_PATH = '/api/deployment/resource/search';
/** A resource search as the platform takes it: its two parameters are required. */
const SEARCH = `${SEARCH_PATH}?task_type=Deployment&device_type=GpuDevice`;
// The platform's documented forms (the emulator's default profile).
const CREATE = '/api/task/deployment/create';
const DETAIL = '/api/task/deployment/detail';
const NEW_TASK = { task_name: 'cli', points: 1, resources: [{ mark: MARK_4090 }], services: [WEB_SERVICE] };
const STOP = '/api/deployment/task/stop';

function exited(child: ChildProcess): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
  return new Promise((resolve) => {
    child.once('exit', (code, signal) => {
      resolve({ code, signal });
    });
  });
}

/**
 * Stops npm and the emulator under it, if any of it is left: SIGTERM first, which npm passes on to the
 * emulator (npm starts scripts outside its own process group), then SIGKILL for the whole group.
 */
async function stopAll(child: ChildProcess, exit: Promise<unknown>): Promise<void> {
  if (child.exitCode === null && child.signalCode === null) {
    child.kill('SIGTERM');
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([exit, new Promise((resolve) => (timer = setTimeout(resolve, 5000)))]);
    clearTimeout(timer);
  }
  if (child.pid === undefined) return;
  try {
    process.kill(-child.pid, 'SIGKILL');
  } catch {
    // the whole group has exited
  }
}

function collect(child: ChildProcess): () => string {
  let text = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    text += chunk.toString();
  });
  return () => text;
}

async function waitForFile(path: string, child: ChildProcess, stderr: () => string): Promise<string> {
  for (let waited = 0; waited < 30_000; waited += 50) {
    if (existsSync(path)) return readFileSync(path, 'utf8');
    if (child.exitCode !== null) throw new Error(`emulator exited early: ${stderr()}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`no info file after 30 s: ${stderr()}`);
}

/** Starts `emulator/cli.ts` with these flags and an info file; answers once the info is written. */
async function startCli(
  dir: string,
  name: string,
  flags: string[]
): Promise<{ info: EmulatorInfo; child: ChildProcess; exit: Promise<unknown> }> {
  const infoFile = join(dir, `${name}-info.json`);
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'emulator/cli.ts', '--port', '0', '--info', infoFile, ...flags],
    { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] }
  );
  const stderr = collect(child);
  const exit = exited(child);
  try {
    return { info: JSON.parse(await waitForFile(infoFile, child, stderr)) as EmulatorInfo, child, exit };
  } catch (error) {
    await stopAll(child, exit);
    throw error;
  }
}

describe('npm run emulator', () => {
  const dir = mkdtempSync(join(tmpdir(), 'emulator-cli-test-'));
  afterAll(() => {
    rmSync(dir, { recursive: true, force: true });
  });

  it('writes the info file, answers requests as its flags say, and stops cleanly on SIGTERM', async () => {
    const infoFile = join(dir, 'info.json');
    const recordFile = join(dir, 'record.jsonl');
    const flags = [
      '--port',
      '0',
      '--info',
      infoFile,
      '--ready-after',
      '0.5',
      '--clock-offset',
      '3600',
      '--record',
      recordFile
    ];
    const child = spawn('npm', ['run', '--silent', 'emulator', '--', ...flags], {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'pipe']
    });
    const stderr = collect(child);
    const exit = exited(child);
    try {
      const info = JSON.parse(await waitForFile(infoFile, child, stderr)) as EmulatorInfo;
      expect(info.base_url).toMatch(/^https:\/\/127\.0\.0\.1:\d+$/);
      expect(info.rsa.token).toMatch(/^[0-9a-f-]{36}-\d{14}$/);
      expect(readFileSync(info.rsa.private_key_file, 'utf8')).toMatch(/^-----BEGIN PRIVATE KEY-----/);
      expect(readFileSync(info.rsa.platform_public_key_file, 'utf8')).toMatch(/^-----BEGIN PUBLIC KEY-----/);

      // The platform clock runs an hour ahead (--clock-offset 3600): a request stamped with the local
      // clock is refused as expired, one stamped on the platform clock creates a task, which is
      // Running after --ready-after 0.5 s.
      const client = new TestClient(info, () => Date.now() + 3_600_000);
      const local = await client.call({ method: 'GET', target: SEARCH, timestamp: String(Date.now()) });
      expect(local.envelope.message).toMatch(/1h0m\ds behind the platform clock/);
      expect(Date.parse(String(local.headers.date)) - Date.now()).toBeGreaterThan(3_590_000);
      const created = await client.call({ method: 'POST', target: CREATE, json: NEW_TASK });
      expect(created.envelope.code).toBe('0000');
      const { task_id } = created.envelope.data as { task_id: number };
      const status = async (): Promise<unknown> => {
        const detail = await client.call({
          method: 'GET',
          target: `${DETAIL}?task_id=${task_id}`,
          mode: 'token'
        });
        return (detail.envelope.data as { status: string }).status;
      };
      expect(await status()).toBe('Pending');
      // Polled until Running after --ready-after 0.5 s: each poll is a detail in the record.
      let polls = 1;
      const running = async (): Promise<boolean> => {
        polls += 1;
        return (await status()) === 'Running';
      };
      await until(running, 'the task to run');
      // Regression (issue 49, point 8): its service URLs were on apps.emulator.invalid, which resolves
      // nowhere: by default the emulator serves its tasks' apps on its own address.
      const detail = await client.call({
        method: 'GET',
        target: `${DETAIL}?task_id=${task_id}`,
        mode: 'token'
      });
      const [url] = (
        (detail.envelope.data as { services: { remote_ports: { url: string }[] }[] }).services[0]
          ?.remote_ports ?? []
      ).map((port) => port.url);
      expect(url).toBe(`${info.base_url}/_app/${task_id}/80`);
      polls += 1;
      expect((await fetch(`${url ?? ''}/health`)).status).toBe(200);

      const record = readFileSync(recordFile, 'utf8')
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line) as RecordedRequest);
      expect(record.map((r) => [r.path, r.verdict?.reason, r.applied])).toEqual([
        [SEARCH_PATH, 'timestamp_expired', false],
        [CREATE, 'ok', true],
        ...Array.from({ length: polls }, () => [DETAIL, 'ok', true])
      ]);
      expect(JSON.parse(record[1]?.answer ?? '')).toEqual({
        code: '0000',
        message: 'success',
        data: { task_id: 1229831 }
      });
      expect(record.every((r) => !('token' in r.headers))).toBe(true);

      child.kill('SIGTERM');
      expect(await exit).toEqual({ code: 0, signal: null });
      expect(stderr()).toMatch(/stopped \(SIGTERM\)/);
      expect(existsSync(info.rsa.private_key_file)).toBe(false);
    } finally {
      await stopAll(child, exit);
    }
  });

  it('shows the faults of --config and --fault: stop refused, storage check failing, odd URLs', async () => {
    const configFile = join(dir, 'config.json');
    writeFileSync(
      configFile,
      JSON.stringify({
        faults: [{ path: STOP, times: 'always', answer: { kind: 'status', status: 503 } }],
        storageVerdict: { pass: false, message: 'the bucket does not exist' },
        serviceUrl: 'javascript:alert({port})',
        readyAfterSeconds: 0
      })
    );
    const fault = JSON.stringify({
      path: SEARCH_PATH,
      answer: { kind: 'envelope', code: 'C004', message: 'API Key不存在' }
    });
    const stock = JSON.stringify({ device_name: 'H20 x 8', region: 'guangdong-t-01', inventory: 0 });
    const { info, child, exit } = await startCli(dir, 'faults', [
      '--config',
      configFile,
      '--fault',
      fault,
      '--stock',
      stock
    ]);
    try {
      const client = new TestClient(info, Date.now);
      expect((await client.call({ method: 'GET', target: SEARCH })).envelope).toEqual({
        code: 'C004',
        message: 'API Key不存在',
        data: null
      });
      // --stock applied: the region shows none free.
      const resources = await client.call({
        method: 'GET',
        target: SEARCH
      });
      expect(resources.envelope.data).toMatchObject({
        results: expect.arrayContaining([
          expect.objectContaining({
            device_name: 'H20 x 8',
            regions: expect.arrayContaining([
              expect.objectContaining({ region: 'guangdong-t-01', inventory: 0 })
            ])
          })
        ])
      });
      const created = await client.call({ method: 'POST', target: CREATE, json: NEW_TASK });
      const { task_id } = created.envelope.data as { task_id: number };
      const detail = await client.call({ method: 'GET', target: `${DETAIL}?task_id=${task_id}` });
      expect(detail.envelope.data).toMatchObject({
        status: 'Running',
        services: [{ remote_ports: [{ url: 'javascript:alert(80)' }] }]
      });
      for (let i = 0; i < 2; i++) {
        const stop = client.build({ method: 'POST', target: STOP, json: { task_id } });
        expect((await send(info.base_url, info.ca_file, stop)).status).toBe(503);
      }
      const storage = await client.call({
        method: 'POST',
        target: '/api/storage/nas/v1/encrypt/s3/check',
        json: { supplier: 'tencent', endpoint: 'e', ak: 'a', sk: 's', bucket: 'b', prefix: '' },
        encrypt: true,
        headers: { 'content-type': 'text/plain' }
      });
      expect(storage.envelope).toMatchObject({
        code: '0000',
        data: { pass: false, message: 'the bucket does not exist' }
      });
    } finally {
      await stopAll(child, exit);
    }
  });

  // Regression (issue 60, point 14): --record wrote each encrypted body's plaintext as it decrypted it, the
  // S3 keys of a storage check included, and plain bodies and answers with their env values and registry
  // passwords; and every request's signature.
  it('keeps no credential in its --record file: S3 keys, env values, registry credentials, signatures', async () => {
    const recordFile = join(dir, 'secrets-record.jsonl');
    const { info, child, exit } = await startCli(dir, 'secrets', ['--record', recordFile]);
    const secret = {
      ak: 'AKIDrecord0example',
      sk: 'record-s3-secret-key',
      env: 'record-env-value-1',
      password: 'record-reg-pass-1',
      user: 'record-reg-user-1',
      hf: 'hf-record-env-value'
    };
    try {
      const client = new TestClient(info, Date.now);
      const ok = async (o: Parameters<TestClient['call']>[0]): Promise<unknown> => {
        const answer = await client.call(o);
        expect([o.target, answer.envelope.code]).toEqual([o.target, '0000']);
        return answer.envelope.data;
      };
      const plain = { 'content-type': 'text/plain' };
      await ok({
        method: 'POST',
        target: '/api/storage/nas/v1/encrypt/s3/check',
        json: {
          ...(reference('storage-s3-check').example_request as object),
          ak: secret.ak,
          sk: secret.sk
        },
        encrypt: true,
        headers: plain
      });
      const { task_id: id } = (await ok({
        method: 'POST',
        target: CREATE,
        json: {
          ...NEW_TASK,
          repository_username: secret.user,
          repository_password: secret.password,
          services: [{ ...WEB_SERVICE, env: `API_KEY=${secret.env}\nMODE=prod` }]
        }
      })) as { task_id: number };
      await ok({ method: 'GET', target: `${DETAIL}?task_id=${id}` });
      await ok({
        method: 'POST',
        target: '/api/task/job/create',
        json: {
          ...(JSON.parse(
            jobBodyWithSecrets([{ name: 'HF_TOKEN', value: secret.hf }], secret.password)
          ) as object),
          task_name: 'record-job',
          points: 1,
          resources: [{ mark: JOB_MARK_4090 }]
        }
      });
      await ok({ method: 'POST', target: STOP, json: { task_id: id } });
      const text = readFileSync(recordFile, 'utf8');
      for (const value of [...Object.values(secret), info.rsa.token])
        expect({ value, recorded: text.includes(value) }).toEqual({ value, recorded: false });
      const record = text
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line) as RecordedRequest);
      // What a workflow reads of it stays: the stop's task, the create's, the storage check's fields.
      const stop = record.find((r) => r.path === STOP);
      expect(JSON.parse(stop?.body ?? '{}')).toEqual({ task_id: id });
      expect(record.find((r) => r.path === CREATE)?.createdTaskId).toBe(String(id));
      const check = record.find((r) => r.path.endsWith('/s3/check'));
      expect(JSON.parse(check?.plaintext ?? '{}')).toMatchObject({ supplier: 'tencent', ak: '<redacted>' });
      expect(record.every((r) => r.headers.sign_str === '<redacted>')).toBe(true);
    } finally {
      await stopAll(child, exit);
    }
  });

  it('follows --profile spec and --strict', async () => {
    const { info, child, exit } = await startCli(dir, 'spec', ['--profile', 'spec', '--strict']);
    try {
      const client = new TestClient(info, Date.now);
      const search = await client.call({
        method: 'GET',
        target: '/api/deployment/task/search?search_value=x'
      });
      expect(search.envelope).toMatchObject({ code: '0000', msg: 'success' });
      const bare = await client.call({
        method: 'GET',
        target: '/api/deployment/task/search?type=Deployment&status=Running',
        omit: ['content-type']
      });
      expect(bare.envelope.code).toBe('C001');
    } finally {
      await stopAll(child, exit);
    }
  });

  it('refuses a --config or --fault it cannot use, naming the field', async () => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', 'emulator/cli.ts', '--fault', '{"answer": {"kind": "teapot"}}'],
      { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] }
    );
    const stderr = collect(child);
    expect((await exited(child)).code).toBe(2);
    expect(stderr()).toMatch(
      /^emulator: --fault #1 is not valid: --fault #1\.answer\.kind must be one of status, reset/
    );
    const stock = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        'emulator/cli.ts',
        '--port',
        '0',
        '--stock',
        '{"device_name": "A100", "region": "x"}'
      ],
      { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] }
    );
    const stockErr = collect(stock);
    expect((await exited(stock)).code).toBe(2);
    expect(stockErr()).toMatch(/^emulator: no device A100 in region x in the catalog\n/);
  });

  it('refuses a bad flag with one line naming it', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'emulator/cli.ts', '--port', 'eighty'], {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'pipe']
    });
    const stderr = collect(child);
    expect((await exited(child)).code).toBe(2);
    expect(stderr()).toMatch(/^emulator: --port "eighty" is not valid: use 0 to 65535\nusage: /);
  });
});
