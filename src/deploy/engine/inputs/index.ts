import { BILLING_INPUTS } from './billing.js';
import { CAPACITY_INPUTS } from './capacity.js';
import { CONNECTION_INPUTS } from './connection.js';
import { COST_INPUTS } from './cost.js';
import { JOB_INPUTS } from './jobs.js';
import { LIMIT_INPUTS } from './limits.js';
import { PREVIEW_INPUTS } from './previews.js';
import { REQUEST_INPUTS } from './request.js';
import { RUNNER_INPUTS } from './runners.js';
import { STEP_INPUTS } from './step.js';
import { STORAGE_INPUTS } from './storage.js';
import { TASK_INPUTS } from './tasks.js';
import { WAIT_INPUTS } from './wait.js';
import type { InputDeclaration } from './input.js';

/** Every input, declared once, group by group: action.yml lists them in this order. */
export const INPUTS = [
  ...CONNECTION_INPUTS,
  ...TASK_INPUTS,
  ...CAPACITY_INPUTS,
  ...JOB_INPUTS,
  ...STORAGE_INPUTS,
  ...REQUEST_INPUTS,
  ...WAIT_INPUTS,
  ...LIMIT_INPUTS,
  ...STEP_INPUTS,
  ...COST_INPUTS,
  ...PREVIEW_INPUTS,
  ...RUNNER_INPUTS,
  ...BILLING_INPUTS
] as const;

type Declared = (typeof INPUTS)[number];
export type InputName = Declared['name'];
/** The inputs that have a default the runner fills in. */
export type DefaultedInput = Extract<Declared, { default: string }>['name'];
/** What an input's parser makes of it. */
export type InputValue<N extends InputName> = ReturnType<Extract<Declared, { name: N }>['parse']>;

/** Every input's name, in action.yml's order. */
export const INPUT_NAMES: readonly InputName[] = INPUTS.map((declared) => declared.name);

/** Each input's declaration, by its name. */
export const INPUT_BY_NAME: ReadonlyMap<string, InputDeclaration<InputName>> = new Map(
  INPUTS.map((declared) => [declared.name, declared as InputDeclaration<InputName>])
);

/** Inputs that hold a secret: the CLI takes them from the environment or a file, never from a flag. */
export const SECRET_INPUTS: readonly InputName[] = INPUTS.filter((d) => 'secret' in d).map((d) => d.name);

/**
 * Inputs that hold a key or a secret: the CLI reads each from ELASTIC_DEPLOY_<NAME>_FILE too (a file that
 * holds it), as well as from its variable. The platform's public key is no secret (a flag may give it).
 */
export const FILE_INPUTS: readonly InputName[] = [
  ...SECRET_INPUTS,
  ...INPUTS.filter((d) => 'file' in d).map((d) => d.name)
];

/**
 * The default of every input that has one, as text. An input whose default depends on the operation
 * (cleanup, wait_timeout) declares none, since the runner would pass it as if the user had set it: its
 * default is the deploy layer's (step-defaults.ts), and its description says it.
 */
export const INPUT_DEFAULTS = Object.fromEntries(
  INPUTS.flatMap((d) => ('default' in d ? [[d.name, d.default]] : []))
) as Readonly<Record<DefaultedInput, string>>;

export { DEFAULT_BASE_URL } from './connection.js';
export { ENV_PREFIX, flagOf, variableOf, type InputDeclaration, type InputType } from './input.js';
