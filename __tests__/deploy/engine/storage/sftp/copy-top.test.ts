// The local directories a download makes, each checked as it is made: inside the target only, never
// through a link, never over a file.
import { mkdirSync, mkdtempSync, realpathSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  makeLocalDirectories,
  makeLocalDirectory
} from '../../../../../src/deploy/engine/storage/sftp/copy-top.js';

describe("a download's local directories", () => {
  let root = '';
  let outside = '';
  beforeEach(() => {
    root = realpathSync(mkdtempSync(join(tmpdir(), 'copy-top-')));
    outside = realpathSync(mkdtempSync(join(tmpdir(), 'copy-top-outside-')));
  });
  afterEach(() => {
    rmSync(root, { recursive: true, force: true });
    rmSync(outside, { recursive: true, force: true });
  });

  it('makes each directory from the root down, and finds one already there', async () => {
    expect(await makeLocalDirectories(root, join(root, 'a', 'b', 'c'))).toBeUndefined();
    expect(statSync(join(root, 'a', 'b', 'c')).isDirectory()).toBe(true);
    expect(await makeLocalDirectory(join(root, 'a'))).toBeUndefined();
  });

  it('refuses a link where a directory would be, wherever it points, and makes nothing through it', async () => {
    symlinkSync(outside, join(root, 'a'));
    expect(await makeLocalDirectories(root, join(root, 'a', 'b'))).toBe(
      '"a/b": the workspace holds a link there (never written through)'
    );
    expect(() => statSync(join(outside, 'b'))).toThrow();
  });

  it('refuses a file where a directory would be, and one that cannot be made under it', async () => {
    writeFileSync(join(root, 'f'), 'x');
    expect(await makeLocalDirectory(join(root, 'f'))).toBe(
      'the workspace holds what is not a directory there'
    );
    expect(await makeLocalDirectory(join(root, 'f', 'g'))).toBe('it cannot be made (ENOTDIR)');
    mkdirSync(join(root, 'd'));
    expect(await makeLocalDirectories(root, join(root, 'd', 'f2'))).toBeUndefined();
  });
});
