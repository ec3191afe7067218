import { lstatSync, realpathSync } from 'node:fs';
import { dirname, isAbsolute, relative, resolve, sep } from 'node:path';

/**
 * Where a workspace path of a copy is, checked: inside the workspace (`root`, resolved), lexically and
 * through every link on the way (realpath). `missing` is why it is not, when it is not: a source that does
 * not exist, or a path that leaves the workspace. A download's target may not exist yet: then the deepest
 * part of it that does must be inside, and `real` is where it will be made.
 */
export type WorkspacePath =
  | { readonly ok: true; readonly root: string; readonly real: string; readonly exists: boolean }
  | { readonly ok: false; readonly why: string };

/** `path` is `root` or below it (both absolute and resolved). */
export function isInside(root: string, path: string): boolean {
  const rel = relative(root, path);
  return rel === '' || (rel !== '..' && !rel.startsWith(`..${sep}`) && !isAbsolute(rel));
}

/** The path a workspace path names, lexically: undefined when it leaves the workspace (`..`, absolute). */
export function lexicalPath(workspace: string, path: string): string | undefined {
  if (isAbsolute(path) || path.split(/[/\\]/).includes('..')) return undefined;
  const root = resolve(workspace);
  const joined = resolve(root, path);
  return isInside(root, joined) ? joined : undefined;
}

/** An upload's source: it must exist, and be inside the workspace once every link on it is resolved. */
export function workspaceSource(workspace: string, path: string): WorkspacePath {
  const root = realRoot(workspace);
  if (!root.ok) return root;
  const lexical = lexicalPath(workspace, path);
  if (lexical === undefined) return { ok: false, why: 'it leaves the workspace' };
  let real: string;
  try {
    real = realpathSync(lexical);
  } catch (error) {
    return { ok: false, why: `it cannot be read in the workspace (${codeOf(error)})` };
  }
  if (!isInside(root.real, real)) return { ok: false, why: 'a link on it points outside the workspace' };
  return { ok: true, root: root.real, real, exists: true };
}

/**
 * A download's target: inside the workspace once every link on the part of it that exists is resolved;
 * the rest is made as directories (never through a link: the copy checks each as it makes it).
 */
export function workspaceTarget(workspace: string, path: string): WorkspacePath {
  const root = realRoot(workspace);
  if (!root.ok) return root;
  const lexical = lexicalPath(workspace, path);
  if (lexical === undefined) return { ok: false, why: 'it leaves the workspace' };
  let existing = lexical;
  const rest: string[] = [];
  while (!exists(existing)) {
    rest.unshift(relative(dirname(existing), existing));
    existing = dirname(existing);
  }
  let real: string;
  try {
    real = realpathSync(existing);
  } catch (error) {
    return { ok: false, why: `it cannot be read in the workspace (${codeOf(error)})` };
  }
  if (!isInside(root.real, real)) return { ok: false, why: 'a link on it points outside the workspace' };
  return { ok: true, root: root.real, real: resolve(real, ...rest), exists: rest.length === 0 };
}

function realRoot(workspace: string): { ok: true; real: string } | { ok: false; why: string } {
  try {
    return { ok: true, real: realpathSync(resolve(workspace)) };
  } catch (error) {
    return { ok: false, why: `the workspace ${resolve(workspace)} cannot be read (${codeOf(error)})` };
  }
}

/** Whether anything is at `path`, a dangling link too (lstat, not stat). */
function exists(path: string): boolean {
  try {
    lstatSync(path);
    return true;
  } catch {
    return false;
  }
}

function codeOf(error: unknown): string {
  return (error as NodeJS.ErrnoException).code ?? String(error);
}
