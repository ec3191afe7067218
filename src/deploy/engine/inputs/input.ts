import type { OperationName } from '../../../platform/platform-settings.js';

/** What an input's default may read of the operation's declaration (deploy/<capability>/operations.ts). */
export interface OperationFacts {
  readonly name: OperationName;
  /** What the post step does with what the step creates when cleanup is empty (none unless set). */
  readonly cleanupByDefault?: 'stop';
}

/** What an input holds, as the docs and the CLI's help speak of it. */
export type InputType =
  | 'text'
  | 'choice'
  | 'bool'
  | 'number'
  | 'duration'
  | 'size'
  | 'list'
  | 'lines'
  | 'yaml'
  | 'time'
  | 'secret'
  | 'key';

/**
 * One input, declared once: everything else (action.yml, docs/reference.md, the CLI's flags, variables
 * and help, the lists of names, secrets and defaults) is made from or reads this.
 */
export interface InputDeclaration<N extends string = string, T = unknown> {
  readonly name: N;
  readonly type: InputType;
  /** What it is, for action.yml (the runner and the marketplace show it) and the docs: one paragraph. */
  readonly description: string;
  /**
   * Its value as the settings hold it, from the text given (trimmed unless `untrimmed`; never empty: an
   * empty input takes `default`, or is not set). Pure: throws an InputError naming the input and the fix.
   */
  readonly parse: (value: string, name: N) => T;
  /** The default the runner fills in (action.yml declares it). */
  readonly default?: string;
  /**
   * A default that depends on the operation (its declaration, deploy/<capability>/operations.ts), which action.yml cannot
   * declare: as the CLI's help says it.
   */
  readonly defaultFor?: (operation: OperationFacts) => string;
  readonly required?: true;
  /** A secret: masked before anything is logged; the CLI takes it from a variable or a file, never a flag. */
  readonly secret?: true;
  /** A key the CLI reads from ELASTIC_DEPLOY_<NAME>_FILE too (a secret always is). */
  readonly file?: true;
  /** The variable it falls back to when empty, in the action and the CLI: DEPLOY_API_TOKEN. */
  readonly env?: string;
  /** Read as given, not trimmed (a key, a YAML body): its parser sees the text whole. */
  readonly untrimmed?: true;
  /** Its place in an operation's brief help, most used first (1); none: not among the most used. */
  readonly helpRank?: number;
  /** What it means on the command line, where that differs from the action (a path of the CLI's). */
  readonly cliDescription?: string;
  /** The command line's first word, no flag: `elastic-deploy <operation>`. */
  readonly positional?: true;
  /** What the request carries (the body, the query): a cleanup reads the step's inputs without it. */
  readonly requestContent?: true;
  /**
   * It may hold YAML, which the action's parser (a chunk loaded on demand) reads: `text`, whenever it is
   * set (a body); `list`, when it holds more than digits, commas and spaces (ids as a YAML list).
   */
  readonly yaml?: 'text' | 'list';
  /** Given without a value on the command line (`--wait`), it means true. */
  readonly standsAlone?: true;
}

/** The declaration as written: its types kept as they are (its name a literal, its parser's value). */
export const input = <const D extends InputDeclaration>(declaration: D): D => declaration;

/** An input as the command line writes it: task_name as task-name. */
export const flagOf = (name: string): string => name.replaceAll('_', '-');

/** The prefix of the environment variables the CLI reads its inputs from: ELASTIC_DEPLOY_TASK_NAME. */
export const ENV_PREFIX = 'ELASTIC_DEPLOY_';

/** The variable the CLI reads an input from: ELASTIC_DEPLOY_TASK_NAME (and ..._FILE for a key or secret). */
export const variableOf = (name: string): string => `${ENV_PREFIX}${name.toUpperCase()}`;

/** Text as given: the parser of an input read whole by its step (an id, a name, a key). */
export const asText = (value: string): string => value;
