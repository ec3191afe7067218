// The cut of a version (npm run release -- X.Y.Z, when package.json has an older one): the version in
// package.json, package-lock.json and src/platform/version.ts; CHANGELOG.md's [Unreleased] entries under
// "## [X.Y.Z] - date", a fresh empty [Unreleased] and the compare links; the links README.md, docs/ and
// the issue forms give users (the tarball, `VERSION=`, `blob/vX.Y.Z/`, `@vX`, `# vX.Y.Z`); dist/ rebuilt
// (the CLI's --version and the help's links come from src/platform/version.ts); one commit.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export class Refusal extends Error {}

export const REPOSITORY_URL = 'https://github.com/elastic-deploy-action/elastic-deploy-action';
const PACKAGE = 'elastic-deploy-action';
/** The action as a workflow names it: the root one, or a capability's (`…/job`, `…/<capability>` in prose). */
const ACTION = `${PACKAGE}/${PACKAGE}(?:/(?:[a-z]+|<capability>))?`;
const SEMVER = String.raw`\d+\.\d+\.\d+`;

function git(repo: string, ...args: string[]): string {
  return execFileSync('git', args, { cwd: repo, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trim();
}

/** -1, 0 or 1 as version a is older than, the same as, or newer than b (both X.Y.Z). */
export function compareVersions(a: string, b: string): number {
  const [x, y] = [a, b].map((v) => v.split('.').map(Number));
  for (let i = 0; i < 3; i++) {
    const d = (x?.[i] ?? 0) - (y?.[i] ?? 0);
    if (d !== 0) return Math.sign(d);
  }
  return 0;
}

/** The [Unreleased] link and one per version, newest first: each compares with the one before it. */
function compareLinks(changelog: string): string {
  const versions = [...changelog.matchAll(new RegExp(`^## \\[(${SEMVER})\\]`, 'gm'))].map((m) => m[1] ?? '');
  const links = versions.map((version, i) => {
    const before = versions[i + 1];
    return before === undefined
      ? `[${version}]: ${REPOSITORY_URL}/releases/tag/v${version}`
      : `[${version}]: ${REPOSITORY_URL}/compare/v${before}...v${version}`;
  });
  const head =
    versions[0] === undefined ? [] : [`[Unreleased]: ${REPOSITORY_URL}/compare/v${versions[0]}...HEAD`];
  return [...head, ...links].join('\n');
}

/** CHANGELOG.md with its [Unreleased] entries under "## [version] - date", a fresh [Unreleased], and the links. */
export function cutChangelog(changelog: string, version: string, date: string): string {
  const text = changelog.replace(new RegExp(`^\\[(Unreleased|${SEMVER})\\]: \\S+\\n?`, 'gm'), '').trimEnd();
  const heading = /^## \[Unreleased\].*\n/m.exec(text);
  if (heading === null) throw new Refusal('CHANGELOG.md has no "## [Unreleased]" section to cut');
  const rest = text.slice(heading.index + heading[0].length);
  const next = rest.search(/^## \[/m);
  const entries = (next < 0 ? rest : rest.slice(0, next)).trim();
  if (!/^[-*] /m.test(entries))
    throw new Refusal("CHANGELOG.md's [Unreleased] section has no entries: there is nothing to release");
  if (new RegExp(`^## \\[${version.replaceAll('.', '\\.')}\\]`, 'm').test(text))
    throw new Refusal(`CHANGELOG.md has a "## [${version}]" section already`);
  const cut = `${text.slice(0, heading.index)}## [Unreleased]\n\n## [${version}] - ${date}\n\n${entries}\n${
    next < 0 ? '' : `\n${rest.slice(next)}`
  }`;
  return `${cut.trimEnd()}\n\n${compareLinks(cut)}\n`;
}

/**
 * A page with every link it gives users pointing at `version` (and `@v<major>`): the tarball, `VERSION=`,
 * `blob/vX.Y.Z/`, the action's `@vX` and its pin comment `@<sha> # vX.Y.Z`; in an issue form, `old`'s tag
 * wherever it is (its example of a version).
 */
export function pointAt(text: string, old: string, version: string, form = false): string {
  const major = version.split('.')[0] ?? '';
  const pointed = text
    .replace(
      new RegExp(`releases/download/v${SEMVER}/${PACKAGE}-${SEMVER}\\.tgz`, 'g'),
      `releases/download/v${version}/${PACKAGE}-${version}.tgz`
    )
    .replace(new RegExp(`\\bVERSION=${SEMVER}\\b`, 'g'), `VERSION=${version}`)
    .replace(new RegExp(`blob/v${SEMVER}/`, 'g'), `blob/v${version}/`)
    .replace(new RegExp(`(${ACTION}@\\S+ # )v${SEMVER}\\b`, 'g'), `$1v${version}`)
    .replace(new RegExp(`(${ACTION}@)v\\d+\\b(?!\\.)`, 'g'), `$1v${major}`);
  return form
    ? pointed.replace(new RegExp(`\\bv${old.replaceAll('.', '\\.')}\\b`, 'g'), `v${version}`)
    : pointed;
}

/** Each version a page points users at: [what it says, the version or major it names]. */
export function pointers(text: string): [string, string][] {
  const patterns = [
    new RegExp(`releases/download/v(${SEMVER})/`, 'g'),
    new RegExp(`${PACKAGE}-(${SEMVER})\\.tgz`, 'g'),
    new RegExp(`\\bVERSION=(${SEMVER})\\b`, 'g'),
    new RegExp(`blob/v(${SEMVER})/`, 'g'),
    new RegExp(`${ACTION}@\\S+ # v(${SEMVER})\\b`, 'g'),
    new RegExp(`${ACTION}@v(\\d+)\\b(?!\\.)`, 'g')
  ];
  return patterns.flatMap((pattern) =>
    [...text.matchAll(pattern)].map((m): [string, string] => [m[0], m[1] ?? ''])
  );
}

/** The files whose links a cut points at the new version: README.md, docs/*.md, the issue forms. */
export function linkFiles(repo: string): string[] {
  const under = (dir: string, ext: string): string[] =>
    existsSync(join(repo, dir))
      ? readdirSync(join(repo, dir))
          .filter((file) => file.endsWith(ext))
          .sort()
          .map((file) => `${dir}/${file}`)
      : [];
  return [
    ...(existsSync(join(repo, 'README.md')) ? ['README.md'] : []),
    ...under('docs', '.md'),
    ...under('.github/ISSUE_TEMPLATE', '.yml')
  ];
}

function rewrite(repo: string, path: string, change: (text: string) => string): boolean {
  const file = join(repo, path);
  if (!existsSync(file)) return false;
  const before = readFileSync(file, 'utf8');
  const after = change(before);
  if (after !== before) writeFileSync(file, after);
  return after !== before;
}

/** The version in package.json, package-lock.json and src/platform/version.ts: answers the files it set. */
function setVersion(repo: string, version: string): string[] {
  const changes: [string, (text: string) => string][] = [
    ['package.json', (text) => text.replace(/("version":\s*)"[^"]*"/, `$1"${version}"`)],
    [
      'package-lock.json',
      (text) => {
        const lock = JSON.parse(text) as {
          version?: string;
          packages?: Record<string, { version?: string }>;
        };
        lock.version = version;
        const root = lock.packages?.[''];
        if (root !== undefined) root.version = version;
        return `${JSON.stringify(lock, null, 2)}\n`;
      }
    ],
    ['src/platform/version.ts', (text) => text.replace(/VERSION = '[^']*'/, `VERSION = '${version}'`)]
  ];
  return changes.filter(([path, change]) => rewrite(repo, path, change)).map(([path]) => path);
}

/**
 * Cuts `version` in `repo` (its tree clean, package.json at an older version) and commits it: see the
 * head of this file. Returns what it did. A failed build leaves the changes uncommitted.
 */
export function cutRelease(repo: string, version: string, date: string): string[] {
  const old = (JSON.parse(readFileSync(join(repo, 'package.json'), 'utf8')) as { version: string }).version;
  if (compareVersions(version, old) <= 0)
    throw new Refusal(`${version} is not newer than ${old}, the version package.json has`);
  const changelog = cutChangelog(readFileSync(join(repo, 'CHANGELOG.md'), 'utf8'), version, date);
  writeFileSync(join(repo, 'CHANGELOG.md'), changelog);
  const versioned = setVersion(repo, version);
  const pointed = linkFiles(repo).filter((path) =>
    rewrite(repo, path, (text) => pointAt(text, old, version, path.startsWith('.github/')))
  );
  execFileSync('npm', ['run', '--silent', 'build'], { cwd: repo, stdio: ['ignore', 'pipe', 'pipe'] });
  git(repo, 'add', '--all');
  git(repo, 'commit', '--quiet', '--message', `Release ${version}`);
  return [
    `cut ${version} (from ${old}): ${versioned.join(', ')}; CHANGELOG.md's [Unreleased] entries under "## [${version}] - ${date}", with its compare links`,
    `pointed ${pointed.length === 0 ? 'no page' : pointed.join(', ')} at v${version}; rebuilt dist/; committed "Release ${version}"`
  ];
}
