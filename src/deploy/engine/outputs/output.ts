/**
 * What an output holds: text; a number, exact (as the CLI's JSON prints it); true or false; a list or an
 * object as JSON text; or the path of a file the run wrote.
 */
export type OutputType = 'text' | 'number' | 'bool' | 'json' | 'file';

/**
 * One output, declared once: action.yml's outputs, docs/reference.md, the CLI's JSON types and the
 * dotenv report's order are made from or read this. Which operations write it: operation-inputs.ts.
 */
export interface OutputDeclaration<N extends string = string> {
  readonly name: N;
  readonly type: OutputType;
  /** What it holds, for action.yml and the docs: one paragraph. */
  readonly description: string;
  /**
   * Its place in a dotenv report (GitLab's), the most useful to a later stage first (1); none: never in
   * one (data, the platform's whole answer: often over the limit by itself, and it carries the task's
   * configuration).
   */
  readonly dotenvRank?: number;
}

/** The declaration as written: its name kept a literal. */
export const output = <const D extends OutputDeclaration>(declaration: D): D => declaration;
