import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { lstat, lutimes } from 'node:fs/promises';
import type { Stats } from 'node:fs';
import type { RemoteEntry, RemoteFiles } from '../../../../platform/sftp/remote-files.js';

/** One file to copy: its local path, its path in the volume, and the source's size and modification time. */
export interface FileCopy {
  readonly local: string;
  readonly remote: string;
  readonly bytes: number;
  readonly modifiedS: number;
}

/** How a file's copy ended: copied, or skipped as the same file was there already. */
export type FileDone = 'copied' | 'skipped';

/**
 * A file refused for where it would be written (a local link, a directory), not for a failed call: the
 * copy fails at the end, as for any file that failed.
 */
export class RefusedFile extends Error {
  override readonly name = 'RefusedFile';
}

/**
 * Uploads one file, unless the volume holds the same already: the same size and modification time (every
 * copy sets the time as it writes), or the same size and content (hashed on both sides; the time is set
 * then). A link, a directory or another kind at the volume's path is refused, never written through.
 * `entryAt` says what is at the path (default: an lstat; a copy of many files reads its directory's
 * listing instead).
 */
export async function uploadFile(
  files: RemoteFiles,
  file: FileCopy,
  progress: (bytes: number) => void,
  entryAt: ((path: string) => Promise<RemoteEntry | undefined>) | undefined = (path) => files.lstat(path)
): Promise<FileDone> {
  const there = await entryAt(file.remote);
  if (there !== undefined && there.kind !== 'file')
    throw new RefusedFile(`the volume holds a ${there.kind} where it would be written`);
  if (there?.bytes === file.bytes) {
    if (there.modifiedS === file.modifiedS) return 'skipped';
    if ((await localHash(file.local)) === (await remoteHash(files, file.remote))) {
      await files.setModified(file.remote, file.modifiedS);
      return 'skipped';
    }
  }
  await files.upload(file.local, file.remote, file.modifiedS, progress);
  return 'copied';
}

/**
 * Downloads one file, unless the workspace holds the same already (as uploadFile decides). A link where
 * it would be written is refused, never written through; so is a directory, or anything but a file.
 */
export async function downloadFile(
  files: RemoteFiles,
  file: FileCopy,
  progress: (bytes: number) => void
): Promise<FileDone> {
  const here = await localEntry(file.local);
  if (here?.isSymbolicLink() === true)
    throw new RefusedFile('the workspace holds a link where it would be written (never written through)');
  if (here !== undefined && !here.isFile())
    throw new RefusedFile('the workspace holds what is not a file where it would be written');
  if (here?.size === file.bytes) {
    if (Math.floor(here.mtimeMs / 1000) === file.modifiedS) return 'skipped';
    if ((await localHash(file.local)) === (await remoteHash(files, file.remote))) {
      await lutimes(file.local, file.modifiedS, file.modifiedS);
      return 'skipped';
    }
  }
  await files.download(file.remote, file.local, progress);
  await lutimes(file.local, file.modifiedS, file.modifiedS);
  return 'copied';
}

/**
 * The local entry at `path` (a link is a link), or undefined when there is none (nor can be: a path under a
 * file, ENOTDIR, which whatever makes it then says).
 */
export async function localEntry(path: string): Promise<Stats | undefined> {
  try {
    return await lstat(path);
  } catch (error) {
    const { code } = error as NodeJS.ErrnoException;
    if (code === 'ENOENT' || code === 'ENOTDIR') return undefined;
    throw error;
  }
}

async function localHash(path: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

async function remoteHash(files: RemoteFiles, path: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of files.read(path)) hash.update(chunk);
  return hash.digest('hex');
}
