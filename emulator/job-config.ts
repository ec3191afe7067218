// What a job's create body says, read as the reference gives it (suanli-job/api/job-create.md): its
// support (timeout, parallelism, restart policy), resources, services and their mounts. Anything it
// refuses is refused as the platform would, naming the field.
import { markedResource, type MarkedResource } from './catalog.js';
import type { ModParam } from './job-run.js';
import { isPlainObject } from './json.js';
import { optionalString, requiredString } from './params.js';
import { parameterError } from './rejection.js';

/** A resource a job runs on, as its mark stands for it. */
export interface JobResource {
  resource: MarkedResource;
  region_name: string;
  mark: string;
  weight: null;
}

export interface JobSupport {
  estimated_exec_sec: number | null;
  timeout_sec: number;
  parallelism: number;
  mod_param: ModParam;
}

/** A mount of a service (storage_config, share_storage_config, nas_storage_config), as the create gave it. */
export type StorageMounts = { storage_id: number; target_dir: string }[] | null;
/** A shared volume mounted in a service (share_mem_config, share_disk_config). */
export type VolumeMounts = { target_dir: string; volume_name: string }[] | null;

export interface JobService {
  service_id: number;
  service_name: string;
  service_image: string;
  resource_weight: { cpu_weight: number; mem_weight: number; gpu_weight: number };
  env: { name: string; value: string; value_from: null }[] | null;
  start_script: { command: string[]; args: string[] } | null;
  // Echoed as the create gave them (the reference's detail does): three kinds of storage, never mixed.
  storage_config: StorageMounts;
  share_storage_config: StorageMounts;
  nas_storage_config: StorageMounts;
  share_mem_config: VolumeMounts;
  share_disk_config: VolumeMounts;
}

/** A create's services, each given its id by `nextServiceId`; their GPU weights must fit the resource. */
export function servicesOf(
  value: unknown,
  resources: readonly JobResource[],
  nextServiceId: () => number
): JobService[] {
  if (!Array.isArray(value) || value.length === 0)
    throw parameterError('services is required: at least one service to run');
  const services = value.map((item: unknown, i): JobService => {
    if (!isPlainObject(item)) throw parameterError(`services[${i}] must be an object`);
    const at = `services[${i}]`;
    return {
      service_id: nextServiceId(),
      service_name: requiredString(item.service_name, `${at}.service_name`),
      service_image: requiredString(item.service_image, `${at}.service_image`),
      resource_weight: weightOf(item.resource_weight, `${at}.resource_weight`),
      env: envOf(item.env, `${at}.env`),
      start_script: startScriptOf(item.start_script, `${at}.start_script`),
      storage_config: listOf(item.storage_config, `${at}.storage_config`, MOUNT) as StorageMounts,
      share_storage_config: listOf(
        item.share_storage_config,
        `${at}.share_storage_config`,
        MOUNT
      ) as StorageMounts,
      nas_storage_config: listOf(item.nas_storage_config, `${at}.nas_storage_config`, MOUNT) as StorageMounts,
      share_mem_config: listOf(item.share_mem_config, `${at}.share_mem_config`, VOLUME) as VolumeMounts,
      share_disk_config: listOf(item.share_disk_config, `${at}.share_disk_config`, VOLUME) as VolumeMounts
    };
  });
  gpuWeightsFit(services, resources);
  return services;
}

/** The fields of a storage mount, and of a shared volume's. */
const MOUNT = ['storage_id', 'target_dir'];
const VOLUME = ['target_dir', 'volume_name'];

/** A list of objects with these fields each (a number or a string, as given), or null when absent. */
export function listOf(
  value: unknown,
  name: string,
  fields: readonly string[]
): Record<string, unknown>[] | null {
  if (value === undefined || value === null) return null;
  if (!Array.isArray(value)) throw parameterError(`${name} must be a list of {${fields.join(', ')}}`);
  return value.map((item: unknown, i) => {
    if (!isPlainObject(item)) throw parameterError(`${name}[${i}] must be an object`);
    for (const field of fields)
      if (item[field] === undefined || item[field] === null || item[field] === '')
        throw parameterError(`${name}[${i}].${field} is required`);
    return Object.fromEntries(fields.map((field) => [field, item[field]]));
  });
}

/**
 * The reference: GPUs are given whole, so the services' gpu_weight must sum to more than 0 and divide the
 * greatest common divisor of the chosen resources' GPU counts (a resource without a GPU takes none).
 */
function gpuWeightsFit(services: readonly JobService[], resources: readonly JobResource[]): void {
  const sum = services.reduce((total, service) => total + service.resource_weight.gpu_weight, 0);
  const counts = resources.map((r) => r.resource.gpu_count).filter((count) => count > 0);
  if (counts.length === 0) return;
  const divisor = counts.reduce(gcd);
  if (sum === 0 || divisor % sum !== 0)
    throw parameterError(
      `the services' gpu_weight sum to ${sum}: they must sum to more than 0 and divide ${divisor}, the GPU count of the resource`
    );
}

function gcd(a: number, b: number): number {
  return b === 0 ? a : gcd(b, a % b);
}

export function subTypeOf(value: unknown): 'Spot' | null {
  if (value === undefined || value === null) return null;
  if (value === 'Spot') return 'Spot';
  throw parameterError(`sub_type must be Spot, or null for an on-demand job, got ${JSON.stringify(value)}`);
}

/** A whole number within [min, max], from a JSON body. */
function integerIn(value: unknown, name: string, min: number, max: number): number {
  const n = typeof value === 'bigint' ? Number(value) : value;
  if (typeof n !== 'number' || !Number.isInteger(n) || n < min || n > max)
    throw parameterError(
      `${name} must be an integer from ${min} to ${max}, got ${JSON.stringify(String(value))}`
    );
  return n;
}

/** The reference: timeout_sec, parallelism and mod_param required; estimated_exec_sec (1 to 86400) for Spot. */
export function jobSupportOf(value: unknown, subType: 'Spot' | null): JobSupport {
  if (!isPlainObject(value))
    throw parameterError('job_support is required: {timeout_sec, parallelism, mod_param}');
  const given = value.estimated_exec_sec;
  const estimated =
    subType === 'Spot'
      ? integerIn(given, 'job_support.estimated_exec_sec (required for a Spot job)', 1, 86_400)
      : null;
  return {
    estimated_exec_sec: estimated,
    timeout_sec: integerIn(value.timeout_sec, 'job_support.timeout_sec', 1, 10 * 86_400),
    parallelism: integerIn(value.parallelism, 'job_support.parallelism', 1, 1000),
    mod_param: modParamOf(value.mod_param)
  };
}

function modParamOf(value: unknown): ModParam {
  if (!isPlainObject(value))
    throw parameterError('job_support.mod_param is required: {default: {...}} or {index: {...}}');
  const { default: plain, index } = value;
  const given = (v: unknown): boolean => v !== undefined && v !== null;
  if (given(plain) === given(index))
    throw parameterError('job_support.mod_param must give exactly one of default and index');
  if (given(plain)) {
    if (!isPlainObject(plain)) throw parameterError('job_support.mod_param.default must be an object');
    const policy = plain.restart_policy;
    if (policy !== 'OnFailure' && policy !== 'Never')
      throw parameterError('job_support.mod_param.default.restart_policy must be OnFailure or Never');
    return {
      default: {
        backoff_limit: integerIn(plain.backoff_limit, 'job_support.mod_param.default.backoff_limit', 0, 1000),
        restart_policy: policy
      }
    };
  }
  if (!isPlainObject(index)) throw parameterError('job_support.mod_param.index must be an object');
  return {
    index: {
      index_backoff_limit: integerIn(
        index.index_backoff_limit,
        'job_support.mod_param.index.index_backoff_limit',
        0,
        1000
      ),
      max_failed_index:
        index.max_failed_index === undefined || index.max_failed_index === null
          ? null
          : integerIn(index.max_failed_index, 'job_support.mod_param.index.max_failed_index', 0, 1000)
    }
  };
}

/**
 * The reference: each resource's mark is required, and must be one a search with task_type=Job gave (or,
 * on a platform whose search takes Deployment alone, task_type=Deployment).
 */
export function resourcesOf(value: unknown, taskType: 'Job' | 'Deployment'): JobResource[] {
  if (!Array.isArray(value) || value.length === 0)
    throw parameterError(`resources is required: the mark of a resource searched with task_type=${taskType}`);
  return value.map((item: unknown, i) => {
    if (!isPlainObject(item)) throw parameterError(`resources[${i}] must be an object`);
    const mark = requiredString(item.mark, `resources[${i}].mark`);
    const found = markedResource(mark, taskType);
    if (found === undefined)
      throw parameterError(
        `resources[${i}].mark is no ${taskType} resource's mark (search with task_type=${taskType})`
      );
    return { ...found, mark, weight: null };
  });
}

function weightOf(value: unknown, name: string): JobService['resource_weight'] {
  if (!isPlainObject(value))
    throw parameterError(`${name} is required: {cpu_weight, mem_weight, gpu_weight}`);
  return {
    cpu_weight: integerIn(value.cpu_weight, `${name}.cpu_weight`, 1, 1000),
    mem_weight: integerIn(value.mem_weight, `${name}.mem_weight`, 1, 1000),
    gpu_weight: integerIn(value.gpu_weight, `${name}.gpu_weight`, 0, 1000)
  };
}

function envOf(value: unknown, name: string): JobService['env'] {
  if (value === undefined || value === null) return null;
  if (!Array.isArray(value)) throw parameterError(`${name} must be a list of {name, value}`);
  return value.map((item: unknown, i) => {
    if (!isPlainObject(item)) throw parameterError(`${name}[${i}] must be an object`);
    return {
      name: requiredString(item.name, `${name}[${i}].name`),
      value: optionalString(item.value, `${name}[${i}].value`) ?? '',
      value_from: null
    };
  });
}

function startScriptOf(value: unknown, name: string): JobService['start_script'] {
  if (value === undefined || value === null) return null;
  if (!isPlainObject(value)) throw parameterError(`${name} must be {command, args}`);
  const strings = (list: unknown, what: string): string[] => {
    if (!Array.isArray(list) || !list.every((item) => typeof item === 'string'))
      throw parameterError(`${name}.${what} must be a list of strings`);
    return list;
  };
  return { command: strings(value.command, 'command'), args: strings(value.args, 'args') };
}
