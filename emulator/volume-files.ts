// Each volume's files, by absolute path inside the volume: directories, files and symbolic links (for tests).
// A file is real (its bytes on disk, in a temporary directory removed by close(); uploaded over SFTP) or
// synthetic (a file a knob, a transfer or a job made: a size and a hash, its bytes made from the hash when
// read). What a transfer copies, what a job wrote and what SFTP reads and writes are these same files.
// A path never leaves its volume: `..` at the root is the root, as in a chroot.
import { openSync, closeSync, rmSync, truncateSync } from 'node:fs';
import { DiskStore, hashOfDisk, writeSynthetic } from './volume-content.js';

export type FileContent =
  | { readonly kind: 'synthetic'; readonly bytes: number; readonly hash: string }
  | { readonly kind: 'real'; readonly disk: string; size: number; hash: string | undefined };

export interface DirEntry {
  readonly kind: 'dir';
  mtime: number;
  mode: number;
}
export interface FileEntry {
  readonly kind: 'file';
  mtime: number;
  mode: number;
  content: FileContent;
}
export interface LinkEntry {
  readonly kind: 'link';
  mtime: number;
  readonly target: string;
}
export type VolumeEntry = DirEntry | FileEntry | LinkEntry;

/** A file under a path, as a transfer counts it: its name relative to the path, its size, its hash (worked out when asked). */
export interface ListedFile {
  readonly name: string;
  readonly bytes: number;
  hash(): string;
}

export type VolumeErrorCode = 'ENOENT' | 'EEXIST' | 'ENOTDIR' | 'EISDIR' | 'ENOTEMPTY' | 'EINVAL';

/** Why an operation on a volume's files was refused (the SFTP server answers it as a status). */
export class VolumeFileError extends Error {
  constructor(
    readonly code: VolumeErrorCode,
    message: string
  ) {
    super(message);
  }
}

/** An absolute path inside the volume: `.` and empty parts dropped, `..` going up but never above `/`. */
export function normalizePath(path: string, base = '/'): string {
  const parts: string[] = [];
  for (const part of `${path.startsWith('/') ? '' : base}/${path}`.split('/')) {
    if (part === '' || part === '.') continue;
    if (part === '..') parts.pop();
    else parts.push(part);
  }
  return `/${parts.join('/')}`;
}

const parentOf = (path: string): string => normalizePath(`${path}/..`);
const baseName = (path: string): string => path.slice(path.lastIndexOf('/') + 1);
const within = (path: string, dir: string): boolean =>
  dir === '/' ? path !== '/' : path.startsWith(`${dir}/`);
const LINK_DEPTH = 16;

export class VolumeFiles {
  readonly #volumes = new Map<number, Map<string, VolumeEntry>>();
  readonly #disk = new DiskStore();

  /** `now` in milliseconds: the files' mtimes (kept in seconds, as SFTP gives them). */
  constructor(private readonly now: () => number = Date.now) {}

  #tree(id: number): Map<string, VolumeEntry> {
    let tree = this.#volumes.get(id);
    if (tree === undefined) {
      tree = new Map([['/', { kind: 'dir', mtime: this.#seconds(), mode: 0o755 }]]);
      this.#volumes.set(id, tree);
    }
    return tree;
  }

  #seconds(): number {
    return Math.floor(this.now() / 1000);
  }

  /** The entry at a path, a link itself (not followed). */
  lstat(id: number, path: string): VolumeEntry | undefined {
    return this.#tree(id).get(normalizePath(path));
  }

  /** The entry at a path, links followed (within the volume), with the path it ends at. */
  stat(id: number, path: string): { path: string; entry: VolumeEntry } | undefined {
    let at = normalizePath(path);
    for (let depth = 0; depth < LINK_DEPTH; depth++) {
      const entry = this.#tree(id).get(at);
      if (entry === undefined) return undefined;
      if (entry.kind !== 'link') return { path: at, entry };
      at = normalizePath(entry.target, parentOf(at));
    }
    return undefined;
  }

  /** The entries right under a directory, in the order they were made. */
  children(id: number, dir: string): { name: string; entry: VolumeEntry }[] {
    const at = normalizePath(dir);
    return [...this.#tree(id)]
      .filter(([path]) => within(path, at) && parentOf(path) === at)
      .map(([path, entry]) => ({ name: baseName(path), entry }));
  }

  /** The files under a path, subfolders included (`a/b.bin`), links left out; none when the path is no directory. */
  files(id: number, path: string): ListedFile[] {
    const at = normalizePath(path);
    if (this.#tree(id).get(at)?.kind !== 'dir') return [];
    const listed: ListedFile[] = [];
    for (const [full, entry] of this.#tree(id)) {
      if (entry.kind !== 'file' || !within(full, at)) continue;
      const name = full.slice(at === '/' ? 1 : at.length + 1);
      listed.push({ name, bytes: sizeOf(entry), hash: () => this.hashOf(entry) });
    }
    return listed;
  }

  /** The hash of a file: a synthetic one's own, a real one's sha256 (worked out once, until it is written again). */
  hashOf(entry: FileEntry): string {
    const { content } = entry;
    if (content.kind === 'synthetic') return content.hash;
    content.hash ??= hashOfDisk(content.disk);
    return content.hash;
  }

  /** Makes a directory (its parents too with `parents`). */
  mkdir(id: number, path: string, parents = false): void {
    const at = normalizePath(path);
    const tree = this.#tree(id);
    const there = tree.get(at);
    if (there !== undefined) {
      if (parents && there.kind === 'dir') return;
      throw new VolumeFileError('EEXIST', `${at} exists`);
    }
    if (parents) this.mkdir(id, parentOf(at), true);
    else this.#parentDir(id, at);
    tree.set(at, { kind: 'dir', mtime: this.#seconds(), mode: 0o755 });
  }

  /** Puts a synthetic file at a path, its folders made; false (nothing done) where a folder or a file is in the way. */
  putSynthetic(id: number, path: string, file: { bytes: number; hash: string }): boolean {
    const at = normalizePath(path);
    try {
      this.mkdir(id, parentOf(at), true);
    } catch {
      return false;
    }
    const there = this.#tree(id).get(at);
    if (there !== undefined && there.kind !== 'file') return false;
    if (there?.content.kind === 'real') this.#forget(there.content.disk);
    const content = { kind: 'synthetic', bytes: file.bytes, hash: file.hash } as const;
    this.#tree(id).set(at, { kind: 'file', mtime: this.#seconds(), mode: there?.mode ?? 0o644, content });
    return true;
  }

  /**
   * A file opened to be written: made when absent (with `create`; refused if present with `exclusive`),
   * emptied with `truncate`; a synthetic one becomes real, its bytes written out first unless truncated.
   */
  openWrite(
    id: number,
    path: string,
    how: { create: boolean; truncate: boolean; exclusive: boolean }
  ): FileEntry {
    const at = normalizePath(path);
    const there = this.stat(id, at);
    if (there === undefined) {
      if (!how.create) throw new VolumeFileError('ENOENT', `${at} does not exist`);
      this.#parentDir(id, at);
      const entry: FileEntry = {
        kind: 'file',
        mtime: this.#seconds(),
        mode: 0o644,
        content: this.#newReal()
      };
      this.#tree(id).set(at, entry);
      return entry;
    }
    if (how.exclusive) throw new VolumeFileError('EEXIST', `${at} exists`);
    const { entry } = there;
    if (entry.kind !== 'file') throw new VolumeFileError('EISDIR', `${at} is a directory`);
    if (entry.content.kind === 'synthetic') {
      const real = this.#newReal();
      if (!how.truncate) writeSynthetic(real.disk, entry.content.hash, entry.content.bytes);
      real.size = how.truncate ? 0 : entry.content.bytes;
      entry.content = real;
    } else if (how.truncate) {
      truncateSync(entry.content.disk, 0);
      entry.content.size = 0;
      entry.content.hash = undefined;
    }
    entry.mtime = this.#seconds();
    return entry;
  }

  /** Notes that a real file was written up to `end`: its size, its time, its hash to be worked out again. */
  wrote(entry: FileEntry, end: number): void {
    if (entry.content.kind !== 'real') return;
    entry.content.size = Math.max(entry.content.size, end);
    entry.content.hash = undefined;
    entry.mtime = this.#seconds();
  }

  /** Sets a file's size (a real file's only), mode or mtime. */
  setAttrs(id: number, path: string, attrs: { size?: number; mode?: number; mtime?: number }): void {
    const found = this.stat(id, path);
    if (found === undefined) throw new VolumeFileError('ENOENT', `${normalizePath(path)} does not exist`);
    this.setEntryAttrs(found.entry, attrs);
  }

  setEntryAttrs(entry: VolumeEntry, attrs: { size?: number; mode?: number; mtime?: number }): void {
    if (attrs.size !== undefined) {
      if (entry.kind !== 'file') throw new VolumeFileError('EISDIR', 'not a file');
      if (entry.content.kind === 'synthetic' && attrs.size !== entry.content.bytes)
        throw new VolumeFileError('EINVAL', 'a synthetic file keeps its size');
      if (entry.content.kind === 'real') {
        truncateSync(entry.content.disk, attrs.size);
        entry.content.size = attrs.size;
        entry.content.hash = undefined;
      }
    }
    if (attrs.mode !== undefined && entry.kind !== 'link') entry.mode = attrs.mode & 0o7777;
    if (attrs.mtime !== undefined) entry.mtime = attrs.mtime;
  }

  /** Removes a file or a link. */
  remove(id: number, path: string): void {
    const at = normalizePath(path);
    const entry = this.#tree(id).get(at);
    if (entry === undefined) throw new VolumeFileError('ENOENT', `${at} does not exist`);
    if (entry.kind === 'dir') throw new VolumeFileError('EISDIR', `${at} is a directory`);
    this.#tree(id).delete(at);
    if (entry.kind === 'file' && entry.content.kind === 'real') this.#forget(entry.content.disk);
  }

  /** Removes an empty directory (never the root). */
  rmdir(id: number, path: string): void {
    const at = normalizePath(path);
    const entry = this.#tree(id).get(at);
    if (entry === undefined) throw new VolumeFileError('ENOENT', `${at} does not exist`);
    if (entry.kind !== 'dir') throw new VolumeFileError('ENOTDIR', `${at} is not a directory`);
    if (at === '/' || this.children(id, at).length > 0)
      throw new VolumeFileError('ENOTEMPTY', `${at} is not empty`);
    this.#tree(id).delete(at);
  }

  /** Renames a file, a link or a directory (with all under it); refused where something is there already. */
  rename(id: number, from: string, to: string): void {
    const [source, target] = [normalizePath(from), normalizePath(to)];
    const tree = this.#tree(id);
    const entry = tree.get(source);
    if (entry === undefined || source === '/')
      throw new VolumeFileError('ENOENT', `${source} does not exist`);
    if (tree.has(target)) throw new VolumeFileError('EEXIST', `${target} exists`);
    if (within(target, source)) throw new VolumeFileError('EINVAL', `${target} is inside ${source}`);
    this.#parentDir(id, target);
    const moved = [...tree].filter(([path]) => path === source || within(path, source));
    for (const [path] of moved) tree.delete(path);
    for (const [path, moving] of moved) tree.set(target + path.slice(source.length), moving);
  }

  /** Makes a symbolic link at `path` to `target`, kept as written (for tests: one may point outside). */
  symlink(id: number, path: string, target: string): void {
    const at = normalizePath(path);
    if (this.#tree(id).has(at)) throw new VolumeFileError('EEXIST', `${at} exists`);
    this.#parentDir(id, at);
    this.#tree(id).set(at, { kind: 'link', mtime: this.#seconds(), target });
  }

  /** Removes the real files' directory: the emulator calls it when it stops. */
  close(): void {
    this.#disk.remove();
  }

  #parentDir(id: number, at: string): void {
    const parent = this.#tree(id).get(parentOf(at));
    if (parent === undefined) throw new VolumeFileError('ENOENT', `${parentOf(at)} does not exist`);
    if (parent.kind !== 'dir') throw new VolumeFileError('ENOTDIR', `${parentOf(at)} is not a directory`);
  }

  #newReal(): { kind: 'real'; disk: string; size: number; hash: string | undefined } {
    const disk = this.#disk.newPath();
    closeSync(openSync(disk, 'w'));
    return { kind: 'real', disk, size: 0, hash: undefined };
  }

  #forget(disk: string): void {
    rmSync(disk, { force: true });
  }
}

/** A file's size. */
export const sizeOf = (entry: FileEntry): number =>
  entry.content.kind === 'synthetic' ? entry.content.bytes : entry.content.size;
