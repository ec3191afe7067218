import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { parse } from 'yaml';
import { startEmulator, type Emulator } from '../../../../emulator/index.js';
import { manualStop, manualSweep } from '../../../../src/deploy/engine/tasks/manual-stop.js';
import { fixtureKey } from '../../../helpers/fixtures.js';
import { RSA_CREDENTIALS, testSettings } from '../../../helpers/settings.js';
import { SHUFFLED_CODES } from '../../../helpers/platform-client.js';

const run = promisify(execFile);
const USES = 'owner/elastic-deploy-action@v1';

/**
 * The ways the post step tells a user to stop a task by hand: the shell command is run as a user would
 * (bash, curl, openssl) against the emulator in strict mode, which accepts only what the platform does.
 */
describe('manualStop', () => {
  let emulator: Emulator;
  let dir: string;
  // An emulator of each test's own: no request of another test (one that timed out, say) is counted.
  beforeEach(async () => {
    emulator = await startEmulator({
      ...SHUFFLED_CODES,
      strict: true,
      keys: {
        rsa: {
          token: 'rsa-token',
          clientPrivateKey: fixtureKey('client-private-pkcs8.pem'),
          platformPrivateKey: fixtureKey('platform-private-pkcs8.pem')
        },
        tokenMode: { token: 'plain-token' }
      }
    });
    dir = mkdtempSync(join(tmpdir(), 'manual-stop-'));
    writeFileSync(join(dir, 'private.pem'), fixtureKey('client-private-pkcs8.pem'));
  });
  afterEach(async () => {
    rmSync(dir, { recursive: true, force: true });
    await emulator.stop();
  });

  it.each([
    ['RSA mode, signing the request with private.pem', 'rsa-token', RSA_CREDENTIALS],
    ['token mode', 'plain-token', { mode: 'token', token: 'plain-token' } as const]
  ])('gives a shell command that stops the task: %s', async (_what, token, credentials) => {
    const id = emulator.tasks.add({ task_name: 'by-hand', points: 1, status: 'Running' });
    const settings = testSettings({ baseUrl: emulator.base_url, credentials });
    const { step, shell } = manualStop(settings, id, USES);
    expect(parse(step)).toEqual([
      {
        uses: USES,
        with: expect.objectContaining({ operation: 'stop', task_id: Number(id), base_url: emulator.base_url })
      }
    ]);
    await run('bash', ['-euo', 'pipefail', '-c', shell ?? 'false'], {
      cwd: dir,
      env: { PATH: process.env.PATH, DEPLOY_API_TOKEN: token, CURL_CA_BUNDLE: emulator.ca_file }
    });
    expect(emulator.tasks.get(id).status).toBe('End');
  });

  it('gives a shell command that stops a job through the Job API, and a job_stop step', async () => {
    const id = emulator.jobs.add({ task_name: 'by-hand-job', points: 1 });
    const settings = testSettings({
      operation: 'job',
      baseUrl: emulator.base_url,
      credentials: RSA_CREDENTIALS,
      apiProfile: 'live'
    });
    const { step, shell } = manualStop(settings, id, USES);
    expect(parse(step)).toEqual([
      { uses: USES, with: expect.objectContaining({ operation: 'job_stop', task_id: Number(id) }) }
    ]);
    await run('bash', ['-euo', 'pipefail', '-c', shell ?? 'false'], {
      cwd: dir,
      env: { PATH: process.env.PATH, DEPLOY_API_TOKEN: 'rsa-token', CURL_CA_BUNDLE: emulator.ca_file }
    });
    expect(emulator.jobs.get(id).status).toBe('Paused');
  });

  it('gives no shell command for a stop whose body is encrypted: only the workflow step', () => {
    const settings = testSettings({ endpoints: { stop: { encrypt: true } } });
    expect(manualStop(settings, '7', USES).shell).toBeUndefined();
  });
});

describe('manualSweep', () => {
  it('sweeps the exact name, keeping the tasks given, with the credentials of the mode', () => {
    const { step, how } = manualSweep(testSettings(), 'web "api"', ['3', '4'], USES);
    expect(how).toBe('stop every task of that name but the ones that existed before the step');
    expect(parse(step)).toEqual([
      {
        uses: USES,
        with: {
          operation: 'sweep',
          task_name: 'web "api"',
          task_id: '3, 4',
          base_url: 'https://openapi.example',
          token: '${{ secrets.DEPLOY_API_TOKEN }}',
          private_key: '${{ secrets.DEPLOY_API_PRIVATE_KEY }}'
        }
      }
    ]);
    const token = testSettings({ credentials: { mode: 'token', token: 't' } });
    expect(parse(manualSweep(token, 'web', [], USES).step)).toEqual([
      {
        uses: USES,
        with: {
          operation: 'sweep',
          task_name: 'web',
          base_url: 'https://openapi.example',
          token: '${{ secrets.DEPLOY_API_TOKEN }}'
        }
      }
    ]);
  });
});

// Regression (issue 48): every by-hand stop of a job named the deployments' stop, which answers "not
// found" for a job, while the job billed on.
describe("a by-hand stop names the stop of the task's own kind", () => {
  const withOperation = (operation: 'create' | 'job' | 'job_detail') =>
    testSettings({ operation, credentials: { mode: 'token', token: 't' }, apiProfile: 'live' });

  it.each([
    ['a deployment (create)', 'create' as const, 'stop', '/api/deployment/task/stop'],
    ['a job (job)', 'job' as const, 'job_stop', '/api/task/job/stop'],
    ['a job read by its detail (job_detail)', 'job_detail' as const, 'job_stop', '/api/task/job/stop']
  ])('%s: the workflow step and the shell command', (_what, operation, stop, path) => {
    const { step, shell } = manualStop(withOperation(operation), '7', USES);
    expect(parse(step)).toEqual([
      { uses: USES, with: expect.objectContaining({ operation: stop, task_id: 7 }) }
    ]);
    expect(shell).toContain(`https://openapi.example${path}`);
  });

  it("lists a job's name with job_search, for a job create whose id the step never learnt (a sweep finds no job)", () => {
    const { step, how } = manualSweep(withOperation('job'), 'gpu-tests', ['3'], USES);
    expect(parse(step)).toEqual([
      { uses: USES, with: expect.objectContaining({ operation: 'job_search', task_name: 'gpu-tests' }) }
    ]);
    expect(how).toBe(
      "list the jobs of that name, and stop each one but 3, which existed before the step with the job's stop (operation job_stop; elastic-deploy job-stop --task-id N)"
    );
  });
});
