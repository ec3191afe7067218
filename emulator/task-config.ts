// A task's configuration as the platform's reference gives it in task detail, and the checks a create or
// an update body passes before it becomes one.
import { markedResource, type MarkedResource } from './catalog.js';
import { isPlainObject } from './json.js';
import { bodyObject, optionalString, positiveInteger, requiredString } from './params.js';
import { parameterError } from './rejection.js';

export interface ServiceConfig {
  service_name: string;
  service_image: string;
  env: string | null;
  shared_mem_size: unknown;
  storage_config: unknown;
  share_storage_config: unknown;
  nas_storage_config: unknown;
  remote_ports: { service_port: number }[];
  health_checks: unknown;
  start_script_v2: unknown;
}

/** A resources[] entry: the mark a create names, and what the mark stands for when a search gave it. */
export interface ResourceEntry {
  resource: MarkedResource | null;
  region_name: string | null;
  mark: string;
}

/** The scheduling settings a task keeps as given (null when not set). */
export const SCHEDULING_FIELDS = [
  'scheduler_strategy',
  'task_qos',
  'load_balance',
  'dynamic_pod_strategy'
] as const;

export interface TaskConfig {
  task_name: string;
  points: number;
  resources: ResourceEntry[];
  services: ServiceConfig[];
  scheduling: Record<(typeof SCHEDULING_FIELDS)[number], unknown>;
}

/** A configuration as a task keeps it: each service with the id the platform gave it. */
export type StoredService = ServiceConfig & { service_id: number };
export type StoredConfig = Omit<TaskConfig, 'services'> & { services: StoredService[] };

/** What a test gives to put a task in place: the name and points, the rest optional. */
export interface ConfigSeed {
  task_name: string;
  points: number;
  resources?: readonly (Partial<ResourceEntry> & { mark: string })[];
  services?: readonly (Partial<ServiceConfig> & Pick<ServiceConfig, 'service_name' | 'service_image'>)[];
  /** The scheduling settings it keeps (null where not given). */
  scheduling?: Partial<TaskConfig['scheduling']>;
}

export function configOf(seed: ConfigSeed): TaskConfig {
  return {
    task_name: seed.task_name,
    points: seed.points,
    resources: (seed.resources ?? []).map((r) => ({
      resource: r.resource ?? null,
      region_name: r.region_name ?? null,
      mark: r.mark
    })),
    services: (seed.services ?? []).map(serviceOf),
    scheduling: {
      scheduler_strategy: null,
      task_qos: null,
      load_balance: null,
      dynamic_pod_strategy: null,
      ...seed.scheduling
    }
  };
}

function serviceOf(
  s: Partial<ServiceConfig> & Pick<ServiceConfig, 'service_name' | 'service_image'>
): ServiceConfig {
  return {
    service_name: s.service_name,
    service_image: s.service_image,
    env: s.env ?? null,
    shared_mem_size: s.shared_mem_size ?? null,
    storage_config: s.storage_config ?? null,
    share_storage_config: s.share_storage_config ?? null,
    nas_storage_config: s.nas_storage_config ?? null,
    remote_ports: s.remote_ports ?? [],
    health_checks: s.health_checks ?? null,
    start_script_v2: s.start_script_v2 ?? null
  };
}

/**
 * A create's or an update's body as a configuration, checked as the reference demands: task_name,
 * resources (each with a string mark) and services (each with service_name, service_image and
 * remote_ports). `required` names the lists a body must have (the spec's create needs neither); `points`
 * defaults to 1, and the registry credentials are write-only (taken, never kept or shown).
 */
export function taskConfigFrom(payload: unknown, required: { lists: boolean }): TaskConfig {
  const body = bodyObject(payload);
  for (const name of ['resources', 'services']) {
    if (required.lists && !Array.isArray(body[name]))
      throw parameterError(`${name} is required and must be an array`);
  }
  optionalString(body.repository_username, 'repository_username');
  optionalString(body.repository_password, 'repository_password');
  const points =
    body.points === undefined || body.points === null ? 1 : positiveInteger(body.points, 'points', 'body');
  return {
    task_name: requiredString(body.task_name, 'task_name'),
    points,
    resources: list(body.resources, 'resources').map(resourceEntry),
    services: list(body.services, 'services').map(service),
    scheduling: {
      scheduler_strategy: body.scheduler_strategy ?? null,
      task_qos: body.task_qos ?? null,
      load_balance: body.load_balance ?? null,
      dynamic_pod_strategy: body.dynamic_pod_strategy ?? null
    }
  };
}

function list(value: unknown, name: string): unknown[] {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) throw parameterError(`${name} must be an array`);
  return value;
}

function resourceEntry(value: unknown, index: number): ResourceEntry {
  if (!isPlainObject(value)) throw parameterError(`resources[${index}] must be an object`);
  if (typeof value.mark !== 'string' || value.mark === '') {
    throw parameterError(
      `resources[${index}].mark must be a string (the mark.mark of a resource search's regions[]), got ${Array.isArray(value.mark) ? 'an array' : typeof value.mark}`
    );
  }
  const known = markedResource(value.mark, 'Deployment');
  return { resource: known?.resource ?? null, region_name: known?.region_name ?? null, mark: value.mark };
}

function service(value: unknown, index: number): ServiceConfig {
  const where = `services[${index}]`;
  if (!isPlainObject(value)) throw parameterError(`${where} must be an object`);
  if (!Array.isArray(value.remote_ports))
    throw parameterError(`${where}.remote_ports is required and must be an array`);
  const env =
    value.env === undefined || value.env === null
      ? null
      : (optionalString(value.env, `${where}.env`) ?? null);
  return {
    ...serviceOf({
      service_name: requiredString(value.service_name, `${where}.service_name`),
      service_image: requiredString(value.service_image, `${where}.service_image`)
    }),
    env,
    shared_mem_size: value.shared_mem_size ?? null,
    storage_config: value.storage_config ?? null,
    share_storage_config: value.share_storage_config ?? null,
    nas_storage_config: value.nas_storage_config ?? null,
    remote_ports: value.remote_ports.map((port: unknown, j: number) => {
      const name = `${where}.remote_ports[${j}].service_port`;
      if (!isPlainObject(port)) throw parameterError(`${where}.remote_ports[${j}] must be an object`);
      const number = positiveInteger(port.service_port, name, 'body');
      if (number > 65535) throw parameterError(`${name} must be a port number, got ${number}`);
      return { service_port: number };
    }),
    health_checks: value.health_checks ?? null,
    start_script_v2: value.start_script_v2 ?? null
  };
}
