// How the command-line tool writes its state and summary files.
import { jest } from '@jest/globals';
import {
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { writeWhole } from '../../src/cli/cli-io.js';
import { onParentGone } from '../../src/action/signals.js';

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

  // Regression (issue 37): the temporary file had a name anyone could predict (the file's and the pid),
  // and was written through whatever was there: a planted link redirected the state to its target.
  it('never writes through a link planted where a temporary file could be, whatever its name', () => {
    const file = join(dir, 'state.json');
    const target = join(dir, 'elsewhere');
    writeFileSync(target, 'not to be overwritten');
    // The names the old version would have used, and a few more: none is followed.
    for (const name of [`state.json.${process.pid}.tmp`, 'state.json.tmp'])
      symlinkSync(target, join(dir, name));
    writeWhole(file, '{}\n');
    expect(readFileSync(target, 'utf8')).toBe('not to be overwritten');
    expect(readFileSync(file, 'utf8')).toBe('{}\n');
    expect(statSync(file).mode & 0o777).toBe(0o600);
  });
});

describe('onParentGone, which tells a run started through npx that npm has gone', () => {
  it('calls the listener once when the parent process id changes, and never after it stops', async () => {
    jest.useFakeTimers();
    try {
      let parent = 41;
      const heard: string[] = [];
      const stop = onParentGone(
        (signal) => heard.push(signal),
        () => parent
      );
      await jest.advanceTimersByTimeAsync(2000);
      expect(heard).toEqual([]);
      parent = 1;
      await jest.advanceTimersByTimeAsync(2000);
      expect(heard).toEqual(['the loss of its parent process']);
      stop();
      const quiet: string[] = [];
      parent = 41;
      const stopQuiet = onParentGone(
        (signal) => quiet.push(signal),
        () => parent
      );
      stopQuiet();
      parent = 1;
      await jest.advanceTimersByTimeAsync(2000);
      expect(quiet).toEqual([]);
    } finally {
      jest.useRealTimers();
    }
  });
});
