// One SFTP channel of the emulator's SFTP server, confined to one volume's files (`/` its root, `..` never
// above it): the SFTP v3 requests a client sends (open, read, write at offsets, stat, listing, mkdir,
// rename, remove, setstat, realpath, readlink), each answered with a status (NO_SUCH_FILE,
// PERMISSION_DENIED, FAILURE) or its data. A knob may drop the connection once so many bytes of a file moved,
// or stall the file there (its reads and writes never answered).
import { close, open, read, write } from 'node:fs';
import ssh2, { type Attributes, type SFTPWrapper } from 'ssh2';
import { attrsOf, DeniedError, longName, plantedAttrs, statusOf } from './sftp-attrs.js';
import type { SftpKnobs } from './sftp-knobs.js';
import { syntheticBytes } from './volume-content.js';
import { normalizePath, sizeOf, VolumeFileError, type FileEntry, type VolumeFiles } from './volume-files.js';

const { OPEN_MODE, STATUS_CODE } = ssh2.utils.sftp;
const MOST_READ = 256 * 1024;
const NAMES_PER_READDIR = 100;

interface FileHandle {
  readonly kind: 'file';
  readonly entry: FileEntry;
  /** A real file's descriptor. */
  readonly fd: number | undefined;
  readonly append: boolean;
  readonly writable: boolean;
  /** Bytes read or written through it: a drop knob's count. */
  moved: number;
  /** A stall knob took it: its reads and writes are never answered. */
  stalled?: boolean;
  /** Operations under way on the descriptor: a close waits for them. */
  busy: number;
  closing: (() => void) | undefined;
}
interface DirHandle {
  readonly kind: 'dir';
  readonly names: { filename: string; longname: string; attrs: Attributes }[];
}
type Handle = FileHandle | DirHandle;

export interface SessionContext {
  readonly storageId: number;
  readonly files: VolumeFiles;
  readonly knobs: SftpKnobs;
  /** Brings the volumes' files up to date (what jobs wrote since) before a request looks at them. */
  readonly refresh: () => void;
  /** Ends the connection at once (a drop knob). */
  readonly drop: () => void;
}

export class SftpSession {
  readonly #handles = new Map<string, Handle>();
  #nextHandle = 1;

  constructor(
    private readonly sftp: SFTPWrapper,
    private readonly ctx: SessionContext
  ) {
    this.#listen();
    sftp.on('close', () => {
      this.dispose();
    });
  }

  /** Closes every file the channel left open (its connection ended). */
  dispose(): void {
    for (const handle of this.#handles.values()) if (handle.kind === 'file') this.#release(handle);
    this.#handles.clear();
  }

  #listen(): void {
    const { sftp } = this;
    const guarded =
      <A extends unknown[]>(act: (id: number, ...args: A) => void) =>
      (id: number, ...args: A): void => {
        try {
          act(id, ...args);
        } catch (error) {
          this.#fail(id, error);
        }
      };
    sftp.on(
      'OPEN',
      guarded((id, path: string, flags: number) => {
        this.#open(id, path, flags);
      })
    );
    sftp.on(
      'READ',
      guarded((id, handle: Buffer, offset: number, length: number) => {
        this.#read(id, handle, offset, length);
      })
    );
    sftp.on(
      'WRITE',
      guarded((id, handle: Buffer, offset: number, data: Buffer) => {
        this.#write(id, handle, offset, data);
      })
    );
    sftp.on(
      'FSTAT',
      guarded((id, handle: Buffer) => {
        sftp.attrs(id, attrsOf(this.#file(handle).entry));
      })
    );
    sftp.on(
      'FSETSTAT',
      guarded((id, handle: Buffer, attrs: Attributes) => {
        this.#fsetstat(id, handle, attrs);
      })
    );
    sftp.on(
      'CLOSE',
      guarded((id, handle: Buffer) => {
        this.#close(id, handle);
      })
    );
    sftp.on(
      'OPENDIR',
      guarded((id, path: string) => {
        this.#opendir(id, path);
      })
    );
    sftp.on(
      'READDIR',
      guarded((id, handle: Buffer) => {
        this.#readdir(id, handle);
      })
    );
    sftp.on(
      'STAT',
      guarded((id, path: string) => {
        this.#stat(id, path, true);
      })
    );
    sftp.on(
      'LSTAT',
      guarded((id, path: string) => {
        this.#stat(id, path, false);
      })
    );
    sftp.on(
      'SETSTAT',
      guarded((id, path: string, attrs: Attributes) => {
        this.#setstat(id, path, attrs);
      })
    );
    sftp.on(
      'MKDIR',
      guarded((id, path: string) => {
        this.#done(id, () => {
          this.ctx.files.mkdir(this.ctx.storageId, path);
        });
      })
    );
    sftp.on(
      'RMDIR',
      guarded((id, path: string) => {
        this.#done(id, () => {
          this.ctx.files.rmdir(this.ctx.storageId, this.#notRoot(path));
        });
      })
    );
    sftp.on(
      'REMOVE',
      guarded((id, path: string) => {
        this.#done(id, () => {
          this.ctx.files.remove(this.ctx.storageId, path);
        });
      })
    );
    sftp.on(
      'RENAME',
      guarded((id, from: string, to: string) => {
        this.#done(id, () => {
          this.ctx.files.rename(this.ctx.storageId, this.#notRoot(from), to);
        });
      })
    );
    sftp.on(
      'REALPATH',
      guarded((id, path: string) => {
        this.#realpath(id, path);
      })
    );
    sftp.on(
      'READLINK',
      guarded((id, path: string) => {
        this.#readlink(id, path);
      })
    );
  }

  #fail(id: number, error: unknown): void {
    const { code, message } = statusOf(error);
    this.sftp.status(id, code, message);
  }

  #done(id: number, act: () => void): void {
    this.ctx.refresh();
    act();
    this.sftp.status(id, STATUS_CODE.OK);
  }

  #notRoot(path: string): string {
    if (normalizePath(path) === '/') throw new DeniedError('the volume root stays');
    return path;
  }

  #open(id: number, path: string, flags: number): void {
    this.ctx.refresh();
    const { files, storageId } = this.ctx;
    const planted = this.ctx.knobs.plantedAt(storageId, path);
    const writable = (flags & OPEN_MODE.WRITE) !== 0 || (flags & OPEN_MODE.APPEND) !== 0;
    if (planted !== undefined && !writable) {
      const content = { kind: 'synthetic', bytes: planted.bytes ?? 0, hash: `planted:${path}` } as const;
      this.#openHandle(id, { kind: 'file', mtime: 0, mode: 0o644, content }, writable, flags);
      return;
    }
    let entry: FileEntry;
    if (writable) {
      const there = files.stat(storageId, path)?.entry;
      if (there?.kind === 'file' && (there.mode & 0o200) === 0)
        throw new DeniedError(`${normalizePath(path)} is read-only`);
      entry = files.openWrite(storageId, path, {
        create: (flags & OPEN_MODE.CREAT) !== 0,
        truncate: (flags & OPEN_MODE.TRUNC) !== 0,
        exclusive: (flags & OPEN_MODE.EXCL) !== 0
      });
    } else {
      const found = files.stat(storageId, path);
      if (found === undefined) throw new VolumeFileError('ENOENT', `${normalizePath(path)} does not exist`);
      if (found.entry.kind !== 'file') throw new VolumeFileError('EISDIR', `${found.path} is a directory`);
      entry = found.entry;
    }
    this.#openHandle(id, entry, writable, flags);
  }

  #openHandle(id: number, entry: FileEntry, writable: boolean, flags: number): void {
    const made = (fd: number | undefined): void => {
      const handle: FileHandle = {
        kind: 'file',
        entry,
        fd,
        append: (flags & OPEN_MODE.APPEND) !== 0,
        writable,
        moved: 0,
        busy: 0,
        closing: undefined
      };
      this.sftp.handle(id, this.#add(handle));
    };
    if (entry.content.kind === 'synthetic') {
      made(undefined);
      return;
    }
    open(entry.content.disk, writable ? 'r+' : 'r', (error, fd) => {
      if (error === null) made(fd);
      else this.#fail(id, error);
    });
  }

  #add(handle: Handle): Buffer {
    const key = Buffer.alloc(4);
    key.writeUInt32BE(this.#nextHandle++);
    this.#handles.set(key.toString('hex'), handle);
    return key;
  }

  #file(key: Buffer): FileHandle {
    const handle = this.#handles.get(key.toString('hex'));
    if (handle?.kind !== 'file') throw new VolumeFileError('EINVAL', 'no such handle');
    return handle;
  }

  /** Counts bytes moved through a handle; true when a drop knob ends the connection here. */
  #drops(handle: FileHandle, bytes: number): number | undefined {
    const limit = this.ctx.knobs.dropLimit();
    if (limit === undefined || handle.moved + bytes < limit || !this.ctx.knobs.takeDrop()) {
      handle.moved += bytes;
      return undefined;
    }
    return Math.max(0, limit - handle.moved);
  }

  /** Whether a stall knob leaves this read or write unanswered (counted as held). */
  #stalls(handle: FileHandle, bytes: number): boolean {
    const stalled = handle.stalled === true || this.ctx.knobs.takeStall(handle.moved, bytes);
    handle.stalled = stalled;
    if (stalled) this.ctx.knobs.hold();
    return stalled;
  }

  #read(id: number, key: Buffer, offset: number, length: number): void {
    const handle = this.#file(key);
    if (this.#stalls(handle, length)) return;
    const size = sizeOf(handle.entry);
    const wanted = Math.max(0, Math.min(length, MOST_READ, size - offset));
    if (wanted === 0) {
      this.sftp.status(id, STATUS_CODE.EOF);
      return;
    }
    if (this.#drops(handle, wanted) !== undefined) {
      this.ctx.drop();
      return;
    }
    const { content } = handle.entry;
    if (content.kind === 'synthetic') {
      this.sftp.data(id, syntheticBytes(content.hash, offset, wanted));
      return;
    }
    const buffer = Buffer.alloc(wanted);
    this.#onFd(handle, (fd, done) => {
      read(fd, buffer, 0, wanted, offset, (error, got) => {
        done();
        if (error !== null) this.#fail(id, error);
        else if (got === 0) this.sftp.status(id, STATUS_CODE.EOF);
        else this.sftp.data(id, buffer.subarray(0, got));
      });
    });
  }

  #write(id: number, key: Buffer, offset: number, data: Buffer): void {
    const handle = this.#file(key);
    if (!handle.writable || handle.fd === undefined) throw new DeniedError('not opened for writing');
    if (this.#stalls(handle, data.length)) return;
    const at = handle.append ? sizeOf(handle.entry) : offset;
    const upTo = this.#drops(handle, data.length);
    const part = upTo === undefined ? data : data.subarray(0, upTo);
    this.#onFd(handle, (fd, done) => {
      write(fd, part, 0, part.length, at, (error) => {
        done();
        if (error === null) this.ctx.files.wrote(handle.entry, at + part.length);
        if (upTo !== undefined) this.ctx.drop();
        else if (error !== null) this.#fail(id, error);
        else this.sftp.status(id, STATUS_CODE.OK);
      });
    });
  }

  /** Runs an operation on a handle's descriptor, counted so a close waits for it. */
  #onFd(handle: FileHandle, act: (fd: number, done: () => void) => void): void {
    if (handle.fd === undefined) return;
    handle.busy++;
    act(handle.fd, () => {
      handle.busy--;
      if (handle.busy === 0) handle.closing?.();
    });
  }

  #release(handle: FileHandle, then?: () => void): void {
    const finish = (): void => {
      handle.closing = undefined;
      if (handle.fd === undefined) then?.();
      else close(handle.fd, () => then?.());
    };
    if (handle.busy === 0) finish();
    else handle.closing = finish;
  }

  #close(id: number, key: Buffer): void {
    const name = key.toString('hex');
    const handle = this.#handles.get(name);
    if (handle === undefined) throw new VolumeFileError('EINVAL', 'no such handle');
    this.#handles.delete(name);
    if (handle.kind === 'dir') this.sftp.status(id, STATUS_CODE.OK);
    else
      this.#release(handle, () => {
        this.sftp.status(id, STATUS_CODE.OK);
      });
  }

  #fsetstat(id: number, key: Buffer, attrs: Attributes): void {
    this.ctx.files.setEntryAttrs(this.#file(key).entry, attrsToSet(attrs));
    this.sftp.status(id, STATUS_CODE.OK);
  }

  #setstat(id: number, path: string, attrs: Attributes): void {
    this.#done(id, () => {
      this.ctx.files.setAttrs(this.ctx.storageId, path, attrsToSet(attrs));
    });
  }

  #opendir(id: number, path: string): void {
    this.ctx.refresh();
    const { files, storageId, knobs } = this.ctx;
    const found = files.stat(storageId, path);
    if (found === undefined) throw new VolumeFileError('ENOENT', `${normalizePath(path)} does not exist`);
    if (found.entry.kind !== 'dir') throw new VolumeFileError('ENOTDIR', `${found.path} is not a directory`);
    const names = files.children(storageId, found.path).map(({ name, entry }) => {
      const attrs = attrsOf(entry);
      return { filename: name, longname: longName(name, attrs), attrs };
    });
    for (const planted of knobs.plantedIn(storageId, found.path)) {
      const attrs = plantedAttrs(planted, found.entry.mtime);
      names.push({ filename: planted.name, longname: longName(planted.name, attrs), attrs });
    }
    this.sftp.handle(id, this.#add({ kind: 'dir', names }));
  }

  #readdir(id: number, key: Buffer): void {
    const handle = this.#handles.get(key.toString('hex'));
    if (handle?.kind !== 'dir') throw new VolumeFileError('EINVAL', 'no such handle');
    const batch = handle.names.splice(0, NAMES_PER_READDIR);
    if (batch.length === 0) this.sftp.status(id, STATUS_CODE.EOF);
    else this.sftp.name(id, batch);
  }

  #stat(id: number, path: string, follow: boolean): void {
    this.ctx.refresh();
    const { files, storageId, knobs } = this.ctx;
    const planted = knobs.plantedAt(storageId, path);
    if (planted !== undefined) {
      this.sftp.attrs(id, plantedAttrs(planted, 0));
      return;
    }
    const entry = follow ? files.stat(storageId, path)?.entry : files.lstat(storageId, path);
    if (entry === undefined) throw new VolumeFileError('ENOENT', `${normalizePath(path)} does not exist`);
    this.sftp.attrs(id, attrsOf(entry));
  }

  #realpath(id: number, path: string): void {
    const found = this.ctx.files.stat(this.ctx.storageId, path);
    const real = found?.path ?? normalizePath(path);
    this.sftp.name(id, [{ filename: real, longname: real, attrs: {} as Attributes }]);
  }

  #readlink(id: number, path: string): void {
    const entry = this.ctx.files.lstat(this.ctx.storageId, path);
    if (entry === undefined) throw new VolumeFileError('ENOENT', `${normalizePath(path)} does not exist`);
    if (entry.kind !== 'link') throw new VolumeFileError('EINVAL', `${normalizePath(path)} is not a link`);
    this.sftp.name(id, [{ filename: entry.target, longname: entry.target, attrs: {} as Attributes }]);
  }
}

/** What a setstat sets: size, permissions, mtime (owner and atime ignored). */
function attrsToSet(attrs: Partial<Attributes>): { size?: number; mode?: number; mtime?: number } {
  return {
    ...(typeof attrs.size === 'number' ? { size: attrs.size } : {}),
    ...(typeof attrs.mode === 'number' ? { mode: attrs.mode } : {}),
    ...(typeof attrs.mtime === 'number' ? { mtime: attrs.mtime } : {})
  };
}
