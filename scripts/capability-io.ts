// What each capability's action declares, from the declarations: its inputs and outputs (those of its
// operations, and those of every operation), and what each input means for its operations. npm run docs
// writes <capability>/action.yml from this (scripts/docs.ts); the tests read it to hold the files to it.
import { CAPABILITIES, type Capability } from '../src/deploy/capabilities.js';
import { INPUT_BY_NAME, INPUTS } from '../src/deploy/engine/inputs/index.js';
import { partsOf } from '../src/deploy/engine/inputs/meanings.js';
import { COMMON_INPUTS, COMMON_OUTPUTS } from '../src/deploy/engine/inputs/operation-inputs.js';
import { operationNamed } from '../src/deploy/operations.js';
import { OUTPUTS } from '../src/deploy/engine/outputs/outputs.js';
import { OPERATION_NAMES, type OperationName } from '../src/platform/platform-settings.js';

export { CAPABILITIES, type Capability };

/**
 * An operation's own inputs and outputs (beside every operation's) and its line: the one place the
 * capabilities read the operations' declarations.
 */
export function operationIO(operation: OperationName): {
  summary: string;
  inputs: readonly string[];
  outputs: readonly string[];
} {
  const { summary, needs, inputs, outputs } = operationNamed(operation);
  return { summary, inputs: [...needs, ...inputs], outputs };
}

/** The inputs a capability's action declares: every operation's, and its operations', in action.yml's order. */
export function capabilityInputs(capability: Capability): string[] {
  const taken = new Set<string>([
    ...COMMON_INPUTS,
    ...capability.operations.flatMap((operation) => operationIO(operation).inputs)
  ]);
  return INPUTS.map((declared) => declared.name).filter((name) => taken.has(name));
}

/** The outputs a capability's action declares: every operation's, and its operations', in action.yml's order. */
export function capabilityOutputs(capability: Capability): string[] {
  const written = new Set<string>([
    ...COMMON_OUTPUTS,
    ...capability.operations.flatMap((operation) => operationIO(operation).outputs)
  ]);
  return OUTPUTS.map((declared) => declared.name).filter((name) => written.has(name));
}

/**
 * What an input's description says for a capability's operations: its head, and the parts written for
 * them, each opening with the capability's operations it names (the whole description when it has no
 * parts for any operation).
 */
export function descriptionFor(description: string, capability: Capability): string {
  const { head, parts } = partsOf(description, OPERATION_NAMES);
  if (parts.length === 0) return head;
  const own = parts.flatMap((part) => {
    const names = part.operations.filter((name) =>
      (capability.operations as readonly string[]).includes(name)
    );
    if (names.length === 0) return [];
    const listed = names.map((name) => `\`${name}\``);
    const opening =
      listed.length === 1 ? listed[0] : `${listed.slice(0, -1).join(', ')} and ${listed.at(-1) ?? ''}`;
    return [`${opening}${part.condition === undefined ? '' : ` with ${part.condition}`}: ${part.text}`];
  });
  const said = [head, ...own].filter((text) => text !== '').join(' ');
  return said === '' ? description : said;
}

/**
 * The operation input's description: its declaration's head, then each operation with its line, from the
 * operations' declarations: every operation in the root action, its own (its default first) in a
 * capability's.
 */
export function operationDescription(capability?: Capability): string {
  const head = INPUT_BY_NAME.get('operation')?.description ?? '';
  const listed = (capability?.operations ?? OPERATION_NAMES).map(
    (operation) =>
      `\`${operation}\`${operation === capability?.defaultOperation ? ' (the default)' : ''}: ${operationIO(operation).summary}`
  );
  if (capability === undefined) return `${head}: ${listed.join('; ')}.`;
  return `${head} this action runs: ${listed.join('; ')}. The root action (the repository without /${capability.name}) runs every operation.`;
}

/** The hidden input's description: the capability the action runs as, which the workflow leaves alone. */
export function capabilityInputDescription(capability: Capability): string {
  return `Set by this action: the capability it runs as (\`${capability.name}\`), so that the step refuses any operation but its own. Leave it unset.`;
}
