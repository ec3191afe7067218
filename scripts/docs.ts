// npm run docs: writes action.yml's inputs and outputs and docs/reference.md (the inputs and outputs of
// each operation) from the declarations: src/deploy/engine/inputs/ (each input: its description, default,
// whether it is required), src/deploy/engine/outputs/ (each output) and src/deploy/*/operations.ts (each operation:
// what it is for, which inputs it needs and takes, which outputs it writes), formatted as Prettier formats them; `npm run docs -- --check` only says
// whether they are up to date (a test in npm test says it too). action.yml's head and its runs: are kept.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import * as prettier from 'prettier';
import { ROOT } from './action-runner.js';
import { INPUT_BY_NAME, INPUTS } from '../src/deploy/engine/inputs/index.js';
import { meaningFor } from '../src/deploy/engine/inputs/meanings.js';
import { OUTPUT_NAMES, OUTPUTS } from '../src/deploy/engine/outputs/outputs.js';
import { COMMON_INPUTS, COMMON_OUTPUTS } from '../src/deploy/engine/inputs/operation-inputs.js';
import { OPERATION_NAMES, OPERATIONS } from '../src/deploy/operations.js';
import { CAPABILITY_INPUT } from '../src/deploy/capabilities.js';
import { parse } from 'yaml';
import {
  CAPABILITIES,
  capabilityInputDescription,
  capabilityInputs,
  capabilityOutputs,
  descriptionFor,
  operationDescription,
  type Capability
} from './capability-io.js';

export { COMMON_INPUTS, COMMON_OUTPUTS };

const oneLine = (text: string): string => text.replace(/\s+/g, ' ').trim();

/** The widest line of a description in action.yml, its indent included. */
const YAML_WIDTH = 106;

/** A description as a folded block (`>-`): words wrapped at YAML_WIDTH, which the runner reads as one line. */
function folded(text: string, indent: string): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of oneLine(text).split(' ')) {
    if (line !== '' && indent.length + line.length + 1 + word.length > YAML_WIDTH) {
      lines.push(indent + line);
      line = word;
    } else line = line === '' ? word : `${line} ${word}`;
  }
  return [...lines, indent + line];
}

const quoted = (text: string): string => `'${text.replaceAll("'", "''")}'`;

/** An input of an action.yml: its description folded, whether it is required, its default if any. */
function inputLines(
  name: string,
  spec: { description: string; required: boolean; default?: string | undefined }
): string[] {
  return [
    `  ${name}:`,
    '    description: >-',
    ...folded(spec.description, '      '),
    `    required: ${String(spec.required)}`,
    ...(spec.default === undefined ? [] : [`    default: ${quoted(spec.default)}`])
  ];
}

const outputLines = (name: string, description: string): string[] => [
  `  ${name}:`,
  '    description: >-',
  ...folded(description, '      ')
];

/**
 * action.yml: its head (name, description, branding) and its runs: as they are in `current`; between
 * them every input and every output, from their declarations, in their order.
 */
export function renderActionYml(current: string): string {
  const head = current.slice(0, current.indexOf('\ninputs:\n') + 1);
  const runs = current.slice(current.indexOf('\nruns:\n') + 1);
  if (head === '' || runs === current) throw new Error('action.yml has no inputs: or no runs:');
  const inputs = INPUTS.flatMap((declared) =>
    inputLines(declared.name, {
      description: describedInput(declared),
      required: 'required' in declared,
      default: 'default' in declared ? declared.default : undefined
    })
  );
  const outputs = OUTPUTS.flatMap((declared) => outputLines(declared.name, declared.description));
  return [head + 'inputs:', ...inputs, '', 'outputs:', ...outputs, '', runs].join('\n');
}

/** An input's description in the root action and the reference: operation's lists the operations. */
const describedInput = (declared: { name: string; description: string }): string =>
  declared.name === 'operation' ? operationDescription() : declared.description;

/** The root action.yml's runs: (node24, its entry, its post step and when that runs), as written. */
function rootRuns(): Record<string, string> {
  const root = parse(readFileSync(join(ROOT, 'action.yml'), 'utf8')) as { runs: Record<string, string> };
  return root.runs;
}

/**
 * <capability>/action.yml: the capability's name and line, its operations' inputs and outputs only (each
 * input's description as it reads for them), operation defaulting to the capability's, the hidden input
 * that tells the bundle which capability it runs as, and the root's runs: with the bundle one folder up.
 */
export function renderCapabilityActionYml(capability: Capability): string {
  const taken = new Set(capabilityInputs(capability));
  const written = new Set(capabilityOutputs(capability));
  const inputs = INPUTS.filter((declared) => taken.has(declared.name)).flatMap((declared) =>
    declared.name === 'operation'
      ? inputLines('operation', {
          description: operationDescription(capability),
          required: false,
          default: capability.defaultOperation
        })
      : inputLines(declared.name, {
          description: descriptionFor(declared.description, capability),
          required: 'required' in declared,
          default: 'default' in declared ? declared.default : undefined
        })
  );
  const hidden = inputLines(CAPABILITY_INPUT, {
    description: capabilityInputDescription(capability),
    required: false,
    default: capability.name
  });
  const outputs = OUTPUTS.filter((declared) => written.has(declared.name)).flatMap((declared) =>
    outputLines(declared.name, descriptionFor(declared.description, capability))
  );
  const runs = Object.entries(rootRuns()).map(([key, value]) =>
    ['main', 'pre', 'post'].includes(key) ? `  ${key}: ../${value}` : `  ${key}: ${value}`
  );
  return [
    `# Written by npm run docs from src/deploy/capabilities.ts and the declarations: edit those, not this.`,
    `name: 'Elastic Deploy: ${capability.name}'`,
    `description: ${quoted(capability.description)}`,
    'author: elastic-deploy-action contributors',
    'branding:',
    `  icon: ${capability.icon}`,
    '  color: green',
    '',
    'inputs:',
    ...inputs,
    ...hidden,
    '',
    'outputs:',
    ...outputs,
    '',
    'runs:',
    ...runs,
    ''
  ].join('\n');
}

/**
 * docs/reference.md: first what each operation needs and takes, with the defaults (a table of them all,
 * then a section each); then every input and every output described once, in their declarations' order.
 */
export function renderReference(): string {
  /** `wait_timeout` (`15m`): an input, with its default. */
  const named = (name: string): string => {
    const declared = INPUT_BY_NAME.get(name);
    if (declared === undefined) throw new Error(`no input is declared as ${name}`);
    const fallback = declared.default;
    return fallback === undefined || fallback === '' ? `\`${name}\`` : `\`${name}\` (\`${fallback}\`)`;
  };
  const outputName = (name: string): string => {
    if (!(OUTPUT_NAMES as readonly string[]).includes(name))
      throw new Error(`no output is declared as ${name}`);
    return `\`${name}\``;
  };
  const list = (names: readonly string[], show: (name: string) => string): string =>
    names.length === 0 ? 'none' : names.map(show).join(', ');
  const lines = [
    '# Inputs and outputs, by operation',
    '',
    '<!-- Written by npm run docs from the declarations: src/deploy/engine/inputs/ and src/deploy/engine/outputs/ (the descriptions and defaults) and src/deploy/engine/inputs/operation-inputs.ts (which operation takes which). -->',
    '',
    'Every input is a `with:` of the action, and a flag or an `ELASTIC_DEPLOY_<INPUT>` variable of',
    '`elastic-deploy` (see [the CLI](cli.md)). First what each operation needs, and what else it takes',
    '(defaults in parentheses); then [every input](#the-inputs) and [every output](#the-outputs),',
    'described once.',
    '',
    ...actionsTable(),
    '| Operation | What it does | Needs |',
    '| --- | --- | --- |',
    ...OPERATIONS.map(
      (docs) =>
        `| [\`${docs.name}\`](#${docs.name}) | ${docs.summary} | ${list(docs.needs, (n) => `\`${n}\``)} |`
    ),
    '',
    '## Every operation',
    '',
    `- Takes: ${list(COMMON_INPUTS, named)}`,
    `- Writes: ${list(COMMON_OUTPUTS, outputName)}`,
    ''
  ];
  for (const docs of OPERATIONS) {
    const operation = docs.name;
    lines.push(
      `## \`${operation}\``,
      '',
      `${docs.summary[0]?.toUpperCase() ?? ''}${docs.summary.slice(1)}.`,
      '',
      `- Needs: ${list(docs.needs, named)}`,
      `- Takes too: ${list(docs.inputs, named)}`,
      ...(docs.outputs.length === 0 ? [] : [`- Writes too: ${list(docs.outputs, outputName)}`]),
      '',
      ...ownWords(operation, [...docs.needs, ...docs.inputs, ...COMMON_INPUTS])
    );
  }
  lines.push('## The inputs', '');
  for (const declared of INPUTS) {
    const fallback = 'default' in declared ? ` (default \`${declared.default}\`)` : '';
    lines.push(
      `- \`${declared.name}\`${'required' in declared ? ' (required)' : fallback}: ${oneLine(describedInput(declared))}`
    );
  }
  lines.push('', '## The outputs', '');
  for (const declared of OUTPUTS) lines.push(`- \`${declared.name}\`: ${oneLine(declared.description)}`);
  return `${lines.join('\n')}\n`;
}

/** The actions, the capabilities' first (each with its operations, its default first), then the root one. */
function actionsTable(): string[] {
  const repository = 'elastic-deploy-action/elastic-deploy-action';
  const linked = (operation: string): string => `[\`${operation}\`](#${operation})`;
  return [
    "Each capability is an action of its own, whose `action.yml` declares only its operations' inputs",
    'and outputs; the root action runs every operation, named in `operation`:',
    '',
    '| Action | Its operations (the default first) |',
    '| --- | --- |',
    ...CAPABILITIES.map((capability) => {
      const rest = capability.operations.filter((operation) => operation !== capability.defaultOperation);
      const operations = [capability.defaultOperation, ...rest].map(linked).join(', ');
      return `| \`${repository}/${capability.name}@v0\` | ${operations} |`;
    }),
    `| \`${repository}@v0\` | every operation (\`operation\` required) |`,
    ''
  ];
}

/**
 * What the inputs an operation takes mean for it, where that is less than their whole description (the
 * parts written for other operations left out): the same words as its --help.
 */
function ownWords(operation: string, names: readonly string[]): string[] {
  const own = names.flatMap((name) => {
    const meaning = meaningsOf(name, INPUT_BY_NAME.get(name)?.description ?? '')[operation];
    return meaning === undefined ? [] : [`- \`${name}\`: ${meaning}`];
  });
  return own.length === 0 ? [] : ['For this operation:', '', ...own, ''];
}

/** The operations that take an input: every one for a common input, else those that list it. */
export function operationsTaking(name: string): string[] {
  if ((COMMON_INPUTS as readonly string[]).includes(name)) return [...OPERATION_NAMES];
  return OPERATIONS.filter((docs) => [...docs.needs, ...docs.inputs].some((taken) => taken === name)).map(
    (docs) => docs.name
  );
}

/** What an input means for each operation that takes it, where that differs from its whole description. */
export function meaningsOf(name: string, description: string): Record<string, string> {
  const all = [...OPERATION_NAMES];
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

/** The files npm run docs writes, each from the declarations (and what the file holds now). */
export const GENERATED: readonly { path: string; render: (current: string) => string }[] = [
  { path: 'action.yml', render: renderActionYml },
  { path: 'docs/reference.md', render: () => renderReference() },
  ...CAPABILITIES.map((capability) => ({
    path: `${capability.name}/action.yml`,
    render: () => renderCapabilityActionYml(capability)
  }))
];

/** Each generated file: its path, what it holds, and what the declarations make of it. */
export async function generatedFiles(): Promise<{ path: string; current: string; rendered: string }[]> {
  return Promise.all(
    GENERATED.map(async ({ path, render }) => {
      const full = join(ROOT, path);
      const current = existsSync(full) ? readFileSync(full, 'utf8') : '';
      return { path, current, rendered: await formatted(render(current), path) };
    })
  );
}

if (process.argv[1]?.endsWith('docs.ts') === true) {
  for (const { path, current, rendered } of await generatedFiles()) {
    if (process.argv.includes('--check')) {
      if (rendered !== current) {
        console.error(`${path} differs from what the declarations make: run npm run docs`);
        process.exitCode = 1;
      }
    } else {
      mkdirSync(dirname(join(ROOT, path)), { recursive: true });
      writeFileSync(join(ROOT, path), rendered);
      console.log(rendered === current ? `${path} is up to date` : `${path} written from the declarations`);
    }
  }
}
