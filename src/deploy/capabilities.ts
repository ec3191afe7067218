import { InputError, quote } from '../basics/input-error.js';
import type { CapabilityName } from './engine/operations/operation.js';
import { OPERATION_NAMES, operationNamed, type OperationName } from './operations.js';

// The capabilities: the operations grouped as a workflow uses them, each an action of its own beside the
// root one (deploy/action.yml, job/action.yml...: npm run docs writes them from these rows and the
// operations' declarations, which say the capabilities that run them). Each runs the same bundle; the
// root action runs every operation.

/** One capability: its action's name and line, its operations, and the one it runs when none is given. */
export interface Capability {
  /** Its folder, and the action's path: `<owner>/<repo>/<name>@v0`. */
  readonly name: CapabilityName;
  /** What it does, in one line: its action's description. */
  readonly description: string;
  /**
   * What it runs, in the order its operation input lists them: the operations whose declarations name it,
   * in the order of OPERATIONS.
   */
  readonly operations: readonly OperationName[];
  /** What it runs when operation is not given: one of its operations. */
  readonly defaultOperation: OperationName;
  /** Its icon on the marketplace (a Feather icon name). */
  readonly icon: string;
}

/**
 * The hidden input by which a capability's action tells the bundle which it is: declared in its
 * action.yml with the capability as its default (a JavaScript action has no environment of its own), and
 * in no other; the root action, which runs every operation, leaves it empty.
 */
export const CAPABILITY_INPUT = 'capability';

/**
 * Each capability's action: its name, line, default and icon. Which operations it runs, each operation's
 * declaration says: the reads that serve more than one (the resources and their prices, the bills) are in
 * each that pays for GPUs; `request`, which sends anything, is the root action's alone.
 */
const ROWS: readonly Omit<Capability, 'operations'>[] = [
  {
    name: 'deploy',
    description:
      'Start, change, inspect and stop elastic deployment tasks on a GPU compute platform, and gate deploys on their status.',
    defaultOperation: 'create',
    icon: 'upload-cloud'
  },
  {
    name: 'job',
    description:
      'Run a GPU batch job on a GPU compute platform to its end, its log streamed; read, search and stop jobs.',
    defaultOperation: 'job',
    icon: 'play'
  },
  {
    name: 'preview',
    description:
      "Bring each pull request's preview up on a GPU compute platform, recorded as a GitHub deployment, and stop it on close.",
    defaultOperation: 'preview',
    icon: 'eye'
  },
  {
    name: 'data',
    description:
      "Make sure of a GPU compute platform's cluster storage volumes, and copy data between them and the workspace or object storage.",
    defaultOperation: 'volume',
    icon: 'database'
  },
  {
    name: 'runner',
    description:
      'Start a self-hosted GitHub runner on a GPU compute platform for one workflow job, billed only while it runs; stop and sweep them.',
    defaultOperation: 'runner',
    icon: 'cpu'
  }
];

/** The capabilities, each with the operations whose declarations name it. */
export const CAPABILITIES: readonly Capability[] = ROWS.map((row) => ({
  ...row,
  operations: OPERATION_NAMES.filter((name) => operationNamed(name).capabilities?.includes(row.name) === true)
}));

/**
 * Refuses, before anything is read or sent, an operation that the capability the step runs as (the
 * hidden input's value) does not run; a capability no action declares, too. An empty capability (the
 * root action) runs every operation.
 */
export function checkCapability(capability: string, operation: string): void {
  const name = capability.trim();
  if (name === '') return;
  const own = CAPABILITIES.find((one) => one.name === name);
  if (own === undefined)
    throw new InputError(
      `${CAPABILITY_INPUT} ${quote(name)} is not one of ${CAPABILITIES.map((one) => one.name).join(', ')}: it is set by the capability actions, leave it unset`
    );
  const given = operation.trim();
  if ((own.operations as readonly string[]).includes(given)) return;
  throw new InputError(
    `operation ${quote(given)} is not one of the ${own.name} action's operations (${own.operations.join(', ')}): set operation to one of them${elsewhere(given)}`
  );
}

/** Where else an operation runs, as a fix says it: the capability actions that run it, and the root action. */
function elsewhere(operation: string): string {
  if (!(OPERATION_NAMES as readonly string[]).includes(operation)) return '';
  const actions = CAPABILITIES.filter((one) => (one.operations as readonly string[]).includes(operation)).map(
    (one) => `the ${one.name} action (this repository's ${one.name}/)`
  );
  return `, or use ${[...actions, 'the root action, which runs every operation'].join(' or ')}`;
}
