// Runs the bundled action the way the GitHub runner does: a node process with INPUT_* variables
// (action.yml defaults filled in), GITHUB_OUTPUT / GITHUB_STATE / GITHUB_STEP_SUMMARY files.
import { execFile, execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';

export const ROOT = fileURLToPath(new URL('../../', import.meta.url));
export const DIST = join(ROOT, 'dist/index.js');

export interface ActionResult {
  exitCode: number;
  stdout: string;
  stderr: string;
  outputs: Record<string, string>;
}

export interface NodeRuntime {
  path: string;
  major: number;
}

interface ActionYml {
  inputs: Record<string, { default?: string }>;
}

const NODE_24 = join(ROOT, 'node_modules/node/bin/node');

function majorOf(path: string): number {
  return Number(
    execFileSync(path, ['-p', 'process.versions.node.split(".")[0]'], { encoding: 'utf8' }).trim()
  );
}

/** The major version of the Node that runs npm itself (the machine's own; npm run puts node@24 first). */
export function npmNodeMajor(): number {
  return majorOf(process.env.npm_node_execpath ?? process.execPath);
}

/** The Node versions to run dist/ under: the one running the tests, the one running npm, and node@24. */
export function nodeRuntimes(): NodeRuntime[] {
  const candidates = [process.execPath, process.env.npm_node_execpath, NODE_24];
  const byMajor = new Map<number, NodeRuntime>();
  for (const path of candidates) {
    if (path === undefined || !existsSync(path) || path.endsWith('.js')) continue;
    const major = majorOf(path);
    if (!byMajor.has(major)) byMajor.set(major, { path, major });
  }
  return [...byMajor.values()].sort((a, b) => a.major - b.major);
}

/** The runner's environment for an action step: every input of action.yml, given or defaulted. */
export function inputEnvironment(inputs: Record<string, string>): Record<string, string> {
  const action = parse(readFileSync(join(ROOT, 'action.yml'), 'utf8')) as ActionYml;
  const env: Record<string, string> = {};
  for (const [name, spec] of Object.entries(action.inputs)) {
    env[`INPUT_${name.replace(/ /g, '_').toUpperCase()}`] = inputs[name] ?? spec.default ?? '';
  }
  for (const name of Object.keys(inputs)) {
    if (!(name in action.inputs)) throw new Error(`action.yml has no input ${name}`);
  }
  return env;
}

export async function runAction(
  runtime: NodeRuntime,
  inputs: Record<string, string>,
  env: Record<string, string> = {}
): Promise<ActionResult> {
  if (!existsSync(DIST)) throw new Error('dist/index.js is missing: run npm run build');
  const dir = mkdtempSync(join(tmpdir(), 'action-run-'));
  const files = { GITHUB_OUTPUT: 'output', GITHUB_STATE: 'state', GITHUB_STEP_SUMMARY: 'summary' };
  for (const name of Object.values(files)) writeFileSync(join(dir, name), '');
  try {
    const childEnv: NodeJS.ProcessEnv = {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      RUNNER_TEMP: dir,
      GITHUB_ACTIONS: 'true',
      ...Object.fromEntries(Object.entries(files).map(([name, file]) => [name, join(dir, file)])),
      ...inputEnvironment(inputs),
      ...env
    };
    const { code, stdout, stderr } = await new Promise<{ code: number; stdout: string; stderr: string }>(
      (resolve) => {
        execFile(runtime.path, [DIST], { env: childEnv, cwd: dir, timeout: 60_000 }, (error, out, err) => {
          resolve({
            code: error === null ? 0 : typeof error.code === 'number' ? error.code : 1,
            stdout: out,
            stderr: err
          });
        });
      }
    );
    return {
      exitCode: code,
      stdout,
      stderr,
      outputs: parseFileCommands(readFileSync(join(dir, files.GITHUB_OUTPUT), 'utf8'))
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Reads name<<delimiter / value / delimiter records, as the runner does. */
export function parseFileCommands(text: string): Record<string, string> {
  const values: Record<string, string> = {};
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const match = /^([^<=]+)<<(.+)$/.exec(lines[i] ?? '');
    if (match === null) continue;
    const [, name = '', delimiter] = match;
    const end = lines.indexOf(delimiter ?? '', i + 1);
    values[name] = lines.slice(i + 1, end).join('\n');
    i = end;
  }
  return values;
}
