import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { lockStateFile, StateFileBusy } from '../../src/cli/state-lock.js';

describe('lockStateFile', () => {
  let dir: string;
  let state: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'state-lock-'));
    state = join(dir, 'state.json');
  });
  afterEach(() => {
    rmSync(dir, { recursive: true, force: true });
  });

  /** The id of a process that has ended. */
  const ended = (): number => {
    const run = spawnSync(process.execPath, ['-e', '']);
    expect(run.status).toBe(0);
    return run.pid;
  };

  it('takes a free state file with a lock naming this process, and releases it', () => {
    const release = lockStateFile(state, 4242);
    expect(readFileSync(`${state}.lock`, 'utf8')).toBe('4242\n');
    release();
    expect(existsSync(`${state}.lock`)).toBe(false);
  });

  it('refuses a state file a running process holds, naming it', () => {
    const release = lockStateFile(state, process.pid);
    try {
      expect(() => lockStateFile(state, 4242)).toThrow(StateFileBusy);
      expect(() => lockStateFile(state, 4242)).toThrow(`(process ${process.pid})`);
    } finally {
      release();
    }
  });

  it('takes the lock of a process that no longer runs', () => {
    writeFileSync(`${state}.lock`, `${ended()}\n`);
    const release = lockStateFile(state, 4242);
    expect(readFileSync(`${state}.lock`, 'utf8')).toBe('4242\n');
    release();
  });

  it('takes a lock it cannot read a process from as held', () => {
    writeFileSync(`${state}.lock`, 'not a process\n');
    expect(() => lockStateFile(state, 4242)).toThrow(/^it is in use by another run, which holds /);
  });

  it('releases only its own lock', () => {
    const release = lockStateFile(state, 4242);
    writeFileSync(`${state}.lock`, '4343\n');
    release();
    expect(readFileSync(`${state}.lock`, 'utf8')).toBe('4343\n');
  });
});
