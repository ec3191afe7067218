// What the emulator's SFTP server answers of a volume's entries: their attributes (size, mode with its type
// bits, times) and `ls -l` long names, and the status an operation's refusal is answered with.
import ssh2, { type Attributes } from 'ssh2';
import { sizeOf, VolumeFileError, type VolumeEntry } from './volume-files.js';

const { STATUS_CODE } = ssh2.utils.sftp;

const TYPE_BITS = { dir: 0o040000, file: 0o100000, link: 0o120000 } as const;

/** A name a test plants in a folder's listing (a hostile one: `..`, `../x`, `/etc/passwd`, `a/b`, a link). */
export interface PlantedName {
  readonly name: string;
  readonly type?: 'file' | 'dir' | 'link';
  /** A file's size (its content made from the name), 0 by default. */
  readonly bytes?: number;
}

/** An entry's attributes as SFTP v3 gives them. */
export function attrsOf(entry: VolumeEntry): Attributes {
  const mode = entry.kind === 'link' ? 0o777 : entry.mode;
  const size = entry.kind === 'file' ? sizeOf(entry) : entry.kind === 'dir' ? 4096 : entry.target.length;
  return { mode: TYPE_BITS[entry.kind] | mode, uid: 0, gid: 0, size, atime: entry.mtime, mtime: entry.mtime };
}

/** A planted name's attributes. */
export function plantedAttrs(planted: PlantedName, mtime: number): Attributes {
  const type = planted.type ?? 'file';
  const mode = TYPE_BITS[type] | (type === 'dir' ? 0o755 : type === 'link' ? 0o777 : 0o644);
  return { mode, uid: 0, gid: 0, size: planted.bytes ?? 0, atime: mtime, mtime };
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** A listing's long name, as `ls -l` writes it (what OpenSSH's server sends). */
export function longName(name: string, attrs: Attributes): string {
  const type =
    (attrs.mode & 0o170000) === TYPE_BITS.dir ? 'd' : (attrs.mode & 0o170000) === TYPE_BITS.link ? 'l' : '-';
  const bits = ['r', 'w', 'x', 'r', 'w', 'x', 'r', 'w', 'x']
    .map((letter, i) => ((attrs.mode >> (8 - i)) & 1 ? letter : '-'))
    .join('');
  const when = new Date(attrs.mtime * 1000);
  const date = `${MONTHS[when.getUTCMonth()] ?? 'Jan'} ${String(when.getUTCDate()).padStart(2)} ${String(
    when.getUTCHours()
  ).padStart(2, '0')}:${String(when.getUTCMinutes()).padStart(2, '0')}`;
  return `${type}${bits}    1 user     user     ${String(attrs.size).padStart(8)} ${date} ${name}`;
}

/** The status a refusal is answered with: NO_SUCH_FILE, PERMISSION_DENIED, or FAILURE (with its message). */
export function statusOf(error: unknown): { code: number; message: string } {
  if (error instanceof VolumeFileError)
    return {
      code: error.code === 'ENOENT' ? STATUS_CODE.NO_SUCH_FILE : STATUS_CODE.FAILURE,
      message: error.message
    };
  if (error instanceof DeniedError) return { code: STATUS_CODE.PERMISSION_DENIED, message: error.message };
  return { code: STATUS_CODE.FAILURE, message: error instanceof Error ? error.message : 'failure' };
}

/** An operation the volume's user may not do (the root removed, a read-only file written). */
export class DeniedError extends Error {}
