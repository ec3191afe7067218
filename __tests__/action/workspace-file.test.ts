import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { InputError } from '../../src/basics/input-error.js';
import { readWorkspaceFile } from '../../src/action/workspace-file.js';

describe('readWorkspaceFile (body_file)', () => {
  const top = mkdtempSync(join(tmpdir(), 'workspace-file-'));
  const workspace = join(top, 'workspace');
  const runnerTemp = join(top, 'runner-temp');
  const home = join(top, 'home');
  for (const dir of [workspace, runnerTemp, join(home, '.docker'), join(workspace, 'deploy')])
    mkdirSync(dir, { recursive: true });
  writeFileSync(join(workspace, 'deploy', 'body.yml'), 'services: []\n');
  writeFileSync(join(runnerTemp, 'made.json'), '{"a":1}');
  writeFileSync(join(home, '.docker', 'config.json'), '{"auths":{"ghcr.io":{"auth":"c2VjcmV0"}}}');
  writeFileSync(join(workspace, 'big.json'), 'x'.repeat(1024 * 1024 + 1));
  writeFileSync(join(workspace, 'max.json'), 'x'.repeat(1024 * 1024));
  symlinkSync(join(home, '.docker', 'config.json'), join(workspace, 'innocent.json'));
  execFileSync('mkfifo', [join(workspace, 'pipe')]);
  afterAll(() => {
    rmSync(top, { recursive: true, force: true });
  });

  const read = (path: string): string =>
    readWorkspaceFile('body_file', path, { workspace, others: [runnerTemp] }, 1024 * 1024);
  const refusal = (path: string): string => {
    try {
      read(path);
    } catch (error) {
      expect(error).toBeInstanceOf(InputError);
      return (error as Error).message;
    }
    throw new Error(`${path} was read`);
  };

  it('reads a file in the workspace by its path from there, or by absolute path, and one in RUNNER_TEMP', () => {
    expect(read('deploy/body.yml')).toBe('services: []\n');
    expect(read(join(workspace, 'deploy', 'body.yml'))).toBe('services: []\n');
    expect(read(join(runnerTemp, 'made.json'))).toBe('{"a":1}');
    expect(read('max.json')).toHaveLength(1024 * 1024);
  });

  it.each([
    [
      "a file outside (a runner's docker config)",
      () => join(home, '.docker', 'config.json'),
      /is outside the workspace: put the file in the workspace/
    ],
    ['a path climbing out', () => '../home/.docker/config.json', /is outside the workspace/],
    ['a symbolic link to a file outside', () => 'innocent.json', /is outside the workspace/],
    ['/dev/zero', () => '/dev/zero', /is outside the workspace/],
    ['a named pipe in the workspace', () => 'pipe', /is not a regular file/],
    ['a folder', () => 'deploy', /is not a regular file/],
    ['a file over 1 MiB', () => 'big.json', /is 1048577 bytes, over the 1 MiB a body file may hold/],
    ['a file that does not exist', () => 'nope.yml', /cannot be read \(ENOENT\)/],
    ['the workspace itself', () => '.', /is outside the workspace/]
  ])('refuses %s, naming body_file and the fix', (_what, path, message) => {
    const text = refusal(path());
    expect(text).toMatch(/^body_file "/);
    expect(text).toMatch(message);
    expect(text).not.toContain('c2VjcmV0');
  });
});
