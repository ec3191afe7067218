import { formatDuration, formatSize, rfc3339, SIZE_UNITS } from '../../../basics/units.js';
import { InputError, quote } from '../../../basics/input-error.js';
import { SEARCHABLE_STATUSES } from '../../../platform/task-data.js';
import type { CopyPlace, DataCopy, Mount } from '../settings.js';

// The parsers of the inputs' declarations: pure functions of the text given (and the input's name, for
// the error), each throwing an InputError that names the input, the value and the fix.

export function parseChoice<T extends string>(name: string, value: string, choices: readonly T[]): T {
  if ((choices as readonly string[]).includes(value)) return value as T;
  throw new InputError(
    `${name} ${quote(value)} is not one of ${choices.join(', ')}: set ${name} to one of them`
  );
}

/** YAML 1.2 booleans, as actions/toolkit's getBooleanInput reads them; anything else is refused. */
export function parseBoolean(name: string, value: string, fallback: boolean): boolean {
  if (value === '') return fallback;
  if (['true', 'True', 'TRUE'].includes(value)) return true;
  if (['false', 'False', 'FALSE'].includes(value)) return false;
  throw new InputError(`${name} ${quote(value)} is not a boolean: set ${name} to true or false`);
}

/** A task id as its decimal digits, of any size (ids beyond 2^53 must not be rounded). */
export function parseTaskId(name: string, value: string): string {
  if (!TASK_ID.test(value)) {
    throw new InputError(
      `${name} ${quote(value)} is not an integer: set ${name} to the numeric id of a task, such as 1229831`
    );
  }
  return value;
}

export function parsePositiveInteger(name: string, value: string, what: string): number {
  const n = Number(value);
  if (!/^\d+$/.test(value) || !Number.isSafeInteger(n) || n < 1) {
    throw new InputError(`${name} ${quote(value)} is not a positive whole number: set ${name} to ${what}`);
  }
  return n;
}

/** The origin of an https:// base URL: the spec's paths are relative to it and signed from their "/". */
export function parseBaseUrl(name: string, value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new InputError(
      `${name} ${quote(value)} is not a URL: set ${name} to the API address, such as https://openapi.suanli.cn`
    );
  }
  if (url.protocol !== 'https:') {
    throw new InputError(
      `${name} ${quote(value)} is not https://: the API is served over HTTPS only, so use https://${url.host}`
    );
  }
  if (
    url.username !== '' ||
    url.password !== '' ||
    url.search !== '' ||
    url.hash !== '' ||
    url.pathname !== '/'
  ) {
    throw new InputError(
      `${name} ${quote(url.origin + url.pathname)} has more than scheme, host and port: set ${name} to ${url.origin}`
    );
  }
  return url.origin;
}

/** A path for the request operation: absolute, in unreserved characters, without a query. */
export function parsePath(name: string, value: string): string {
  if (!/^\/[A-Za-z0-9\-._~/]*$/.test(value) || /\/\.{1,2}(\/|$)/.test(value)) {
    throw new InputError(
      `${name} ${quote(value)} is not a plain absolute path: start it with "/", use letters, digits and - . _ ~ only, and put parameters in query`
    );
  }
  return value;
}

const DURATION = /^(?:(\d+)d)?(?:(\d+)h)?(?:(\d+)m)?(?:(\d+)s)?$/;

/** A duration such as 90s, 15m, 1h30m or 2d, in milliseconds, within [min, max]. */
export function parseDuration(name: string, value: string, limits: { minMs: number; maxMs: number }): number {
  const match = DURATION.exec(value);
  if (value === '' || match === null) {
    const hint = /^\d+$/.test(value)
      ? ` has no unit: write ${value}s or ${value}m`
      : ' is not a duration: write it like 90s, 15m or 1h30m';
    throw new InputError(`${name} ${quote(value)}${hint}`);
  }
  const [, d = '0', h = '0', m = '0', s = '0'] = match;
  const ms = (((Number(d) * 24 + Number(h)) * 60 + Number(m)) * 60 + Number(s)) * 1000;
  if (ms < limits.minMs || ms > limits.maxMs) {
    throw new InputError(
      `${name} ${quote(value)} is out of range: set it between ${formatDuration(limits.minMs)} and ${formatDuration(limits.maxMs)}`
    );
  }
  return ms;
}

const SIZE = /^(\d+)(KiB|MiB|GiB)$/;

/** A size such as 512KiB or 16MiB, in bytes, within [min, max]. */
export function parseSize(name: string, value: string, limits: { min: number; max: number }): number {
  const match = SIZE.exec(value);
  if (match === null) {
    throw new InputError(`${name} ${quote(value)} is not a size: write it like 512KiB, 16MiB or 1GiB`);
  }
  const bytes = Number(match[1]) * (SIZE_UNITS[match[2] ?? ''] ?? 0);
  if (bytes < limits.min || bytes > limits.max) {
    throw new InputError(
      `${name} ${quote(value)} is out of range: set it between ${formatSize(limits.min)} and ${formatSize(limits.max)}`
    );
  }
  return bytes;
}

/** A comma- or whitespace-separated list of words (statuses); undefined when empty. */
export function parseWords(name: string, value: string): string[] | undefined {
  const words = value.split(/[\s,]+/).filter((word) => word !== '');
  for (const word of words) {
    if (!/^[A-Za-z0-9_-]+$/.test(word))
      throw new InputError(
        `${name} lists ${quote(word)}, which is not a status name: list names like Running, Pending`
      );
  }
  return words.length === 0 ? undefined : words;
}

export const TASK_ID = /^[1-9]\d*$/;

export function parseIntegerInRange(name: string, value: string, min: number, max: number): number {
  const n = Number(value);
  if (!/^\d+$/.test(value) || n < min || n > max) {
    throw new InputError(
      `${name} ${quote(value)} is not a whole number from ${min} to ${max}: set ${name} within that range`
    );
  }
  return n;
}

/** A dot path into data, such as status or task.status or services.0.status. */
export function parseFieldPath(name: string, value: string): string[] {
  if (!/^[A-Za-z_][A-Za-z0-9_]*(\.([A-Za-z_][A-Za-z0-9_]*|\d+))*$/.test(value)) {
    throw new InputError(
      `${name} ${quote(value)} is not a dot path: write field names joined by dots, such as status or task.status`
    );
  }
  return value.split('.');
}

/** A path to append to each service URL for the health check: it begins with "/", no spaces or control characters. */
export function parseHealthPath(name: string, value: string): string {
  // \0-\x1f and \x7f-\x9f: the control characters, Unicode's Cc written out (V8 builds a \p{...} class
  // from Unicode's tables whenever it compiles the file, run or not); \s: spaces; # would end the path.
  // eslint-disable-next-line no-control-regex -- the control characters are what it refuses
  if (!/^\/[^\s\0-\x1f\x7f-\x9f#]*$/.test(value) || value.length > 1000) {
    throw new InputError(
      `${name} ${quote(value)} is not a URL path: write it like /health or /v1/models (it is appended to each service URL)`
    );
  }
  return value;
}

/** HTTP statuses and ranges of them, such as "200-299, 401": each from 100 to 599. */
export function parseStatusRanges(name: string, value: string): [number, number][] {
  return value.split(',').map((part) => {
    const match = /^\s*(\d{3})(?:\s*-\s*(\d{3}))?\s*$/.exec(part);
    const low = Number(match?.[1]);
    const high = Number(match?.[2] ?? match?.[1]);
    if (match === null || low < 100 || high > 599 || low > high) {
      throw new InputError(
        `${name} ${quote(value)} is not a list of HTTP statuses: write codes or ranges from 100 to 599, such as 200-299,401`
      );
    }
    return [low, high];
  });
}

const RFC3339 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/i;
const SPAN = /^(?:(\d+)d)?(?:(\d+)h)?(?:(\d+)m)?$/;

/** An RFC 3339 time, kept as written (its offset too), with the moment it names. */
export function parseRfc3339(name: string, value: string): { text: string; ms: number } {
  const ms = Date.parse(value);
  if (!RFC3339.test(value) || Number.isNaN(ms)) {
    throw new InputError(
      `${name} ${quote(value)} is not an RFC 3339 time: write it like 2026-01-01T00:00:00+08:00`
    );
  }
  return { text: value, ms };
}

/** `now` (the moment the step starts) or an RFC 3339 time. */
export function parseEndTime(name: string, value: string, now: number): { text: string; ms: number } {
  return value === 'now' ? { text: rfc3339(now), ms: now } : parseRfc3339(name, value);
}

/** An RFC 3339 time, or a span before `end` written in days, hours and minutes, such as 7d or 12h. */
export function parseStartTime(name: string, value: string, end: number): { text: string; ms: number } {
  const span = value === '' ? null : SPAN.exec(value);
  if (span === null && !RFC3339.test(value)) {
    throw new InputError(
      `${name} ${quote(value)} is neither a span nor a time: write a span before billing_end such as 7d or 12h, or an RFC 3339 time such as 2026-01-01T00:00:00+08:00`
    );
  }
  if (span === null) {
    const time = parseRfc3339(name, value);
    if (time.ms >= end)
      throw new InputError(`${name} ${quote(value)} is not before billing_end: set an earlier time`);
    return time;
  }
  const [, d = '0', h = '0', m = '0'] = span;
  const ms = end - ((Number(d) * 24 + Number(h)) * 60 + Number(m)) * 60_000;
  if (ms >= end) throw new InputError(`${name} ${quote(value)} is no time at all: write a span such as 7d`);
  if (ms < YEAR_ONE) {
    throw new InputError(`${name} ${quote(value)} reaches back before the year 1: write a shorter span`);
  }
  return { text: rfc3339(ms), ms };
}

/** 0001-01-01T00:00:00Z: RFC 3339 writes years in four digits. */
const YEAR_ONE = -62_135_596_800_000;

/** The most a volume can be asked to hold, in GiB (1 PiB): far beyond any configuration, within exact numbers. */
const MOST_GIB = 1024 * 1024;

/**
 * data (one copy a line, into a volume before the job: `prefix/ -> volume:/path` from the bucket s3_bucket
 * names, `./dir/ -> volume:/path` from the workspace) or results (out of one after it: `volume:/path ->
 * prefix/` or `volume:/path -> ./dir/`); copies (`any`): either way, each line into or out of a volume.
 * A workspace path is `.` or starts with `./`; a volume path is `NAME:/path`, the volume by its name or
 * storage_id; anything else is an object prefix (`.\\dir` is a workspace path too, as a Windows runner
 * writes it). No `..` in a workspace or volume path; nothing that reads as a path outside the workspace
 * (`/x`, `../x`, `~/x`).
 */
export function parseCopies(name: string, value: string, way: 'in' | 'out' | 'any'): DataCopy[] {
  const forms = {
    in: 'prefix/ -> volume:/path or ./dir/ -> volume:/path',
    out: 'volume:/path -> prefix/ or volume:/path -> ./dir/',
    any: './dir/ -> volume:/path or volume:/path -> ./dir/ (or an object prefix, prefix/, in place of ./dir/)'
  }[way];
  return value
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '')
    .map((line) => {
      const refuse = (why: string, fix = `write one a line as ${forms}`): never => {
        throw new InputError(`${name} has ${quote(line.slice(0, 120))}, which ${why}: ${fix}`);
      };
      const sides = line.split('->').map((side) => side.trim());
      if (sides.length !== 2) refuse('is no copy');
      const [from, to] = sides.map((side) => copyPlace(side, refuse)) as [CopyPlace, CopyPlace];
      const lineWay = way !== 'any' ? way : to.kind === 'nas' && from.kind !== 'nas' ? 'in' : 'out';
      const volume = lineWay === 'in' ? to : from;
      const other = lineWay === 'in' ? from : to;
      if (volume.kind !== 'nas' || other.kind === 'nas') refuse(pairRefusal(way, from, to), `write ${forms}`);
      return (lineWay === 'in' ? { from: other, to: volume } : { from: volume, to: other }) as DataCopy;
    });
}

/** Why a pair of places is no copy the input makes (data: into a volume; results: out of one; copies: either). */
function pairRefusal(way: 'in' | 'out' | 'any', from: CopyPlace, to: CopyPlace): string {
  const name = { objects: 'an object prefix', workspace: 'the workspace', nas: 'a volume' };
  const pair = `copies from ${name[from.kind]} to ${name[to.kind]}`;
  return {
    in: `${pair}, but data copies into a volume, from an object prefix or the workspace`,
    out: `${pair}, but results copy out of a volume, to an object prefix or the workspace`,
    any: `${pair}, but each copy goes into a volume or out of one, from or to the workspace or an object prefix`
  }[way];
}

/** One side of a copy: a workspace path, a volume's path, or an object prefix (see parseCopies). */
function copyPlace(side: string, refuse: (why: string, fix?: string) => never): CopyPlace {
  // eslint-disable-next-line no-control-regex -- white space and the control characters are what it refuses
  if (/[\s\u0000-\u001f\u007f]/.test(side)) refuse('has a space or a control character in a path');
  const volume = /^([^\s:/]{1,64}):(\/.*)$/.exec(side);
  if (volume !== null) {
    const [, storage = '', path = ''] = volume;
    if (path.split('/').includes('..'))
      refuse('has .. in a volume path', "write the path from the volume's root, without ..");
    return { kind: 'nas', volume: storage, path };
  }
  if (side === '.' || /^\.[/\\]/.test(side)) {
    if (side.split(/[/\\]/).includes('..'))
      refuse(
        'has .. in a workspace path',
        'write a path inside the workspace, such as ./dataset/, without ..'
      );
    return { kind: 'workspace', path: side };
  }
  if (/^(\/|\\|~|\.\.(\/|\\|$))/.test(side))
    refuse(
      `names ${quote(side.slice(0, 60))}, a path outside the workspace`,
      'write a path from the workspace that starts with ./, such as ./dataset/ (nothing outside it is copied)'
    );
  return { kind: 'objects', prefix: side };
}

/**
 * The volumes (or juicefs_mounts) input: one mount a line, `storage:/path/in/container`, or
 * `service:storage:/path` for one service; the volume (or object storage) by its name or storage_id; the
 * path absolute, without `..`.
 */
export function parseMounts(name: string, value: string, kind: Mount['kind']): Mount[] {
  const lines = value
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '');
  return lines.map((line) => {
    const at = line.indexOf(':/');
    const head = at === -1 ? [] : line.slice(0, at).split(':');
    const path = at === -1 ? '' : line.slice(at + 1);
    const [first, second] = head;
    const ok =
      (head.length === 1 || head.length === 2) &&
      head.every((part) => /^[^\s:]{1,64}$/.test(part)) &&
      !path.split('/').includes('..') &&
      // eslint-disable-next-line no-control-regex -- the control characters are what it refuses
      !/[\s\u0000-\u001f\u007f]/.test(path);
    if (!ok || first === undefined)
      throw new InputError(
        `${name} has ${quote(line.slice(0, 120))}, which is no mount: write one a line as ${kind === 'nas' ? 'volume:/path/in/container, or service:volume:/path' : 'storage:/path/in/container, or service:storage:/path'} to mount it in one service`
      );
    return second === undefined
      ? { kind, service: undefined, storage: first, path }
      : { kind, service: first, storage: second, path };
  });
}

/** File name endings (.tmp, .log), separated by commas or lines: each one word, 100 characters at most. */
export function parseSuffixes(name: string, value: string): string[] {
  const suffixes = value
    .split(/[,\n]/)
    .map((suffix) => suffix.trim())
    .filter((suffix) => suffix !== '');
  for (const suffix of suffixes)
    // eslint-disable-next-line no-control-regex -- white space and the control characters are what it refuses
    if (suffix.length > 100 || /[\s\u0000-\u001f\u007f-\u009f]/.test(suffix))
      throw new InputError(
        `${name} lists ${quote(suffix.slice(0, 100))}, which is no file name ending: list endings like .tmp, .log, separated by commas`
      );
  return suffixes;
}

/** A size in whole GiB (100, or 100GiB), as bytes: GiB × 1,073,741,824. */
export function parseGiB(name: string, value: string): number {
  const match = /^(\d+)\s*(?:GiB)?$/i.exec(value);
  const gib = match === null ? NaN : Number(match[1]);
  if (!Number.isSafeInteger(gib) || gib < 1 || gib > MOST_GIB)
    throw new InputError(
      `${name} ${quote(value)} is not a size in GiB from 1 to ${MOST_GIB}: write a whole number of GiB, such as 100`
    );
  return gib * 1024 ** 3;
}

/**
 * Items one per line or separated by commas, or a YAML list (`[a, b]`, or lines starting with `- `),
 * each trimmed and unquoted.
 */
export const parseList = (value: string): string[] =>
  value
    .replace(/^\s*\[|\]\s*$/g, '')
    .split(/[\n,]/)
    .map((item) =>
      item
        .trim()
        .replace(/^- /, '')
        .replace(/^(['"])(.*)\1$/, '$2')
        .trim()
    )
    .filter((item) => item !== '');

/** A price as a plain decimal number, such as 2 or 1.98. */
export function parsePrice(name: string, value: string): string {
  if (!/^\d+(\.\d+)?$/.test(value))
    throw new InputError(
      `${name} ${quote(value)} is not a plain number: write it like 2 or 1.98, without a unit`
    );
  return value;
}

/** A cap in yuan, more than 0, to the point (six decimals at most: a point is 0.000001 yuan). */
export function parseMaxCost(name: string, value: string): string {
  if (!/^\d{1,9}(\.\d{1,6})?$/.test(value) || !/[1-9]/.test(value))
    throw new InputError(
      `${name} ${quote(value.slice(0, 40))} is no sum of yuan: write it like 5 or 12.50 (more than 0, at most six decimals)`
    );
  return value;
}

/** A comma list of task statuses, each one task search takes. */
export function parseStatuses(name: string, value: string): string[] {
  const statuses = value.split(',').map((status) => status.trim());
  for (const status of statuses) {
    if (!(SEARCHABLE_STATUSES as readonly string[]).includes(status)) {
      throw new InputError(
        `${name} lists ${quote(status)}: list statuses separated by commas from ${SEARCHABLE_STATUSES.join(', ')}`
      );
    }
  }
  return statuses;
}

export function parseVersion(name: string, value: string): string {
  if (!/^[0-9A-Za-z][0-9A-Za-z.+-]*$/.test(value)) {
    throw new InputError(
      `${name} ${quote(value)} is not an interface version: set it to the endpoint's version, such as 1.0.0`
    );
  }
  return value;
}

/** github_token, trimmed; undefined when empty, or an expression no runner filled in. */
export function parseGitHubToken(value: string): string | undefined {
  const token = value.trim();
  return token === '' || token.startsWith('${{') ? undefined : token;
}

/** A volume's name or storage_id: 32 characters at most, as the platform names them. */
export function parseVolumeName(name: string, value: string): string {
  if (value.length > 32)
    throw new InputError(
      `${name} ${quote(value)} is longer than the 32 characters a volume's name may have: set ${name} to the volume's name or its storage_id`
    );
  return value;
}

/**
 * A storage class, by its id as pre-create and the list give it (nfs-standard) or by its name as the
 * platform shows it (标准型): letters of any script, digits, `.`, `_` and `-`, 64 at the most.
 */
export function parseStorageClass(name: string, value: string): string {
  // Built from a string when it runs: V8 checks a literal's property classes as it compiles the bundle.
  if (!new RegExp('^[\\p{L}\\p{N}._-]{1,64}$', 'u').test(value))
    throw new InputError(
      `${name} ${quote(value)} is not a storage class: set it to a class's id, such as nfs-standard, or its name as the platform shows it, such as 标准型 (volume_list shows each volume's class)`
    );
  return value;
}

/** A transfer's id: digits, as transfer_list or a transfer step's output gives it. */
export function parseTransferId(name: string, value: string): string {
  if (!/^[1-9]\d{0,18}$/.test(value))
    throw new InputError(
      `${name} ${quote(value)} is not a transfer's id: set it to the digits transfer_list or a transfer step's transfer_id output gives`
    );
  return value;
}

/** A path in a volume: absolute, without `..` or control characters. */
export function parseVolumePath(name: string, value: string): string {
  // eslint-disable-next-line no-control-regex -- the control characters are what it refuses
  if (!value.startsWith('/') || value.includes('..') || /[\u0000-\u001f\u007f]/.test(value))
    throw new InputError(
      `${name} ${quote(value)} is not an absolute path in the volume: write it like /datasets/imagenet, without ..`
    );
  return value;
}

/** A node's id (digits), or failed (the node that failed). */
export function parsePointId(name: string, value: string): string {
  if (value !== 'failed' && !/^\d+$/.test(value))
    throw new InputError(
      `${name} ${quote(value)} is neither a node's id nor failed: set ${name} to a point_id the nodes operation lists, or to failed`
    );
  return value;
}

/**
 * The labels a runner is registered with beside its own (comma- or line-separated): each as GitHub takes
 * one (letters, digits, `.`, `_`, `-`, 1 to 100 characters), at most 10, none of GitHub's own words.
 */
export function parseRunnerLabels(name: string, value: string): string[] {
  const labels = [...new Set(value.split(/[\s,]+/).filter((label) => label !== ''))];
  for (const label of labels) {
    if (!/^[A-Za-z0-9._-]{1,100}$/.test(label))
      throw new InputError(
        `${name} lists ${quote(label.slice(0, 100))}, which is not a runner label: list labels of letters, digits, ".", "_" and "-", such as gpu, a100`
      );
    if (GITHUB_RUNNER_LABELS.has(label.toLowerCase()))
      throw new InputError(
        `${name} lists ${quote(label)}, a label GitHub gives every runner of its kind itself: leave it out (runs_on names it)`
      );
  }
  if (labels.length > 10) throw new InputError(`${name} lists ${labels.length} labels: list 10 at most`);
  return labels;
}

/** The labels GitHub gives self-hosted runners itself (by its system and architecture). */
const GITHUB_RUNNER_LABELS = new Set(['self-hosted', 'linux', 'windows', 'macos', 'x64', 'arm', 'arm64']);
