// The platform's published reference as recorded in __tests__/fixtures/reference/ (see its README for
// the shape notation), and a comparison of a JSON value with a recorded shape: names, types, nesting.
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import { parseJson } from '../../src/protocol/json.js';

const DIR = fileURLToPath(new URL('../fixtures/reference/', import.meta.url));

export type Shape = string | Shape[] | { [field: string]: Shape | boolean };

export interface Parameter {
  type: string;
  required?: boolean;
}

export interface ReferenceEndpoint {
  /** The fixture's file name without .yaml. */
  name: string;
  reference: string;
  method: 'GET' | 'POST';
  path: string;
  encrypted: boolean;
  /** The body's Content-Type where the reference gives one other than application/json. */
  content_type?: 'text/plain';
  applies_to?: string[];
  query?: Record<string, Parameter>;
  body?: Record<string, Parameter>;
  body_shape?: Shape;
  data: Shape;
  example?: { code: string; message: string; data?: unknown };
  /** The forms the example writes its times in: a pattern per field path (see timeFormProblems). */
  times?: Record<string, string>;
  /** The forms other fields are written in, as the reference writes them: a pattern per field path. */
  forms?: Record<string, string>;
  /** The values a field takes, as the reference lists them (an enum): a list per field path. */
  values?: Record<string, (string | number)[]>;
  /** The refusals the reference names a code for: the query that draws one, and its code. */
  refusals?: { query: string; code: string }[];
  /** The values the reference's enums allow, null where the field is nullable, by field path (see enumProblems). */
  enums?: Record<string, (string | null)[]>;
  example_request?: unknown;
}

/** Every endpoint the reference records, by fixture name. */
export function referenceEndpoints(): Map<string, ReferenceEndpoint> {
  return new Map(
    readdirSync(DIR)
      .filter((file) => file.endsWith('.yaml'))
      .map((file) => {
        const name = file.replace(/\.yaml$/, '');
        return [
          name,
          { name, ...(parse(readFileSync(`${DIR}${file}`, 'utf8')) as object) } as ReferenceEndpoint
        ];
      })
  );
}

export function reference(name: string): ReferenceEndpoint {
  const found = referenceEndpoints().get(name);
  if (found === undefined) throw new Error(`no reference fixture ${name}`);
  return found;
}

/** A JSON type name of a value as parsed (integers beyond 2^53 arrive as bigints). */
function typeOf(value: unknown): string {
  if (value === null) return 'null';
  if (typeof value === 'bigint') return 'integer';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  if (Array.isArray(value)) return 'array';
  return typeof value;
}

function scalarAccepts(shape: string, value: unknown): boolean {
  if (shape === 'any') return true;
  const nullable = shape.endsWith('?');
  const types = shape.replace(/\?$/, '').split('|');
  if (nullable) types.push('null');
  const type = typeOf(value);
  return types.includes(type) || (type === 'integer' && types.includes('number'));
}

/**
 * Where `value` differs from `shape`: a field the reference has that is missing, a value of another type
 * than the reference's, or (both ways) a field the reference does not have, unless `noted(path)`. Paths
 * read like `results[].containers[].exit_code`.
 */
export function shapeProblems(
  value: unknown,
  shape: Shape,
  noted: (path: string) => boolean = () => false,
  path = 'data'
): string[] {
  if (typeof shape === 'string') {
    return scalarAccepts(shape, value) ? [] : [`${path} is ${typeOf(value)}, the reference says ${shape}`];
  }
  if (Array.isArray(shape)) {
    if (!Array.isArray(value)) return [`${path} is ${typeOf(value)}, the reference says an array`];
    return value.flatMap((item) => shapeProblems(item, shape[0] ?? 'any', noted, `${path}[]`));
  }
  const nullable = shape.$nullable === true;
  if (value === null && nullable) return [];
  const items = shape.$array;
  if (items !== undefined && typeof items !== 'boolean') return shapeProblems(value, [items], noted, path);
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    return [`${path} is ${typeOf(value)}, the reference says an object`];
  const fields = Object.entries(shape).filter(([key]) => !key.startsWith('$'));
  const known = new Set(fields.map(([key]) => key.replace(/\?$/, '')));
  const record = value as Record<string, unknown>;
  const problems = fields.flatMap(([key, inner]) => {
    const name = key.replace(/\?$/, '');
    if (!(name in record)) return key.endsWith('?') ? [] : [`${path}.${name} is missing`];
    return shapeProblems(record[name], inner as Shape, noted, `${path}.${name}`);
  });
  const invented = Object.keys(record)
    .filter((name) => !known.has(name) && !noted(`${path}.${name}`))
    .map((name) => `${path}.${name} is not in the reference`);
  return [...problems, ...invented];
}

/**
 * The fields the reference's own example gives that `value` lacks: the example's every key, in its objects
 * and in the first item of its lists, as paths like `data.services[].registered_ports`. A field the example
 * writes as null still counts: the platform answers it.
 */
export function exampleFieldsMissing(example: unknown, value: unknown, path = 'data'): string[] {
  if (Array.isArray(example)) {
    const [first] = example;
    if (first === undefined || !Array.isArray(value)) return [];
    return value.flatMap((item) => exampleFieldsMissing(first, item, `${path}[]`));
  }
  if (typeof example !== 'object' || example === null) return [];
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return [];
  const record = value as Record<string, unknown>;
  return Object.entries(example).flatMap(([key, inner]) =>
    key in record ? exampleFieldsMissing(inner, record[key], `${path}.${key}`) : [`${path}.${key}`]
  );
}

/**
 * The values at each path of `values` (a field's path, as in timeFormProblems) that the reference does not
 * list, and (`seen`) the ones it lists that none of `answers` gave: an answer may hold no value the
 * reference lacks, and the answers of a run should show each the reference has.
 */
export function valueProblems(
  answers: readonly unknown[],
  values: Readonly<Record<string, readonly (string | number)[]>>
): { unlisted: string[]; unseen: string[] } {
  const unlisted: string[] = [];
  const unseen: string[] = [];
  for (const [path, listed] of Object.entries(values)) {
    const found = answers.flatMap((answer) => valuesAt(answer, path.split('.')));
    for (const value of found)
      if (!listed.includes(value as string)) unlisted.push(`${path} is ${JSON.stringify(value)}`);
    for (const value of listed) if (!found.includes(value)) unseen.push(`${path} ${JSON.stringify(value)}`);
  }
  return { unlisted: [...new Set(unlisted)], unseen };
}

/**
 * Where a time field of `value` is not written in the form the reference's example writes it: `times`
 * maps a field's path (`create_time`, `results[].job_status.create_time`) to that form, a pattern. Other
 * fields' forms (`forms`) are read alike.
 */
export function timeFormProblems(value: unknown, times: Readonly<Record<string, string>>): string[] {
  return Object.entries(times).flatMap(([path, form]) =>
    valuesAt(value, path.split('.'))
      .filter((found) => found !== null && (typeof found !== 'string' || !new RegExp(form).test(found)))
      .map((found) => `${path} is ${JSON.stringify(found)}, the reference writes ${form}`)
  );
}

/**
 * Where a field of `value` holds a value its enum in the reference does not list: `enums` maps a field's path
 * (`status`, `results[].job_status.completion_mode`) to the values allowed, null among them where the
 * reference makes the field nullable. A field absent is no problem (the shape says whether it must be).
 */
export function enumProblems(
  value: unknown,
  enums: Readonly<Record<string, readonly (string | null)[]>>
): string[] {
  return Object.entries(enums).flatMap(([path, allowed]) =>
    valuesAt(value, path.split('.'))
      .filter((found) => !allowed.includes(found as string | null))
      .map(
        (found) => `${path} is ${JSON.stringify(found)}, the reference's enum is ${JSON.stringify(allowed)}`
      )
  );
}

/** The values at a path whose parts may end in [] (every item of a list). */
function valuesAt(value: unknown, parts: readonly string[]): unknown[] {
  const [part, ...rest] = parts;
  if (part === undefined) return [value];
  if (typeof value !== 'object' || value === null) return [];
  const list = part.endsWith('[]');
  const inner = (value as Record<string, unknown>)[list ? part.slice(0, -2) : part];
  if (!list) return inner === undefined ? [] : valuesAt(inner, rest);
  return Array.isArray(inner) ? inner.flatMap((item) => valuesAt(item, rest)) : [];
}

/** The data of the reference's example answer for `name`, as the action reads an answer: through its own exact JSON reader. */
export function exampleData(name: string): unknown {
  const example = reference(name).example;
  if (example === undefined) throw new Error(`the reference gives no example for ${name}`);
  return parseJson(JSON.stringify(example.data));
}
