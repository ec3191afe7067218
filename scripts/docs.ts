// npm run docs: writes docs/reference.md, the inputs and outputs of each operation, from action.yml (the
// descriptions) and src/platform/operations/operation-inputs.ts (which operation takes which), and
// src/cli/input-docs.ts (the descriptions, for the CLI's help), formatted as Prettier formats them;
// `npm run docs -- --check` only says whether they are up to date. A test holds every input and output of
// action.yml in the lists, and every operation.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as prettier from 'prettier';
import { parse } from 'yaml';
import { ROOT } from './action-runner.js';
import { SECRET_INPUTS, type InputName } from '../src/action/input-names.js';
import { meaningFor } from './operation-meanings.js';
import {
  COMMON_INPUTS,
  COMMON_OUTPUTS,
  OPERATION_INPUTS
} from '../src/platform/operations/operation-inputs.js';

export { COMMON_INPUTS, COMMON_OUTPUTS, OPERATION_INPUTS };

interface ActionYml {
  inputs: Record<string, { description: string; required?: boolean; default?: string }>;
  outputs: Record<string, { description: string }>;
}

const oneLine = (text: string): string => text.replace(/\s+/g, ' ').trim();

/**
 * docs/reference.md: first what each operation needs and takes, with the defaults (a table of them all,
 * then a section each); then every input and every output described once, in action.yml's order.
 */
export function renderReference(actionYml: string): string {
  const action = parse(actionYml) as ActionYml;
  const spec = (name: string): ActionYml['inputs'][string] => {
    const found = action.inputs[name];
    if (found === undefined) throw new Error(`action.yml has no input ${name}`);
    return found;
  };
  /** `wait_timeout` (`15m`): an input, with its default. */
  const named = (name: string): string => {
    const fallback = spec(name).default;
    return fallback === undefined || fallback === '' ? `\`${name}\`` : `\`${name}\` (\`${fallback}\`)`;
  };
  const outputName = (name: string): string => {
    if (action.outputs[name] === undefined) throw new Error(`action.yml has no output ${name}`);
    return `\`${name}\``;
  };
  const list = (names: readonly string[], show: (name: string) => string): string =>
    names.length === 0 ? 'none' : names.map(show).join(', ');
  const lines = [
    '# Inputs and outputs, by operation',
    '',
    '<!-- Written by npm run docs from action.yml (the descriptions and defaults) and src/platform/operations/operation-inputs.ts (which operation takes which). -->',
    '',
    'Every input is a `with:` of the action, and a flag or an `ELASTIC_DEPLOY_<INPUT>` variable of',
    '`elastic-deploy` (see [the CLI](cli.md)). First what each operation needs, and what else it takes',
    '(defaults in parentheses); then [every input](#the-inputs) and [every output](#the-outputs),',
    'described once.',
    '',
    '| Operation | What it does | Needs |',
    '| --- | --- | --- |',
    ...Object.entries(OPERATION_INPUTS).map(
      ([operation, docs]) =>
        `| [\`${operation}\`](#${operation}) | ${docs.summary} | ${list(docs.needs, (n) => `\`${n}\``)} |`
    ),
    '',
    '## Every operation',
    '',
    `- Takes: ${list(COMMON_INPUTS, named)}`,
    `- Writes: ${list(COMMON_OUTPUTS, outputName)}`,
    ''
  ];
  for (const [operation, docs] of Object.entries(OPERATION_INPUTS)) {
    lines.push(
      `## \`${operation}\``,
      '',
      `${docs.summary[0]?.toUpperCase() ?? ''}${docs.summary.slice(1)}.`,
      '',
      `- Needs: ${list(docs.needs, named)}`,
      `- Takes too: ${list(docs.inputs, named)}`,
      ...(docs.outputs.length === 0 ? [] : [`- Writes too: ${list(docs.outputs, outputName)}`]),
      '',
      ...ownWords(operation, [...docs.needs, ...docs.inputs, ...COMMON_INPUTS], action)
    );
  }
  lines.push('## The inputs', '');
  for (const [name, input] of Object.entries(action.inputs)) {
    const fallback = input.default === undefined ? '' : ` (default \`${input.default}\`)`;
    lines.push(
      `- \`${name}\`${input.required === true ? ' (required)' : fallback}: ${oneLine(input.description)}`
    );
  }
  lines.push('', '## The outputs', '');
  for (const [name, output] of Object.entries(action.outputs))
    lines.push(`- \`${name}\`: ${oneLine(output.description)}`);
  return `${lines.join('\n')}\n`;
}

/**
 * src/cli/input-docs.ts: each input's description (one line, as a terminal shows it: code marks off, the
 * inputs named as flags, a secret as its variable) and default, as action.yml gives them, for the CLI's help (its bundle reads no
 * action.yml).
 */
export function renderInputDocs(actionYml: string): string {
  const action = parse(actionYml) as ActionYml;
  const plain = (text: string): string =>
    oneLine(text).replace(/`([^`]+)`/g, (_all, code: string) =>
      action.inputs[code] === undefined || code === 'operation'
        ? code
        : // A secret is never a flag of the CLI: its variable.
          SECRET_INPUTS.includes(code as InputName)
          ? `ELASTIC_DEPLOY_${code.toUpperCase()}`
          : `--${code.replaceAll('_', '-')}`
    );
  const entries = Object.entries(action.inputs).map(([name, input]) => {
    const fallback = input.default === undefined ? '' : `, default: ${JSON.stringify(input.default)}`;
    const own = Object.entries(meaningsOf(name, input.description))
      .map(([operation, text]) => `${operation}: ${JSON.stringify(plain(text))}`)
      .join(', ');
    const byOperation = own === '' ? '' : `, byOperation: { ${own} }`;
    return `  ${name}: { description: ${JSON.stringify(plain(input.description))}${byOperation}${fallback} }`;
  });
  return [
    '// Written by npm run docs from action.yml: edit the descriptions there.',
    '',
    '/**',
    " * Each input's description and default, as action.yml gives them, for the CLI's help; `byOperation`:",
    ' * what it means for each operation that takes it, where that is less than the whole description (see',
    ' * scripts/operation-meanings.ts).',
    ' */',
    'export const INPUT_DOCS: Readonly<',
    '  Record<string, { description: string; byOperation?: Readonly<Record<string, string>>; default?: string }>',
    '> = {',
    entries.join(',\n'),
    '};',
    ''
  ].join('\n');
}

/**
 * What the inputs an operation takes mean for it, where that is less than their whole description (the
 * parts written for other operations left out): the same words as its --help.
 */
function ownWords(operation: string, names: readonly string[], action: ActionYml): string[] {
  const own = names.flatMap((name) => {
    const meaning = meaningsOf(name, action.inputs[name]?.description ?? '')[operation];
    return meaning === undefined ? [] : [`- \`${name}\`: ${meaning}`];
  });
  return own.length === 0 ? [] : ['For this operation:', '', ...own, ''];
}

/** The operations that take an input: every one for a common input, else those that list it. */
export function operationsTaking(name: string): string[] {
  const all = Object.keys(OPERATION_INPUTS);
  if (COMMON_INPUTS.includes(name)) return all;
  return Object.entries(OPERATION_INPUTS)
    .filter(([, docs]) => docs.needs.includes(name) || docs.inputs.includes(name))
    .map(([operation]) => operation);
}

/** What an input means for each operation that takes it, where that differs from its whole description. */
export function meaningsOf(name: string, description: string): Record<string, string> {
  const all = Object.keys(OPERATION_INPUTS);
  const whole = oneLine(description);
  return Object.fromEntries(
    operationsTaking(name)
      .map((operation) => [operation, meaningFor(description, operation, all)] as const)
      .filter(([, text]) => text !== whole)
  );
}

/** Text formatted as Prettier formats the file at `path` (of the repository). */
export async function formatted(text: string, path = 'docs/reference.md'): Promise<string> {
  const file = join(ROOT, path);
  const options = (await prettier.resolveConfig(file)) ?? {};
  return prettier.format(text, { ...options, filepath: file });
}

/** The files npm run docs writes, each from action.yml. */
export const GENERATED: readonly { path: string; render: (actionYml: string) => string }[] = [
  { path: 'docs/reference.md', render: renderReference },
  { path: 'src/cli/input-docs.ts', render: renderInputDocs }
];

if (process.argv[1]?.endsWith('docs.ts') === true) {
  const actionYml = readFileSync(join(ROOT, 'action.yml'), 'utf8');
  for (const { path, render } of GENERATED) {
    const full = join(ROOT, path);
    const rendered = await formatted(render(actionYml), path);
    const current = existsSync(full) ? readFileSync(full, 'utf8') : '';
    if (process.argv.includes('--check')) {
      if (rendered !== current) {
        console.error(`${path} differs from what action.yml makes: run npm run docs`);
        process.exitCode = 1;
      }
    } else {
      writeFileSync(full, rendered);
      console.log(rendered === current ? `${path} is up to date` : `${path} written from action.yml`);
    }
  }
}
