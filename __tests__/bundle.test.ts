import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from '../scripts/action-runner.js';
import { ProxyAgent } from '../bundle/undici.js';

// dist/index.js is built with bundle/undici.ts in place of undici (see that file). These tests hold
// the reasons for it against the bundle itself, so that a dependency update that starts to need undici
// fails here instead of on a runner.
const read = (path: string): string => readFileSync(join(ROOT, path), 'utf8');
const dist = read('dist/index.js');

/** The body of the first method whose header matches, braces matched (the code has no braces in strings). */
function methodBody(source: string, header: RegExp): string {
  const match = header.exec(source);
  if (match === null) throw new Error(`no method ${String(header)} in the bundle`);
  let depth = 0;
  const start = match.index + match[0].length - 1;
  for (let i = start; i < source.length; i++) {
    if (source[i] === '{') depth++;
    else if (source[i] === '}' && --depth === 0) return source.slice(start, i + 1);
  }
  throw new Error(`unbalanced braces after ${String(header)}`);
}

const count = (text: string, pattern: RegExp): number => text.match(pattern)?.length ?? 0;
/** Matches in the bundle outside the stand-in, whose comments name what they explain. */
const standIn = read('bundle/undici.ts');
const elsewhere = (pattern: RegExp): number => count(dist, pattern) - count(standIn, pattern);

describe('the bundle without undici', () => {
  it('has the stand-in, which refuses to work and says why, and not undici itself', () => {
    expect(() => new ProxyAgent()).toThrow(/left out of this action's bundle.*getAgentDispatcher/);
    expect(dist).toContain("undici is left out of this action's bundle");
    expect(read('dist/licenses.txt')).not.toMatch(/^undici$/m);
    // Code of undici's own, for contrast: its dispatcher classes.
    expect(dist).not.toMatch(/class (Dispatcher|Pool|Client) extends/);
  });

  it('makes a ProxyAgent only in getAgentDispatcher(), which nothing in the bundle calls', () => {
    const makers = methodBody(dist, /\n\s*_getProxyAgentDispatcher\([^)]*\)\s*\{/);
    const dispatcher = methodBody(dist, /\n\s*getAgentDispatcher\([^)]*\)\s*\{/);
    expect(elsewhere(/new ProxyAgent\(/g)).toBe(count(makers, /new ProxyAgent\(/g));
    expect(count(makers, /new ProxyAgent\(/g)).toBeGreaterThan(0);
    expect(elsewhere(/\._getProxyAgentDispatcher\(/g)).toBe(
      count(dispatcher, /\._getProxyAgentDispatcher\(/g)
    );
    expect(elsewhere(/\.getAgentDispatcher\(/g)).toBe(0);
    expect(elsewhere(/\bProxyAgent\b/g)).toBe(count(makers, /\bProxyAgent\b/g));
  });

  it('sends what the proxy settings name through HttpClient.getAgent(), which reaches a proxy through tunnel', () => {
    const getAgent = methodBody(dist, /\n\s*_getAgent\([^)]*\)\s*\{/);
    expect(getAgent).toMatch(/tunnel/);
    expect(getAgent).not.toMatch(/ProxyAgent|undici/);
    const client = read('src/platform/client.ts');
    expect(client).toMatch(/getProxyUrl\(parsed\) === undefined/);
    expect(client).toMatch(/\.getAgent\(url\)/);
  });

  it("leaves HttpClient out of elastic-deploy's first file: a chunk loaded for a proxied request", () => {
    const cli = readdirSync(join(ROOT, 'dist/cli')).filter((file) => file.endsWith('.js'));
    const holders = cli.filter((file) => read(`dist/cli/${file}`).includes('class HttpClient {'));
    expect(holders).toHaveLength(1);
    expect(holders[0]).not.toBe('index.js');
    // The action's first file has it still: @actions/core imports it (for getIDToken, never called).
    expect(dist).toContain('class HttpClient {');
  });
});

describe('the bundle without @actions/exec', () => {
  const core = join(ROOT, 'node_modules/@actions/core/lib');

  it('has the stand-in, which refuses to work and says why, and no child_process anywhere', async () => {
    const { getExecOutput } = await import('../bundle/actions-exec.js');
    expect(() => getExecOutput()).toThrow(/left out of this action's bundle.*getDetails/);
    for (const file of ['dist/index.js', 'dist/cli/index.js']) {
      expect(read(file)).not.toMatch(/child_process/);
      expect(read(file)).not.toMatch(/^@actions\/(exec|io)$/m);
    }
    expect(read('dist/licenses.txt')).not.toMatch(/^@actions\/(exec|io)$/m);
  });

  it('holds because @actions/core runs commands in platform.getDetails() alone, which the action never calls', () => {
    const importers = readdirSync(core).filter(
      (file) =>
        file.endsWith('.js') && read(`node_modules/@actions/core/lib/${file}`).includes('@actions/exec')
    );
    expect(importers).toEqual(['platform.js']);
    const platform = read('node_modules/@actions/core/lib/platform.js');
    // Every use of exec there is inside getDetails' helpers (the OS name and version).
    expect(count(platform, /exec\.\w+\(/g)).toBe(count(platform, /exec\.getExecOutput\(/g));
    // The bundle defines getDetails and never calls it.
    expect(count(dist, /\bgetDetails\(/g)).toBe(1);
    expect(dist).toMatch(/function getDetails\(/);
  });
});

describe('tunnel, evaluated on first use', () => {
  // Whether the real library works behind it: the end-to-end test that sends a step through a CONNECT
  // proxy (__tests__/e2e/scenarios.ts) runs dist/index.js.
  it('is required once, by the stand-in, inside the function a proxied request calls', () => {
    for (const dir of ['dist', 'dist/cli']) {
      // The file that holds the library: the first file of the action, a chunk of elastic-deploy's.
      const holders = readdirSync(join(ROOT, dir)).filter(
        (file) => file.endsWith('.js') && read(`${dir}/${file}`).includes('function TunnelingAgent(')
      );
      expect(holders).toHaveLength(1);
      const text = read(`${dir}/${holders[0] ?? ''}`);
      // The module that says module.exports = the tunnel library, and every place that requires it (a
      // chunk names the require function __webpack_require__, a first file __nccwpck_require__).
      const id =
        /\n\/\*\*\*\/ (\d+):\n\/\*\*\*\/ \(\(module, __unused_webpack_exports, (__\w+_require__)\) => \{\n\nmodule\.exports = \2\((\d+)\);/.exec(
          text
        );
      expect(id).not.toBeNull();
      const [, entry = '', require = '', library = ''] = id ?? [];
      expect(text.slice(text.indexOf(`\n/***/ ${library}:`))).toMatch(/function TunnelingAgent\(/);
      const requires = text.match(new RegExp(`.*${require}\\(${entry}\\).*`, 'g')) ?? [];
      expect(requires).toEqual([
        expect.stringMatching(/const tunnel = \(\) => \(loaded \?\?= __\w+_require__/)
      ]);
      expect(text.match(new RegExp(`${require}\\(${library}\\)`, 'g'))).toHaveLength(1);
    }
  });
});

describe('the bundles as V8 reads them', () => {
  it('are printable ASCII, every other character escaped, so that V8 holds each source in one byte a character', () => {
    const files = [
      ...readdirSync(join(ROOT, 'dist')).filter((f) => f.endsWith('.js')),
      ...readdirSync(join(ROOT, 'dist/cli'))
        .map((f) => `cli/${f}`)
        .filter((f) => f.endsWith('.js'))
    ];
    expect(files.length).toBeGreaterThan(3);
    for (const file of files)
      expect({ file, beyond: /[^\t\n\r\x20-\x7e]/.exec(read(`dist/${file}`))?.[0] }).toEqual({
        file,
        beyond: undefined
      });
    // The summary's icons are still there, as escapes.
    expect(dist).toContain('\\u2705');
  });

  it('have no Unicode property class (\\p{...}) in a regular-expression literal of a first file, which V8 checks as it compiles the file', () => {
    // A literal's class is checked at compile time whether or not it runs: the summary's \p{L}\p{N}\p{M}
    // alone took about 3 ms of every step's start. In a string (new RegExp), the backslash is doubled.
    for (const file of ['dist/index.js', 'dist/cli/index.js'])
      expect({ file, literal: /(?<!\\)\\[pP]\{\w+(=\w+)?\}/.exec(read(file))?.[0] }).toEqual({
        file,
        literal: undefined
      });
    expect(dist).toContain(String.raw`'[^\\p{L}\\p{N}\\p{M}]'`);
  });
});

describe('the chunks loaded on demand', () => {
  const chunks = readdirSync(join(ROOT, 'dist')).filter((file) => /^\d+\.index\.js$/.test(file));

  it('hold the YAML parser and the CLI, which dist/index.js loads only through import()', () => {
    const texts = chunks.map((file) => read(`dist/${file}`));
    const yaml = texts.filter((chunk) => /class YAMLParseError extends/.test(chunk));
    expect(yaml).toHaveLength(1);
    // The CLI (outside GitHub Actions) is a chunk of its own, with its io: the action never loads it.
    expect(
      texts.filter((chunk) => chunk.includes('elastic-deploy: create, inspect, change and stop'))
    ).toHaveLength(1);
    expect(dist).not.toContain('elastic-deploy: create, inspect, change and stop');
    expect(dist).not.toMatch(/class YAMLParseError extends/);
    expect(dist).toMatch(/import\("\.\/" \+ __nccwpck_require__\.u\(chunkId\)\)/);
  });

  it("hold what a step of a common operation never runs: rarer flows, the wait, a create's placement, the post step", () => {
    const texts = chunks.map((file) => read(`dist/${file}`)).join('\n');
    for (const code of [
      'function createTask(',
      'function waitForTasks(',
      'function diagnose(',
      'function finishCleanup(',
      'function runPost(',
      'const updateFlow = ',
      'const sweepFlow = '
    ]) {
      expect({ code, inChunks: texts.includes(code), inIndex: dist.includes(code) }).toEqual({
        code,
        inChunks: true,
        inIndex: false
      });
    }
  });

  it('leaves no bundled package out of licenses.txt', () => {
    const listed = read('dist/licenses.txt')
      .split('\n\n')
      .map((entry) => entry.split('\n')[0]);
    expect(listed).toEqual(
      expect.arrayContaining(['@actions/core', '@actions/http-client', 'lossless-json', 'yaml'])
    );
  });
});
