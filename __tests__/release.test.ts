import { execFileSync } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'yaml';
import { ROOT } from '../scripts/action-runner.js';
import { cutChangelog, pointAt } from '../scripts/release-cut.js';
import { checkPointers, checkRelease, release, releaseNotes } from '../scripts/release.js';
import {
  declaredNames,
  unreleasedDocumented,
  unreleasedSection,
  userPages
} from '../scripts/unreleased-documented.js';
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
  /** Where a release writes its package: outside the repository, whose tree must stay clean. */
  const outDir = () => {
    const dir = mkdtempSync(join(tmpdir(), 'release-out-'));
    repos.push(dir);
    return dir;
  };

  it('tags vX.Y.Z and moves vX to it, and moves vX on for the next release', () => {
    const { dir, git, write } = fresh();
    const out = outDir();
    expect(release(dir, '1.2.3', { out })).toEqual([
      'tagged v1.2.3, and moved v1 to it',
      `wrote ${join(out, 'x-1.2.3.tgz')} and ${join(out, 'x-1.2.3.tgz.sha256')}`,
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
    release(dir, '1.3.0', { out: outDir() });
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
    expect(() => release(repo.dir, '1.2.3', { out: outDir() })).toThrow(message);
    expect(repo.git('tag', '--list')).toBe('');
    expect(repo.git('status', '--porcelain', '--', 'dist')).toBe('');
  });

  it('refuses a version without a CHANGELOG section, a tag that exists, and a malformed version', () => {
    const { dir } = fresh();
    expect(() => release(dir, '1.2', { out: outDir() })).toThrow('"1.2" is not a version X.Y.Z');
    release(dir, '1.2.3', { out: outDir() });
    expect(() => release(dir, '1.2.3', { out: outDir() })).toThrow('the tag v1.2.3 exists already');
    const other = fresh();
    other.write('CHANGELOG.md', '# Changelog\n');
    other.git('commit', '--quiet', '-am', 'no notes');
    expect(() => release(other.dir, '1.2.3', { out: outDir() })).toThrow(
      /CHANGELOG\.md has no "## \[1\.2\.3\]" section/
    );
  });
});

const URL = 'https://github.com/elastic-deploy-action/elastic-deploy-action';
const TARBALL = (v: string) => `${URL}/releases/download/v${v}/elastic-deploy-action-${v}.tgz`;

/** The small repository, with the pages a cut points at a version and a CHANGELOG with unreleased entries. */
function withPages(repo: ReturnType<typeof repository>, unreleased: string): void {
  repo.write(
    'package-lock.json',
    `${JSON.stringify({ name: 'x', version: '1.2.3', lockfileVersion: 3, packages: { '': { name: 'x', version: '1.2.3' } } }, null, 2)}\n`
  );
  repo.write(
    'README.md',
    [
      '# x',
      '',
      '```yaml',
      '- uses: elastic-deploy-action/elastic-deploy-action@v1 # pin a full commit SHA',
      '  with:',
      '    max_cost: 5',
      '```',
      '',
      `npm install --global ${TARBALL('1.2.3')}`,
      'Pin a SHA with the version in a comment (`uses: elastic-deploy-action/elastic-deploy-action@<sha> # v1.2.3`).',
      ''
    ].join('\n')
  );
  repo.write(
    'docs/cli.md',
    `VERSION=1.2.3\n\nSee ${URL}/blob/v1.2.3/docs/reference.md and \`wait_timeout\`.\n`
  );
  repo.write('.github/ISSUE_TEMPLATE/bug.yml', 'placeholder: v1.2.3\n');
  repo.write(
    'action.yml',
    'inputs:\n  max_cost: {description: a cap}\n  wait_timeout: {description: a wait}\n  gpu: {description: a GPU}\noutputs:\n  cost: {description: a cost}\n'
  );
  repo.write(
    'CHANGELOG.md',
    `# Changelog\n\n## [Unreleased]\n\n${unreleased}## [1.2.3] - 2026-11-22\n\n- The first.\n`
  );
  repo.git('add', '-A');
  repo.git('commit', '--quiet', '-m', 'pages');
}

describe('npm run release -- X.Y.Z, cutting X.Y.Z when package.json has an older version', () => {
  const dirs: string[] = [];
  afterAll(() => {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });
  const fresh = (unreleased = '### Added\n\n- **A cap: `max_cost`**, in yuan.\n\n') => {
    const repo = repository();
    dirs.push(repo.dir);
    withPages(repo, unreleased);
    const out = mkdtempSync(join(tmpdir(), 'release-out-'));
    dirs.push(out);
    return { ...repo, out, read: (path: string) => readFileSync(join(repo.dir, path), 'utf8') };
  };

  it('does the whole cut: versions, CHANGELOG section and links, the pages, dist/, a commit, the tags and the package', () => {
    const repo = fresh();
    const done = release(repo.dir, '1.3.0', { out: repo.out, date: '2026-12-01' });
    expect(done[0]).toMatch(/^cut 1\.3\.0 \(from 1\.2\.3\)/);
    expect(JSON.parse(repo.read('package.json'))).toMatchObject({ version: '1.3.0' });
    expect(JSON.parse(repo.read('package-lock.json'))).toMatchObject({
      version: '1.3.0',
      packages: { '': { version: '1.3.0' } }
    });
    expect(repo.read('src/platform/version.ts')).toBe("export const VERSION = '1.3.0';\n");
    expect(repo.read('CHANGELOG.md')).toBe(
      [
        '# Changelog',
        '',
        '## [Unreleased]',
        '',
        '## [1.3.0] - 2026-12-01',
        '',
        '### Added',
        '',
        '- **A cap: `max_cost`**, in yuan.',
        '',
        '## [1.2.3] - 2026-11-22',
        '',
        '- The first.',
        '',
        `[Unreleased]: ${URL}/compare/v1.3.0...HEAD`,
        `[1.3.0]: ${URL}/compare/v1.2.3...v1.3.0`,
        `[1.2.3]: ${URL}/releases/tag/v1.2.3`,
        ''
      ].join('\n')
    );
    expect(repo.read('README.md')).toContain(`npm install --global ${TARBALL('1.3.0')}`);
    expect(repo.read('README.md')).toContain('elastic-deploy-action@<sha> # v1.3.0`');
    expect(repo.read('README.md')).toContain('elastic-deploy-action/elastic-deploy-action@v1 #');
    expect(repo.read('docs/cli.md')).toBe(
      `VERSION=1.3.0\n\nSee ${URL}/blob/v1.3.0/docs/reference.md and \`wait_timeout\`.\n`
    );
    expect(repo.read('.github/ISSUE_TEMPLATE/bug.yml')).toBe('placeholder: v1.3.0\n');
    // One commit, clean, tagged; the release notes are the moved entries.
    expect(repo.git('log', '-1', '--format=%s')).toBe('Release 1.3.0');
    expect(repo.git('status', '--porcelain')).toBe('');
    expect(repo.git('rev-parse', 'v1.3.0^{commit}')).toBe(repo.git('rev-parse', 'HEAD'));
    expect(repo.git('rev-parse', 'v1^{commit}')).toBe(repo.git('rev-parse', 'HEAD'));
    expect(releaseNotes(repo.read('CHANGELOG.md'), '1.3.0')).toBe(
      '### Added\n\n- **A cap: `max_cost`**, in yuan.\n'
    );
    // The package and its checksum, named as the GitHub Release names them.
    expect(done).toContain(
      `wrote ${join(repo.out, 'x-1.3.0.tgz')} and ${join(repo.out, 'x-1.3.0.tgz.sha256')}`
    );
    expect(
      execFileSync('sha256sum', ['--check', 'x-1.3.0.tgz.sha256'], { cwd: repo.out, encoding: 'utf8' })
    ).toBe('x-1.3.0.tgz: OK\n');
    expect(done.at(-1)).toBe(
      'to publish: git push origin main && git push origin v1.3.0 && git push --force origin v1'
    );
    // And the next check of the tree holds.
    expect(() => {
      checkRelease(repo.dir, '1.3.0');
    }).not.toThrow();
  });

  it('refuses a version not newer than package.json, and an [Unreleased] with no entry, changing nothing', () => {
    const older = fresh();
    expect(() => release(older.dir, '1.2.2', { out: older.out })).toThrow(
      '1.2.2 is not newer than 1.2.3, the version package.json has'
    );
    const empty = fresh('');
    expect(() => release(empty.dir, '1.3.0', { out: empty.out })).toThrow(
      "CHANGELOG.md's [Unreleased] section has no entries: there is nothing to release"
    );
    for (const repo of [older, empty]) {
      expect(repo.git('status', '--porcelain')).toBe('');
      expect(repo.git('tag', '--list')).toBe('');
    }
  });

  it('keeps the compare links of earlier cuts, and moves the major tag the pages name for a new major', () => {
    const once = cutChangelog(
      '# C\n\n## [Unreleased]\n\n- a\n\n## [0.9.0] - 2026-01-01\n\n- z\n',
      '1.0.0',
      '2026-02-01'
    );
    const twice = cutChangelog(
      once.replace('## [Unreleased]\n', '## [Unreleased]\n\n- b\n'),
      '1.1.0',
      '2026-03-01'
    );
    expect(twice).toBe(
      [
        '# C',
        '',
        '## [Unreleased]',
        '',
        '## [1.1.0] - 2026-03-01',
        '',
        '- b',
        '',
        '## [1.0.0] - 2026-02-01',
        '',
        '- a',
        '',
        '## [0.9.0] - 2026-01-01',
        '',
        '- z',
        '',
        `[Unreleased]: ${URL}/compare/v1.1.0...HEAD`,
        `[1.1.0]: ${URL}/compare/v1.0.0...v1.1.0`,
        `[1.0.0]: ${URL}/compare/v0.9.0...v1.0.0`,
        `[0.9.0]: ${URL}/releases/tag/v0.9.0`,
        ''
      ].join('\n')
    );
    expect(pointAt('uses: elastic-deploy-action/elastic-deploy-action@v0 # v0.9.0', '0.9.0', '1.0.0')).toBe(
      'uses: elastic-deploy-action/elastic-deploy-action@v1 # v1.0.0'
    );
    // A capability's action, and the form the README's prose names them by (issue 61, point 6).
    expect(
      pointAt('uses: elastic-deploy-action/elastic-deploy-action/job@v0 # v0.9.0', '0.9.0', '1.0.0')
    ).toBe('uses: elastic-deploy-action/elastic-deploy-action/job@v1 # v1.0.0');
    expect(pointAt('(`elastic-deploy-action/elastic-deploy-action/<capability>@v0`)', '0.9.0', '1.0.0')).toBe(
      '(`elastic-deploy-action/elastic-deploy-action/<capability>@v1`)'
    );
  });
});

describe('npm run release refuses a tree whose [Unreleased] entries README.md or docs/ already show', () => {
  const dirs: string[] = [];
  afterAll(() => {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });
  /** The small repository at 1.2.3, with its section, and more entries under [Unreleased]. */
  const atVersion = (unreleased: string) => {
    const repo = repository();
    dirs.push(repo.dir);
    withPages(repo, unreleased);
    const out = mkdtempSync(join(tmpdir(), 'release-out-'));
    dirs.push(out);
    return { ...repo, out };
  };

  it('names what the entries name and where a page shows it, and tags nothing', () => {
    const repo = atVersion('- **A cap: `max_cost`**, and `--gpu` picks the resource.\n\n');
    expect(() => release(repo.dir, '1.2.3', { out: repo.out })).toThrow(
      "CHANGELOG.md's [Unreleased] entries name `max_cost`, which README.md or docs/ already show (`max_cost` at README.md:6): a release of this tree has them, so its CHANGELOG must say so: cut the next version (npm run release -- X.Y.Z, newer than 1.2.3), which moves them under its heading"
    );
    expect(() => {
      checkRelease(repo.dir, '1.2.3', { build: false });
    }).toThrow(/\[Unreleased\] entries name `max_cost`/);
    expect(repo.git('tag', '--list')).toBe('');
    // A flag names its input: docs/cli.md shows `wait_timeout`, an entry names `--wait-timeout`.
    const flag = atVersion('- `--wait-timeout` takes days.\n\n');
    expect(() => {
      checkRelease(flag.dir, '1.2.3', { build: false });
    }).toThrow(
      /entries name `wait_timeout`, which README\.md or docs\/ already show \(`wait_timeout` at docs\/cli\.md:3\)/
    );
  });

  it('lets through entries that name nothing a page shows, or nothing declared', () => {
    const repo = atVersion(
      '- `gpu` picks the resource; the `cost` output; a `sleep` no longer crosses a deadline.\n\n'
    );
    expect(
      unreleasedDocumented(
        readFileSync(join(repo.dir, 'CHANGELOG.md'), 'utf8'),
        userPages(repo.dir),
        declaredNames(repo.dir)
      )
    ).toEqual([]);
    expect(() => release(repo.dir, '1.2.3', { out: repo.out })).not.toThrow();
  });

  it('refuses pages that point users at another version than the one released', () => {
    const repo = atVersion('');
    repo.write('docs/cli.md', `VERSION=1.2.2\n`);
    repo.git('commit', '--quiet', '-am', 'an old pointer');
    expect(() => release(repo.dir, '1.2.3', { out: repo.out })).toThrow(
      'docs/cli.md points users at "VERSION=1.2.2", not 1.2.3: npm run release -- 1.2.3 points every link at it'
    );
  });
});

describe('npm run release -- <next version> on a copy of this repository', () => {
  const dirs: string[] = [];
  afterAll(() => {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  /** The working tree's files (committed or not, but ignored ones), committed in a new repository. */
  function copyOfTree(): string {
    const copy = mkdtempSync(join(tmpdir(), 'release-copy-'));
    dirs.push(copy);
    const files = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
      cwd: ROOT,
      encoding: 'utf8'
    })
      .split('\0')
      .filter((file) => file !== '' && existsSync(join(ROOT, file)));
    for (const file of new Set(files)) cpSync(join(ROOT, file), join(copy, file));
    symlinkSync(join(ROOT, 'node_modules'), join(copy, 'node_modules'));
    const git = (...args: string[]) => execFileSync('git', args, { cwd: copy, encoding: 'utf8' }).trim();
    git('init', '--quiet', '--initial-branch=main');
    writeFileSync(join(copy, '.git/info/exclude'), 'node_modules\n');
    git('config', 'user.email', 'test@example.invalid');
    git('config', 'user.name', 'test');
    const changelog = readFileSync(join(copy, 'CHANGELOG.md'), 'utf8');
    // Right after a release the [Unreleased] section is empty: one entry to cut.
    if (!/^- /m.test(unreleasedSection(changelog)))
      writeFileSync(
        join(copy, 'CHANGELOG.md'),
        changelog.replace('## [Unreleased]\n', '## [Unreleased]\n\n- One more.\n')
      );
    git('add', '--all');
    git('commit', '--quiet', '--message', 'the tree');
    return copy;
  }

  it('cuts it whole: versions, CHANGELOG, the links of the pages and of the help, --version, the package and its checksum', () => {
    const copy = copyOfTree();
    const read = (path: string) => readFileSync(join(copy, path), 'utf8');
    const current = VERSION;
    const [major, minor] = current.split('.').map(Number);
    const next = `${major}.${(minor ?? 0) + 1}.0`;
    const out = join(copy, 'release');
    const done = release(copy, next, { out, date: '2026-12-01' });
    expect(done.at(-1)).toBe(
      `to publish: git push origin main && git push origin v${next} && git push --force origin v${major}`
    );
    expect(JSON.parse(read('package.json'))).toMatchObject({ version: next });
    expect(JSON.parse(read('package-lock.json'))).toMatchObject({
      version: next,
      packages: { '': { version: next } }
    });
    expect(read('src/platform/version.ts')).toContain(`export const VERSION = '${next}';`);
    const changelog = read('CHANGELOG.md');
    expect(changelog).toContain(`## [Unreleased]\n\n## [${next}] - 2026-12-01\n\n`);
    expect(changelog).toContain(
      `\n[Unreleased]: ${URL}/compare/v${next}...HEAD\n[${next}]: ${URL}/compare/v${current}...v${next}\n`
    );
    expect(unreleasedSection(changelog).trim()).toBe('');
    // The pages: the README's and docs/cli.md's tarball, docs/cli.md's VERSION=, the pin comments.
    for (const page of ['README.md', 'docs/cli.md']) {
      expect(read(page)).toContain(TARBALL(next));
      expect(read(page)).not.toContain(TARBALL(current));
    }
    expect(read('docs/cli.md')).toContain(`VERSION=${next}\n`);
    expect(read('README.md')).toContain(`elastic-deploy-action/elastic-deploy-action@<sha> # v${next}`);
    // The README's actions are the capabilities' (issue 61, point 6): each points at the major.
    for (const capability of ['deploy', 'job', 'data', 'preview'])
      expect(read('README.md')).toContain(
        `elastic-deploy-action/elastic-deploy-action/${capability}@v${major}`
      );
    // The bundle: --version, and the links the help prints.
    const cli = (...args: string[]) =>
      execFileSync(process.execPath, [join(copy, 'dist/cli/index.js'), ...args], { encoding: 'utf8' });
    expect(cli('--version')).toBe(`${next}\n`);
    const help = cli('create', '--help') + cli('--help');
    expect(help).toContain(`blob/v${next}/docs/`);
    expect(help).not.toContain(`blob/v${current}/`);
    // The package and its checksum, named as the GitHub Release names them, holding this version.
    const tarball = `elastic-deploy-action-${next}.tgz`;
    expect(execFileSync('sha256sum', ['--check', `${tarball}.sha256`], { cwd: out, encoding: 'utf8' })).toBe(
      `${tarball}: OK\n`
    );
    const packed = execFileSync('tar', ['-xzOf', join(out, tarball), 'package/package.json'], {
      encoding: 'utf8'
    });
    expect(JSON.parse(packed)).toMatchObject({ version: next });
    // Committed, tagged, formatted; and the next check of the tree holds (the rule and the links).
    expect(execFileSync('git', ['status', '--porcelain'], { cwd: copy, encoding: 'utf8' })).toBe('');
    expect(execFileSync('git', ['tag', '--list'], { cwd: copy, encoding: 'utf8' })).toBe(
      `v${major}\nv${next}\n`
    );
    execFileSync(
      join(ROOT, 'node_modules/.bin/prettier'),
      ['--check', 'CHANGELOG.md', 'README.md', 'docs', 'package.json'],
      {
        cwd: copy,
        stdio: 'pipe'
      }
    );
    expect(() => {
      checkRelease(copy, next, { build: false });
    }).not.toThrow();
  });
});

describe('the pages of this repository', () => {
  it('point users at the version package.json has: the tarball, its VERSION=, the help links, the pin comment', () => {
    expect(() => {
      checkPointers(ROOT, VERSION);
    }).not.toThrow();
    // What it checks: the README's tarball, and docs/cli.md's VERSION= and its tarball links.
    expect(readFileSync(join(ROOT, 'README.md'), 'utf8')).toContain(TARBALL(VERSION));
    expect(readFileSync(join(ROOT, 'docs/cli.md'), 'utf8')).toContain(`VERSION=${VERSION}\n`);
  });
});

describe("the release workflow's last step", () => {
  it('uploads the package with its SHA-256 checksum beside it, which sha256sum --check accepts', () => {
    const workflow = parse(readFileSync(join(ROOT, '.github/workflows/release.yml'), 'utf8')) as {
      jobs: Record<string, { steps: { name?: string; run?: string }[] }>;
    };
    const steps = Object.values(workflow.jobs).flatMap((job) => job.steps);
    const script = steps.find((step) => step.name?.startsWith('The GitHub Release') === true)?.run ?? '';
    expect(script).toContain('release -- "$VERSION" --pack "$RUNNER_TEMP"');
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
