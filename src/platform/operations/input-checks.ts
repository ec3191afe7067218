import { failedCheck, firstFailed, PASSED, type Check } from '../../basics/check.js';
import { InputError } from '../../basics/input-error.js';
import { isLosslessNumber } from 'lossless-json';
import { isRecord } from '../../basics/records.js';
import type { PlatformSettings } from '../platform-settings.js';
import type { QueryParams } from '../../protocol/request.js';
import { countOf } from '../task-data.js';

/** The input an operation's own field comes from, for an error that says where to set it. */
const FIELD_INPUTS: Record<string, string> = {
  task_id: 'task_id',
  task_name: 'task_name',
  points: 'points',
  status: 'task_status',
  range: 'billing_range',
  start_time: 'billing_start',
  end_time: 'billing_end',
  task_ids: 'task_id',
  sub_type: 'job_type',
  search_value: 'task_name'
};

/**
 * Fields whose value is not the input's text, and the input's value each stands for: a job's sub_type is
 * Spot for job_type spot, and null (the reference: "null or absent is an on-demand job") for on_demand.
 * A value that stands for none is not taken (the checks refuse it).
 */
const AS_INPUT: Readonly<Record<string, (value: unknown) => string | undefined>> = {
  sub_type: (value) => (value === 'Spot' ? 'spot' : value === null ? 'on_demand' : undefined)
};

/**
 * The fields an operation sets from an input that a body or query carries while the operation, as its
 * inputs say, leaves them out (a job's sub_type "Spot", with job_type on_demand): each one a conflict. A
 * field the body sets to null says what leaving it out says (the reference's job example: sub_type null).
 */
export function fieldsLeftOut(
  fromInputs: readonly string[],
  fields: Readonly<Record<string, unknown>>,
  given: { body: Readonly<Record<string, unknown>>; query: QueryParams }
): string[] {
  return fromInputs.filter(
    (field) =>
      !(field in fields) &&
      ((field in given.body && given.body[field] !== null) || given.query.some(([name]) => name === field))
  );
}

/** A field's value as an input's text: a scalar as written, a list comma-separated; undefined for a mapping. */
function asInputText(value: unknown): string | undefined {
  if (Array.isArray(value))
    return value.every((item) => !isRecord(item) && !Array.isArray(item)) ? value.join(',') : undefined;
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'bigint')
    return String(value);
  // A number read exactly (a LosslessNumber) writes itself as its digits.
  return isLosslessNumber(value) ? value.toString() : undefined;
}

/**
 * The inputs a body or query gives, for an operation: each field it sets from an input (FIELD_INPUTS)
 * that the body (or the query) carries, as the input's text. The caller takes one only where the input
 * itself is empty; both set must agree (see sameFieldValue).
 */
export function inputsOfFields(
  fromInputs: readonly string[],
  body: Readonly<Record<string, unknown>>,
  query: QueryParams
): Map<string, string> {
  const found = new Map<string, string>();
  for (const field of fromInputs) {
    const input = FIELD_INPUTS[field];
    if (input === undefined) continue;
    const asInput = AS_INPUT[field] ?? asInputText;
    const value =
      query.find(([name]) => name === field)?.[1] ?? (field in body ? asInput(body[field]) : undefined);
    if (value !== undefined && value.trim() !== '') found.set(input, value.trim());
  }
  return found;
}

/** Whether a field the body or query sets says what the operation's own field says (spaces after commas aside). */
export function sameFieldValue(own: unknown, given: unknown): boolean {
  const text = (value: unknown): string | undefined =>
    asInputText(value)
      ?.replace(/\s*,\s*/g, ',')
      .trim();
  const mine = text(own);
  return mine !== undefined && mine === text(given);
}

/** Why a field the body or query sets differently is refused, and the fix. */
export function ownedBy(field: string, own: unknown): string {
  const input = FIELD_INPUTS[field];
  const says = (AS_INPUT[field] ?? asInputText)(own) ?? '';
  if (input === undefined)
    return `but the operation sets ${field} itself${says === '' ? '' : ` to ${says}`}: remove it from there`;
  if (own === undefined) return `but the ${input} input leaves it out: set it with ${input} alone`;
  return `but the ${input} input says ${says}: set it in one place, or the same value in both`;
}

export function required<T>(value: T | undefined, name: string, operation: string, what: string): T {
  if (value === undefined)
    throw new InputError(`${name} is empty, but ${operation} needs it: set ${name} to ${what}`);
  return value;
}

/**
 * The services the platform's reference requires of a create (suanli-deployment/): a list, each entry
 * with service_name, service_image and a remote_ports list. Without them the platform refuses the create
 * in every region a step would try.
 */
export function serviceFields(body: Record<string, unknown>): Check {
  const example =
    'services: [{service_name: web, service_image: "nginx:1.27", remote_ports: [{service_port: 80}]}]';
  if (!Array.isArray(body.services))
    return failedCheck(
      `body has ${body.services === undefined ? 'no services' : 'services that are not a list'}, but a create needs them: add them to body, such as ${example}`
    );
  for (const [index, service] of body.services.entries()) {
    const entry: Record<string, unknown> = isRecord(service) ? service : {};
    const missing = ['service_name', 'service_image'].filter(
      (name) => typeof entry[name] !== 'string' || entry[name] === ''
    );
    if (!Array.isArray(entry.remote_ports)) missing.push('remote_ports');
    if (missing.length > 0)
      return failedCheck(
        `body services[${index}] has no ${missing.join(', ')}, but a create needs each service to have service_name, service_image and a remote_ports list: set them, as in ${example}`
      );
  }
  return PASSED;
}

/**
 * A create's resources[].mark must be the string a resource search gives in regions[].mark.mark: the
 * search answers mark as an object, and pasting the object whole is the mistake this catches.
 */
export function resourceMarks(body: Record<string, unknown>): Check {
  const resources = body.resources;
  if (resources === undefined) return PASSED;
  if (!Array.isArray(resources))
    return failedCheck('body resources is not a list: write it as a list of {mark: ...}');
  for (const [index, entry] of resources.entries()) {
    const mark: unknown = isRecord(entry) ? entry.mark : undefined;
    if (typeof mark === 'string' && mark !== '') continue;
    const what = isRecord(mark)
      ? 'an object (the whole regions[].mark of the resource search)'
      : mark === undefined
        ? 'missing'
        : `a ${Array.isArray(mark) ? 'list' : typeof mark}`;
    return failedCheck(
      `body resources[${index}].mark is ${what}, but a create needs the string inside it: set resources[${index}].mark to regions[].mark.mark of the resource search (search_resources shows it in the job summary)`
    );
  }
  return PASSED;
}

const JOB_EXAMPLE =
  'job_support: {timeout_sec: 3600, parallelism: 1, mod_param: {default: {backoff_limit: 0, restart_policy: Never}}}';

/**
 * A job's body, as the reference requires it: job_support with timeout_sec, parallelism and mod_param,
 * and services each with service_name, service_image and resource_weight (whole numbers), and a
 * start_script with both command and args where one is given. Its expected run (estimated_exec_sec) is an
 * input: a Spot job's alone (null in the body, as the reference's own example has it, says none).
 */
export function jobFields(body: Record<string, unknown>, settings: PlatformSettings): Check {
  return firstFailed(
    () => jobSupport(body.job_support, settings),
    () => jobServices(Array.isArray(body.services) ? body.services : [])
  );
}

function jobSupport(support: unknown, settings: PlatformSettings): Check {
  if (!isRecord(support))
    return failedCheck(`body has no job_support, but a job needs it: add ${JOB_EXAMPLE}`);
  // Numbers as the body was read: exact (a LosslessNumber) or not.
  const missing = ['timeout_sec', 'parallelism'].filter((name) => (countOf(support[name]) ?? 0) < 1);
  if (!isRecord(support.mod_param)) missing.push('mod_param');
  if (missing.length > 0)
    return failedCheck(
      `body job_support has no ${missing.join(', ')}, but a job needs them: set them, as in ${JOB_EXAMPLE}`
    );
  if (support.estimated_exec_sec !== undefined && support.estimated_exec_sec !== null)
    return failedCheck(
      'body job_support sets estimated_exec_sec, which the estimated_exec_sec input sets: move it there'
    );
  if (settings.jobType === 'on_demand' && settings.estimatedExecSec !== undefined)
    return failedCheck(
      'estimated_exec_sec is set, but it is for a Spot job, and job_type is on_demand: remove it'
    );
  return PASSED;
}

const JOB_SERVICE_EXAMPLE =
  'services: [{service_name: tests, service_image: "pytorch/pytorch:2.5.1", resource_weight: {cpu_weight: 1, mem_weight: 1, gpu_weight: 1}, start_script: {command: [pytest], args: [-q]}}]';

function jobServices(services: readonly unknown[]): Check {
  if (services.length === 0)
    return failedCheck(`body has no services, but a job needs them: add ${JOB_SERVICE_EXAMPLE}`);
  for (const [index, service] of services.entries()) {
    const entry = isRecord(service) ? service : {};
    const absent = ['service_name', 'service_image'].filter(
      (name) => typeof entry[name] !== 'string' || entry[name] === ''
    );
    if (!isRecord(entry.resource_weight)) absent.push('resource_weight');
    if (absent.length > 0)
      return failedCheck(
        `body services[${index}] has no ${absent.join(', ')}, but a job needs each service to have service_name, service_image and resource_weight {cpu_weight, mem_weight, gpu_weight}`
      );
    const checked = firstFailed(
      () => resourceWeight(entry.resource_weight, `body services[${index}].resource_weight`),
      () => startScript(entry.start_script, `body services[${index}].start_script`)
    );
    if (!checked.ok) return checked;
  }
  // GPUs are given whole: the reference refuses services whose GPU weights sum to 0.
  const weights = services.map((service) =>
    isRecord(service) && isRecord(service.resource_weight) ? countOf(service.resource_weight.gpu_weight) : 0
  );
  if (weights.every((weight) => weight === 0))
    return failedCheck(
      "body services' resource_weight.gpu_weight sum to 0, but the platform gives a job's GPUs whole, to services whose gpu_weight sum to more than 0: set gpu_weight: 1 on the service that uses the GPU"
    );
  return PASSED;
}

/**
 * The reference's resource_weight: cpu_weight, mem_weight and gpu_weight, each a whole number; the CPU's
 * and the memory's more than 0 (millicores and MiB are its smallest shares), the GPU's 0 or more.
 */
function resourceWeight(weight: unknown, where: string): Check {
  const given = isRecord(weight) ? weight : {};
  for (const [name, least] of [
    ['cpu_weight', 1],
    ['mem_weight', 1],
    ['gpu_weight', 0]
  ] as const) {
    const value = given[name];
    const count = countOf(value);
    if (count !== undefined && count >= least) continue;
    const said = value === undefined ? 'missing' : describe(value);
    return failedCheck(
      `${where}.${name} is ${said}, but the platform takes a whole number ${least === 1 ? 'above 0' : 'of 0 or more'}: set it to an integer, such as ${least === 1 ? 1 : 0}`
    );
  }
  return PASSED;
}

/** The reference's start_script: null, or {command, args}, both required, each a list of strings. */
function startScript(script: unknown, where: string): Check {
  if (script === undefined || script === null) return PASSED;
  const example = '{command: [python], args: [train.py]}';
  if (!isRecord(script))
    return failedCheck(`${where} is ${describe(script)}, but it must be ${example} (or null)`);
  for (const name of ['command', 'args'] as const) {
    const list = script[name];
    if (!Array.isArray(list) || !list.every((item) => typeof item === 'string'))
      return failedCheck(
        `${where}.${name} is ${list === undefined ? 'missing' : describe(list)}, but the platform needs both command and args as lists of strings (args: [] when there are none): set it, as in ${example}`
      );
  }
  return PASSED;
}

/** A value an error names (never undefined): a short JSON form of it, a number as written. */
function describe(value: unknown): string {
  const text = JSON.stringify(value, (_, v: unknown) =>
    typeof v === 'bigint' || isLosslessNumber(v) ? Number(String(v)) : v
  );
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
}

/**
 * A Spot job's expected run: the input, else a little under timeout_sec (the reference: a bit longer than
 * the real run, a bit shorter than the timeout), within the reference's 1 to 86400 seconds.
 */
export function estimatedExecSec(settings: PlatformSettings, timeoutSec: number): number {
  return settings.estimatedExecSec ?? Math.min(86_400, Math.max(1, Math.floor(timeoutSec * 0.9)));
}

/** The fields of a storage check in each profile: the reference's S3 check, or the spec's (section 4.3). */
export const STORAGE_FIELDS = {
  live: ['supplier', 'endpoint', 'ak', 'sk', 'bucket', 'prefix'],
  spec: ['storage_name', 'bucket', 'dir', 'endpoint', 'access_key', 'secret_key', '<engine>_region_id']
} as const;

/**
 * The reference's S3 check requires each of its fields, as text (prefix may be empty): a body with the
 * spec's fields, or one missing a credential, is refused before it is sent.
 */
export function storageFields(body: Record<string, unknown>, profile: 'spec' | 'live'): Check {
  if (profile !== 'live') return PASSED;
  const missing = STORAGE_FIELDS.live.filter(
    (name) => typeof body[name] !== 'string' || (name !== 'prefix' && body[name] === '')
  );
  if (missing.length === 0) return PASSED;
  const spec =
    'access_key' in body || 'storage_name' in body
      ? " (access_key, secret_key and the like are the interface spec's fields: set api_profile: spec to send them)"
      : '';
  return failedCheck(
    `body has no ${missing.join(', ')} as text, but storage_check needs them: set body to supplier (such as tencent), endpoint, ak, sk, bucket and prefix${spec}`
  );
}
