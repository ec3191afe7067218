import type * as Yaml from 'yaml';
import { INPUTS } from './engine/inputs/index.js';

/**
 * The YAML parser, loaded on demand. It is half of what dist/index.js would hold, so the bundle keeps it
 * in a chunk of its own that a step loads only when an input holds YAML (see yamlNeeded): a detail, stop
 * or create without a body never pays for it.
 */
let yaml: typeof Yaml | undefined;

export async function loadYaml(): Promise<void> {
  yaml ??= await import('yaml');
}

export function yamlLoaded(): boolean {
  return yaml !== undefined;
}

/** Parses YAML (JSON is YAML), integers as bigints; loadYaml() must have run. */
export function parseYaml(text: string): unknown {
  if (yaml === undefined) throw new Error('the YAML parser is not loaded: await loadYaml() first');
  return yaml.parse(text, { intAsBigInt: true });
}

/** Where a YAML parse error is, and its code: never the text around it, which may hold credentials. */
export function yamlErrorPlace(error: unknown): { line: number; col: number; code: string } | undefined {
  if (yaml === undefined || !(error instanceof yaml.YAMLParseError)) return undefined;
  const [start] = error.linePos ?? [];
  return start === undefined ? undefined : { line: start.line, col: start.col, code: error.code };
}

/** The inputs that may hold YAML: mappings, and task_id when it is more than digits, commas and spaces. */
export function yamlNeeded(input: (name: string) => string): boolean {
  return INPUTS.some((declared) =>
    !('yaml' in declared)
      ? false
      : declared.yaml === 'text'
        ? input(declared.name).trim() !== ''
        : !/^[\d,\s]*$/.test(input(declared.name))
  );
}
