import { builtinModules } from 'node:module';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from '../scripts/action-runner.js';
import { fetch as undiciFetch, ProxyAgent } from '../bundle/undici.js';

// dist/ is built with bundle/undici.ts in place of undici (see that file). These tests hold the reasons
// for it against the bundle itself, so that a dependency update that starts to need undici fails here
// instead of on a runner.
const read = (path: string): string => readFileSync(join(ROOT, path), 'utf8');
const dist = read('dist/index.js');
const jsFiles = (dir: string): string[] =>
  readdirSync(join(ROOT, dir)).filter((file) => file.endsWith('.js'));

/** The files of `dir` that hold `code`. */
const holdersOf = (dir: string, code: string): string[] =>
  jsFiles(dir).filter((file) => read(`${dir}/${file}`).includes(code));

/** The one file of `dir` that holds `code`. */
function holderOf(dir: string, code: string): { file: string; text: string } {
  const holders = holdersOf(dir, code);
  expect({ dir, code, holders: holders.length }).toEqual({ dir, code, holders: 1 });
  const file = holders[0] ?? '';
  return { file, text: read(`${dir}/${file}`) };
}

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

describe('the bundle without undici', () => {
  // The chunks that hold an @actions/http-client: the action's, loaded by a proxied request, and the one
  // @actions/github brings (an older version) in the chunk of the preview steps.
  const clients = holdersOf('dist', 'class HttpClient {').map((file) => read(`dist/${file}`));
  const all = clients.join('\n');
  const standIn = read('bundle/undici.ts');
  const github = holderOf('dist', 'function getProxyFetch(').text;

  it('has the stand-in, which refuses to carry a request and says why, and not undici itself', async () => {
    expect(clients).toHaveLength(2);
    expect(() => new ProxyAgent().dispatch()).toThrow(/left out of this action's bundle.*getAgentDispatcher/);
    await expect(undiciFetch()).rejects.toThrow(/left out of this action's bundle.*pass request\.fetch/);
    expect(
      jsFiles('dist').some((file) =>
        read(`dist/${file}`).includes("undici is left out of this action's bundle")
      )
    ).toBe(true);
    expect(read('dist/licenses.txt')).not.toMatch(/^undici$/m);
    // Code of undici's own, for contrast: its dispatcher classes (ssh2's Client extends EventEmitter).
    for (const file of jsFiles('dist'))
      expect(read(`dist/${file}`)).not.toMatch(
        /class Dispatcher extends|class (Pool|Client) extends (DispatcherBase|PoolBase)/
      );
  });

  it('makes a ProxyAgent only in getAgentDispatcher(), which only @actions/github calls, for a fetch the action replaces', () => {
    for (const client of clients) {
      const makers = methodBody(client, /\n\s*_getProxyAgentDispatcher\([^)]*\)\s*\{/);
      expect(count(makers, /new [\w.$]*ProxyAgent\(/g)).toBeGreaterThan(0);
    }
    // Every ProxyAgent made is made in a _getProxyAgentDispatcher() (the stand-in's comments name it too).
    const makersOfAll = clients
      .map((client) =>
        count(methodBody(client, /\n\s*_getProxyAgentDispatcher\([^)]*\)\s*\{/), /new [\w.$]*ProxyAgent\(/g)
      )
      .reduce((a, b) => a + b, 0);
    expect(count(all, /new [\w.$]*ProxyAgent\(/g) - count(standIn, /new [\w.$]*ProxyAgent\(/g)).toBe(
      makersOfAll
    );
    // The one call of getAgentDispatcher(): @actions/github's, for the fetch of its defaults (the stand-in's
    // words, HttpClient.getAgentDispatcher(), are no call).
    const calls = jsFiles('dist').map((file) =>
      count(read(`dist/${file}`), /\b(?!HttpClient\b)\w+\.getAgentDispatcher\(/g)
    );
    expect(calls.reduce((a, b) => a + b, 0)).toBe(1);
    expect(methodBody(github, /\nfunction getProxyAgentDispatcher\([^)]*\)\s*\{/)).toMatch(
      /\.getAgentDispatcher\(/
    );
    // ...and the action gives GitHub's client its own fetch, over the one node:https client.
    expect(read('src/github/client.ts')).toMatch(/request: \{ fetch: fetchOver\(connection\.http\) \}/);
  });

  it('sends what the proxy settings name through HttpClient.getAgent(), which reaches a proxy through tunnel', () => {
    for (const client of clients) {
      const getAgent = methodBody(client, /\n\s*_getAgent\([^)]*\)\s*\{/);
      expect(getAgent).toMatch(/tunnel/);
      expect(getAgent).not.toMatch(/ProxyAgent|undici/);
    }
    const source = read('src/platform/client.ts');
    expect(source).toMatch(/getProxyUrl\(parsed\) === undefined/);
    expect(source).toMatch(/\.getAgent\(url\)/);
  });
});

describe('the first files, which every step compiles', () => {
  // Whether the library works behind them: the end-to-end test that sends a step through a CONNECT proxy
  // (__tests__/e2e/scenarios.ts) runs dist/index.js.
  it('leave HttpClient and tunnel to chunks of their own, loaded by a proxied request or a preview step', () => {
    for (const dir of ['dist', 'dist/cli']) {
      const clients = holdersOf(dir, 'class HttpClient {');
      expect({ dir, tunnel: holdersOf(dir, 'function TunnelingAgent(') }).toEqual({ dir, tunnel: clients });
      expect(clients.length).toBeGreaterThan(0);
      expect(clients).not.toContain('index.js');
    }
  });

  // Issue 52, point 7: GitHub's client is loaded by the steps that talk to GitHub, and by no other.
  it("leave GitHub's client, its plugins and the Octokit they build on to chunks a preview step loads", () => {
    for (const file of ['dist/index.js', 'dist/cli/index.js'])
      expect(read(file)).not.toMatch(
        /Bottleneck|function getOctokit\(|class Octokit\b|octokit\/plugin-throttling/
      );
    expect(holdersOf('dist', 'function getOctokit(')).not.toContain('index.js');
  });

  it('hold no @actions/core: the runner host writes its workflow commands itself, and nothing loads child_process', () => {
    for (const file of ['dist/index.js', 'dist/cli/index.js']) {
      // core's own functions, and those of what it imports (its OIDC client, @actions/exec).
      expect(read(file)).not.toMatch(
        /function (getIDToken|getExecOutput|issueFileCommand)\(|class OidcClient/
      );
      // child_process only as the module table's stub of an external that the SFTP chunk (ssh2's agent)
      // loads, which nothing in the first file requires: webpack keeps externals in the entry's table.
      const text = read(file);
      const stubs = [
        ...text.matchAll(
          /\/\*\*\*\/ (\d+):\n\/\*\*\*\/ \(\(module\) => \{\n\nmodule\.exports = __WEBPACK_EXTERNAL_createRequire\(import\.meta\.url\)\("child_process"\);/g
        )
      ].map((match) => match[1] ?? '');
      expect(count(text, /child_process/g)).toBe(stubs.length);
      for (const id of stubs)
        expect(text).not.toMatch(new RegExp(`(__nccwpck_require__|__webpack_require__)\\(${id}\\)`));
    }
    expect(read('dist/licenses.txt')).not.toMatch(/^@actions\/(core|exec|io)$/m);
    expect(read('src/action/github-host.ts')).not.toMatch(/from '@actions\/core'/);
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

  it("require nothing but Node's own modules, so the package needs no dependency", () => {
    const builtins = new Set(builtinModules);
    const required = chunks
      .map((file) => read(`dist/${file}`))
      .concat([dist, read('dist/cli/index.js')])
      .flatMap((text) => [...text.matchAll(/createRequire\(import\.meta\.url\)\("([^"]+)"\)/g)])
      .map((match) => (match[1] ?? '').replace(/^node:/, ''));
    expect(required.length).toBeGreaterThan(0);
    // But one: ssh2's optional crypto addon, left external on purpose (scripts/build.js) and resolved beside
    // dist/, where no file is, so that ssh2 uses its JavaScript code (it loads the addon in a try).
    const OPTIONAL_ADDON = './crypto/build/Release/sshcrypto.node';
    expect(required.filter((name) => !builtins.has(name) && name !== OPTIONAL_ADDON)).toEqual([]);
    expect(existsSync(join(ROOT, 'dist/crypto'))).toBe(false);
    const manifest = JSON.parse(read('package.json')) as { dependencies?: Record<string, string> };
    expect(manifest.dependencies).toBeUndefined();
  });

  it('hold the YAML parser and the CLI, which dist/index.js loads only through import()', () => {
    const texts = chunks.map((file) => read(`dist/${file}`));
    const yaml = texts.filter((chunk) => /class YAMLParseError extends/.test(chunk));
    expect(yaml).toHaveLength(1);
    // The CLI (outside GitHub Actions) is a chunk of its own, with its io, and its help one more: the
    // action never loads them.
    const help = 'create, inspect, change and stop GPU tasks and jobs from any CI system';
    expect(texts.filter((chunk) => chunk.includes(help))).toHaveLength(1);
    expect(texts.filter((chunk) => chunk.includes('function runCli('))).toHaveLength(1);
    expect(dist).not.toContain(help);
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
    expect(listed).toEqual(expect.arrayContaining(['@actions/http-client', 'lossless-json', 'yaml']));
  });
});
