// npm run release -- X.Y.Z [--push]: tags vX.Y.Z and moves the major tag vX to it, as users pin either.
// --check X.Y.Z checks what a release needs without tagging; --notes X.Y.Z prints its CHANGELOG section.
// It refuses when the tree is dirty, dist/ is not what the sources build, the version is not X.Y.Z in
// package.json and src/platform/version.ts, the CHANGELOG has no section for it, or the tag exists.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';

class Refusal extends Error {}

function run(repo: string, command: string, args: string[]): string {
  return execFileSync(command, args, {
    cwd: repo,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe']
  }).trim();
}

export function release(repo: string, version: string, push: boolean): string[] {
  const done: string[] = [];
  checkRelease(repo, version);
  const major = `v${version.split('.')[0] ?? ''}`;
  const tag = `v${version}`;
  if (run(repo, 'git', ['tag', '--list', tag]) !== '') throw new Refusal(`the tag ${tag} exists already`);
  run(repo, 'git', ['tag', '--annotate', tag, '--message', tag]);
  run(repo, 'git', ['tag', '--force', '--annotate', major, '--message', `${major} (${tag})`]);
  done.push(`tagged ${tag}, and moved ${major} to it`);
  if (push) {
    run(repo, 'git', ['push', 'origin', tag]);
    run(repo, 'git', ['push', '--force', 'origin', major]);
    done.push(`pushed ${tag} and ${major}`);
  } else {
    done.push(`to publish: git push origin ${tag} && git push --force origin ${major}`);
  }
  return done;
}

/**
 * What a release of `version` needs, checked without tagging (the release workflow checks a pushed tag
 * with it): a clean tree, the version in package.json and src/platform/version.ts, a CHANGELOG section,
 * and dist/ as the sources build it.
 */
export function checkRelease(repo: string, version: string): void {
  if (!/^\d+\.\d+\.\d+$/.test(version)) throw new Refusal(`"${version}" is not a version X.Y.Z`);
  if (run(repo, 'git', ['status', '--porcelain']) !== '') {
    throw new Refusal('the working tree has uncommitted changes: commit or stash them first');
  }
  const pkg = JSON.parse(readFileSync(join(repo, 'package.json'), 'utf8')) as { version: string };
  const source = /VERSION = '([^']*)'/.exec(readFileSync(join(repo, 'src/platform/version.ts'), 'utf8'))?.[1];
  if (pkg.version !== version || source !== version) {
    throw new Refusal(
      `the version is ${pkg.version} in package.json and ${source ?? 'missing'} in src/platform/version.ts: set both to ${version} (npm version ${version} --no-git-tag-version) and commit`
    );
  }
  if (
    !new RegExp(`^## \\[${version.replace(/\./g, '\\.')}\\]`, 'm').test(
      readFileSync(join(repo, 'CHANGELOG.md'), 'utf8')
    )
  ) {
    throw new Refusal(
      `CHANGELOG.md has no "## [${version}]" section: move the Unreleased entries under it and commit`
    );
  }
  run(repo, 'npm', ['run', '--silent', 'build']);
  if (run(repo, 'git', ['status', '--porcelain', '--', 'dist']) !== '') {
    run(repo, 'git', ['checkout', '--', 'dist']);
    run(repo, 'git', ['clean', '-fdq', '--', 'dist']);
    throw new Refusal(
      'dist/ is not what npm run build makes from the sources: rebuild it, commit it, and release again'
    );
  }
}

/** The CHANGELOG's section for `version`, without its heading: the GitHub Release's notes. */
export function releaseNotes(changelog: string, version: string): string {
  const heading = new RegExp(`^## \\[${version.replace(/\./g, '\\.')}\\].*$`, 'm').exec(changelog);
  if (heading === null) throw new Refusal(`CHANGELOG.md has no "## [${version}]" section`);
  const rest = changelog.slice(heading.index + heading[0].length);
  const next = rest.search(/^## \[/m);
  return `${(next < 0 ? rest : rest.slice(0, next)).trim()}\n`;
}

if (process.argv[1]?.endsWith('release.ts') === true) {
  const { values, positionals } = parseArgs({
    options: {
      push: { type: 'boolean' },
      repo: { type: 'string' },
      check: { type: 'boolean' },
      notes: { type: 'boolean' }
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
    } else for (const line of release(repo, version, values.push === true)) console.log(line);
  } catch (error) {
    console.error(`release: ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 1;
  }
}
