// The contents of the emulator's volume files: a synthetic file's bytes, made from its hash when read (so a
// 50 MiB file a transfer or a job made costs nothing until someone reads it, and reads the same each time),
// and the temporary directory real files (uploaded over SFTP) are kept in, removed when the emulator stops
// (or the process exits): contents are never held in memory.
import { createCipheriv, createHash } from 'node:crypto';
import { closeSync, mkdtempSync, openSync, readSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const BLOCK = 16;

/**
 * `length` bytes from `offset` of a synthetic file with this hash: AES-128-CTR over zeros, keyed by the hash,
 * so any range is made without the bytes before it.
 */
export function syntheticBytes(hash: string, offset: number, length: number): Buffer {
  const key = createHash('sha256').update(`volume-file:${hash}`).digest().subarray(0, BLOCK);
  const block = Math.floor(offset / BLOCK);
  const iv = Buffer.alloc(BLOCK);
  iv.writeBigUInt64BE(BigInt(block), BLOCK - 8);
  const skip = offset - block * BLOCK;
  const cipher = createCipheriv('aes-128-ctr', key, iv);
  return cipher.update(Buffer.alloc(skip + length)).subarray(skip);
}

const CHUNK = 1024 * 1024;

/** The sha256 of a file on disk, read a chunk at a time. */
export function hashOfDisk(path: string): string {
  const hash = createHash('sha256');
  const fd = openSync(path, 'r');
  try {
    const buffer = Buffer.alloc(CHUNK);
    let position = 0;
    for (;;) {
      const read = readSync(fd, buffer, 0, CHUNK, position);
      if (read === 0) break;
      hash.update(buffer.subarray(0, read));
      position += read;
    }
  } finally {
    closeSync(fd);
  }
  return hash.digest('hex');
}

/** Writes a synthetic file's `bytes` bytes to a file on disk, a chunk at a time. */
export function writeSynthetic(path: string, hash: string, bytes: number): void {
  const fd = openSync(path, 'w');
  try {
    for (let at = 0; at < bytes; at += CHUNK)
      writeSync(fd, syntheticBytes(hash, at, Math.min(CHUNK, bytes - at)));
  } finally {
    closeSync(fd);
  }
}

/** The directories not removed yet: removed when the process exits, if nobody closed them. */
const LEFT = new Set<string>();
let hooked = false;

/** A temporary directory for real files, made when first needed, removed by `remove()`. */
export class DiskStore {
  #dir: string | undefined;
  #next = 1;

  /** A new file's path (not made yet). */
  newPath(): string {
    if (this.#dir === undefined) {
      this.#dir = mkdtempSync(join(tmpdir(), 'emulator-volumes-'));
      LEFT.add(this.#dir);
      if (!hooked) {
        hooked = true;
        process.once('exit', () => {
          for (const dir of LEFT) rmSync(dir, { recursive: true, force: true });
        });
      }
    }
    return join(this.#dir, String(this.#next++));
  }

  /** The directory, if one was made. */
  get dir(): string | undefined {
    return this.#dir;
  }

  /** Removes the directory and every file in it. */
  remove(): void {
    if (this.#dir === undefined) return;
    rmSync(this.#dir, { recursive: true, force: true });
    LEFT.delete(this.#dir);
    this.#dir = undefined;
  }
}
