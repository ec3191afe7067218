import { InputError } from '../basics/input-error.js';
import { INPUT_DEFAULTS } from '../action/defaults.js';
import { INPUT_NAMES, SECRET_INPUTS, type InputName } from '../action/input-names.js';

/** How the CLI writes the step's outputs to stdout. */
export type OutputFormat = 'json' | 'dotenv';

/** What the command line asks for. */
export type CliCommand =
  | { kind: 'help' }
  /** No command at all: the help, and a failure (a CI job that runs nothing must not pass). */
  | { kind: 'usage' }
  | { kind: 'version' }
  | {
      kind: 'run';
      /** The inputs given as flags (input names, as action.yml spells them). */
      flags: Partial<Record<InputName, string>>;
      output: OutputFormat;
      stateFile: string | undefined;
      summaryFile: string | undefined;
      debug: boolean;
    }
  | {
      kind: 'cleanup';
      stateFile: string;
      debug: boolean;
      /** Inputs given as flags too (a pipeline passing the same flags to every call): the file's win. */
      flags: Partial<Record<InputName, string>>;
    };

/** The prefix of the environment variables the CLI reads its inputs from: ELASTIC_DEPLOY_TASK_NAME. */
export const ENV_PREFIX = 'ELASTIC_DEPLOY_';

/** Flags of the CLI itself, beside the inputs. */
const OWN_FLAGS = ['output', 'state-file', 'summary-file', 'debug', 'help', 'version'] as const;

/**
 * Reads the command line: `elastic-deploy <operation> [--input value]...`, `elastic-deploy cleanup
 * --state-file F`, `--help`, `--version`. The operation may be written with dashes for underscores
 * (`search-tasks`), and each input is a flag so written (`--task-name`, or `--task-name=x`); a boolean
 * input may stand alone (`--dry-run`). Secrets are refused as flags: a command line shows in process
 * lists and shell history. Anything wrong is an InputError naming the flag and the fix.
 */
export function parseCliArgs(argv: readonly string[]): CliCommand {
  const [first, ...rest] = argv;
  if (first === undefined) return { kind: 'usage' };
  if (first === '--help' || first === '-h' || first === 'help') return { kind: 'help' };
  if (first === '--version') return { kind: 'version' };
  if (first.startsWith('-'))
    throw new InputError(
      `${first} comes before the operation: write elastic-deploy <operation> ${first} ...`
    );
  const given = readFlags(rest);
  const own = (name: (typeof OWN_FLAGS)[number]): string | undefined => given.get(name);
  const debug = given.has('debug') && own('debug') !== 'false';
  if (first === 'cleanup') {
    const stateFile = own('state-file');
    if (stateFile === undefined)
      throw new InputError('cleanup needs --state-file: the file the run that created the tasks wrote');
    const flags: Partial<Record<InputName, string>> = {};
    for (const [name, value] of given)
      if (!(OWN_FLAGS as readonly string[]).includes(name)) flags[inputOf(name)] = value;
    return { kind: 'cleanup', stateFile, debug, flags };
  }
  const output = own('output') ?? 'json';
  if (output !== 'json' && output !== 'dotenv')
    throw new InputError(
      `--output ${JSON.stringify(output)} is neither json nor dotenv: set --output json or dotenv`
    );
  // The operation as the action names it; with dashes, as the flags are written, it is the same one.
  const flags: Partial<Record<InputName, string>> = { operation: first.replaceAll('-', '_') };
  for (const [name, value] of given) {
    if ((OWN_FLAGS as readonly string[]).includes(name)) continue;
    flags[inputOf(name)] = value;
  }
  return {
    kind: 'run',
    flags,
    output,
    stateFile: own('state-file'),
    summaryFile: own('summary-file'),
    debug
  };
}

/** The flags as name -> value; a flag of a boolean input (or --debug) alone means true. */
function readFlags(args: readonly string[]): Map<string, string> {
  const flags = new Map<string, string>();
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] ?? '';
    if (!arg.startsWith('--') || arg === '--')
      throw new InputError(`${JSON.stringify(arg)} is no flag: write each input as --name value`);
    const equals = arg.indexOf('=');
    const name = arg.slice(2, equals < 0 ? undefined : equals);
    if (flags.has(name)) throw new InputError(`--${name} is given twice: give it once`);
    if (equals >= 0) {
      flags.set(name, arg.slice(equals + 1));
      continue;
    }
    const next = args[i + 1];
    if (next === undefined || next.startsWith('--')) {
      if (!standsAlone(name)) throw new InputError(`--${name} needs a value: write --${name} <value>`);
      flags.set(name, 'true');
      continue;
    }
    flags.set(name, next);
    i += 1;
  }
  return flags;
}

/** Boolean inputs, and --debug, may be given without a value. */
function standsAlone(flag: string): boolean {
  if (flag === 'debug') return true;
  const name = flag.replaceAll('-', '_');
  const fallback = (INPUT_DEFAULTS as Record<string, string>)[name];
  return fallback === 'true' || fallback === 'false';
}

/** The input a flag names, refusing secrets and flags that name no input. */
function inputOf(flag: string): InputName {
  const name = flag.replaceAll('-', '_');
  const input = INPUT_NAMES.find((known) => known === name);
  if (input === undefined)
    throw new InputError(`--${flag} is no input of elastic-deploy: see elastic-deploy --help for the inputs`);
  if (input === 'operation')
    throw new InputError('--operation is given as the first word: elastic-deploy <operation>');
  if (SECRET_INPUTS.includes(input)) {
    const variable = `${ENV_PREFIX}${input.toUpperCase()}`;
    throw new InputError(
      `--${flag} would show a secret in process lists and shell history: set ${variable}, or ${variable}_FILE to a file that holds it`
    );
  }
  return input;
}
