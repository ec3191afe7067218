import { closeSync, constants, fstatSync, openSync, readSync, realpathSync, statSync } from 'node:fs';
import { isAbsolute, relative, resolve, sep } from 'node:path';
import { InputError, quote } from '../basics/input-error.js';
import { formatSize } from '../basics/units.js';

/**
 * Reads a file an input names (body_file), only where a workflow's own files are: a regular file inside
 * one of `roots` (the workspace, the runner's temp folder), symbolic links resolved first, at most
 * `maxBytes`. Anything else is refused, naming the input: a runner's ~/.docker/config.json must never
 * end up in a request or a dry run, and /dev/zero or a named pipe would hang the step.
 */
export function readWorkspaceFile(
  input: string,
  path: string,
  roots: { workspace: string; others: string[] },
  maxBytes: number
): string {
  const fix = `put the file in the workspace (${roots.workspace}) and give its path from there`;
  let real: string;
  try {
    real = realpathSync(resolve(roots.workspace, path));
  } catch (error) {
    throw new InputError(`${input} ${quote(path)} cannot be read (${errorCode(error)}): ${fix}`);
  }
  const inside = [roots.workspace, ...roots.others].some((root) => isWithin(real, root));
  if (!inside) throw new InputError(`${input} ${quote(path)} is outside the workspace: ${fix}`);
  if (!statSync(real).isFile()) throw new InputError(`${input} ${quote(path)} is not a regular file: ${fix}`);
  // O_NONBLOCK: should the path have become a pipe since the check, opening it must not block.
  const fd = openSync(real, constants.O_RDONLY | constants.O_NONBLOCK);
  try {
    const { size } = fstatSync(fd);
    if (size > maxBytes) {
      throw new InputError(
        `${input} ${quote(path)} is ${formatSize(size)}, over the ${formatSize(maxBytes)} a body file may hold: send less`
      );
    }
    const buffer = Buffer.alloc(size);
    let read = 0;
    while (read < size) {
      const n = readSync(fd, buffer, read, size - read, read);
      if (n === 0) break;
      read += n;
    }
    return buffer.subarray(0, read).toString('utf8');
  } finally {
    closeSync(fd);
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
