import { isLosslessNumber } from 'lossless-json';
import { InputError, quote } from '../basics/input-error.js';
import { parseWrittenJson } from '../protocol/json.js';
import { type QueryParams } from '../protocol/request.js';
import { parseTaskId, TASK_ID } from './engine/inputs/parsers.js';
import { parseYaml, yamlErrorPlace, yamlLoaded } from './yaml.js';

// The parsers of the inputs that hold YAML (body, query, endpoints, task_id as a list): the YAML parser
// is the action's, loaded on demand. Every other input's parser is its declaration's (deploy/engine/inputs/).

/**
 * A YAML or JSON mapping (JSON is YAML). Integers are read exactly, as bigints. Parse errors give the
 * position only, never the text around it, which may hold credentials.
 */
export function parseMapping(name: string, value: string): Record<string, unknown> {
  if (value.trim() === '') return {};
  let parsed: unknown;
  try {
    parsed = parseJsonFirst(value);
  } catch (error) {
    if (!yamlLoaded()) throw error;
    const place = yamlErrorPlace(error);
    const where = place === undefined ? '' : ` at line ${place.line}, column ${place.col}`;
    const code = place === undefined ? '' : ` (${place.code})`;
    throw new InputError(
      `${name} is not valid YAML or JSON${where}${code}: write a mapping such as "key: value" or {"key": "value"}`
    );
  }
  if (parsed === null || parsed === undefined) return {};
  if (typeof parsed !== 'object' || Array.isArray(parsed) || parsed instanceof Map) {
    throw new InputError(`${name} is not a mapping: write fields as "key: value" lines or a JSON object`);
  }
  return parsed as Record<string, unknown>;
}

/** JSON objects take the fast, exact JSON parser; anything else (or JSON it refuses) is read as YAML. */
function parseJsonFirst(value: string): unknown {
  if (value.trimStart().startsWith('{')) {
    try {
      return parseWrittenJson(value);
    } catch {
      // Not strict JSON (a YAML flow mapping such as {a: 1}): YAML reads it, or says where it fails.
    }
  }
  return parseYaml(value);
}

/** Query parameters from a YAML or JSON mapping of scalars; a list becomes a comma-separated value. */
export function parseQuery(name: string, value: string): QueryParams {
  const scalar = (key: string, item: unknown): string => {
    if (
      typeof item === 'string' ||
      typeof item === 'number' ||
      typeof item === 'bigint' ||
      typeof item === 'boolean'
    ) {
      return String(item);
    }
    if (isLosslessNumber(item)) return item.toString();
    throw new InputError(
      `${name}.${key} is not a scalar or a list of scalars: query parameters are plain values`
    );
  };
  return Object.entries(parseMapping(name, value))
    .filter(([, item]) => item !== null && item !== undefined)
    .map(
      ([key, item]) =>
        [key, Array.isArray(item) ? item.map((i) => scalar(key, i)).join(',') : scalar(key, item)] as const
    );
}

const MAX_TASK_IDS = 1000;
const SEVERAL_IDS =
  'write one id per line, or separate ids with a comma and a space ("1229831, 1229832"), or give a list ([1229831, 1229832])';

/**
 * One or more task ids, kept as digits. An id is digits only. Several are written one per line, on one
 * line separated by a comma and a space, or as a YAML/JSON list (flow "[a, b]" or block "- a" lines).
 * Nothing else is guessed at: "1,229,832" reads as one number with thousands separators, and ids
 * separated by spaces alone could be one number grouped by spaces, so both are refused.
 */
export function parseTaskIds(name: string, value: string): string[] {
  const text = value.trim();
  if (text === '') return [];
  const ids = /^(\[|-\s)/.test(text) ? idsOfList(name, text) : idsOfLines(name, text);
  const seen = new Set<string>();
  for (const id of ids) {
    if (seen.has(id)) throw new InputError(`${name} lists ${id} twice: list each task once`);
    seen.add(id);
  }
  if (ids.length > MAX_TASK_IDS)
    throw new InputError(`${name} lists ${ids.length} ids: list at most ${MAX_TASK_IDS} per step`);
  return ids;
}

function idsOfLines(name: string, text: string): string[] {
  return text
    .split(/\r?\n/)
    .flatMap((line) => line.trim().replace(/,$/, '').split(/,\s+/))
    .filter((item) => item !== '')
    .map((item) => {
      if (TASK_ID.test(item)) return item;
      if (/^\d+(,\d+)+$/.test(item)) {
        throw new InputError(
          `${name} ${quote(item)} has commas without a space, which reads as one number with thousands separators, not a list: an id is digits only; ${SEVERAL_IDS}`
        );
      }
      if (/^\d+(\s+\d+)+$/.test(item)) {
        throw new InputError(`${name} ${quote(item)} separates ids with spaces alone: ${SEVERAL_IDS}`);
      }
      return parseTaskId(name, item);
    });
}

function idsOfList(name: string, text: string): string[] {
  let list: unknown;
  try {
    list = parseYaml(text);
  } catch (error) {
    if (!yamlLoaded()) throw error;
    throw new InputError(`${name} is not a valid YAML or JSON list: ${SEVERAL_IDS}`);
  }
  if (!Array.isArray(list)) throw new InputError(`${name} is not a list of ids: ${SEVERAL_IDS}`);
  return list.map((item: unknown) => {
    const digits = typeof item === 'bigint' || typeof item === 'string' ? String(item) : undefined;
    if (digits === undefined || !TASK_ID.test(digits)) {
      const shown =
        typeof item === 'object' && item !== null
          ? Array.isArray(item)
            ? 'a nested list'
            : 'a mapping'
          : quote(digits ?? String(item));
      throw new InputError(
        `${name} lists ${shown}, which is not a task id: list ids as digits, such as [1229831, 1229832]`
      );
    }
    return digits;
  });
}
