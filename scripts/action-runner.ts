// Runs the bundled action the way the GitHub runner does: a node process with INPUT_* variables
// (action.yml defaults filled in) and GITHUB_OUTPUT, GITHUB_STATE and GITHUB_STEP_SUMMARY files; the
// post step gets the saved state back as STATE_* variables. Used by the demo and the end-to-end tests.
import { execFile, execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';

export const ROOT = fileURLToPath(new URL('../', import.meta.url));
export const DIST = join(ROOT, 'dist/index.js');
const NODE_24 = join(ROOT, 'node_modules/node/bin/node');

export interface StepRun {
  exitCode: number;
  stdout: string;
  stderr: string;
  outputs: Record<string, string>;
  /** What the step saved with saveState, as the post step will get it. */
  state: Record<string, string>;
  summary: string;
  /** The contents of the response_file output, read before the step's temp folder is removed. */
  responseFile: string | undefined;
  /** The contents of the diagnostics_file output, read likewise; undefined when it is empty. */
  diagnosticsFile: string | undefined;
  /** The contents of every file an output names (response_file, diagnostics_file, log_file, ...), by output. */
  files: Record<string, string>;
  /** How long the process ran, in ms. */
  wallMs: number;
}

export interface NodeRuntime {
  path: string;
  major: number;
}

interface ActionYml {
  inputs: Record<string, { default?: string }>;
  runs: { main: string; post?: string };
}

/** An action.yml of the repository (the root one, or a capability's: job/action.yml), parsed. */
const actionYml = (path: string): ActionYml => parse(readFileSync(join(ROOT, path), 'utf8')) as ActionYml;

/** The script the runner starts for an action's main step, or its post step: its runs: entry, from its folder. */
export function entryOf(action: string, post: boolean): string {
  const { runs } = actionYml(action);
  const script = post ? runs.post : runs.main;
  if (script === undefined) throw new Error(`${action} has no post step`);
  return join(ROOT, dirname(action), script);
}

function majorOf(path: string): number {
  return Number(
    execFileSync(path, ['-p', 'process.versions.node.split(".")[0]'], { encoding: 'utf8' }).trim()
  );
}

/** The major version of the Node that runs npm itself (the machine's own; npm run puts node@24 first). */
export function npmNodeMajor(): number {
  return majorOf(process.env.npm_node_execpath ?? process.execPath);
}

/** The Node versions to run dist/ under: the one running this process, the one running npm, and node@24. */
export function nodeRuntimes(): NodeRuntime[] {
  const byMajor = new Map<number, NodeRuntime>();
  for (const path of [process.execPath, process.env.npm_node_execpath, NODE_24]) {
    if (path === undefined || !existsSync(path) || path.endsWith('.js')) continue;
    const major = majorOf(path);
    if (!byMajor.has(major)) byMajor.set(major, { path, major });
  }
  return [...byMajor.values()].sort((a, b) => a.major - b.major);
}

/**
 * The runner's environment for an action step: every input of its action.yml (the root one unless
 * `path` names a capability's), given or defaulted.
 */
export function inputEnvironment(
  inputs: Record<string, string>,
  path = 'action.yml'
): Record<string, string> {
  const action = actionYml(path);
  for (const name of Object.keys(inputs)) {
    if (!(name in action.inputs)) throw new Error(`${path} has no input ${name}`);
  }
  return Object.fromEntries(
    Object.entries(action.inputs).map(([name, spec]) => [
      `INPUT_${name.replace(/ /g, '_').toUpperCase()}`,
      inputs[name] ?? spec.default ?? ''
    ])
  );
}

/** Runs dist/index.js as the main step, or as the post step when `state` is given. */
export async function runStep(
  runtime: NodeRuntime,
  inputs: Record<string, string>,
  options: {
    env?: Record<string, string>;
    state?: Record<string, string>;
    /** Send a signal once the step has printed this text (a cancelled job gets SIGINT, then SIGTERM). */
    signalOn?: { text: string; signal: NodeJS.Signals } | { when: () => boolean; signal: NodeJS.Signals };
    /** How long the step may run before it is killed (default two minutes). */
    timeoutMs?: number;
    /** A command that runs Node (valgrind and its flags, say): Node and the bundle are its last arguments. */
    under?: readonly string[];
    /** Takes each chunk of the step's stdout as it comes, with the time it came (a benchmark's clock). */
    onStdout?: (chunk: string, atMs: number) => void;
    /** The action's action.yml, from the repository's root: a capability's (job/action.yml); the root's if not given. */
    action?: string;
  } = {}
): Promise<StepRun> {
  if (!existsSync(DIST)) throw new Error('dist/index.js is missing: run npm run build');
  const dir = mkdtempSync(join(tmpdir(), 'action-run-'));
  const files = {
    GITHUB_OUTPUT: join(dir, 'output'),
    GITHUB_STATE: join(dir, 'state'),
    GITHUB_STEP_SUMMARY: join(dir, 'summary')
  };
  for (const file of Object.values(files)) writeFileSync(file, '');
  const state = Object.fromEntries(
    Object.entries(options.state ?? {}).map(([name, value]) => [`STATE_${name}`, value])
  );
  try {
    const env: NodeJS.ProcessEnv = {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      RUNNER_TEMP: dir,
      GITHUB_ACTIONS: 'true',
      ...files,
      ...inputEnvironment(inputs, options.action),
      ...state,
      ...options.env
    };
    const started = Date.now();
    const { code, stdout, stderr } = await new Promise<{ code: number; stdout: string; stderr: string }>(
      (resolve) => {
        const entry =
          options.action === undefined ? DIST : entryOf(options.action, options.state !== undefined);
        const line = [...(options.under ?? []), runtime.path, entry];
        const child = execFile(
          line[0] ?? runtime.path,
          line.slice(1),
          { env, cwd: dir, timeout: options.timeoutMs ?? 120_000 },
          (error, out, err) => {
            resolve({
              code: error === null ? 0 : typeof error.code === 'number' ? error.code : 1,
              stdout: out,
              stderr: err
            });
          }
        );
        const { onStdout } = options;
        if (onStdout !== undefined)
          child.stdout?.on('data', (chunk: Buffer) => {
            onStdout(chunk.toString(), Date.now());
          });
        const trigger = options.signalOn;
        if (trigger !== undefined && 'text' in trigger) {
          let seen = '';
          child.stdout?.on('data', (chunk: Buffer) => {
            seen += chunk.toString();
            if (seen.includes(trigger.text) && child.exitCode === null) child.kill(trigger.signal);
          });
        } else if (trigger !== undefined) {
          const poll = setInterval(() => {
            if (child.exitCode !== null || child.signalCode !== null) clearInterval(poll);
            else if (trigger.when()) {
              clearInterval(poll);
              child.kill(trigger.signal);
            }
          }, 10);
        }
      }
    );
    const wallMs = Date.now() - started;
    const outputs = parseFileCommands(readFileSync(files.GITHUB_OUTPUT, 'utf8'));
    const read = (path: string | undefined): string | undefined =>
      path !== undefined && path !== '' && existsSync(path) ? readFileSync(path, 'utf8') : undefined;
    return {
      exitCode: code,
      stdout,
      stderr,
      outputs,
      responseFile: read(outputs.response_file),
      diagnosticsFile: read(outputs.diagnostics_file),
      files: Object.fromEntries(
        Object.entries(outputs).flatMap(([name, path]) => {
          const text = name.endsWith('_file') ? read(path) : undefined;
          return text === undefined ? [] : [[name, text]];
        })
      ),
      wallMs,
      state: parseFileCommands(readFileSync(files.GITHUB_STATE, 'utf8')),
      summary: readFileSync(files.GITHUB_STEP_SUMMARY, 'utf8')
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * What the runner shows of a step's output: ::add-mask:: commands are swallowed and their values
 * replaced by *** everywhere, and ::debug:: lines are shown only when step debugging is on.
 */
export function runnerView(
  run: StepRun,
  options: { debug?: boolean } = {}
): { lines: string[]; masks: string[]; mask: (text: string) => string } {
  const all = run.stdout.split('\n');
  const masks = all
    .filter((line) => line.startsWith('::add-mask::'))
    .map((line) => unescapeCommandData(line.slice('::add-mask::'.length)))
    .filter((value) => value !== '')
    .sort((a, b) => b.length - a.length);
  const mask = (text: string): string =>
    masks.reduce((masked, secret) => masked.split(secret).join('***'), text);
  const lines = all
    .filter(
      (line) => !line.startsWith('::add-mask::') && (options.debug === true || !line.startsWith('::debug::'))
    )
    .map(mask);
  return { lines, masks, mask };
}

/** Undoes the escaping of a workflow command's data (%, CR and LF). */
function unescapeCommandData(text: string): string {
  return text.replace(/%0D/g, '\r').replace(/%0A/g, '\n').replace(/%25/g, '%');
}

/** Reads name<<delimiter / value / delimiter records, and name=value lines, as the runner does. */
export function parseFileCommands(text: string): Record<string, string> {
  const values: Record<string, string> = {};
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const match = /^([^<=]+)<<(.+)$/.exec(lines[i] ?? '');
    // name=value on one line, as the runner also reads it.
    const single = match === null ? /^([^<=]+)=(.*)$/.exec(lines[i] ?? '') : null;
    if (single !== null) values[single[1] ?? ''] = single[2] ?? '';
    if (match === null) continue;
    const [, name = '', delimiter] = match;
    const end = lines.indexOf(delimiter ?? '', i + 1);
    values[name] = lines.slice(i + 1, end).join('\n');
    i = end;
  }
  return values;
}
