// The rule `npm run release` holds a tree to (CONTRIBUTING.md, "Releasing"): no entry under CHANGELOG.md's
// `## [Unreleased]` names, in backticks, an input, an output or an operation of action.yml (or an input's
// flag, `--max-cost` for `max_cost`) that README.md or a page of docs/ already shows in code (a backticked
// span or a fenced block). docs/reference.md is left out: `npm run docs` writes it from action.yml, so it
// shows every declared name whether or not a release has it. Such a name is in the tree being released,
// while the CHANGELOG says no release has it: its entries belong under the version being released.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { OPERATION_NAMES } from '../src/deploy/operations.js';

/** A declared name that an [Unreleased] entry names and a page shows, with the first place it is shown. */
export interface UnreleasedShown {
  name: string;
  shownAt: string;
}

/** The names a piece of code names: `max_cost`, `--max-cost` (as max_cost), `operation: preview` (both). */
function codeNames(code: string): string[] {
  return (code.match(/--?[a-z][a-z0-9-]*|[a-z][a-z0-9_]*/g) ?? []).map((word) =>
    word.startsWith('-') ? word.replace(/^-+/, '').replaceAll('-', '_') : word
  );
}

/** Each line's names in code: its backticked spans, or the whole line within a fenced block. */
function namesByLine(text: string): string[][] {
  let fenced = false;
  return text.split('\n').map((line) => {
    if (/^\s*(```|~~~)/.test(line)) {
      fenced = !fenced;
      return [];
    }
    if (fenced) return codeNames(line);
    return [...line.matchAll(/`([^`]+)`/g)].flatMap((span) => codeNames(span[1] ?? ''));
  });
}

/** The section under `## [Unreleased]`, up to the next version's heading (or the link definitions). */
export function unreleasedSection(changelog: string): string {
  const heading = /^## \[Unreleased\].*$/m.exec(changelog);
  if (heading === null) return '';
  const rest = changelog.slice(heading.index + heading[0].length);
  const end = rest.search(/^## \[|^\[[^\]]+\]: /m);
  return end < 0 ? rest : rest.slice(0, end);
}

/** The inputs, outputs and operations action.yml declares (none when the tree has no action.yml). */
export function declaredNames(repo: string): Set<string> {
  const path = join(repo, 'action.yml');
  if (!existsSync(path)) return new Set();
  const action = parse(readFileSync(path, 'utf8')) as {
    inputs?: Record<string, unknown>;
    outputs?: Record<string, unknown>;
  };
  return new Set([
    ...Object.keys(action.inputs ?? {}),
    ...Object.keys(action.outputs ?? {}),
    ...OPERATION_NAMES
  ]);
}

/** README.md and the pages of docs/ but the generated reference, as [path, text]. */
export function userPages(repo: string): [string, string][] {
  const docs = existsSync(join(repo, 'docs'))
    ? readdirSync(join(repo, 'docs'))
        .filter((file) => file.endsWith('.md') && file !== 'reference.md')
        .sort()
        .map((file) => `docs/${file}`)
    : [];
  return ['README.md', ...docs]
    .filter((path) => existsSync(join(repo, path)))
    .map((path) => [path, readFileSync(join(repo, path), 'utf8')]);
}

/** Every declared name an [Unreleased] entry names that README.md or docs/ shows, in the CHANGELOG's order. */
export function unreleasedDocumented(
  changelog: string,
  pages: [string, string][],
  declared: Set<string>
): UnreleasedShown[] {
  const named = [...new Set(namesByLine(unreleasedSection(changelog)).flat())].filter((name) =>
    declared.has(name)
  );
  const shown = new Map<string, string>();
  for (const [path, text] of pages)
    for (const [i, names] of namesByLine(text).entries())
      for (const name of names) if (!shown.has(name)) shown.set(name, `${path}:${i + 1}`);
  return named.flatMap((name) => {
    const shownAt = shown.get(name);
    return shownAt === undefined ? [] : [{ name, shownAt }];
  });
}
