// Issue 64, point 7: `elastic-deploy copy`, in process against the strict emulator and its real SFTP
// server: a workspace path is relative to the working directory (no GITHUB_WORKSPACE), uploaded and
// downloaded back, its outputs in the JSON; a line that leaves the working directory refused, nothing sent.
import { mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Emulator } from '../../emulator/index.js';
import { EXIT } from '../../src/cli/exit-codes.js';
import { rsaEnvironment, runCliIn } from '../helpers/cli-run.js';
import { startStrictEmulator } from '../helpers/platform-client.js';

describe('elastic-deploy copy', () => {
  let emulator: Emulator;
  let here = '';
  const before = process.cwd();
  beforeEach(async () => {
    emulator = await startStrictEmulator();
    // No wait for a session to open: the emulator's clock is this machine's here.
    emulator.storage.setSftp({ pendingMs: 0 });
    here = realpathSync(mkdtempSync(join(tmpdir(), 'cli-copy-')));
    mkdirSync(join(here, 'dataset'));
    writeFileSync(join(here, 'dataset', 'train.jsonl'), '{"x":1}\n');
    process.chdir(here);
  });
  afterEach(async () => {
    process.chdir(before);
    rmSync(here, { recursive: true, force: true });
    await emulator.stop();
  });
  const run = (argv: string[]) => runCliIn(argv, rsaEnvironment(emulator));

  it('copies ./dataset/ of the working directory into a volume and back, and prints what it copied', async () => {
    const made = await run(['volume', '--volume', 'datasets', '--size', '10', '--output', 'json']);
    expect([made.code, made.stderr]).toEqual([EXIT.ok, expect.any(String)]);
    const storageId = Number((JSON.parse(made.stdout) as { storage_id: string }).storage_id);
    const up = await run(['copy', '--copies', './dataset/ -> datasets:/data', '--output', 'json']);
    expect([up.code, up.stderr]).toEqual([EXIT.ok, expect.stringContaining('1 file copied')]);
    expect(JSON.parse(up.stdout)).toMatchObject({ files: 1, bytes: 8, skipped_files: 0 });
    expect(emulator.storage.volumeFiles(storageId, '/data').map((f) => [f.name, f.bytes])).toEqual([
      ['train.jsonl', 8]
    ]);
    const down = await run(['copy', '--copies', 'datasets:/data -> ./back/', '--output', 'json']);
    expect([down.code, down.stderr]).toEqual([EXIT.ok, expect.any(String)]);
    expect(readFileSync(join(here, 'back', 'train.jsonl'), 'utf8')).toBe('{"x":1}\n');
    expect(emulator.storage.sftpStatus(storageId)).toBeUndefined();
  });

  it('refuses a line that leaves the working directory, with exit code 2 and one line, sending nothing', async () => {
    const refused = await run(['copy', '--copies', '../elsewhere/ -> datasets:/data']);
    expect(refused.code).toBe(EXIT.input);
    expect(refused.stderr).toBe(
      'error: --copies has "../elsewhere/ -> datasets:/data", which names "../elsewhere/", a path outside the workspace: write a path from the workspace that starts with ./, such as ./dataset/ (nothing outside it is copied)\n'
    );
    expect(emulator.requests).toEqual([]);
  });
});
