import { chmodSync, mkdtempSync, rmdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * A directory that exists and that this process cannot make a file in: one of its own, read-only (0555),
 * for a user who is not root; for root, whom permissions do not stop, a kernel file system that takes no
 * files (/sys/kernel). Throws when there is none, never answers one that can be written.
 */
export function unwritableDirectory(): string {
  const readOnly = mkdtempSync(join(tmpdir(), 'unwritable-'));
  chmodSync(readOnly, 0o555);
  for (const candidate of [readOnly, '/sys/kernel', '/proc/sys']) {
    try {
      rmdirSync(mkdtempSync(join(candidate, 'probe-')));
    } catch {
      return candidate;
    }
  }
  throw new Error('no directory here refuses a file: the test cannot show an unwritable one');
}
