import { InputError } from '../../basics/input-error.js';
import { rfc3339 } from '../../basics/units.js';
import { exactInteger } from '../../protocol/json.js';
import type { Endpoint, QueryParams } from '../../protocol/request.js';
import type { ListRows } from '../list-rows.js';
import { OBJECT_STORAGE } from '../object-storage-data.js';
import {
  OPERATION_NAMES,
  type Connection,
  type OperationName,
  type PlatformSettings
} from '../platform-settings.js';
import {
  isTaskKind,
  KINDS,
  PREHEAT_KIND,
  TASK_KINDS,
  TRANSFER_KIND,
  VOLUME_KIND,
  type AnyKind,
  type TaskKindDescriptor
} from '../task-kinds.js';
import { fieldsLeftOut, inputsOfFields, ownedBy, sameFieldValue, STORAGE_FIELDS } from './input-checks.js';
import {
  OPERATION_TABLE,
  PAGE_SIZE,
  READS,
  type Call,
  type OperationSpec,
  type OperationTraits
} from './operation-table.js';

/**
 * The kind an operation concerns, whichever it is (its row's; a request's is a deployment's, whose detail
 * its wait reads). Any text names an operation here (a state file's, a by-hand command's): another is a
 * deployment's.
 */
export function kindOf(settings: { operation: string }): AnyKind {
  return KINDS[rowOf(settings.operation)?.kind ?? TASK_KINDS.deployment.name];
}

/** The platform's part of an operation's declaration: its row, if it has one (a request has none). */
function rowOf(operation: string): OperationSpec | undefined {
  return Object.hasOwn(OPERATION_TABLE, operation)
    ? OPERATION_TABLE[operation as keyof typeof OPERATION_TABLE]
    : undefined;
}

/** The operations whose answer is a list read as rows (a table, and rows in the JSON), in their order. */
export const LISTING_OPERATIONS: readonly OperationName[] = OPERATION_NAMES.filter(
  (operation) => rowOf(operation)?.listRows !== undefined
);

/** The rows of a listing operation's answer (its data: the pages read, as one); undefined for any other. */
export function listRowsOf(operation: string, data: unknown): ListRows | undefined {
  return rowOf(operation)?.listRows?.(data);
}

/**
 * The inputs a body or query gives, for an operation: each field its row sets from an input
 * (`fromInputs`) that the body (or the query) carries, as the input's text (see inputsOfFields).
 */
export function inputsFromFields(
  operation: string,
  body: Readonly<Record<string, unknown>>,
  query: QueryParams
): Map<string, string> {
  return inputsOfFields(rowOf(operation)?.fromInputs ?? [], body, query);
}

/**
 * The kind of task whose reads, waits, searches and stops a step's operation makes (see
 * TaskKindDescriptor), in the main step and the post step alike: a job's for the Job API's operations, a
 * deployment's for the others. An operation of a kind that is not a task's (a preheat, a volume, a
 * transfer) that asks reads as a deployment's, the task APIs' own default: a preheat's capacity search
 * looks for a deployment's nodes, and a volume step's summary finds no job's run.
 */
export function taskKindOf(settings: { operation: string }): TaskKindDescriptor {
  const kind = kindOf(settings);
  return isTaskKind(kind) ? kind : TASK_KINDS.deployment;
}

/**
 * The detail call that polls a task while waiting (following any endpoints override of the kind's detail:
 * detail, or job_detail for a job).
 */
export function detailCall(settings: PlatformSettings, taskId: string): Call {
  const { detail } = taskKindOf(settings);
  return callFor(settings, detail, OPERATION_TABLE[detail], taskId, false);
}

/** One page of a task's node list, which a wait reads to see nodes that fail. */
export function nodesCall(settings: PlatformSettings, taskId: string, page = 1): Call {
  const call = callFor(settings, 'nodes', OPERATION_TABLE.nodes, taskId, false);
  return { ...call, query: [...call.query, ['page', String(page)], ['page_size', String(PAGE_SIZE)]] };
}

/**
 * One page of the billing records of tasks (get_billing_record?task_ids), by the hour from `fromMs` to
 * `toMs`: what max_cost is held to when a task's detail says no cost.
 */
export function billingRecordsCall(
  settings: PlatformSettings,
  taskIds: readonly string[],
  window: { range: 'hour' | 'day'; fromMs: number; toMs: number },
  page = 1
): Call {
  const billingWindow = {
    range: window.range,
    startTime: rfc3339(window.fromMs),
    endTime: rfc3339(window.toMs)
  } as const;
  const call = callFor(
    { ...settings, taskIds: [...taskIds], billingWindow },
    'billing',
    OPERATION_TABLE.billing,
    undefined,
    false
  );
  return { ...call, query: [...call.query, ['page', String(page)], ['page_size', String(PAGE_SIZE)]] };
}

/** A node's events (GET pod_event?point_id), which a failed wait shows. */
export function nodeEventsCall(settings: PlatformSettings, pointId: string): Call {
  return nodeReadCall(settings, '/api/deployment/task/pod_event', [['point_id', pointId]]);
}

/** A service's log on a node (GET point_log?task_id&point_id&service_id), which a failed wait shows. */
export function nodeLogCall(
  settings: PlatformSettings,
  taskId: string,
  pointId: string,
  serviceId: string
): Call {
  return nodeReadCall(settings, '/api/deployment/task/point_log', [
    ['task_id', taskId],
    ['point_id', pointId],
    ['service_id', serviceId]
  ]);
}

/** A read of the platform's node endpoints, which are no operation of their own: GET, signed, version as set. */
function nodeReadCall(settings: PlatformSettings, path: string, query: QueryParams): Call {
  return {
    operation: 'nodes',
    taskId: undefined,
    endpoint: { method: 'GET', path, encrypt: false, version: settings.apiVersion },
    query,
    body: undefined,
    traits: READS
  };
}

/**
 * One page of the task search that finds tasks by name (around a create, and in the post step), with
 * the parameters the platform requires in every profile: the statuses that still bill (a job's: Running
 * and Pending; a stopped job reads Paused), unless `statuses` says which (every status, End too, to learn
 * whether a task is gone). An empty name searches every task. A job is searched in the job search.
 */
export function searchByNameCall(
  settings: PlatformSettings,
  taskName: string,
  page = 1,
  which: 'active' | 'every' = 'active'
): Call {
  const kind = taskKindOf(settings);
  const statuses = which === 'active' ? kind.activeStatuses : kind.searchableStatuses;
  const call = callFor(settings, kind.search, OPERATION_TABLE[kind.search], undefined, false);
  return {
    ...call,
    query: [
      ...(kind.searchType === undefined ? [] : [['type', kind.searchType] as const]),
      ['status', statuses.join(',')],
      ...(taskName === '' ? [] : [['search_value', taskName] as const]),
      ['page', String(page)],
      ['page_size', String(PAGE_SIZE)]
    ]
  };
}

/**
 * The resource search a create that picks its resource sends (GET resource/search, both required
 * parameters): the entries of one device type for one task type (Deployment, or Job for a job step, or
 * ImagePreHeat for the nodes of a preheat).
 */
export function resourceSearchCall(
  settings: PlatformSettings,
  deviceType: 'GpuDevice' | 'CpuDevice',
  taskType: 'Deployment' | 'Job' | 'ImagePreHeat' = taskKindOf(settings).taskType
): Call {
  const call = callFor(settings, 'search_resources', OPERATION_TABLE.search_resources, undefined, false);
  return {
    ...call,
    query: [
      ['task_type', taskType],
      ['device_type', deviceType]
    ]
  };
}

/**
 * A read every key may send, whatever the task: the resource search of deployment GPUs (as the
 * search_resources operation and its endpoints override send it). Its acceptance proves the key, the
 * clock and the signature; the session sends it once when a request is refused before any was accepted.
 */
export function credentialsProbeCall(connection: Connection): Call {
  const spec = OPERATION_TABLE.search_resources;
  return {
    operation: 'search_resources',
    taskId: undefined,
    endpoint: endpointFor(connection, 'search_resources', spec),
    query: spec.defaults ?? [],
    body: undefined,
    traits: READS
  };
}

/** The regions whose clusters an image preheat can warm (GET get_regions). */
export function preheatRegionsCall(settings: PlatformSettings): Call {
  return preheatCall(settings, 'GET', PREHEAT_KIND.paths.regions, [], undefined, READS);
}

/**
 * The create of an image preheat, with the body the flow made (task_name, task_type, services, and
 * regions or resources and points); the endpoint as the preheat operation's row and overrides say.
 */
export function preheatCreateCall(settings: PlatformSettings, body: Record<string, unknown>): Call {
  const call = callFor(settings, 'preheat', OPERATION_TABLE.preheat, undefined, false);
  return { ...call, body: { ...call.body, ...body } };
}

/** A preheat's progress (GET detail?task_id). */
export function preheatDetailCall(settings: PlatformSettings, taskId: string): Call {
  return preheatCall(
    settings,
    'GET',
    PREHEAT_KIND.paths.detail,
    [['task_id', taskId]],
    undefined,
    READS,
    taskId
  );
}

/** The stop of a preheat (POST stop {task_id}): harmless to repeat. */
export function preheatStopCall(settings: PlatformSettings, taskId: string): Call {
  return preheatCall(
    settings,
    'POST',
    PREHEAT_KIND.paths.stop,
    [],
    { task_id: exactInteger(taskId) },
    { ...READS, resend: 'repeatable' },
    taskId
  );
}

/** The configurations a volume can be made from (GET pre-create). */
export function volumeConfigsCall(settings: PlatformSettings): Call {
  return storageCall(settings, 'GET', VOLUME_KIND.paths.configs, [], undefined, READS);
}

/** What the tenant's volumes come to (GET summary): their count, sizes, and cost per 10 minutes. */
export function volumeSummaryCall(settings: PlatformSettings): Call {
  return storageCall(settings, 'GET', VOLUME_KIND.paths.summary, [], undefined, READS);
}

/** One page of the tenant's volumes (GET list), of the ids and the statuses given when given. */
export function volumeListCall(
  settings: PlatformSettings,
  which: { ids?: readonly string[]; statuses?: readonly string[]; page?: number } = {}
): Call {
  const query: [string, string][] = [
    ...(which.ids === undefined ? [] : [['storage_ids', which.ids.join(',')] as [string, string]]),
    ...(which.statuses === undefined ? [] : [['statuses', which.statuses.join(',')] as [string, string]]),
    ['page', String(which.page ?? 1)],
    // The most a page of the list holds (the reference: 100).
    ['page_size', '100']
  ];
  return storageCall(settings, 'GET', VOLUME_KIND.paths.list, query, undefined, READS);
}

/**
 * One page of the object storages accelerated for mounts (GET get_storage): of type Juicefs, the only
 * one the reference lists, in the status asked (both parameters required).
 */
export function objectStorageListCall(
  settings: PlatformSettings,
  which: { status: string; page: number }
): Call {
  const query: [string, string][] = [
    ['storage_type', OBJECT_STORAGE.type],
    ['status', which.status],
    ['page', String(which.page)],
    ['page_size', String(PAGE_SIZE)]
  ];
  return storageCall(settings, 'GET', OBJECT_STORAGE.path, query, undefined, READS);
}

/**
 * The create of a volume of `totalBytes` from a configuration (POST create). Not sent again after an
 * attempt that may have landed: a volume of the name is looked for instead.
 */
export function volumeCreateCall(
  settings: PlatformSettings,
  volume: { name: string; configId: string; totalBytes: number }
): Call {
  const body = {
    name: volume.name,
    nas_config_id: exactInteger(volume.configId),
    total_size: exactInteger(String(volume.totalBytes))
  };
  return storageCall(settings, 'POST', VOLUME_KIND.paths.create, [], body, {
    ...READS,
    resend: 'until_sent'
  });
}

/** A volume grown to `totalBytes` (POST expand): harmless to repeat, its list shows it. */
export function volumeExpandCall(settings: PlatformSettings, id: string, totalBytes: number): Call {
  const body = { id: exactInteger(id), total_size: exactInteger(String(totalBytes)) };
  return storageCall(settings, 'POST', VOLUME_KIND.paths.expand, [], body, {
    ...READS,
    resend: 'repeatable'
  });
}

/** A volume deleted (POST delete), `force` only as the user set it: harmless to repeat. */
export function volumeDeleteCall(settings: PlatformSettings, id: string, force = false): Call {
  const body = { id: exactInteger(id), force };
  return storageCall(settings, 'POST', VOLUME_KIND.paths.delete, [], body, {
    ...READS,
    resend: 'repeatable'
  });
}

/**
 * A volume given a new name (POST rename {id, name}): harmless to repeat, its list shows the name. The
 * platform takes 1 to 32 characters once trimmed; the name is sent as given (the platform trims it).
 */
export function volumeRenameCall(settings: PlatformSettings, id: string, name: string): Call {
  return storageCall(
    settings,
    'POST',
    VOLUME_KIND.paths.rename,
    [],
    { id: exactInteger(id), name },
    { ...READS, resend: 'repeatable' }
  );
}

/**
 * The volume's SFTP session (POST sftp/obtain {storage_id}): the one session of the volume, opened if
 * none is; called again and again while it is Pending. Not a read: it opens a session where none is, so
 * it is sent again only as a change harmless to repeat is (the same session comes back).
 */
export function sftpObtainCall(settings: PlatformSettings, storageId: string): Call {
  return storageCall(
    settings,
    'POST',
    VOLUME_KIND.paths.sftpObtain,
    [],
    { storage_id: exactInteger(storageId) },
    { ...READS, resend: 'repeatable' }
  );
}

/** The volume's SFTP session ended, its credentials cleared (POST sftp/destroy {storage_id}): harmless to repeat. */
export function sftpDestroyCall(settings: PlatformSettings, storageId: string): Call {
  return storageCall(
    settings,
    'POST',
    VOLUME_KIND.paths.sftpDestroy,
    [],
    { storage_id: exactInteger(storageId) },
    { ...READS, resend: 'repeatable' }
  );
}

/** What a transfer sends (its create's and its retry's body, but the retry's id), as the flow made it. */
export interface TransferBody {
  readonly storage_id: unknown;
  readonly name: string;
  readonly direction: 1 | 2;
  readonly s3_supplier: string;
  readonly s3_endpoint: string;
  readonly s3_access_key: string;
  readonly s3_secret_key: string;
  readonly s3_bucket: string;
  readonly s3_prefix: string;
  readonly nas_path: string;
  readonly overwrite_policy: 1 | 2 | 3;
  readonly ignore_patterns: readonly string[];
}

/**
 * The connection check of a transfer's object storage (the reference's s3 check, encrypted as the create,
 * its body the bucket and keys the transfer uses): its data.pass decides.
 */
export function transferCheckCall(settings: PlatformSettings, body: TransferBody): Call {
  const create = transferCreateCall(settings, body);
  return {
    ...create,
    endpoint: { ...create.endpoint, path: TRANSFER_KIND.paths.check },
    body: {
      supplier: body.s3_supplier,
      endpoint: body.s3_endpoint,
      ak: body.s3_access_key,
      sk: body.s3_secret_key,
      bucket: body.s3_bucket,
      prefix: body.s3_prefix
    },
    // It changes nothing: sent again whenever a failure may pass.
    traits: READS
  };
}

/**
 * A transfer's create (POST encrypt/s3/create, encrypted, text/plain), the endpoint as the transfer
 * operation's row and overrides say. Not sent again once it may have been applied.
 */
export function transferCreateCall(settings: PlatformSettings, body: TransferBody): Call {
  const call = callFor(settings, 'transfer', OPERATION_TABLE.transfer, undefined, false);
  return { ...call, operation: settings.operation, body: { ...body } };
}

/** A failed transfer submitted again (POST encrypt/s3/retry, encrypted as the create): a new one is made. */
export function transferRetryCall(settings: PlatformSettings, id: string, body: TransferBody): Call {
  const create = transferCreateCall(settings, body);
  return {
    ...create,
    endpoint: { ...create.endpoint, path: TRANSFER_KIND.paths.retry },
    body: { id: exactInteger(id), ...body }
  };
}

/** A transfer's detail (GET s3/detail?id=). */
export function transferDetailCall(settings: PlatformSettings, id: string): Call {
  return storageCall(settings, 'GET', TRANSFER_KIND.paths.detail, [['id', id]], undefined, READS);
}

/** One page of the transfers (GET s3/list), of a volume and of statuses when given. */
export function transferListCall(
  settings: PlatformSettings,
  which: { storageId?: string; statuses?: readonly string[]; page?: number } = {}
): Call {
  const query: [string, string][] = [
    ...(which.storageId === undefined ? [] : [['storage_id', which.storageId] as [string, string]]),
    ...(which.statuses === undefined ? [] : [['statuses', which.statuses.join(',')] as [string, string]]),
    ['page', String(which.page ?? 1)],
    ['page_size', '100']
  ];
  return storageCall(settings, 'GET', TRANSFER_KIND.paths.list, query, undefined, READS);
}

/** A transfer stopped (POST s3/stop {id}): harmless to repeat; only a Running one can be. */
export function transferStopCall(settings: PlatformSettings, id: string): Call {
  return storageCall(
    settings,
    'POST',
    TRANSFER_KIND.paths.stop,
    [],
    { id: exactInteger(id) },
    {
      ...READS,
      resend: 'repeatable'
    }
  );
}

/** A transfer deleted (POST s3/delete {id}): any status, again and again; how a queued one is ended. */
export function transferDeleteCall(settings: PlatformSettings, id: string): Call {
  return storageCall(
    settings,
    'POST',
    TRANSFER_KIND.paths.delete,
    [],
    { id: exactInteger(id) },
    {
      ...READS,
      resend: 'repeatable'
    }
  );
}

/** A call of the cluster storage endpoints, for the step's operation: signed, version as set, never encrypted. */
function storageCall(
  settings: PlatformSettings,
  method: 'GET' | 'POST',
  path: string,
  query: QueryParams,
  body: Record<string, unknown> | undefined,
  traits: OperationTraits
): Call {
  return {
    operation: settings.operation,
    taskId: undefined,
    endpoint: { method, path, encrypt: false, version: settings.apiVersion },
    query,
    body,
    traits
  };
}

/** A call of the preheat endpoints besides the create: signed, version as set, never encrypted. */
function preheatCall(
  settings: PlatformSettings,
  method: 'GET' | 'POST',
  path: string,
  query: QueryParams,
  body: Record<string, unknown> | undefined,
  traits: OperationTraits,
  taskId?: string
): Call {
  return {
    operation: 'preheat',
    taskId,
    endpoint: { method, path, encrypt: false, version: settings.apiVersion },
    query,
    body,
    traits
  };
}

/** An update of a task: the whole configuration, as its detail gave it and changed (POST update). */
export function updateCall(
  settings: PlatformSettings,
  taskId: string,
  configuration: Record<string, unknown>
): Call {
  const call = callFor(settings, 'update', OPERATION_TABLE.update, taskId, false);
  return { ...call, body: configuration };
}

/** The deletion of one node of a task (POST delete_pod {point_id}): the platform schedules another. */
export function deletePodCall(settings: PlatformSettings, taskId: string, pointId: string): Call {
  const call = callFor(settings, 'replace_node', OPERATION_TABLE.replace_node, taskId, false);
  return { ...call, body: { point_id: exactInteger(pointId) } };
}

/** A change_points {task_id, points} alone: how a scale up whose new nodes fail is set back. */
export function changePointsCall(settings: PlatformSettings, taskId: string, points: number): Call {
  return callFor({ ...settings, points }, 'change_points', OPERATION_TABLE.change_points, taskId, false);
}

/** The call the post step makes to stop or pause a task this step created. */
export function cleanupCall(settings: PlatformSettings, taskId: string, action: 'stop' | 'pause'): Call {
  const kind = taskKindOf(settings);
  const operation = action === 'stop' ? kind.stop : kind.pause;
  // The Job API has a stop and no pause.
  if (operation === undefined)
    throw new InputError(`task ${taskId} is a ${kind.name}, which cannot be paused: stop it instead`);
  return callFor(settings, operation, OPERATION_TABLE[operation], taskId, false);
}

export function callFor(
  settings: PlatformSettings,
  operation: OperationName,
  spec: OperationSpec,
  taskId: string | undefined,
  withInputs = true
): Call {
  const endpoint = endpointFor(settings, operation, spec);
  const traits: OperationTraits = {
    resend: spec.resend ?? READS.resend,
    answers: spec.answers ?? READS.answers,
    alreadyDone: spec.alreadyDone ?? READS.alreadyDone,
    appliesTo: spec.appliesTo ?? READS.appliesTo,
    check: spec.check ?? READS.check,
    ...(spec.pages === true ? { pages: true } : {}),
    ...(spec.readFirst === true ? { readFirst: true } : {})
  };
  const fields = spec.fields(settings, taskId);
  const given = { body: withInputs ? settings.body : {}, query: withInputs ? settings.query : [] };
  checkInputs(operation, spec, settings, { fields, ...given, withInputs });
  // What the body or query says again of the operation's own fields goes once, as the field says it.
  const body = Object.fromEntries(Object.entries(given.body).filter(([name]) => !(name in fields)));
  const query = given.query.filter(([name]) => !(name in fields));
  if (endpoint.method === 'GET') {
    if (Object.keys(body).length > 0) {
      throw new InputError(
        `body is set, but ${operation} is a GET and sends no body: put parameters in query instead`
      );
    }
    const fieldQuery = Object.entries(fields).map(([name, value]) => [name, String(value)] as const);
    const defaults = (spec.defaults ?? []).filter(([name]) => !query.some(([key]) => key === name));
    return {
      operation,
      taskId,
      endpoint,
      query: [...fieldQuery, ...defaults, ...query],
      body: undefined,
      traits
    };
  }
  const sent = { ...fields, ...body };
  return {
    operation,
    taskId,
    endpoint,
    query,
    body: withInputs && spec.completeBody !== undefined ? spec.completeBody(sent, settings) : sent,
    traits
  };
}

/** Where the operation sends: its endpoint in the profile, with any endpoints override, checked as a whole. */
export function endpointFor(
  settings: Pick<Connection, 'endpoints' | 'apiVersion' | 'apiProfile' | 'credentials'>,
  operation: OperationName,
  spec: OperationSpec
): Endpoint {
  const override = operation === 'request' ? {} : (settings.endpoints[operation] ?? {});
  const { version = settings.apiVersion, ...where } = override;
  const live = settings.apiProfile === 'live';
  const profiled = live ? { ...spec.endpoint, ...spec.live } : spec.endpoint;
  const endpoint: Endpoint = { ...profiled, ...where, version };
  // The platform's reference takes every encrypted body as text/plain (its S3 check, a transfer's create
  // and retry), as its scripts send one; the interface spec keeps application/json (5.4).
  if (live && endpoint.encrypt) endpoint.contentType ??= 'text/plain';
  checkEndpoint(operation, endpoint, spec, where);
  const { credentials } = settings;
  if (endpoint.encrypt && (credentials.mode !== 'rsa' || credentials.platformPublicKey === undefined)) {
    // A plain form of the same operation exists in the live profile: that is the fix for a token-mode key.
    const plainInLive = spec.live?.encrypt === false && settings.apiProfile !== 'live';
    throw new InputError(
      plainInLive
        ? `${operation} sends an encrypted body in api_profile ${settings.apiProfile}, which needs an RSA-mode key and platform_public_key: set api_profile: live, where ${operation} sends a plain signed body that token-mode keys can send, or set private_key and platform_public_key`
        : `${operation} needs an RSA-mode key and platform_public_key: it sends an encrypted body, so set private_key and platform_public_key (token-mode keys cannot encrypt)`
    );
  }
  return endpoint;
}

/** A value an error names: a short JSON form. */
function describeValue(value: unknown): string {
  const text =
    typeof value === 'string'
      ? JSON.stringify(value)
      : JSON.stringify(value, (_, v: unknown) => (typeof v === 'bigint' ? String(v) : v));
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
}

/** The body and query inputs against the operation's own fields: nothing said twice differently, nothing missing. */
function checkInputs(
  operation: OperationName,
  spec: OperationSpec,
  settings: PlatformSettings,
  given: {
    fields: Record<string, unknown>;
    body: Record<string, unknown>;
    query: QueryParams;
    withInputs: boolean;
  }
): void {
  const { fields, body, query } = given;
  if (spec.bodyRequired === true && Object.keys(body).length === 0) {
    throw new InputError(
      `body is empty, but ${operation} needs the storage fields: set body to ${STORAGE_FIELDS[settings.apiProfile].join(', ')}`
    );
  }
  // The same value in both is no conflict (a body copied from the reference); a different one is.
  for (const [name, own] of Object.entries(fields)) {
    if (name in body && !sameFieldValue(own, body[name]))
      throw new InputError(`body sets ${name} ${describeValue(body[name])}, ${ownedBy(name, own)}`);
    const inQuery = query.find(([key]) => key === name);
    if (inQuery !== undefined && !sameFieldValue(own, inQuery[1]))
      throw new InputError(`query sets ${name} ${describeValue(inQuery[1])}, ${ownedBy(name, own)}`);
  }
  for (const name of fieldsLeftOut(rowOf(operation)?.fromInputs ?? [], fields, given)) {
    const where = name in body ? 'body' : 'query';
    const value = name in body ? body[name] : query.find(([key]) => key === name)?.[1];
    throw new InputError(`${where} sets ${name} ${describeValue(value)}, ${ownedBy(name, undefined)}`);
  }
  const checked = given.withInputs ? spec.checkBody?.(body, settings) : undefined;
  if (checked?.ok === false) throw new InputError(checked.problem);
}

/**
 * The endpoint an override leaves, checked as a whole: a GET carries no body, so it can neither be
 * encrypted nor carry the body an operation needs.
 */
function checkEndpoint(
  operation: OperationName,
  endpoint: Endpoint,
  spec: OperationSpec,
  override: Partial<Endpoint>
): void {
  if (endpoint.method !== 'GET' || (!endpoint.encrypt && spec.bodyRequired !== true)) return;
  const what = endpoint.encrypt ? 'an encrypted body' : 'its body';
  const fix =
    override.encrypt === undefined && endpoint.encrypt
      ? `remove method, or set encrypt: false as well if the endpoint takes ${operation} unencrypted`
      : 'remove method';
  throw new InputError(
    `endpoints.${operation} sets method GET, but ${operation} sends ${what}, which only a POST carries: ${fix}`
  );
}
