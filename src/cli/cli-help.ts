import { SECRET_INPUTS } from '../action/input-names.js';
import {
  COMMON_INPUTS,
  defaultCleanup,
  describeDefaultWait,
  OPERATION_INPUTS,
  OPERATION_NAMES,
  type OperationName
} from '../deploy/engine.js';
import { ENV_PREFIX, flagOf, variableOf } from './cli-args.js';
import { inCliWords } from './cli-words.js';
import { DOTENV_PREFIX } from './dotenv.js';
import { OPERATION_EXAMPLES } from './cli-examples.js';
import { INPUT_DOCS } from './input-docs.js';

/** Where the docs are, for a version: the repository's, at its tag (the package ships none). */
const docs = (version: string, page: string): string =>
  `https://github.com/elastic-deploy-action/elastic-deploy-action/blob/v${version}/docs/${page}`;

const WIDTH = 100;

/** `elastic-deploy --help`: the operations a line each, how inputs and secrets are given, outputs, exit codes. */
export function cliHelp(version: string): string {
  const widest = Math.max(...OPERATION_NAMES.map((name) => name.length)) + 2;
  const operations = OPERATION_NAMES.map(
    (name) => `  ${flagOf(name).padEnd(widest)}${OPERATION_INPUTS[name].summary}`
  );
  return [
    `elastic-deploy ${version}: create, inspect, change and stop GPU tasks and jobs from any CI system.`,
    '',
    'Usage:',
    '  elastic-deploy <operation> [--input value]... [--output table|json|dotenv] [--state-file F] [--summary-file F] [--debug]',
    "  elastic-deploy <operation> --help    the operation's inputs, their defaults and variables",
    '  elastic-deploy cleanup --state-file F',
    '',
    'Operations:',
    ...operations,
    `  ${'cleanup'.padEnd(widest)}stop what a run with --state-file F left (a GitLab after_script, a Jenkins post)`,
    '',
    `Each input is a flag (--task-name web) or a variable (${ENV_PREFIX}TASK_NAME=web). Secrets come`,
    'from the environment or a file, never from a flag:',
    ...secretLines(),
    '',
    'Logs go to stderr as plain text; the outputs that have a value to stdout: a table when stdout is a',
    'terminal (--output table), else a JSON object (--output json: numbers, booleans, lists and objects as',
    "themselves; data, the platform's whole answer, with --with-data), or with --output dotenv as",
    `${DOTENV_PREFIX}<OUTPUT>=value lines (a GitLab dotenv report: at most 20 outputs that have a value,`,
    'the most useful first, or those --dotenv-outputs task_id,url,... names). A listing (search-tasks,',
    'job-search, nodes, search-resources, billing, task-billing) prints its rows: as the table, and as',
    "rows in the JSON. The run's files (the response, the diagnostics, a job's log) go to a directory of",
    'its own, removed at exit, or are kept in --files-dir D.',
    '',
    'Cleanup: with --cleanup stop (or pause), what the run created is stopped when it fails or is',
    'interrupted (SIGINT, SIGTERM), and left running when it succeeds. With --state-file F, a later',
    '`elastic-deploy cleanup --state-file F` stops it. An update or a scale up that fails or is',
    'interrupted is rolled back, or set back if a new node fails, whatever --cleanup says.',
    '',
    'Exit codes: 0 success; 1 failed; 2 bad input (nothing was sent); 3 a wait timed out;',
    '4 a cleanup failed (a task may be left running; this outranks 1, 3 and 130); 130 interrupted.',
    '',
    `Docs: ${docs(version, 'cli.md')}`,
    ''
  ].join('\n');
}

/**
 * `elastic-deploy <operation> --help`: what it does, then each flag it needs, the others it takes and those
 * of every operation, each with its description, default and variable (as action.yml gives them).
 */
export function operationHelp(operation: OperationName | 'cleanup', version: string): string {
  if (operation === 'cleanup')
    return [
      'elastic-deploy cleanup: stop what a run with --state-file F left: its tasks (with --cleanup stop or',
      'pause), and an update or a scale up to finish. It reads the run inputs from the file; secrets from',
      'the environment, as the run did.',
      '',
      'Usage: elastic-deploy cleanup --state-file F [--debug]',
      '',
      `Docs: ${docs(version, 'cli.md')}`,
      ''
    ].join('\n');
  const { summary, needs, inputs } = OPERATION_INPUTS[operation];
  const common = COMMON_INPUTS.filter(
    (name) => name !== 'operation' && !SECRET_INPUTS.includes(name as never)
  );
  const usage = needs.map((name) => `--${flagOf(name)} ${name.toUpperCase()}`).join(' ');
  return [
    `elastic-deploy ${flagOf(operation)}: ${summary}.`,
    '',
    'Examples:',
    ...OPERATION_EXAMPLES[operation].map((example) => `  ${example}`),
    '',
    `Usage: elastic-deploy ${flagOf(operation)}${usage === '' ? '' : ` ${usage}`} [--input value]...`,
    '',
    ...section('Needs', needs, operation),
    ...section('Takes too', inputs, operation),
    'Every operation takes too (the first sentence; the docs say the rest):',
    ...common.flatMap((name) => briefLines(name, operation)),
    '',
    "The command line's own flags:",
    ...OWN_FLAG_LINES,
    '',
    'Secrets come from the environment or a file, never from a flag:',
    ...secretLines(operation),
    '',
    `Docs: ${docs(version, 'reference.md')}#${operation}`,
    ''
  ].join('\n');
}

/** The flags of the command line itself, beside the inputs, as each operation's help lists them. */
const OWN_FLAG_LINES: readonly string[] = [
  '  --output table|json|dotenv       the outputs on stdout: a table at a terminal, JSON in a pipe, or a',
  '                                   GitLab dotenv report; a listing prints its rows',
  "  --with-data                      the JSON holds data, the platform's whole answer",
  '  --dotenv-outputs a,b,...         the outputs a dotenv report holds, in order (at most 20)',
  "  --files-dir D                    keep the run's files (response, diagnostics, a job's log) in D",
  '  --state-file F                   keep what to clean up in F, for `elastic-deploy cleanup --state-file F`',
  '  --summary-file F                 write the job summary (markdown) to F',
  '  --debug                          log each request and answer (secrets masked)'
];

function section(title: string, names: readonly string[], operation: OperationName): string[] {
  if (names.length === 0) return [];
  return [`${title}:`, ...names.flatMap((name) => flagLines(name, operation)), ''];
}

/** The defaults that depend on the operation, which action.yml cannot declare: the operation's own. */
const OPERATION_DEFAULTS: Readonly<Record<string, (operation: OperationName) => string>> = {
  cleanup: defaultCleanup,
  wait_timeout: describeDefaultWait
};

/** A flag: its name and variable, then what it means for this operation wrapped, and its default. */
function flagLines(name: string, operation: OperationName): string[] {
  const doc = INPUT_DOCS[name];
  const head = `  --${flagOf(name)}`;
  const variable = variableOf(name);
  return [
    `${head.padEnd(34)} ${variable}`,
    ...wrap(meaningOf(name, operation), WIDTH - 6).map((line) => `      ${line}`),
    ...defaultLine(name, operation, doc?.default)
  ];
}

/** A flag every operation takes, in brief: its name, default, and the first sentence of what it means. */
function briefLines(name: string, operation: OperationName): string[] {
  const meaning = meaningOf(name, operation);
  const first = /^.*?[.!?](?= [A-Z`]|$)/.exec(meaning)?.[0] ?? meaning;
  const fallback = defaultLine(name, operation, INPUT_DOCS[name]?.default)[0]?.trim();
  return [
    `  --${flagOf(name)}${fallback === undefined ? '' : ` (${fallback})`}`,
    ...wrap(first, WIDTH - 6).map((line) => `      ${line}`)
  ];
}

/** What an input means for an operation (see scripts/operation-meanings.ts), else its whole description. */
function meaningOf(name: string, operation: OperationName): string {
  const doc = INPUT_DOCS[name];
  return doc?.byOperation?.[operation] ?? doc?.description ?? '';
}

/** "default: 15m": the operation's own default where it has one, else action.yml's; none when empty. */
function defaultLine(name: string, operation: OperationName, declared: string | undefined): string[] {
  const own = OPERATION_DEFAULTS[name]?.(operation);
  const given = own === undefined ? declared : inCliWords(own);
  return given === undefined || given === '' ? [] : [`      default: ${given}`];
}

/**
 * How each secret is given: every one (the tool's help), or those an operation takes (the API's key,
 * which every operation takes, and its own, such as a transfer's storage keys).
 */
function secretLines(operation?: OperationName): string[] {
  const own =
    operation === undefined
      ? undefined
      : new Set([
          ...COMMON_INPUTS,
          ...OPERATION_INPUTS[operation].needs,
          ...OPERATION_INPUTS[operation].inputs
        ]);
  return SECRET_INPUTS.filter((name) => own === undefined || own.has(name)).map(
    (name) => `  ${variableOf(name)}, or ${variableOf(name)}_FILE (a file holding it)`
  );
}

function wrap(text: string, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter((w) => w !== '')) {
    if (line !== '' && line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else line = line === '' ? word : `${line} ${word}`;
  }
  if (line !== '') lines.push(line);
  return lines;
}
