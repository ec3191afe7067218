import { realpathSync, statSync } from 'node:fs';
import { isAbsolute, relative, resolve, sep } from 'node:path';
import { InputError, quote } from '../basics/input-error.js';
import { formatSize } from '../basics/units.js';
import { FileReadError, readRegularFile } from '../host/private-file.js';

/**
 * Reads a file an input names (body_file), only where a workflow's own files are: a regular file inside
 * one of `roots` (the workspace, the runner's temp folder), symbolic links resolved first, at most
 * `maxBytes`. Anything else is refused, naming the input: a runner's ~/.docker/config.json must never
 * end up in a request or a dry run, and /dev/zero or a named pipe would hang the step. With
 * `roots.anywhere` (the command line, whose user names their own files), a regular file anywhere, its
 * path from the workspace (the working directory).
 */
export function readWorkspaceFile(
  input: string,
  path: string,
  roots: { workspace: string; others: string[]; anywhere?: boolean },
  maxBytes: number
): string {
  const fix =
    roots.anywhere === true
      ? `name a regular file (a path from ${roots.workspace}, or an absolute one)`
      : `put the file in the workspace (${roots.workspace}) and give its path from there`;
  let real: string;
  try {
    real = realpathSync(resolve(roots.workspace, path));
  } catch (error) {
    throw new InputError(`${input} ${quote(path)} cannot be read (${errorCode(error)}): ${fix}`);
  }
  const inside =
    roots.anywhere === true || [roots.workspace, ...roots.others].some((root) => isWithin(real, root));
  if (!inside) throw new InputError(`${input} ${quote(path)} is outside the workspace: ${fix}`);
  if (!statSync(real).isFile()) throw new InputError(`${input} ${quote(path)} is not a regular file: ${fix}`);
  // Read as every bounded read is: without blocking (should the path have become a pipe since the check),
  // a regular file, its size checked before a byte is read.
  try {
    return readRegularFile(real, maxBytes);
  } catch (error) {
    if (!(error instanceof FileReadError)) throw error;
    throw new InputError(
      error.code === 'EFBIG'
        ? `${input} ${quote(path)} is ${formatSize(error.size ?? 0)}, over the ${formatSize(maxBytes)} a body file may hold: send less`
        : `${input} ${quote(path)} is not a regular file: ${fix}`
    );
  }
}

function isWithin(path: string, root: string): boolean {
  let realRoot: string;
  try {
    realRoot = realpathSync(root);
  } catch {
    return false;
  }
  const rel = relative(realRoot, path);
  return rel !== '' && !rel.startsWith(`..${sep}`) && rel !== '..' && !isAbsolute(rel);
}

function errorCode(error: unknown): string {
  return (error as NodeJS.ErrnoException).code ?? String(error);
}
