import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { EmulatorInfo } from '../../emulator/index.js';
import { parseEnvelope, send } from '../helpers/platform-client.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

function exited(child: ChildProcess): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
  return new Promise((resolve) => {
    child.once('exit', (code, signal) => {
      resolve({ code, signal });
    });
  });
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

describe('npm run emulator', () => {
  const dir = mkdtempSync(join(tmpdir(), 'emulator-cli-test-'));
  afterAll(() => {
    rmSync(dir, { recursive: true, force: true });
  });

  it('writes the info file, answers a request, and stops cleanly on SIGTERM', async () => {
    const infoFile = join(dir, 'info.json');
    const child = spawn(
      'npm',
      ['run', '--silent', 'emulator', '--', '--port', '0', '--info', infoFile, '--ready-after', '1'],
      {
        cwd: ROOT,
        stdio: ['ignore', 'pipe', 'pipe']
      }
    );
    const stderr = collect(child);
    const exit = exited(child);
    try {
      const info = JSON.parse(await waitForFile(infoFile, child, stderr)) as EmulatorInfo;
      expect(info.base_url).toMatch(/^https:\/\/127\.0\.0\.1:\d+$/);
      expect(info.rsa.token).toMatch(/^[0-9a-f-]{36}-\d{14}$/);
      expect(readFileSync(info.rsa.private_key_file, 'utf8')).toMatch(/^-----BEGIN PRIVATE KEY-----/);
      expect(readFileSync(info.rsa.platform_public_key_file, 'utf8')).toMatch(/^-----BEGIN PUBLIC KEY-----/);

      const response = await send(info.base_url, info.ca_file, {
        method: 'GET',
        target: '/api/deployment/resource/search',
        headers: {
          token: info.token_mode.token,
          version: '1.0.0',
          timestamp: String(Date.now()),
          'content-type': 'application/json'
        }
      });
      expect(parseEnvelope(response.text).code).toBe('0000');

      child.kill('SIGTERM');
      expect(await exit).toEqual({ code: 0, signal: null });
      expect(stderr()).toMatch(/stopped \(SIGTERM\)/);
      expect(existsSync(info.rsa.private_key_file)).toBe(false);
    } finally {
      child.kill('SIGKILL');
    }
  }, 40_000);

  it('refuses a bad flag with one line naming it', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'emulator/cli.ts', '--port', 'eighty'], {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'pipe']
    });
    const stderr = collect(child);
    expect((await exited(child)).code).toBe(2);
    expect(stderr()).toMatch(/^emulator: --port "eighty" is not valid: use 0 to 65535\nusage: /);
  }, 30_000);
});
