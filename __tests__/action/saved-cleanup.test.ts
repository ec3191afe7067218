import { mkdtempSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createPrivateFile, privateFiles } from '../../src/host/private-file.js';
import { saveCleanup, savedCleanup } from '../../src/action/saved-cleanup.js';
import { NO_CLEANUP } from '../../src/deploy/engine/cleanup-state.js';

/** A host's saved state in memory, with a stash in `dir` (or none). */
function host(dir: string | undefined) {
  const values = new Map<string, string>();
  return {
    values,
    saveState: (saved: Readonly<Record<string, string>>) => {
      for (const [name, value] of Object.entries(saved)) values.set(name, value);
    },
    state: (name: string) => values.get(name) ?? '',
    ...(dir === undefined ? {} : { stash: privateFiles(() => dir) })
  };
}

describe('the saved cleanup state', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'saved-cleanup-'));
  });
  afterEach(() => {
    rmSync(dir, { recursive: true, force: true });
  });

  const configuration = JSON.stringify({ task_name: 'web', services: [{ env: 'X='.padEnd(600_000, 'x') }] });

  // Regression (issue 37): a large configuration saved as one state value stopped the post step starting.
  it('keeps a rollback configuration in a private file, written once, and the path alone in the state', () => {
    const h = host(dir);
    const rollback = { taskId: '7', configuration };
    const state = { ...NO_CLEANUP, rollback };
    saveCleanup(h, state);
    saveCleanup(h, { ...state, created: ['7'] });
    const saved = JSON.parse(h.values.get('rollback') ?? '') as { configurationFile: string };
    expect((h.values.get('rollback') ?? '').length).toBeLessThan(300);
    expect(statSync(saved.configurationFile).mode & 0o777).toBe(0o600);
    expect(statSync(join(saved.configurationFile, '..')).mode & 0o777).toBe(0o700);
    expect(savedCleanup(h).rollback).toEqual(rollback);
  });

  it('reads a rollback saved whole by an older version, and says when a saved file cannot be read', () => {
    const h = host(undefined);
    saveCleanup(h, { ...NO_CLEANUP, rollback: { taskId: '7', configuration: '{}' } });
    expect(savedCleanup(h).rollback).toEqual({ taskId: '7', configuration: '{}' });
    h.values.set('rollback', JSON.stringify({ taskId: '8', configurationFile: join(dir, 'gone.json') }));
    expect(savedCleanup(h).rollback).toEqual({
      taskId: '8',
      configuration: '',
      lost: `${join(dir, 'gone.json')}: ENOENT`
    });
  });

  it('never writes through a planted file or link, and never reads a link back', () => {
    const target = join(dir, 'target');
    writeFileSync(target, 'keep');
    symlinkSync(target, join(dir, 'link'));
    expect(() => {
      createPrivateFile(join(dir, 'link'), 'x');
    }).toThrow(/EEXIST/);
    expect(() => {
      createPrivateFile(target, 'x');
    }).toThrow(/EEXIST/);
    const h = host(undefined);
    h.values.set('rollback', JSON.stringify({ taskId: '8', configurationFile: join(dir, 'link') }));
    expect(savedCleanup(h).rollback?.lost).toMatch(/ELOOP$/);
  });
});
