import { jest } from '@jest/globals';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { githubHost } from '../../src/action/github-host.js';
// The runner's reading of an output file: `name<<delimiter`, the value's lines, the delimiter.
import { parseFileCommands } from '../../scripts/action-runner.js';

describe('the GitHub host', () => {
  let dir: string;
  const saved = { ...process.env };
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'github-host-'));
  });
  afterEach(() => {
    process.env = { ...saved };
    rmSync(dir, { recursive: true, force: true });
  });

  it('writes every output to GITHUB_OUTPUT at once, values of many lines and empty ones as the runner reads them', () => {
    const file = join(dir, 'output');
    writeFileSync(file, 'earlier<<EOF\nkept\nEOF\n');
    process.env.GITHUB_OUTPUT = file;
    const outputs = { task_id: '1229831', data: '{\n  "a": 1\n}', url: '', status: 'Running' };
    githubHost().setOutputs(outputs);
    const text = readFileSync(file, 'utf8');
    expect(parseFileCommands(text)).toEqual({ earlier: 'kept', ...outputs });
    // One delimiter for the write, a fresh one each time.
    const delimiters = new Set(text.match(/ghadelimiter_[0-9a-f-]{36}/g));
    expect(delimiters.size).toBe(1);
    githubHost().setOutputs({ more: 'x' });
    expect(new Set(readFileSync(file, 'utf8').match(/ghadelimiter_[0-9a-f-]{36}/g)).size).toBe(2);
  });

  // Regression (issue 48): under @github/local-action, which runs main and post in one process, the post
  // step found no saved state, so cleanup: stop stopped nothing and the task billed on.
  it('saves state to GITHUB_STATE for the post step, and keeps it in this process for a post step run in it', () => {
    const file = join(dir, 'state');
    writeFileSync(file, '');
    process.env.GITHUB_STATE = file;
    githubHost().saveState({ cleanup: 'stop', created_task_ids: '["7"]' });
    expect(parseFileCommands(readFileSync(file, 'utf8'))).toEqual({
      cleanup: 'stop',
      created_task_ids: '["7"]'
    });
    expect(githubHost().state('created_task_ids')).toBe('["7"]');
  });

  it('appends to the job summary, and says why it cannot when GITHUB_STEP_SUMMARY is not set', () => {
    const file = join(dir, 'summary');
    writeFileSync(file, '# before\n');
    process.env.GITHUB_STEP_SUMMARY = file;
    const host = githubHost();
    host.appendSummary?.('### Elastic deploy\n');
    expect(readFileSync(file, 'utf8')).toBe('# before\n### Elastic deploy\n');
    delete process.env.GITHUB_STEP_SUMMARY;
    expect(() => host.appendSummary?.('x')).toThrow(/GITHUB_STEP_SUMMARY is not set/);
  });

  it('writes debug lines only when the runner keeps them (RUNNER_DEBUG=1), and composes none otherwise', () => {
    const written: string[] = [];
    const write = jest.spyOn(process.stdout, 'write').mockImplementation((chunk) => {
      written.push(String(chunk));
      return true;
    });
    try {
      delete process.env.RUNNER_DEBUG;
      expect(githubHost().debug).toBeUndefined();
      process.env.RUNNER_DEBUG = '1';
      githubHost().debug?.('request: GET /api/task/deployment/detail');
    } finally {
      write.mockRestore();
    }
    expect(written.join('')).toContain('::debug::request: GET /api/task/deployment/detail');
  });
});
