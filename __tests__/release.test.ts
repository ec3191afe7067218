import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'yaml';
import { ROOT } from '../scripts/action-runner.js';
import { release, releaseNotes } from '../scripts/release.js';
import { VERSION } from '../src/platform/version.js';

/** A small repository with this project's release layout: a build that copies src/app.txt to dist/. */
function repository(): {
  dir: string;
  git: (...args: string[]) => string;
  write: (path: string, text: string) => void;
} {
  const dir = mkdtempSync(join(tmpdir(), 'release-test-'));
  const git = (...args: string[]): string => execFileSync('git', args, { cwd: dir, encoding: 'utf8' }).trim();
  const write = (path: string, text: string): void => {
    execFileSync('mkdir', ['-p', join(dir, path, '..')]);
    writeFileSync(join(dir, path), text);
  };
  git('init', '--quiet', '--initial-branch=main');
  git('config', 'user.email', 'test@example.invalid');
  git('config', 'user.name', 'test');
  write(
    'package.json',
    JSON.stringify({
      name: 'x',
      version: '1.2.3',
      scripts: {
        build:
          "node -e \"require('fs').mkdirSync('dist',{recursive:true});require('fs').copyFileSync('src/app.txt','dist/app.txt')\""
      }
    })
  );
  write('src/platform/version.ts', "export const VERSION = '1.2.3';\n");
  write('src/app.txt', 'one\n');
  write('dist/app.txt', 'one\n');
  write('CHANGELOG.md', '# Changelog\n\n## [1.2.3] - 2026-11-22\n');
  git('add', '-A');
  git('commit', '--quiet', '-m', 'one');
  return { dir, git, write };
}

describe('the release notes', () => {
  it('are the CHANGELOG section of the version, without its heading', () => {
    const changelog =
      '# Changelog\n\n## [Unreleased]\n\n## [1.3.0] - 2026-11-23\n\n### Added\n\n- a\n\n## [1.2.3] - 2026-11-22\n\n- b\n';
    expect(releaseNotes(changelog, '1.3.0')).toBe('### Added\n\n- a\n');
    expect(releaseNotes(changelog, '1.2.3')).toBe('- b\n');
    expect(() => releaseNotes(changelog, '2.0.0')).toThrow('CHANGELOG.md has no "## [2.0.0]" section');
  });
});

describe('npm run release', () => {
  const repos: string[] = [];
  afterAll(() => {
    for (const dir of repos) rmSync(dir, { recursive: true, force: true });
  });
  const fresh = () => {
    const repo = repository();
    repos.push(repo.dir);
    return repo;
  };

  it('tags vX.Y.Z and moves vX to it, and moves vX on for the next release', () => {
    const { dir, git, write } = fresh();
    expect(release(dir, '1.2.3', false)).toEqual([
      'tagged v1.2.3, and moved v1 to it',
      'to publish: git push origin v1.2.3 && git push --force origin v1'
    ]);
    expect(git('rev-parse', 'v1^{commit}')).toBe(git('rev-parse', 'HEAD'));
    write(
      'package.json',
      JSON.stringify({
        name: 'x',
        version: '1.3.0',
        scripts: (JSON.parse(git('show', 'HEAD:package.json')) as { scripts: unknown }).scripts
      })
    );
    write('src/platform/version.ts', "export const VERSION = '1.3.0';\n");
    write('CHANGELOG.md', '# Changelog\n\n## [1.3.0] - 2026-11-23\n\n## [1.2.3] - 2026-11-22\n');
    git('commit', '--quiet', '-am', 'two');
    release(dir, '1.3.0', false);
    expect(git('rev-parse', 'v1^{commit}')).toBe(git('rev-parse', 'HEAD'));
    expect(git('rev-parse', 'v1.2.3^{commit}')).toBe(git('rev-parse', 'HEAD~1'));
  });

  it.each([
    [
      'a dirty tree',
      (r: ReturnType<typeof repository>) => {
        r.write('src/app.txt', 'changed\n');
      },
      /uncommitted changes/
    ],
    [
      'a stale dist/',
      (r: ReturnType<typeof repository>) => {
        r.write('src/app.txt', 'two\n');
        r.git('commit', '--quiet', '-am', 'source only');
      },
      /dist\/ is not what npm run build makes/
    ],
    [
      'a version that differs from package.json',
      (r: ReturnType<typeof repository>) => {
        r.write('src/platform/version.ts', "export const VERSION = '1.2.4';\n");
        r.git('commit', '--quiet', '-am', 'bump one file');
      },
      /the version is 1\.2\.3 in package\.json and 1\.2\.4 in src\/platform\/version\.ts/
    ]
  ])('refuses %s', (_what, spoil, message) => {
    const repo = fresh();
    spoil(repo);
    expect(() => release(repo.dir, '1.2.3', false)).toThrow(message);
    expect(repo.git('tag', '--list')).toBe('');
    expect(repo.git('status', '--porcelain', '--', 'dist')).toBe('');
  });

  it('refuses a version without a CHANGELOG section, a tag that exists, and a malformed version', () => {
    const { dir } = fresh();
    expect(() => release(dir, '1.2', false)).toThrow('"1.2" is not a version X.Y.Z');
    release(dir, '1.2.3', false);
    expect(() => release(dir, '1.2.3', false)).toThrow('the tag v1.2.3 exists already');
    const other = fresh();
    other.write('CHANGELOG.md', '# Changelog\n');
    other.git('commit', '--quiet', '-am', 'no notes');
    expect(() => release(other.dir, '1.2.3', false)).toThrow(/CHANGELOG\.md has no "## \[1\.2\.3\]" section/);
  });
});

describe("the release workflow's last step", () => {
  it('uploads the package with its SHA-256 checksum beside it, which sha256sum --check accepts', () => {
    const workflow = parse(readFileSync(join(ROOT, '.github/workflows/release.yml'), 'utf8')) as {
      jobs: Record<string, { steps: { name?: string; run?: string }[] }>;
    };
    const steps = Object.values(workflow.jobs).flatMap((job) => job.steps);
    const script = steps.find((step) => step.name?.startsWith('The GitHub Release') === true)?.run ?? '';
    expect(script).toContain('sha256sum');
    // Run as the runner would, with a gh that only says what it was given.
    const temp = mkdtempSync(join(tmpdir(), 'release-step-'));
    try {
      const bin = join(temp, 'bin');
      mkdirSync(bin);
      writeFileSync(join(bin, 'gh'), '#!/bin/sh\nprintf "%s\\n" "$@" > "$RUNNER_TEMP/gh-args"\n', {
        mode: 0o755
      });
      const runnerTemp = join(temp, 'runner');
      mkdirSync(runnerTemp);
      execFileSync('bash', ['-e', '-c', script], {
        cwd: ROOT,
        env: {
          ...process.env,
          PATH: `${bin}:${process.env.PATH ?? ''}`,
          VERSION,
          RUNNER_TEMP: runnerTemp,
          GH_TOKEN: 'x'
        },
        stdio: 'pipe'
      });
      const uploaded = readFileSync(join(runnerTemp, 'gh-args'), 'utf8').split('\n');
      const tarball = `elastic-deploy-action-${VERSION}.tgz`;
      expect(uploaded).toEqual(
        expect.arrayContaining([join(runnerTemp, tarball), join(runnerTemp, `${tarball}.sha256`)])
      );
      expect(
        execFileSync('sha256sum', ['--check', `${tarball}.sha256`], { cwd: runnerTemp, encoding: 'utf8' })
      ).toBe(`${tarball}: OK\n`);
    } finally {
      rmSync(temp, { recursive: true, force: true });
    }
  });
});
