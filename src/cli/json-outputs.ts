import { exactNumberOf, outputsOfType, parseJson, type ListRows } from '../deploy/door.js';

/** Outputs that are numbers: printed as JSON numbers, exact (null when empty). Their declarations say. */
export const NUMBER_OUTPUTS: ReadonlySet<string> = outputsOfType('number');
/** Outputs that are true or false (null when empty: not known, or not asked). */
export const BOOLEAN_OUTPUTS: ReadonlySet<string> = outputsOfType('bool');
/** Outputs that hold a list or an object as JSON text: printed as the list or object. */
export const JSON_OUTPUTS: ReadonlySet<string> = outputsOfType('json');

/**
 * The outputs as the CLI's JSON prints them: those that have a value, each by its name, as what it is (a
 * number, a boolean, a list or an object; every other output, and task ids, as text). `data` (the
 * platform's whole answer, its environment values redacted) only when asked for (--with-data); the
 * outputs that name files only when the files are kept (see keptFiles).
 */
export function typedOutputs(
  outputs: ReadonlyMap<string, string>,
  options: { withData: boolean; files: boolean }
): Record<string, unknown> {
  const typed: Record<string, unknown> = {};
  for (const [name, text] of outputs) {
    if (!hasValue(text)) continue;
    if (name === 'data' && !options.withData) continue;
    if (FILE_OUTPUTS.has(name) && !options.files) continue;
    typed[name] = typeOf(name, text);
  }
  return typed;
}

/** Whether an output says something: not empty, nor an empty list or object (no task ids, no URLs). */
export function hasValue(text: string): boolean {
  return text !== '' && text !== '[]' && text !== '{}';
}

/** Outputs that name a file the run wrote. */
export const FILE_OUTPUTS: ReadonlySet<string> = outputsOfType('file');

function typeOf(name: string, text: string): unknown {
  // Several tasks' cost (an object of task id to cost) or billing_value (a list): their numbers, exact.
  if (NUMBER_OUTPUTS.has(name) && /^[[{]/.test(text)) return jsonOf(text);
  if (NUMBER_OUTPUTS.has(name)) return text === '' ? null : (exactNumberOf(text) ?? text);
  if (BOOLEAN_OUTPUTS.has(name)) return text === 'true' ? true : text === 'false' ? false : null;
  if (JSON_OUTPUTS.has(name)) return text === '' ? null : jsonOf(text);
  return text;
}

/** JSON text as what it holds, its numbers exact; the text itself when it is no JSON. */
function jsonOf(text: string): unknown {
  try {
    return parseJson(text);
  } catch {
    return text;
  }
}

/**
 * A listing's rows as the CLI's JSON holds them: each cell as text, but money (the list's money columns:
 * yuan), a number, exact, as the cost output is (null where a row has none).
 */
export function typedRows(list: ListRows): Record<string, unknown>[] {
  return list.rows.map((row) =>
    Object.fromEntries(
      Object.entries(row).map(([column, text]) =>
        list.money.includes(column)
          ? [column, text === '' ? null : (exactNumberOf(text) ?? text)]
          : [column, text]
      )
    )
  );
}
