import { lstat, mkdir } from 'node:fs/promises';
import { basename, dirname, join, posix, relative } from 'node:path';
import { sanitize } from '../../../../basics/safe-text.js';
import type { RemoteEntry } from '../../../../platform/sftp/remote-files.js';
import type { CopyRun } from './copy-run.js';
import { localEntry } from './copy-file.js';
import { shownName } from './plain-name.js';
import { remoteJoin, type Walked } from './walk.js';

/**
 * Where a copy's files go from and to: a directory's tree (`local` and `remote` its tops), or one file
 * (`file`, at `local` and `remote` themselves).
 */
export interface Top {
  readonly local: string;
  readonly remote: string;
  readonly file: Extract<Walked, { kind: 'file' }> | undefined;
  /** Makes the directories the copy writes into: undefined when made, else why not. */
  readonly make: () => Promise<string | undefined>;
}

/**
 * The copy's top, and how its directories are made (in the volume, or in the workspace, each checked:
 * never through a link; made once the copy knows it sends anything), or why there is none. A file copied into a directory (its path ends with `/`, or it is one) keeps
 * its name.
 */
export async function copyTop(run: CopyRun): Promise<Top | string> {
  const { options } = run;
  const remoteEntry = (path: string): Promise<RemoteEntry | undefined> =>
    run.remote.call(`${options.label}: reading ${shownName(path)}`, (files) => files.lstat(path), run.retry);
  if (options.way === 'up') {
    const source = await lstat(options.local);
    const made = (path: string) => () => remoteDirectories(run, path);
    if (source.isDirectory())
      return {
        local: options.local,
        remote: options.remotePath,
        file: undefined,
        make: made(options.remotePath)
      };
    if (!source.isFile()) return `${shownName(options.local)} is neither a file nor a directory`;
    const there = await remoteEntry(options.remotePath);
    const into = options.remotePath.endsWith('/') || there?.kind === 'directory';
    const remote = into ? remoteJoin(options.remotePath, basename(options.local)) : options.remotePath;
    const file = {
      kind: 'file',
      rel: '',
      bytes: source.size,
      modifiedS: Math.floor(source.mtimeMs / 1000)
    } as const;
    return { local: options.local, remote, file, make: made(posix.dirname(remote)) };
  }
  const there = await remoteEntry(options.remotePath);
  if (there === undefined) return `the volume has nothing at ${shownName(options.remotePath)}`;
  const made = (path: string) => () => makeLocalDirectories(options.root, path);
  if (there.kind === 'directory')
    return { local: options.local, remote: options.remotePath, file: undefined, make: made(options.local) };
  if (there.kind !== 'file')
    return `the volume's ${shownName(options.remotePath)} is a ${there.kind}, not a file or a directory (links are never followed)`;
  const into = options.intoDirectory || (await localEntry(options.local))?.isDirectory() === true;
  const local = into ? join(options.local, basename(options.remotePath)) : options.local;
  const file = { kind: 'file', rel: '', bytes: there.bytes, modifiedS: there.modifiedS } as const;
  return { local, remote: options.remotePath, file, make: made(dirname(local)) };
}

/** Makes a volume's directory and those above it: undefined when it is one, else why not. */
async function remoteDirectories(run: CopyRun, path: string): Promise<string | undefined> {
  const parts = path.split('/').filter((part) => part !== '');
  const label = `${run.options.label}: making ${shownName(path)}`;
  for (let at = 1; at <= parts.length; at++) {
    const directory = `/${parts.slice(0, at).join('/')}`;
    await run.remote.call(label, (files) => files.makeDirectory(directory), run.retry);
  }
  const made = await run.remote.call(label, (files) => files.lstat(path), run.retry);
  return made?.kind === 'directory' ? undefined : `the volume's ${shownName(path)} is not a directory`;
}

/**
 * Makes a local directory inside `root` and those above it up to `root`, each checked as it is made (see
 * makeLocalDirectory): undefined when it is one, else why not.
 */
export async function makeLocalDirectories(root: string, path: string): Promise<string | undefined> {
  const parts = relative(root, path)
    .split(/[/\\]/)
    .filter((part) => part !== '');
  for (let at = 1; at <= parts.length; at++) {
    const why = await makeLocalDirectory(join(root, ...parts.slice(0, at)));
    if (why !== undefined) return `${shownName(relative(root, path))}: ${why}`;
  }
  return undefined;
}

/**
 * Makes one local directory whose parent is one: undefined when made or there, else why not (a link is
 * never written through, wherever it points).
 */
export async function makeLocalDirectory(path: string): Promise<string | undefined> {
  let here = await localEntry(path);
  if (here === undefined) {
    try {
      await mkdir(path);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST')
        return `it cannot be made (${sanitize((error as NodeJS.ErrnoException).code ?? 'failed', 40)})`;
    }
    here = await localEntry(path);
  }
  if (here?.isSymbolicLink() === true) return 'the workspace holds a link there (never written through)';
  return here?.isDirectory() === true ? undefined : 'the workspace holds what is not a directory there';
}
