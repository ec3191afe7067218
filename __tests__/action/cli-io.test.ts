// How the command-line tool writes its state and summary files.
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { writeWhole } from '../../src/action/cli-io.js';

describe('writeWhole, which writes the state file', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'cli-io-test-'));
  });
  afterEach(() => {
    rmSync(dir, { recursive: true, force: true });
  });

  it('replaces the file with the whole text, readable by its owner only, leaving nothing beside it', () => {
    const file = join(dir, 'state.json');
    writeFileSync(file, 'the old state, which is longer than the new one\n', { mode: 0o644 });
    writeWhole(file, '{}\n');
    writeWhole(file, '{"created_task_ids":"[\\"1229831\\"]"}\n');
    expect(readFileSync(file, 'utf8')).toBe('{"created_task_ids":"[\\"1229831\\"]"}\n');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readdirSync(dir)).toEqual(['state.json']);
  });

  it('throws when the file cannot be replaced, leaving no temporary file', () => {
    const taken = join(dir, 'state.json');
    mkdirSync(taken);
    expect(() => {
      writeWhole(taken, '{}\n');
    }).toThrow(expect.objectContaining({ code: 'EISDIR' }) as Error);
    expect(readdirSync(dir)).toEqual(['state.json']);
  });
});
