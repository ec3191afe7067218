// Issue 64, point 4: a workspace path that leaves the workspace, lexically or through a link, is refused
// before anything is sent; names a volume lists are taken only when each is one plain name; and the
// walks hold no list of the files they go through.
import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isPlainName } from '../../../../../src/deploy/engine/storage/sftp/plain-name.js';
import { walkLocal, walkRemote, type Walked } from '../../../../../src/deploy/engine/storage/sftp/walk.js';
import {
  isInside,
  lexicalPath,
  workspaceSource,
  workspaceTarget
} from '../../../../../src/deploy/engine/storage/sftp/workspace-path.js';

let base: string;
let workspace: string;

beforeEach(() => {
  base = realpathSync(mkdtempSync(join(tmpdir(), 'workspace-path-')));
  workspace = join(base, 'ws');
  mkdirSync(join(workspace, 'data', 'inner'), { recursive: true });
  writeFileSync(join(workspace, 'data', 'a.txt'), 'a');
  mkdirSync(join(base, 'outside'));
  symlinkSync(join(base, 'outside'), join(workspace, 'out-link'));
  symlinkSync(join(workspace, 'data'), join(workspace, 'in-link'));
});

afterEach(() => {
  rmSync(base, { recursive: true, force: true });
});

describe('a workspace path', () => {
  it.each([
    ['..', undefined],
    ['./../x', undefined],
    ['./a/../../x', undefined],
    ['/etc', undefined],
    ['.', ''],
    ['./data/', 'data'],
    ['./data/inner', 'data/inner']
  ])('lexically: %j', (path, rel) => {
    expect(lexicalPath(workspace, path)).toBe(rel === undefined ? undefined : join(workspace, rel));
  });

  it('as a source: must exist, and stay inside once its links are resolved', () => {
    expect(workspaceSource(workspace, './data/')).toEqual({
      ok: true,
      root: workspace,
      real: join(workspace, 'data'),
      exists: true
    });
    expect(workspaceSource(workspace, './in-link/a.txt')).toMatchObject({
      ok: true,
      real: join(workspace, 'data', 'a.txt')
    });
    expect(workspaceSource(workspace, './out-link')).toEqual({
      ok: false,
      why: 'a link on it points outside the workspace'
    });
    expect(workspaceSource(workspace, './out-link/')).toEqual({
      ok: false,
      why: 'a link on it points outside the workspace'
    });
    expect(workspaceSource(workspace, './missing/')).toEqual({
      ok: false,
      why: 'it cannot be read in the workspace (ENOENT)'
    });
    expect(workspaceSource(workspace, './data/../../outside')).toEqual({
      ok: false,
      why: 'it leaves the workspace'
    });
  });

  it('as a target: may not exist yet, but the part of it that does must be inside', () => {
    expect(workspaceTarget(workspace, './results/eval/')).toEqual({
      ok: true,
      root: workspace,
      real: join(workspace, 'results', 'eval'),
      exists: false
    });
    expect(workspaceTarget(workspace, './in-link/new')).toMatchObject({
      ok: true,
      real: join(workspace, 'data', 'new')
    });
    expect(workspaceTarget(workspace, './out-link/new/deeper')).toEqual({
      ok: false,
      why: 'a link on it points outside the workspace'
    });
    symlinkSync(join(base, 'nowhere'), join(workspace, 'dangling'));
    expect(workspaceTarget(workspace, './dangling/x')).toMatchObject({ ok: false });
    expect(workspaceTarget(workspace, '/tmp')).toEqual({ ok: false, why: 'it leaves the workspace' });
  });

  it('is inside its root only below it, never beside it', () => {
    expect(isInside('/w/ws', '/w/ws')).toBe(true);
    expect(isInside('/w/ws', '/w/ws/a')).toBe(true);
    expect(isInside('/w/ws', '/w/ws2')).toBe(false);
    expect(isInside('/w/ws', '/w')).toBe(false);
    expect(isInside('/w/ws', '/w/ws/..a')).toBe(true);
  });
});

describe('a name from a listing', () => {
  it.each(['a', 'a.txt', '..a', 'a..', '.hidden', 'データ', 'a b'])('takes %j', (name) => {
    expect(isPlainName(name)).toBe(true);
  });

  it.each([
    '',
    '.',
    '..',
    'a/b',
    '/abs',
    'a\\b',
    'a\u0000b',
    'a\nb',
    'a\u001bb',
    'a\u007fb',
    'x'.repeat(256)
  ])('refuses %j', (name) => {
    expect(isPlainName(name)).toBe(false);
  });
});

describe('the walks', () => {
  it('walk a local tree lazily: a directory is read only when the walk gets there', async () => {
    const top = join(base, 'big');
    const dirs = 200;
    for (let d = 0; d < dirs; d++) {
      const dir = join(top, `d${d}`);
      mkdirSync(dir, { recursive: true });
      for (let f = 0; f < 100; f++) writeFileSync(join(dir, `f${f}`), '');
    }
    let files = 0;
    let late = 0;
    for await (const entry of walkLocal(top, base, () => true)) {
      if (entry.kind !== 'file') continue;
      files += 1;
      // Once the first file is in, a file is added to every directory: a walk that had read them all
      // before yielding would never see them.
      if (files === 1) for (let d = 0; d < dirs; d++) writeFileSync(join(top, `d${d}`, 'late'), '');
      if (entry.rel.endsWith('/late')) late += 1;
    }
    expect(files).toBe(dirs * 100 + late);
    expect(late).toBeGreaterThanOrEqual(dirs - 1);
  });

  it("walk a volume's tree lazily: a directory is listed only when the walk gets there", async () => {
    const listed: string[] = [];
    const list = (directory: string) => {
      listed.push(directory);
      const depth = directory.split('/').length;
      return Promise.resolve(
        Array.from({ length: 100 }, (_, i) => ({
          name: depth < 4 ? `d${i}` : `f${i}`,
          kind: depth < 4 ? ('directory' as const) : ('file' as const),
          bytes: 1,
          modifiedS: 0
        }))
      );
    };
    const walk = walkRemote(list, '/top', () => true);
    let first: Walked | undefined;
    for await (const entry of walk) {
      if (entry.kind === 'file') {
        first = entry;
        break;
      }
    }
    expect(first?.rel).toBe('d0/d0/f0');
    expect(listed).toEqual(['/top', '/top/d0', '/top/d0/d0']);
  });

  it('go into no directory the copy refused', async () => {
    const top = join(base, 'small');
    mkdirSync(join(top, 'skip', 'deep'), { recursive: true });
    mkdirSync(join(top, 'keep'));
    writeFileSync(join(top, 'skip', 'x'), '');
    writeFileSync(join(top, 'keep', 'y'), '');
    const seen: string[] = [];
    for await (const entry of walkLocal(top, base, (rel) => rel !== 'skip')) seen.push(entry.rel);
    expect(seen.sort()).toEqual(['keep', 'keep/y', 'skip']);
  });
});
