// Bundles the action and the CLI with ncc into dist/. ncc runs from src/: it resolves modules with the paths of the
// tsconfig.json in its working directory, and src/tsconfig.json maps undici to bundle/undici.ts.
// --no-cache: dist/ comes from the sources alone, never from ncc's cache in ~/.cache (which once kept a
// file no longer in any tsconfig); the build takes no longer without it.
//
// dist/licenses.txt is written here, not by ncc's --license: the bundle has a chunk loaded on demand
// (the YAML parser), and ncc's license file then lists only the packages of the last chunk written. The
// packages are read from the build's own module list, so every package with code in dist/ is listed.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

// ssh2's native parts are left out, so that dist/ is the same wherever it is built and carries no machine's
// binary: its crypto addon (built when installed where a compiler is; without it ssh2 uses its JavaScript and
// WebAssembly code) is external, resolved beside dist/ where it never is; cpu-features is bundle/'s stand-in
// (src/tsconfig.json); pagent.exe (Windows' Pageant agent, which the action never asks for) is removed.
const NATIVE = ['-e', './crypto/build/Release/sshcrypto.node'];
const LEFT_OUT = ['pagent.exe'];

// The action (dist/index.js), and the command-line tool (dist/cli/index.js, the package's bin).
const ENTRIES = [
  ['index.ts', '../dist'],
  ['cli.ts', '../dist/cli']
];

const work = mkdtempSync(join(tmpdir(), 'ncc-stats-'));
// ncc never removes a chunk an earlier build left: dist/ is made anew.
rmSync('dist', { recursive: true, force: true });
try {
  const modules = ENTRIES.flatMap(([entry, out], i) => {
    const stats = join(work, `stats-${i}.json`);
    execFileSync('ncc', ['build', entry, '-o', out, '--no-cache', '--stats-out', stats, ...NATIVE], {
      cwd: 'src',
      stdio: 'inherit'
    });
    return JSON.parse(readFileSync(stats, 'utf8')).modules ?? [];
  });
  for (const [, out] of ENTRIES)
    for (const file of LEFT_OUT) rmSync(join(out.slice('../'.length), file), { force: true });
  writeFileSync('dist/licenses.txt', licenses({ modules }));
  for (const [, out] of ENTRIES) asciiOnly(out.slice('../'.length));
} finally {
  rmSync(work, { recursive: true, force: true });
}

/**
 * Writes each bundle in ASCII alone, every other character as its \u escape (valid in strings, templates,
 * regular expressions and comments alike). One character beyond ASCII makes V8 hold the whole source as a
 * two-byte string and scan it so: about 1 ms of every step's start, for the dozen characters of the
 * summary's icons.
 */
function asciiOnly(dir) {
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.js'))) {
    const path = join(dir, file);
    const text = readFileSync(path, 'utf8');
    const ascii = text.replace(
      /[^\t\n\r\x20-\x7e]/g,
      (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`
    );
    if (ascii !== text) writeFileSync(path, ascii);
  }
}

/** Each bundled package, this one included, as ncc writes them: name, license, license text. */
function licenses(stats) {
  const names = new Set();
  const walk = (modules = []) => {
    for (const module of modules) {
      const match = /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(module.name ?? '');
      if (match !== null) names.add(match[1]);
      walk(module.modules);
    }
  };
  walk(stats.modules);
  const entries = [...names].map((name) => entry(name, join('node_modules', name)));
  entries.push(entry(JSON.parse(readFileSync('package.json', 'utf8')).name, '.'));
  entries.sort((a, b) => (a.name < b.name ? -1 : 1));
  return entries.map((e) => `${e.name}\n${e.license}\n${e.text}\n`).join('\n');
}

function entry(name, dir) {
  const { license } = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
  const file = readdirSync(dir).find((f) => /^licen[cs]e(\.(md|txt))?$/i.test(f));
  if (file === undefined)
    throw new Error(`${name} has no license file: check its license before bundling it`);
  return { name, license, text: readFileSync(join(dir, file), 'utf8').trim() };
}
