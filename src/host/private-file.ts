import {
  closeSync,
  constants,
  fstatSync,
  mkdtempSync,
  openSync,
  readSync,
  rmdirSync,
  unlinkSync,
  writeSync
} from 'node:fs';
import { extname, join } from 'node:path';
import { formatSize } from '../basics/units.js';
import type { AppendFile } from '../deploy/door.js';

/**
 * Creates `path` and writes `content` to it: created here and now (O_EXCL: a file or a link planted there
 * beforehand makes it fail, never redirects it), never through a symbolic link (O_NOFOLLOW), readable and
 * writable by this user alone (0600).
 */
export function createPrivateFile(path: string, content: string): void {
  const flags = constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW;
  const fd = openSync(path, flags, 0o600);
  try {
    writeAll(fd, Buffer.from(content, 'utf8'));
  } finally {
    closeSync(fd);
  }
}

function writeAll(fd: number, bytes: Buffer): void {
  for (let written = 0; written < bytes.length;)
    written += writeSync(fd, bytes, written, bytes.length - written);
}

/**
 * Checks that the files of a run can be made under `parent` now: a directory made there and removed at
 * once, as privateFiles makes its own. Throws the error that stops it (ENOENT, EACCES, EROFS...).
 */
export function probeDirectory(parent: string): void {
  rmdirSync(mkdtempSync(join(parent, '.elastic-deploy-probe-')));
}

/** The names a run gave its files in its own directory, each with how often: none is written over. */
export type NamesTaken = Map<string, number>;

/**
 * A place for the files of one run: a new directory under `parent` that only this user can enter (0700),
 * made on first use, in which each file is made anew (see createPrivateFile). With `flat`, the names
 * the run took so far (`parent` is the run's own directory: the command line's), each file goes straight
 * in `parent` under its own name (job-1962287.log), which an artifact glob can collect; a name the run
 * took already (its cleanup writes beside it) gets -2, -3... before its extension, and a file of that
 * name an earlier run left there is replaced.
 */
export function privateFiles(
  parent: () => string,
  flat?: NamesTaken
): (name: string, content: string) => string {
  let dir: string | undefined;
  let made = 0;
  return (name, content) => {
    if (flat !== undefined) {
      const times = (flat.get(name) ?? 0) + 1;
      flat.set(name, times);
      const extension = extname(name);
      const stable =
        times === 1 ? name : `${name.slice(0, name.length - extension.length)}-${times}${extension}`;
      const path = join(parent(), stable);
      // Unlinked, never followed: a link planted under that name goes, and the new file is made anew.
      try {
        unlinkSync(path);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      }
      createPrivateFile(path, content);
      return path;
    }
    dir ??= mkdtempSync(join(parent(), 'elastic-deploy-'));
    const path = join(dir, `${++made}-${name}`);
    createPrivateFile(path, content);
    return path;
  };
}

/**
 * A place for the files a step appends to as it goes (a job's log, a bulk step's answers): a new directory
 * under `parent` (or `parent` itself, `flat`), as privateFiles makes, and in it a new file per call (see createPrivateFile), each write
 * appended. The file is opened at its first write (never through a link) and kept open until it is
 * closed: a bulk step appends to its files hundreds of times.
 */
export function appendFiles(parent: () => string, flat?: NamesTaken): (name: string) => AppendFile {
  const files = privateFiles(parent, flat);
  return (name) => {
    const path = files(name, '');
    let fd: number | undefined;
    return {
      path,
      append: (text) => {
        fd ??= openSync(path, constants.O_WRONLY | constants.O_APPEND | constants.O_NOFOLLOW);
        writeAll(fd, Buffer.from(text, 'utf8'));
      },
      close: () => {
        if (fd !== undefined) closeSync(fd);
        fd = undefined;
      }
    };
  };
}

/** A file that was not read: not a regular file (`ENOTREG`), or larger than allowed (`EFBIG`). */
export class FileReadError extends Error {
  constructor(
    message: string,
    readonly code: 'ENOTREG' | 'EFBIG',
    /** The file's size, for EFBIG. */
    readonly size?: number
  ) {
    super(message);
    this.name = 'FileReadError';
  }
}

/**
 * Reads a regular file, at most `maxBytes`: opened without blocking (a named pipe must not hang the
 * process), checked to be a regular file (not /dev/zero) and its size checked before a byte is read.
 * `followLinks: false` refuses a symbolic link (ELOOP), for a file this tool wrote itself.
 */
export function readRegularFile(path: string, maxBytes: number, followLinks = true): string {
  const flags = constants.O_RDONLY | constants.O_NONBLOCK | (followLinks ? 0 : constants.O_NOFOLLOW);
  const fd = openSync(path, flags);
  try {
    const stat = fstatSync(fd);
    if (!stat.isFile()) throw new FileReadError(`${path} is not a regular file`, 'ENOTREG');
    if (stat.size > maxBytes)
      throw new FileReadError(
        `${path} is ${formatSize(stat.size)}, over the ${formatSize(maxBytes)} it may hold`,
        'EFBIG',
        stat.size
      );
    const buffer = Buffer.alloc(stat.size);
    let read = 0;
    while (read < stat.size) {
      const n = readSync(fd, buffer, read, stat.size - read, read);
      if (n === 0) break;
      read += n;
    }
    return buffer.subarray(0, read).toString('utf8');
  } finally {
    closeSync(fd);
  }
}

/** Reads a file this tool wrote (a saved configuration): see readRegularFile, never through a link. */
export function readPrivateFile(path: string, maxBytes: number): string {
  return readRegularFile(path, maxBytes, false);
}
