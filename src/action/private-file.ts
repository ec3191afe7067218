import { closeSync, constants, fstatSync, mkdtempSync, openSync, readSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { formatSize } from '../basics/units.js';

/**
 * Creates `path` and writes `content` to it: created here and now (O_EXCL: a file or a link planted there
 * beforehand makes it fail, never redirects it), never through a symbolic link (O_NOFOLLOW), readable and
 * writable by this user alone (0600).
 */
export function createPrivateFile(path: string, content: string): void {
  const flags = constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW;
  const fd = openSync(path, flags, 0o600);
  try {
    const bytes = Buffer.from(content, 'utf8');
    for (let written = 0; written < bytes.length;)
      written += writeSync(fd, bytes, written, bytes.length - written);
  } finally {
    closeSync(fd);
  }
}

/**
 * A place for the files of one run: a new directory under `parent` that only this user can enter (0700),
 * made on first use, in which each file is made anew (see createPrivateFile).
 */
export function privateFiles(parent: () => string): (name: string, content: string) => string {
  let dir: string | undefined;
  let made = 0;
  return (name, content) => {
    dir ??= mkdtempSync(join(parent(), 'elastic-deploy-'));
    const path = join(dir, `${++made}-${name}`);
    createPrivateFile(path, content);
    return path;
  };
}

/**
 * Reads a file this tool wrote (a saved configuration): a regular file, opened without following a link
 * and without blocking, its size checked before a byte is read, at most `maxBytes`.
 */
export function readPrivateFile(path: string, maxBytes: number): string {
  const fd = openSync(path, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
  try {
    const stat = fstatSync(fd);
    if (!stat.isFile()) throw new Error(`${path} is not a regular file`);
    if (stat.size > maxBytes)
      throw new Error(`${path} is ${formatSize(stat.size)}, over the ${formatSize(maxBytes)} it may hold`);
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
