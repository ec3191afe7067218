// npm run release -- X.Y.Z [--push] [--out DIR]: the whole release of X.Y.Z. When package.json has an older
// version, it first cuts X.Y.Z (scripts/release-cut.ts: the version in package.json, package-lock.json and
// src/platform/version.ts, CHANGELOG.md's [Unreleased] entries under "## [X.Y.Z] - date" with a fresh
// [Unreleased] and the compare links, the links README.md and docs/ give users, dist/ rebuilt, one commit
// "Release X.Y.Z"). Then it checks the tree, tags vX.Y.Z and moves the major tag vX to it (users pin
// either), and writes the package and its checksum as the GitHub Release names them
// (elastic-deploy-action-X.Y.Z.tgz and .tgz.sha256) into DIR (release/ by default). --push pushes the
// commit's branch and the tags.
// --check X.Y.Z checks what a release needs without tagging; --notes X.Y.Z prints its CHANGELOG section;
// --pack DIR X.Y.Z writes the package and its checksum alone (the release workflow's last step).
// It refuses a dirty tree, a stale dist/, a version that differs between package.json and
// src/platform/version.ts, a CHANGELOG without its section, an existing tag, README.md or docs/ pointing
// users at another version, and entries under [Unreleased] that README.md or docs/ already show
// (scripts/unreleased-documented.ts has the rule; CONTRIBUTING.md, "Releasing", says it).
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { cutRelease, linkFiles, pointers, Refusal } from './release-cut.js';
import { declaredNames, unreleasedDocumented, userPages } from './unreleased-documented.js';

function run(repo: string, command: string, args: string[]): string {
  return execFileSync(command, args, {
    cwd: repo,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe']
  }).trim();
}

export interface ReleaseOptions {
  /** Push the branch (after a cut) and the tags to origin. */
  push?: boolean;
  /** Where the package and its checksum go (release/ in the repository by default). */
  out?: string;
  /** The date of the CHANGELOG's heading, YYYY-MM-DD (today, UTC, by default). */
  date?: string;
}

export function release(repo: string, version: string, options: ReleaseOptions = {}): string[] {
  checkVersionAndTree(repo, version);
  const tag = `v${version}`;
  const major = `v${version.split('.')[0] ?? ''}`;
  if (run(repo, 'git', ['tag', '--list', tag]) !== '') throw new Refusal(`the tag ${tag} exists already`);
  const cut = packageVersion(repo) !== version;
  const done = cut ? cutRelease(repo, version, options.date ?? new Date().toISOString().slice(0, 10)) : [];
  // A cut has just built dist/ from these sources: no second build to compare.
  checkRelease(repo, version, { build: !cut });
  run(repo, 'git', ['tag', '--annotate', tag, '--message', tag]);
  run(repo, 'git', ['tag', '--force', '--annotate', major, '--message', `${major} (${tag})`]);
  done.push(`tagged ${tag}, and moved ${major} to it`);
  const files = packRelease(repo, version, options.out ?? join(repo, 'release'));
  done.push(`wrote ${files.join(' and ')}`);
  const branch = run(repo, 'git', ['branch', '--show-current']);
  const pushBranch = cut && branch !== '' ? `git push origin ${branch} && ` : '';
  if (options.push === true) {
    if (pushBranch !== '') run(repo, 'git', ['push', 'origin', branch]);
    run(repo, 'git', ['push', 'origin', tag]);
    run(repo, 'git', ['push', '--force', 'origin', major]);
    done.push(`pushed ${cut ? `${branch}, ` : ''}${tag} and ${major}`);
  } else {
    done.push(`to publish: ${pushBranch}git push origin ${tag} && git push --force origin ${major}`);
  }
  return done;
}

function packageVersion(repo: string): string {
  return (JSON.parse(readFileSync(join(repo, 'package.json'), 'utf8')) as { version: string }).version;
}

function checkVersionAndTree(repo: string, version: string): void {
  if (!/^\d+\.\d+\.\d+$/.test(version)) throw new Refusal(`"${version}" is not a version X.Y.Z`);
  if (run(repo, 'git', ['status', '--porcelain']) !== '') {
    throw new Refusal('the working tree has uncommitted changes: commit or stash them first');
  }
}

/**
 * What a release of `version` needs, checked without tagging (the release workflow checks a pushed tag
 * with it): a clean tree, the version in package.json and src/platform/version.ts, a CHANGELOG section,
 * no [Unreleased] entry that README.md or docs/ shows, every link they give users at this version, and
 * dist/ as the sources build it.
 */
export function checkRelease(
  repo: string,
  version: string,
  { build = true }: { build?: boolean } = {}
): void {
  checkVersionAndTree(repo, version);
  const pkg = packageVersion(repo);
  const source = /VERSION = '([^']*)'/.exec(readFileSync(join(repo, 'src/platform/version.ts'), 'utf8'))?.[1];
  if (pkg !== version || source !== version) {
    throw new Refusal(
      `the version is ${pkg} in package.json and ${source ?? 'missing'} in src/platform/version.ts: npm run release -- ${version} cuts ${version} (sets both, the CHANGELOG and the links)`
    );
  }
  const changelog = readFileSync(join(repo, 'CHANGELOG.md'), 'utf8');
  if (!new RegExp(`^## \\[${version.replace(/\./g, '\\.')}\\]`, 'm').test(changelog)) {
    throw new Refusal(
      `CHANGELOG.md has no "## [${version}]" section: move the Unreleased entries under it and commit`
    );
  }
  checkDocumented(repo, changelog, version);
  checkPointers(repo, version);
  if (build) checkDist(repo);
}

/** The rule of scripts/unreleased-documented.ts: no [Unreleased] entry names what README.md or docs/ shows. */
function checkDocumented(repo: string, changelog: string, version: string): void {
  const shown = unreleasedDocumented(changelog, userPages(repo), declaredNames(repo));
  const [first] = shown;
  if (first === undefined) return;
  const names = shown.map((s) => `\`${s.name}\``);
  throw new Refusal(
    `CHANGELOG.md's [Unreleased] entries name ${names.slice(0, 8).join(', ')}${names.length > 8 ? ` and ${names.length - 8} more` : ''}, which README.md or docs/ already show (\`${first.name}\` at ${first.shownAt}): a release of this tree has them, so its CHANGELOG must say so: cut the next version (npm run release -- X.Y.Z, newer than ${version}), which moves them under its heading`
  );
}

/** README.md, docs/ and the issue forms point users at this version (and its major tag) only. */
export function checkPointers(repo: string, version: string): void {
  const major = version.split('.')[0] ?? '';
  for (const path of linkFiles(repo)) {
    const text = readFileSync(join(repo, path), 'utf8');
    const wrong = pointers(text).find(([said, named]) => named !== (said.includes('@v') ? major : version));
    if (wrong !== undefined)
      throw new Refusal(
        `${path} points users at "${wrong[0]}", not ${version}: npm run release -- ${version} points every link at it`
      );
  }
}

function checkDist(repo: string): void {
  run(repo, 'npm', ['run', '--silent', 'build']);
  if (run(repo, 'git', ['status', '--porcelain', '--', 'dist']) !== '') {
    run(repo, 'git', ['checkout', '--', 'dist']);
    run(repo, 'git', ['clean', '-fdq', '--', 'dist']);
    throw new Refusal(
      'dist/ is not what npm run build makes from the sources: rebuild it, commit it, and release again'
    );
  }
}

/**
 * The package (what `npm pack` makes: `<name>-<version>.tgz`) and its SHA-256 checksum beside it
 * (`<name>-<version>.tgz.sha256`, the line `sha256sum` writes, which `sha256sum --check` reads), in `dir`,
 * as the GitHub Release carries them. Returns both paths.
 */
export function packRelease(repo: string, version: string, dir: string): [string, string] {
  if (packageVersion(repo) !== version)
    throw new Refusal(
      `package.json has ${packageVersion(repo)}, not ${version}: there is no package of ${version}`
    );
  const out = resolve(repo, dir);
  mkdirSync(out, { recursive: true });
  const packed = JSON.parse(run(repo, 'npm', ['pack', '--json', '--pack-destination', out])) as {
    filename: string;
  }[];
  const name = packed[0]?.filename ?? '';
  const tarball = join(out, name);
  const sum = createHash('sha256').update(readFileSync(tarball)).digest('hex');
  writeFileSync(`${tarball}.sha256`, `${sum}  ${name}\n`);
  return [tarball, `${tarball}.sha256`];
}

/** The CHANGELOG's section for `version`, without its heading: the GitHub Release's notes. */
export function releaseNotes(changelog: string, version: string): string {
  const heading = new RegExp(`^## \\[${version.replace(/\./g, '\\.')}\\].*$`, 'm').exec(changelog);
  if (heading === null) throw new Refusal(`CHANGELOG.md has no "## [${version}]" section`);
  const rest = changelog.slice(heading.index + heading[0].length);
  const next = rest.search(/^## \[|^\[[^\]]+\]: /m);
  return `${(next < 0 ? rest : rest.slice(0, next)).trim()}\n`;
}

if (process.argv[1]?.endsWith('release.ts') === true) {
  const { values, positionals } = parseArgs({
    options: {
      push: { type: 'boolean' },
      repo: { type: 'string' },
      out: { type: 'string' },
      check: { type: 'boolean' },
      notes: { type: 'boolean' },
      pack: { type: 'string' }
    },
    allowPositionals: true
  });
  const repo = values.repo ?? process.cwd();
  const version = positionals[0] ?? '';
  try {
    if (values.notes === true)
      process.stdout.write(releaseNotes(readFileSync(join(repo, 'CHANGELOG.md'), 'utf8'), version));
    else if (values.check === true) {
      checkRelease(repo, version);
      console.log(`${version} can be released`);
    } else if (values.pack !== undefined) console.log(packRelease(repo, version, values.pack).join('\n'));
    else
      for (const line of release(repo, version, {
        push: values.push === true,
        ...(values.out === undefined ? {} : { out: values.out })
      }))
        console.log(line);
  } catch (error) {
    console.error(`release: ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 1;
  }
}
