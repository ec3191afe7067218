// The emulator's volume files (issue 64, point 6): paths confined to their volume, real files on disk with
// their sha256 worked out when asked, synthetic ones whose bytes are made from their hash, and the
// temporary directory removed on close.
import { createHash } from 'node:crypto';
import { existsSync, writeSync, openSync, closeSync } from 'node:fs';
import { TransferStore } from '../../emulator/transfers.js';
import { syntheticBytes } from '../../emulator/volume-content.js';
import { normalizePath, VolumeFiles, VolumeFileError, type FileEntry } from '../../emulator/volume-files.js';

const sha256 = (text: string): string => createHash('sha256').update(text).digest('hex');

function writeReal(files: VolumeFiles, path: string, text: string): FileEntry {
  const entry = files.openWrite(1, path, { create: true, truncate: true, exclusive: false });
  if (entry.content.kind !== 'real') throw new Error('not real');
  const fd = openSync(entry.content.disk, 'r+');
  writeSync(fd, text, 0);
  closeSync(fd);
  files.wrote(entry, Buffer.byteLength(text));
  return entry;
}

describe("the emulator's volume files", () => {
  let files: VolumeFiles;
  beforeEach(() => {
    files = new VolumeFiles(() => 1_763_715_600_000);
  });
  afterEach(() => {
    files.close();
  });

  it('keeps every path inside the volume: `..` stops at the root', () => {
    expect(normalizePath('../../etc/passwd')).toBe('/etc/passwd');
    expect(normalizePath('/a/./b//../c/')).toBe('/a/c');
    expect(normalizePath('x', '/data')).toBe('/data/x');
    expect(normalizePath('/..')).toBe('/');
  });

  it('makes synthetic bytes from a hash, the same each time, any range without the bytes before it', () => {
    const whole = syntheticBytes('h1', 0, 1000);
    expect(syntheticBytes('h1', 0, 1000).equals(whole)).toBe(true);
    expect(syntheticBytes('h1', 333, 500).equals(whole.subarray(333, 833))).toBe(true);
    expect(syntheticBytes('h2', 0, 1000).equals(whole)).toBe(false);
  });

  it('works out a real file’s sha256 when asked, again after it is written, and removes its directory on close', () => {
    const entry = writeReal(files, '/a.txt', 'hello');
    expect(files.files(1, '/').map((f) => [f.name, f.bytes, f.hash()])).toEqual([
      ['a.txt', 5, sha256('hello')]
    ]);
    writeReal(files, '/a.txt', 'changed');
    expect(files.hashOf(entry)).toBe(sha256('changed'));
    if (entry.content.kind !== 'real') throw new Error('not real');
    expect(existsSync(entry.content.disk)).toBe(true);
    files.close();
    expect(existsSync(entry.content.disk)).toBe(false);
  });

  it('lists files under a path with subfolders, renames a folder with all in it, refuses what POSIX refuses', () => {
    files.putSynthetic(1, '/data/x/a.bin', { bytes: 10, hash: 'ha' });
    files.putSynthetic(1, '/data/b.bin', { bytes: 20, hash: 'hb' });
    expect(files.files(1, '/data').map((f) => f.name)).toEqual(['x/a.bin', 'b.bin']);
    files.rename(1, '/data', '/moved');
    expect(files.files(1, '/moved').map((f) => [f.name, f.bytes, f.hash()])).toEqual([
      ['x/a.bin', 10, 'ha'],
      ['b.bin', 20, 'hb']
    ]);
    expect(files.files(1, '/data')).toEqual([]);
    const code = (act: () => void): string | undefined => {
      try {
        act();
      } catch (error) {
        return error instanceof VolumeFileError ? error.code : 'other';
      }
      return undefined;
    };
    expect(
      code(() => {
        files.rmdir(1, '/moved');
      })
    ).toBe('ENOTEMPTY');
    expect(
      code(() => {
        files.mkdir(1, '/no/such');
      })
    ).toBe('ENOENT');
    expect(
      code(() => {
        files.rename(1, '/moved', '/moved/x/in');
      })
    ).toBe('EINVAL');
    expect(
      code(() => {
        files.remove(1, '/moved');
      })
    ).toBe('EISDIR');
    // A synthetic file opened to be written, not emptied, keeps its bytes as a real file.
    const entry = files.openWrite(1, '/moved/b.bin', { create: false, truncate: false, exclusive: false });
    expect(entry.content.kind).toBe('real');
    expect(files.hashOf(entry)).toBe(
      createHash('sha256')
        .update(syntheticBytes('hb', 0, 20))
        .digest('hex')
    );
  });

  it('lands a job’s results once: a file removed since is not brought back by the next transfer made', () => {
    const transfers = new TransferStore(() => 1_763_715_600_000, files);
    const results = [{ name: 'r.bin', bytes: 5, hash: 'job' }];
    transfers.writeVolume(1, '/out', results);
    expect(transfers.volumeFiles(1, '/out')).toEqual(results);
    files.remove(1, '/out/r.bin');
    transfers.writeVolume(1, '/out', results);
    expect(transfers.volumeFiles(1, '/out')).toEqual([]);
  });
});
