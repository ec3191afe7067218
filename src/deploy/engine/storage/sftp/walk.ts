import { lstat, opendir, realpath, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { RemoteFiles } from '../../../../platform/sftp/remote-files.js';
import { isPlainName } from './plain-name.js';
import { isInside } from './workspace-path.js';

/**
 * One entry of a walk, by its path from the walk's top (`rel`, parts joined by `/`; '' for a top that is a
 * file). `skipped`: not copied, said in a warning (a link not followed); `refused`: not copied, and the
 * copy fails (a name that is not one plain name, a link out of the workspace).
 */
export type Walked =
  | { readonly kind: 'directory'; readonly rel: string }
  | {
      readonly kind: 'file';
      readonly rel: string;
      readonly bytes: number;
      readonly modifiedS: number;
      /** Where a local file's content is read from: its link's target, for a link followed. */
      readonly source?: string;
    }
  | { readonly kind: 'skipped' | 'refused'; readonly rel: string; readonly why: string };

/** Whether a walk goes down into a directory it yielded (asked after the directory was handled). */
export type Enter = (rel: string) => boolean;

const relOf = (rel: string, name: string): string => (rel === '' ? name : `${rel}/${name}`);

/**
 * The files and directories under a local directory, depth first, read lazily (one directory's handle per
 * level open at a time: memory does not grow with the number of files). A link whose target is a file
 * inside the workspace (`root`) is followed, its content copied under the link's name; a link to a
 * directory is skipped (never followed: no loop, nothing twice); a link pointing outside the workspace, or
 * nowhere, is refused. What is not a file, a directory or a link (a pipe, a socket) is skipped.
 */
export async function* walkLocal(top: string, root: string, enter: Enter, rel = ''): AsyncGenerator<Walked> {
  for await (const dirent of await opendir(join(top, rel))) {
    const path = relOf(rel, dirent.name);
    if (dirent.isDirectory()) {
      yield { kind: 'directory', rel: path };
      if (enter(path)) yield* walkLocal(top, root, enter, path);
    } else if (dirent.isFile()) {
      const stats = await lstat(join(top, path));
      yield { kind: 'file', rel: path, bytes: stats.size, modifiedS: Math.floor(stats.mtimeMs / 1000) };
    } else if (dirent.isSymbolicLink()) {
      yield await localLink(join(top, path), path, root);
    } else {
      yield { kind: 'skipped', rel: path, why: 'it is not a regular file' };
    }
  }
}

/** A local link met on a walk: followed to a file inside the workspace, else skipped or refused. */
export async function localLink(path: string, rel: string, root: string): Promise<Walked> {
  let target: string;
  try {
    target = await realpath(path);
  } catch {
    return { kind: 'refused', rel, why: 'it is a link that points nowhere' };
  }
  if (!isInside(root, target))
    return { kind: 'refused', rel, why: 'it is a link pointing outside the workspace' };
  const stats = await stat(target);
  if (stats.isDirectory())
    return {
      kind: 'skipped',
      rel,
      why: 'it is a link to a directory (links to directories are not followed)'
    };
  if (!stats.isFile()) return { kind: 'skipped', rel, why: 'it is a link to what is not a regular file' };
  return {
    kind: 'file',
    rel,
    bytes: stats.size,
    modifiedS: Math.floor(stats.mtimeMs / 1000),
    source: target
  };
}

/**
 * The files and directories under a volume's directory, depth first, a directory's listing at a time
 * (`list`: the listing, over the copy's connection and its retries). A name that is not one plain name is
 * refused (a download would write outside its target); a link on the volume is skipped, never followed,
 * as is what is neither a file nor a directory.
 */
export async function* walkRemote(
  list: (directory: string) => Promise<Awaited<ReturnType<RemoteFiles['list']>>>,
  top: string,
  enter: Enter,
  rel = ''
): AsyncGenerator<Walked> {
  for (const entry of await list(remoteJoin(top, rel))) {
    if (!isPlainName(entry.name)) {
      yield { kind: 'refused', rel: relOf(rel, entry.name), why: 'it is not one plain name' };
      continue;
    }
    const path = relOf(rel, entry.name);
    if (entry.kind === 'directory') {
      yield { kind: 'directory', rel: path };
      if (enter(path)) yield* walkRemote(list, top, enter, path);
    } else if (entry.kind === 'file') {
      yield { kind: 'file', rel: path, bytes: entry.bytes, modifiedS: entry.modifiedS };
    } else {
      const why =
        entry.kind === 'link' ? 'it is a link on the volume (never followed)' : 'it is not a regular file';
      yield { kind: 'skipped', rel: path, why };
    }
  }
}

/** A volume's path and a path from it: `/data` and `a/b` are `/data/a/b`; '' is the path itself. */
export function remoteJoin(top: string, rel: string): string {
  const base = top.length > 1 ? top.replace(/\/+$/, '') : top;
  if (rel === '') return base === '' ? '/' : base;
  return base === '/' ? `/${rel}` : `${base}/${rel}`;
}
