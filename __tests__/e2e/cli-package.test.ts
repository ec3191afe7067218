// The packed package, as a user gets it: `npm pack`, installed into an empty directory, and its
// elastic-deploy run as a child process (on each Node version here) against the emulator over HTTPS.
import { execFile, execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { startEmulator, type Emulator } from '../../emulator/index.js';
import { nodeRuntimes, ROOT, type NodeRuntime } from '../../scripts/action-runner.js';
import { fixtureEmulatorKeys } from '../helpers/fixtures.js';

const run = promisify(execFile);
const SERVICE =
  '{services: [{service_name: web, service_image: "nginx:1", remote_ports: [{service_port: 80}]}]}';

interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

describe('the packed elastic-deploy, installed into an empty directory', () => {
  let emulator: Emulator;
  let dir: string;
  let bin: string;
  let cli: string;

  beforeAll(async () => {
    emulator = await startEmulator({
      keys: fixtureEmulatorKeys(),
      readyAfterSeconds: 0,
      strict: true,
      profile: 'live'
    });
    dir = mkdtempSync(join(tmpdir(), 'cli-package-'));
    await run('npm', ['pack', '--pack-destination', dir, '--silent'], { cwd: ROOT });
    const tarball = readdirSync(dir).find((file) => file.endsWith('.tgz')) ?? '';
    await run(
      'npm',
      [
        'install',
        '--prefix',
        join(dir, 'install'),
        join(dir, tarball),
        '--omit=dev',
        '--prefer-offline',
        '--no-audit',
        '--no-fund',
        '--ignore-scripts'
      ],
      { cwd: dir }
    );
    bin = join(dir, 'install/node_modules/.bin/elastic-deploy');
    cli = join(dir, 'install/node_modules/elastic-deploy-action/dist/cli/index.js');
  }, 120_000);
  afterAll(async () => {
    await emulator.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  /** Runs the installed tool on `node`, from an empty directory, with only what a CI job would set. */
  function elasticDeploy(
    node: NodeRuntime,
    args: string[],
    env: Record<string, string> = {},
    signalOn?: RegExp
  ): Promise<CliRun> {
    return new Promise((resolve, reject) => {
      const child = spawn(node.path, [cli, ...args], {
        cwd: dir,
        env: {
          PATH: process.env.PATH,
          NODE_EXTRA_CA_CERTS: emulator.ca_file,
          ELASTIC_DEPLOY_BASE_URL: emulator.base_url,
          ELASTIC_DEPLOY_TOKEN: emulator.token_mode.token,
          ELASTIC_DEPLOY_API_PROFILE: 'live',
          ...env
        }
      });
      let stdout = '';
      let stderr = '';
      let signalled = false;
      child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => {
        stderr += chunk.toString();
        if (!signalled && signalOn?.test(stderr) === true) {
          signalled = true;
          child.kill('SIGTERM');
        }
      });
      child.on('error', reject);
      child.on('close', (code) => {
        resolve({ code, stdout, stderr });
      });
    });
  }

  it('runs the engine as the CLI when dist/index.js is started outside GitHub Actions, writing no workflow command', async () => {
    const result = await run(
      process.execPath,
      [join(ROOT, 'dist/index.js'), 'detail', '--task-id', '1', '--debug'],
      {
        env: {
          PATH: process.env.PATH,
          NODE_EXTRA_CA_CERTS: emulator.ca_file,
          ELASTIC_DEPLOY_BASE_URL: emulator.base_url,
          ELASTIC_DEPLOY_TOKEN: emulator.token_mode.token,
          ELASTIC_DEPLOY_API_PROFILE: 'live',
          INPUT_TOKEN: emulator.token_mode.token
        }
      }
    ).catch((error: unknown) => error as { stdout: string; stderr: string });
    expect(`${result.stdout}${result.stderr}`).not.toMatch(/^::/m);
    expect(`${result.stdout}${result.stderr}`).not.toContain(emulator.token_mode.token);
    expect(result.stderr).toContain('detail: GET /api/task/deployment/detail');
  });

  it('links the bin, which runs with the shebang', () => {
    expect(execFileSync(bin, ['--version'], { encoding: 'utf8' })).toBe('0.1.0\n');
  });

  describe.each(nodeRuntimes().map((node) => [node.major, node] as const))('on Node %i', (_major, node) => {
    it('creates a task picking its resource by gpu, with no secret in any stream even with --debug, and no workflow command', async () => {
      const result = await elasticDeploy(node, [
        'create',
        '--gpu',
        '4090',
        '--task-name',
        `pkg-web-${node.major}`,
        '--body',
        SERVICE,
        '--poll-interval',
        '1s',
        '--debug'
      ]);
      expect(result.code).toBe(0);
      const outputs = JSON.parse(result.stdout) as Record<string, string>;
      expect(outputs).toMatchObject({ status: 'Running', gpu: '4090' });
      expect(result.stderr).toContain('debug: ');
      expect(`${result.stdout}${result.stderr}`).not.toContain(emulator.token_mode.token);
      expect(result.stderr).not.toMatch(/^::/m);
    });

    it('stops what it created on SIGTERM with --cleanup stop, exiting 130', async () => {
      emulator.setReadyAfter(600);
      try {
        const result = await elasticDeploy(
          node,
          [
            'create',
            '--gpu',
            '4090',
            '--task-name',
            `pkg-term-${node.major}`,
            '--body',
            SERVICE,
            '--cleanup',
            'stop',
            '--poll-interval',
            '1s'
          ],
          {},
          /task_id: \d+/
        );
        expect(result.code).toBe(130);
        const id = (JSON.parse(result.stdout) as { task_id: string }).task_id;
        expect(result.stderr).toContain(`cleanup: stopped task ${id}`);
        expect(emulator.task(id).status).toBe('End');
      } finally {
        emulator.setReadyAfter(0);
      }
    });

    it('leaves a task that succeeded running, for cleanup --state-file to stop, writing dotenv outputs', async () => {
      const stateFile = join(dir, `state-${node.major}.json`);
      const created = await elasticDeploy(node, [
        'create',
        '--gpu',
        '4090',
        '--task-name',
        `pkg-later-${node.major}`,
        '--body',
        SERVICE,
        '--cleanup',
        'stop',
        '--state-file',
        stateFile,
        '--output',
        'dotenv'
      ]);
      expect(created.code).toBe(0);
      const id = /^ELASTIC_DEPLOY_TASK_ID=(\d+)$/m.exec(created.stdout)?.[1] ?? '';
      expect(emulator.task(id).status).toBe('Running');
      const cleanup = await elasticDeploy(node, ['cleanup', '--state-file', stateFile]);
      expect([cleanup.code, emulator.task(id).status]).toEqual([0, 'End']);
    });

    it('exits 2 on a bad input, sending nothing', async () => {
      const before = emulator.requests.length;
      const result = await elasticDeploy(node, ['create', '--token', 'x']);
      expect([result.code, result.stdout]).toEqual([2, '']);
      expect(emulator.requests.length).toBe(before);
    });
  });
});
