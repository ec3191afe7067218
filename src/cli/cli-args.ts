import { parseArgs } from 'node:util';
import { InputError } from '../basics/input-error.js';
import { nearest } from '../basics/nearest.js';
import { DOTENV_MAX_VARIABLES, DOTENV_ORDER } from './dotenv.js';
import {
  ENV_PREFIX,
  flagOf,
  INPUT_BY_NAME,
  INPUT_NAMES,
  OPERATION_NAMES,
  SECRET_INPUTS,
  variableOf,
  type InputName,
  type OperationName
} from '../deploy/door.js';

/** How the CLI writes the step's outputs to stdout. */
export type OutputFormat = 'json' | 'dotenv' | 'table';

/** The formats --output takes. */
const OUTPUT_FORMATS: readonly OutputFormat[] = ['table', 'json', 'dotenv'];

/** What the command line asks for. */
export type CliCommand =
  /** The help: of every operation, or of one; a screen of it, or all of it (`--help all`). */
  | { kind: 'help'; operation?: OperationName | 'cleanup'; all?: boolean }
  /** No command at all: the help, and a failure (a CI job that runs nothing must not pass). */
  | { kind: 'usage' }
  | { kind: 'version' }
  | {
      kind: 'run';
      /** The inputs given as flags (input names, as action.yml spells them). */
      flags: Partial<Record<InputName, string>>;
      /** Undefined: a table when stdout is a terminal, else JSON (see outputFormat). */
      output: OutputFormat | undefined;
      stateFile: string | undefined;
      summaryFile: string | undefined;
      debug: boolean;
      /** Print `data`, the platform's whole answer (its environment values redacted), in the JSON. */
      withData: boolean;
      /** Where the run's files go, kept (response, diagnostics, restore, the job's log); else a temporary directory, removed at exit. */
      filesDir: string | undefined;
      /** The outputs a dotenv report holds, in order (--dotenv-outputs); undefined: DOTENV_ORDER's. */
      dotenvOutputs: string[] | undefined;
    }
  | {
      kind: 'cleanup';
      stateFile: string;
      debug: boolean;
      /** Inputs given as flags too (a pipeline passing the same flags to every call): the file's win. */
      flags: Partial<Record<InputName, string>>;
    };

// An input's flag (task_name as --task-name) and variable (ELASTIC_DEPLOY_TASK_NAME) are its declaration's.
export { ENV_PREFIX, flagOf, variableOf };

/** A flag (or operation) as the action names it: task-name as task_name. */
export const underscored = (flag: string): string => flag.replaceAll('-', '_');

/** Flags of the CLI itself, beside the inputs. */
const OWN_FLAGS = [
  'output',
  'state-file',
  'summary-file',
  'files-dir',
  'with-data',
  'dotenv-outputs',
  'debug',
  'help',
  'version'
] as const;

/**
 * Reads the command line: `elastic-deploy <operation> [--input value]...`, `elastic-deploy cleanup
 * --state-file F`, `--help` (alone, or after an operation: its own help), `--version`. The operation may
 * be written with dashes for underscores (`search-tasks`), and each input is a flag so written
 * (`--task-name`, or `--task-name=x`); a boolean input, `--wait` and `--debug` may stand alone. Node's
 * own parser (util.parseArgs) reads the flags. Secrets are refused as flags: a command line shows in
 * process lists and shell history. Anything wrong is an InputError naming the flag and the fix, with the
 * nearest operation or flag when one is near.
 */
export function parseCliArgs(argv: readonly string[]): CliCommand {
  const [first, ...rest] = argv;
  if (first === undefined) return { kind: 'usage' };
  if (first === '--help' || first === '-h' || first === 'help' || first === '--help=all') {
    const [about, more] = rest;
    const all = first === '--help=all' || about === 'all' || more === 'all';
    return about === undefined || about === 'all'
      ? { kind: 'help', all }
      : { kind: 'help', operation: operationOf(about), all };
  }
  if (first === '--version') return { kind: 'version' };
  if (first.startsWith('-'))
    throw new InputError(
      `${first} comes before the operation: write elastic-deploy <operation> ${first} ...`
    );
  const operation = operationOf(first);
  const help = rest.findIndex((arg) => arg === '--help' || arg === '-h' || arg === '--help=all');
  if (help >= 0)
    return { kind: 'help', operation, all: rest[help] === '--help=all' || rest[help + 1] === 'all' };
  if (rest.includes('--version')) return { kind: 'version' };
  const given = readFlags(rest);
  const own = (name: (typeof OWN_FLAGS)[number]): string | undefined => given.get(name);
  const debug = given.has('debug') && own('debug') !== 'false';
  const flags: Partial<Record<InputName, string>> = {};
  for (const [name, value] of given)
    if (!(OWN_FLAGS as readonly string[]).includes(name)) flags[inputOf(name)] = value;
  if (operation === 'cleanup') {
    const stateFile = own('state-file');
    if (stateFile === undefined)
      throw new InputError('cleanup needs --state-file: the file the run that created the tasks wrote');
    return { kind: 'cleanup', stateFile, debug, flags };
  }
  const output = own('output');
  if (output !== undefined && !(OUTPUT_FORMATS as readonly string[]).includes(output))
    throw new InputError(
      `--output ${JSON.stringify(output)} is none of table, json and dotenv: set --output table, json or dotenv`
    );
  return {
    kind: 'run',
    // The operation as the action names it; with dashes, as the flags are written, it is the same one.
    flags: { ...flags, operation },
    output: output as OutputFormat | undefined,
    stateFile: own('state-file'),
    summaryFile: own('summary-file'),
    debug,
    withData: given.has('with-data') && own('with-data') !== 'false',
    filesDir: own('files-dir'),
    dotenvOutputs: dotenvOutputsOf(own('dotenv-outputs'))
  };
}

/** --dotenv-outputs: outputs by name, separated by commas, at most DOTENV_MAX_VARIABLES. */
function dotenvOutputsOf(text: string | undefined): string[] | undefined {
  if (text === undefined) return undefined;
  const names = text
    .split(',')
    .map((name) => underscored(name.trim()))
    .filter((name) => name !== '');
  for (const name of names) {
    if (DOTENV_ORDER.includes(name)) continue;
    const near = nearest(name, DOTENV_ORDER);
    throw new InputError(
      `--dotenv-outputs names ${JSON.stringify(name)}, which is no output a dotenv report holds${near === undefined ? '' : `; did you mean ${near}?`} (data never is: use --output json --with-data)`
    );
  }
  if (names.length === 0 || names.length > DOTENV_MAX_VARIABLES)
    throw new InputError(
      `--dotenv-outputs names ${names.length} outputs: name 1 to ${DOTENV_MAX_VARIABLES}, separated by commas (task_id,status,url)`
    );
  return names;
}

/** The operation a word names (dashes for underscores), or cleanup; else an error with the nearest. */
function operationOf(word: string): OperationName | 'cleanup' {
  const name = underscored(word);
  if (name === 'cleanup') return 'cleanup';
  const operation = OPERATION_NAMES.find((known) => known === name);
  if (operation !== undefined) return operation;
  const near = nearest(name, [...OPERATION_NAMES, 'cleanup']);
  throw new InputError(
    `${JSON.stringify(word)} is no operation of elastic-deploy${near === undefined ? '' : `; did you mean ${flagOf(near)}?`} (elastic-deploy --help lists them)`
  );
}

/** Every flag the command line may hold: the inputs (secrets too, to refuse them by name) and the CLI's own. */
const KNOWN_FLAGS = [...INPUT_NAMES.map(flagOf), ...OWN_FLAGS];

/** A PEM key's text: a flag's value, though it starts with dashes (`--platform-public-key "$(cat key.pem)"`). */
const PEM = '-----BEGIN';

/**
 * The flags as name -> value, read by util.parseArgs; a flag that may stand alone (see standsAlone) and
 * has no value after it means true; a value that is a PEM key is the flag's value, not a flag.
 */
function readFlags(given: readonly string[]): Map<string, string> {
  const args = given.flatMap((arg, i) => {
    const before = given[i - 1];
    if (arg.startsWith(PEM) && before !== undefined && isBareFlag(before)) return [];
    const next = given[i + 1];
    return isBareFlag(arg) && next?.startsWith(PEM) === true ? [`${arg}=${next}`] : [arg];
  });
  const withValues = args.flatMap((arg, i) => {
    const next = args[i + 1];
    const alone = next === undefined || next.startsWith('--');
    return arg.startsWith('--') && !arg.includes('=') && alone && standsAlone(arg.slice(2))
      ? [`${arg}=true`]
      : [arg];
  });
  let parsed: ReturnType<typeof parseArgs>;
  try {
    parsed = parseArgs({
      args: withValues,
      options: Object.fromEntries(KNOWN_FLAGS.map((flag) => [flag, { type: 'string' as const }])),
      strict: true,
      allowPositionals: false,
      tokens: true
    });
  } catch (error) {
    throw new InputError(whyNot(error, args));
  }
  const flags = new Map<string, string>();
  for (const token of parsed.tokens ?? []) {
    if (token.kind !== 'option') continue;
    if (flags.has(token.name)) throw new InputError(`--${token.name} is given twice: give it once`);
    flags.set(token.name, token.value ?? '');
  }
  return flags;
}

/** `--name`, with no `=value`: its value, if any, is the next word. */
const isBareFlag = (arg: string): boolean => arg.startsWith('--') && !arg.includes('=');

/** What util.parseArgs refused, in the CLI's words: the flag, and the fix. */
function whyNot(error: unknown, args: readonly string[]): string {
  const code = (error as { code?: unknown }).code;
  const message = error instanceof Error ? error.message : String(error);
  const flag = /'(-{1,2}[^' ]+)/.exec(message)?.[1] ?? '';
  if (code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') {
    const name = flag.replace(/^-+/, '').split('=')[0] ?? '';
    const near = nearest(name, KNOWN_FLAGS);
    // A secret (--TOKEN, --privat-key) is told where secrets go, never offered as a flag.
    const secret = SECRET_INPUTS.find((input) => flagOf(input) === near);
    if (secret !== undefined) {
      const variable = variableOf(secret);
      return `--${name} is no flag of elastic-deploy, and the secret ${secret} never is one (a flag shows in process lists and shell history): set ${variable}, or ${variable}_FILE to a file that holds it`;
    }
    return `--${name} is no flag of elastic-deploy${near === undefined ? '' : `; did you mean --${near}?`} (elastic-deploy <operation> --help lists an operation's flags)`;
  }
  if (code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE') {
    const name = flag.replace(/^-+/, '');
    return `--${name} needs a value: write --${name} <value>${/ambiguous/.test(message) ? `, or --${name}=<value> for a value that begins with a dash` : ''}`;
  }
  if (code === 'ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL') {
    const word = args.find((arg) => !arg.startsWith('--') && message.includes(`'${arg}'`)) ?? '';
    return `${JSON.stringify(word)} is no flag: write each input as --name value`;
  }
  return message;
}

/**
 * Boolean inputs, those declared to stand alone (--wait: auto, true or false), --debug and --with-data
 * may be given without a value: true.
 */
function standsAlone(flag: string): boolean {
  if (flag === 'debug' || flag === 'with-data') return true;
  const declared = INPUT_BY_NAME.get(underscored(flag));
  return declared !== undefined && (declared.type === 'bool' || declared.standsAlone === true);
}

/** The input a flag names, refusing secrets and flags that name no input. */
function inputOf(flag: string): InputName {
  const name = underscored(flag);
  const input = INPUT_NAMES.find((known) => known === name);
  if (input === undefined)
    throw new InputError(`--${flag} is no input of elastic-deploy: see elastic-deploy --help for the inputs`);
  if (INPUT_BY_NAME.get(input)?.positional === true)
    throw new InputError('--operation is given as the first word: elastic-deploy <operation>');
  if (SECRET_INPUTS.includes(input)) {
    const variable = variableOf(input);
    throw new InputError(
      `--${flag} would show a secret in process lists and shell history: set ${variable}, or ${variable}_FILE to a file that holds it`
    );
  }
  return input;
}
