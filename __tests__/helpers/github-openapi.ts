// GitHub's published OpenAPI description (@octokit/openapi, api.github.com) and a comparison of a JSON
// value with one of its schemas: every field a schema requires present, each typed as it types it (null
// only where nullable), and no field it does not have where it lists its fields.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

interface Schema {
  $ref?: string;
  type?: string;
  nullable?: boolean;
  enum?: unknown[];
  properties?: Record<string, Schema>;
  required?: string[];
  additionalProperties?: boolean | Schema;
  items?: Schema;
  minItems?: number;
  maxItems?: number;
  oneOf?: Schema[];
  anyOf?: Schema[];
  allOf?: Schema[];
}

/** An answer as the description writes it, or a reference to one of its shared answers. */
interface Answer {
  $ref?: string;
  content?: Record<string, { schema: Schema }>;
}

interface Description {
  paths: Record<
    string,
    Record<
      string,
      {
        responses: Record<string, Answer>;
        requestBody?: { content: Record<string, { schema: Schema }> };
      }
    >
  >;
  components: { schemas: Record<string, Schema>; responses: Record<string, Answer> };
}

let loaded: Description | undefined;
/** The description of api.github.com, read once. */
export function githubDescription(): Description {
  loaded ??= JSON.parse(
    readFileSync(
      createRequire(import.meta.url).resolve('@octokit/openapi/generated/api.github.com.json'),
      'utf8'
    )
  ) as Description;
  return loaded;
}

/** The schema of an operation's answer of `status`; undefined when the description has none. */
export function answerSchema(method: string, path: string, status: number): Schema | undefined {
  const given = githubDescription().paths[path]?.[method.toLowerCase()]?.responses[String(status)];
  // A shared answer (the runner endpoints' 201, 404, 422) is written once, under components.responses.
  const answer =
    given?.$ref === undefined
      ? given
      : githubDescription().components.responses[given.$ref.replace('#/components/responses/', '')];
  return answer?.content?.['application/json']?.schema;
}

/** Whether the description documents an answer of `status` to the operation (204: one without a body). */
export function documentsAnswer(method: string, path: string, status: number): boolean {
  return githubDescription().paths[path]?.[method.toLowerCase()]?.responses[String(status)] !== undefined;
}

/** The schema of an operation's request body. */
export function requestSchema(method: string, path: string): Schema | undefined {
  return githubDescription().paths[path]?.[method.toLowerCase()]?.requestBody?.content['application/json']
    ?.schema;
}

function resolve(schema: Schema): Schema {
  if (schema.$ref === undefined) return schema;
  const name = schema.$ref.replace('#/components/schemas/', '');
  const found = githubDescription().components.schemas[name];
  if (found === undefined) throw new Error(`no schema ${schema.$ref}`);
  return resolve(found);
}

const typeOf = (value: unknown): string =>
  value === null
    ? 'null'
    : Array.isArray(value)
      ? 'array'
      : Number.isInteger(value)
        ? 'integer'
        : typeof value;

/** Where `value` departs from `schema`: one line a difference, with its path. */
export function schemaProblems(value: unknown, given: Schema, path = '$'): string[] {
  const schema = resolve(given);
  if (value === null)
    return schema.nullable === true || schema.type === 'null' ? [] : [`${path}: null, not nullable`];
  if (schema.allOf !== undefined) return schema.allOf.flatMap((part) => schemaProblems(value, part, path));
  const choices = schema.oneOf ?? schema.anyOf;
  if (choices !== undefined)
    return choices.some((choice) => schemaProblems(value, choice, path).length === 0)
      ? []
      : [`${path}: matches none of its ${choices.length} forms`];
  if (schema.enum !== undefined && !schema.enum.includes(value))
    return [`${path}: ${JSON.stringify(value)} is not one of ${JSON.stringify(schema.enum)}`];
  const type = typeOf(value);
  if (schema.type !== undefined && schema.type !== type && !(schema.type === 'number' && type === 'integer'))
    return [`${path}: ${type}, not ${schema.type}`];
  if (type === 'array') {
    const items = value as unknown[];
    const count =
      items.length < (schema.minItems ?? 0)
        ? [`${path}: ${items.length} items, fewer than ${schema.minItems}`]
        : items.length > (schema.maxItems ?? Infinity)
          ? [`${path}: ${items.length} items, more than ${schema.maxItems}`]
          : [];
    return [
      ...count,
      ...items.flatMap((item, i) =>
        schema.items === undefined ? [] : schemaProblems(item, schema.items, `${path}[${i}]`)
      )
    ];
  }
  if (type !== 'object') return [];
  const record = value as Record<string, unknown>;
  const properties = schema.properties ?? {};
  const missing = (schema.required ?? [])
    .filter((name) => !(name in record))
    .map((name) => `${path}.${name}: missing`);
  const listed = schema.properties !== undefined && schema.additionalProperties === undefined;
  const unknown = listed
    ? Object.keys(record)
        .filter((name) => !(name in properties))
        .map((name) => `${path}.${name}: not in the description`)
    : [];
  const typed = Object.entries(record).flatMap(([name, v]) => {
    const property = properties[name];
    return property === undefined ? [] : schemaProblems(v, property, `${path}.${name}`);
  });
  return [...missing, ...unknown, ...typed];
}
