import { InputError } from '../basics/input-error.js';
import { exactInteger } from '../protocol/json.js';
import type { Endpoint, QueryParams } from '../protocol/request.js';
import { sanitize } from '../basics/safe-text.js';
import { isRecord } from '../basics/records.js';
import {
  ACTIVE_STATUSES,
  type Connection,
  type OperationName,
  type PlatformSettings
} from './platform-settings.js';
import { taskIdOf } from './task-data.js';

/** What waiting means: ready (Running with its URLs), Paused, or End. */
export type WaitTarget = 'ready' | 'paused' | 'ended';

/**
 * How a call may be sent again after a failure that may pass (network errors, 429, 5xx):
 * - read: it changes nothing, so it is always retried;
 * - repeatable: it changes a task's state, and repeating it is harmless; a retry the platform refuses
 *   after an earlier attempt may have taken effect leaves the task's status to decide;
 * - until_sent: its effect is unknown (a POST of the request operation), so it is retried only while
 *   no attempt can have taken effect;
 * - create_once: it makes a task and takes no client token, so it goes through create-exactly-once.
 */
export type Resend = 'read' | 'repeatable' | 'until_sent' | 'create_once';

/** What an operation is, beyond where it sends: everything the step decides by operation. */
export interface OperationTraits {
  resend: Resend;
  /**
   * What a success answer's data is: `task`, the task's detail (it is the first check of a wait, and its
   * status is reported); `new_task`, a new task's id; `bills`, billing records; `resources`, the
   * resource search's devices and their regions; `other`, anything else.
   */
  answers: 'task' | 'new_task' | 'bills' | 'resources' | 'other';
  /** The statuses in which the operation has nothing left to do (a cleanup that meets them is done). */
  alreadyDone: readonly string[];
  /** The statuses the platform's reference says the operation applies to (all, when empty). */
  appliesTo: readonly string[];
  /** The answer is a page of a list: the step reads every page (unless the query asks for one). */
  pages?: boolean;
  /**
   * Why a success envelope's data still means the operation failed, or undefined. Decided from fields,
   * never from the message.
   */
  check: (data: unknown, call: Call) => string | undefined;
}

/** One call to the API: what to send where, for which task, and what kind of call it is. */
export interface Call {
  readonly operation: OperationName;
  readonly taskId: string | undefined;
  readonly endpoint: Endpoint;
  readonly query: QueryParams;
  readonly body: Record<string, unknown> | undefined;
  readonly traits: OperationTraits;
}

/** The calls a step makes, and what it then waits for. */
export interface Plan {
  readonly operation: OperationName;
  readonly calls: readonly Call[];
  readonly wait: WaitTarget | undefined;
}

interface OperationSpec extends Partial<OperationTraits> {
  /** The endpoint as the interface spec gives it (the spec profile). */
  endpoint: Omit<Endpoint, 'version'>;
  /** Where the platform's own reference differs (the live profile). */
  live?: Partial<Omit<Endpoint, 'version'>>;
  /**
   * How the operation uses task_id: not at all, exactly one id, one call per id, ids to keep (sweep), or
   * optional ids the one call filters by (billing).
   */
  taskIds: 'none' | 'one' | 'each' | 'keep' | 'filter';
  /** The operation's own fields: in the body of a POST, in the query of a GET. */
  fields: (settings: PlatformSettings, taskId: string | undefined) => Record<string, unknown>;
  /** Query parameters the platform requires, sent with these values unless the query input sets them. */
  defaults?: QueryParams;
  /** Why the body cannot be sent as it is (checked before anything is sent), or undefined. */
  checkBody?: (body: Record<string, unknown>, settings: PlatformSettings) => string | undefined;
  /** The body input is the whole request (storage check). */
  bodyRequired?: boolean;
  /** What the operation can wait for, and whether it does when wait is auto. */
  wait?: { target: WaitTarget; byDefault: boolean };
  /** Its calls are those of another operation, whose endpoint (and endpoints override) they follow. */
  sendsAs?: Exclude<OperationName, 'request'>;
  /** Its flow builds its calls (from what it reads first): the plan holds none. */
  flowCalls?: true;
}

const task = (_s: PlatformSettings, taskId: string | undefined): Record<string, unknown> => ({
  task_id: exactInteger(taskId ?? '')
});
const none = (): Record<string, unknown> => ({});
const post = (path: string, encrypt = false): OperationSpec['endpoint'] => ({
  method: 'POST',
  path,
  encrypt
});
const get = (path: string): OperationSpec['endpoint'] => ({ method: 'GET', path, encrypt: false });
/** A POST {task_id} per task that changes its state (harmless to repeat), waiting as `wait` says. */
const onTasks = (
  path: string,
  wait: OperationSpec['wait'],
  appliesTo: readonly string[],
  alreadyDone: readonly string[] = []
): OperationSpec => ({
  endpoint: post(path),
  taskIds: 'each',
  fields: task,
  wait,
  resend: 'repeatable',
  alreadyDone,
  appliesTo
});
/**
 * A task's detail per task id, in the form each profile gives: the spec's POST {task_id}, or the
 * reference's documented GET /api/task/deployment/detail?task_id= (the older GET on the spec's path stays
 * reachable through endpoints). The detail, wait, logs and events operations all read it.
 */
const taskDetail = (): OperationSpec => ({
  endpoint: post('/api/deployment/task/detail'),
  live: { method: 'GET', path: '/api/task/deployment/detail' },
  taskIds: 'each',
  fields: task,
  answers: 'task'
});
/** A create, as the create and replace operations send it (the name is the operation's, for errors). */
const creating = (operation: 'create' | 'replace'): OperationSpec => ({
  endpoint: post('/api/deployment/task/create', true),
  live: { path: '/api/task/deployment/create', encrypt: false },
  taskIds: 'none',
  resend: 'create_once',
  answers: 'new_task',
  // points is optional: the platform makes 1 node when it is left out.
  fields: (s) => ({
    ...(s.apiProfile === 'live' && !('task_type' in s.body) ? { task_type: 'Deployment' } : {}),
    task_name: required(s.taskName, 'task_name', operation, 'the name of the new task'),
    ...(s.points === undefined ? {} : { points: s.points })
  }),
  checkBody: (body, s) => resourceMarks(body) ?? (s.apiProfile === 'live' ? serviceFields(body) : undefined),
  wait: { target: 'ready', byDefault: true },
  check: (data, call) => {
    if (taskIdOf(data) !== undefined) return undefined;
    const name = typeof call.body?.task_name === 'string' ? sanitize(call.body.task_name, 100) : '';
    return `the platform accepted the create (code 0000) but its answer carries no task_id, so the task cannot be followed: a task named ${JSON.stringify(name)} may exist; look for it before running the job again`;
  }
});

/** Unless the table says otherwise, an operation only reads. */
const READS: OperationTraits = {
  resend: 'read',
  answers: 'other',
  alreadyDone: [],
  appliesTo: [],
  check: () => undefined
};

/**
 * Items asked for per page where the step reads a whole list. The platform publishes no largest page
 * size and may answer fewer: the step follows `count` across the pages whatever size they come in.
 */
export const PAGE_SIZE = 100;

/**
 * The operations, each in two profiles. `spec` follows the interface spec: detail is a POST with a
 * JSON body; create and storage check are encrypted. `live` follows the platform's own reference where
 * it differs: detail is a GET with task_id in the query, and create is the newer plain (signed, not
 * encrypted) POST on /api/task/deployment/create with task_type, which token-mode keys can send too.
 */
const OPERATION_TABLE: Record<Exclude<OperationName, 'request'>, OperationSpec> = {
  create: creating('create'),
  // A replace sends a create: with the create's endpoint and its overrides.
  replace: { ...creating('replace'), sendsAs: 'create' },
  detail: { ...taskDetail(), wait: { target: 'ready', byDefault: false } },
  // The sweep flow follows the task search's pages itself, task_id being the ids it keeps.
  sweep: {
    endpoint: get('/api/deployment/task/search'),
    taskIds: 'keep',
    fields: none,
    sendsAs: 'search_tasks'
  },
  logs: taskDetail(),
  events: taskDetail(),
  search_tasks: {
    endpoint: get('/api/deployment/task/search'),
    taskIds: 'none',
    // The platform requires type (Deployment is the only one) and a comma list of statuses; the page is
    // its default unless the query asks for another.
    fields: (s) => ({
      type: 'Deployment',
      status: s.taskStatuses.join(','),
      ...(s.query.some(([name]) => name === 'page') ? {} : { page: '1' }),
      ...(s.query.some(([name]) => name === 'page_size') ? {} : { page_size: '10' })
    })
  },
  // The reference requires both parameters; these are its deployment GPUs unless the query says otherwise.
  search_resources: {
    endpoint: get('/api/deployment/resource/search'),
    taskIds: 'none',
    fields: none,
    defaults: [
      ['task_type', 'Deployment'],
      ['device_type', 'GpuDevice']
    ],
    answers: 'resources'
  },
  // What each applies to, as the reference says: stop, a Running, Pending or Paused task (for good);
  // pause, a Running one; recover, a Paused one.
  stop: onTasks(
    '/api/deployment/task/stop',
    { target: 'ended', byDefault: true },
    ['Running', 'Pending', 'Paused'],
    ['End']
  ),
  pause: onTasks(
    '/api/deployment/task/pause',
    { target: 'paused', byDefault: true },
    ['Running'],
    ['Paused', 'End']
  ),
  recover: onTasks('/api/deployment/task/recover', { target: 'ready', byDefault: true }, ['Paused']),
  change_points: changingPoints(),
  // A scale sends a change_points, then waits until the task runs that many nodes.
  scale: { ...changingPoints(), sendsAs: 'change_points', wait: { target: 'ready', byDefault: true } },
  // An update overwrites the whole configuration: the flow reads the detail, changes it and posts it
  // all back (see updateCall); task_id or task_name says which task. Posting it again is harmless.
  update: {
    endpoint: post('/api/deployment/task/update'),
    taskIds: 'keep',
    fields: none,
    resend: 'repeatable',
    flowCalls: true,
    wait: { target: 'ready', byDefault: true }
  },
  // A delete_pod {point_id} per node the flow chooses (see deletePodCall): the platform schedules a new
  // node in its place. Sent again, it can only name the same node.
  replace_node: {
    endpoint: post('/api/deployment/task/delete_pod'),
    taskIds: 'one',
    fields: none,
    resend: 'repeatable',
    flowCalls: true,
    wait: { target: 'ready', byDefault: true }
  },
  nodes: { endpoint: get('/api/deployment/task/points'), taskIds: 'each', fields: task },
  // Both billing records require range, start_time and end_time (from the billing_* inputs).
  billing: {
    endpoint: get('/api/billing/get_billing_record'),
    taskIds: 'filter',
    fields: (s) => ({
      ...billingWindow(s),
      ...(s.taskIds.length === 0 ? {} : { task_ids: s.taskIds.join(',') })
    }),
    answers: 'bills',
    pages: true
  },
  task_billing: {
    endpoint: get('/api/billing/get_task_billing_record'),
    taskIds: 'none',
    fields: billingWindow,
    answers: 'bills',
    pages: true
  },
  // The platform's check is the reference's S3 check (suanli-nas-storage/): {supplier, endpoint, ak, sk,
  // bucket, prefix}, encrypted and sent as text/plain; the spec's has other fields on another path.
  storage_check: {
    endpoint: post('/api/storage/encrypt/check', true),
    live: { path: '/api/storage/nas/v1/encrypt/s3/check', contentType: 'text/plain' },
    taskIds: 'none',
    fields: none,
    bodyRequired: true,
    checkBody: (body, s) => storageFields(body, s.apiProfile),
    check: (data) => {
      const verdict = isRecord(data) ? data : {};
      if (verdict.pass === true) return undefined;
      const said = typeof verdict.message === 'string' ? sanitize(verdict.message, 300) : '';
      return verdict.pass === false
        ? `the storage did not pass the platform's check${said === '' ? '' : `: ${said}`}`
        : 'the answer carries no pass field, so the check cannot be taken as passed';
    }
  },
  // An image preheat (suanli-image-preheat/): the create a preheat flow sends, its regions or resources
  // and services filled in by the flow. Not idempotent: never sent again once it may have been applied.
  preheat: {
    endpoint: post('/api/task/image_preheat/create'),
    taskIds: 'none',
    resend: 'until_sent',
    fields: (s) => ({
      task_name: required(s.taskName, 'task_name', 'preheat', 'the name of the preheat task'),
      task_type: 'ImagePreHeat'
    })
  }
};

const WAITING_OPERATIONS = Object.entries(OPERATION_TABLE)
  .filter(([, spec]) => spec.wait !== undefined)
  .map(([name]) => name)
  .join(', ');

/**
 * The operations whose endpoint the endpoints input may override: every one with an endpoint of its own
 * (a replace follows create's, a sweep search_tasks').
 */
export const OVERRIDABLE_OPERATIONS = Object.entries(OPERATION_TABLE)
  .filter(([, spec]) => spec.sendsAs === undefined)
  .map(([name]) => name as Exclude<OperationName, 'request'>);

/** Plans every call of the step, checking every input it needs before anything is sent. */
export function planCalls(settings: PlatformSettings): Plan {
  const spec = specOf(settings);
  const ids = taskIdsFor(settings, spec);
  const operation = spec.sendsAs ?? settings.operation;
  const calls =
    spec.taskIds === 'keep' || spec.flowCalls === true
      ? []
      : spec.taskIds === 'none' || spec.taskIds === 'filter'
        ? [callFor(settings, operation, spec, undefined)]
        : ids.map((id) => callFor(settings, operation, spec, id));
  return { operation: settings.operation, calls, wait: waitTarget(settings, spec) };
}

/** The detail call that polls a task while waiting (following any endpoints override of detail). */
export function detailCall(settings: PlatformSettings, taskId: string): Call {
  return callFor(settings, 'detail', OPERATION_TABLE.detail, taskId, false);
}

/** One page of a task's node list, which a wait reads to see nodes that fail. */
export function nodesCall(settings: PlatformSettings, taskId: string, page = 1): Call {
  const call = callFor(settings, 'nodes', OPERATION_TABLE.nodes, taskId, false);
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
 * the parameters the platform requires in every profile: the statuses that still bill, unless `statuses`
 * says which (every status, End too, to learn whether a task is gone). An empty name searches every task.
 */
export function searchByNameCall(
  settings: PlatformSettings,
  taskName: string,
  page = 1,
  statuses: readonly string[] = ACTIVE_STATUSES
): Call {
  const call = callFor(settings, 'search_tasks', OPERATION_TABLE.search_tasks, undefined, false);
  return {
    ...call,
    query: [
      ['type', 'Deployment'],
      ['status', statuses.join(',')],
      ...(taskName === '' ? [] : [['search_value', taskName] as const]),
      ['page', String(page)],
      ['page_size', String(PAGE_SIZE)]
    ]
  };
}

/**
 * The resource search a create that picks its resource sends (GET resource/search, both required
 * parameters): the entries of one device type for one task type (Deployment, or ImagePreHeat for the
 * nodes of a preheat).
 */
export function resourceSearchCall(
  settings: PlatformSettings,
  deviceType: 'GpuDevice' | 'CpuDevice',
  taskType: 'Deployment' | 'ImagePreHeat' = 'Deployment'
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
  return preheatCall(settings, 'GET', '/api/task/image_preheat/get_regions', [], undefined, READS);
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
    '/api/task/image_preheat/detail',
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
    '/api/task/image_preheat/stop',
    [],
    { task_id: exactInteger(taskId) },
    { ...READS, resend: 'repeatable' },
    taskId
  );
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
  return callFor(settings, action, OPERATION_TABLE[action], taskId, false);
}

function specOf(settings: PlatformSettings): OperationSpec {
  if (settings.operation !== 'request') return OPERATION_TABLE[settings.operation];
  const endpoint = {
    method: required(settings.method, 'method', 'request', 'GET or POST'),
    path: required(
      settings.path,
      'path',
      'request',
      'the endpoint path, such as /api/deployment/task/search'
    ),
    encrypt: settings.encrypt
  };
  if (endpoint.method === 'GET' && endpoint.encrypt) {
    throw new InputError('encrypt is true, but a GET request has no body to encrypt: use method POST');
  }
  // A POST to an endpoint the action does not know may change anything: never repeated once it may have.
  return {
    endpoint,
    taskIds: 'none',
    fields: none,
    resend: endpoint.method === 'POST' ? 'until_sent' : 'read'
  };
}

function taskIdsFor(settings: PlatformSettings, spec: OperationSpec): string[] {
  const ids = settings.taskIds;
  const operation = settings.operation;
  if (spec.taskIds === 'keep' || spec.taskIds === 'filter') return ids;
  if (spec.taskIds === 'none') {
    if (ids.length > 0) {
      const why = spec.answers === 'new_task' ? 'makes a new task' : 'concerns no particular task';
      throw new InputError(`task_id is set, but ${operation} ${why}: remove task_id`);
    }
    return [];
  }
  if (ids.length === 0)
    throw new InputError(`task_id is empty, but ${operation} needs it: set task_id to the id of the task`);
  if (spec.taskIds === 'one' && ids.length > 1) {
    throw new InputError(
      `task_id lists ${ids.length} tasks, but ${operation} takes one: set task_id to a single id`
    );
  }
  return ids;
}

function waitTarget(settings: PlatformSettings, spec: OperationSpec): WaitTarget | undefined {
  if (settings.wait.mode === 'false') return undefined;
  if (spec.wait === undefined) {
    if (settings.wait.mode === 'true') {
      throw new InputError(
        `wait is true, but ${settings.operation} has nothing to wait for: waiting works with ${WAITING_OPERATIONS}`
      );
    }
    return undefined;
  }
  return settings.wait.mode === 'true' || spec.wait.byDefault ? spec.wait.target : undefined;
}

function callFor(
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
    ...(spec.pages === true ? { pages: true } : {})
  };
  const fields = spec.fields(settings, taskId);
  const body = withInputs ? settings.body : {};
  const query = withInputs ? settings.query : [];
  checkInputs(operation, spec, settings, { fields, body, query, withInputs });
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
  return { operation, taskId, endpoint, query, body: { ...fields, ...body }, traits };
}

/** Where the operation sends: its endpoint in the profile, with any endpoints override, checked as a whole. */
function endpointFor(
  settings: Pick<Connection, 'endpoints' | 'apiVersion' | 'apiProfile' | 'credentials'>,
  operation: OperationName,
  spec: OperationSpec
): Endpoint {
  const override = operation === 'request' ? {} : (settings.endpoints[operation] ?? {});
  const { version = settings.apiVersion, ...where } = override;
  const profiled = settings.apiProfile === 'live' ? { ...spec.endpoint, ...spec.live } : spec.endpoint;
  const endpoint: Endpoint = { ...profiled, ...where, version };
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

/** The body and query inputs against the operation's own fields: nothing set twice, nothing missing. */
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
  for (const name of Object.keys(fields)) {
    if (name in body) throw new InputError(`body sets ${name}, ${ownedBy(name)}`);
    if (query.some(([key]) => key === name)) throw new InputError(`query sets ${name}, ${ownedBy(name)}`);
  }
  const problem = given.withInputs ? spec.checkBody?.(body, settings) : undefined;
  if (problem !== undefined) throw new InputError(problem);
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

/** The input an operation's own field comes from, for an error that says where to set it. */
const FIELD_INPUTS: Record<string, string> = {
  task_id: 'task_id',
  task_name: 'task_name',
  points: 'points',
  status: 'task_status',
  range: 'billing_range',
  start_time: 'billing_start',
  end_time: 'billing_end',
  task_ids: 'task_id'
};

function ownedBy(field: string): string {
  const input = FIELD_INPUTS[field];
  return input === undefined
    ? 'which the operation sets itself: remove it'
    : `which has its own input: set it with the ${input} input only`;
}

function required<T>(value: T | undefined, name: string, operation: string, what: string): T {
  if (value === undefined)
    throw new InputError(`${name} is empty, but ${operation} needs it: set ${name} to ${what}`);
  return value;
}

/** A change_points {task_id, points}, as change_points and scale send it: harmless to repeat. */
function changingPoints(): OperationSpec {
  return {
    endpoint: post('/api/deployment/task/change_points'),
    taskIds: 'one',
    resend: 'repeatable',
    fields: (s, taskId) => ({
      ...task(s, taskId),
      points: required(s.points, 'points', s.operation, 'the new number of nodes, such as 2')
    })
  };
}

/** The time window both billing records require, as the billing_* inputs set it. */
function billingWindow(settings: PlatformSettings): Record<string, unknown> {
  const { range, startTime, endTime } = settings.billingWindow;
  return { range, start_time: startTime, end_time: endTime };
}

/**
 * The services the platform's reference requires of a create (suanli-deployment/): a list, each entry
 * with service_name, service_image and a remote_ports list. Without them the platform refuses the create
 * in every region a step would try.
 */
function serviceFields(body: Record<string, unknown>): string | undefined {
  const example =
    'services: [{service_name: web, service_image: "nginx:1.27", remote_ports: [{service_port: 80}]}]';
  if (!Array.isArray(body.services))
    return `body has ${body.services === undefined ? 'no services' : 'services that are not a list'}, but a create needs them: add them to body, such as ${example}`;
  for (const [index, service] of body.services.entries()) {
    const entry: Record<string, unknown> = isRecord(service) ? service : {};
    const missing = ['service_name', 'service_image'].filter(
      (name) => typeof entry[name] !== 'string' || entry[name] === ''
    );
    if (!Array.isArray(entry.remote_ports)) missing.push('remote_ports');
    if (missing.length > 0)
      return `body services[${index}] has no ${missing.join(', ')}, but a create needs each service to have service_name, service_image and a remote_ports list: set them, as in ${example}`;
  }
  return undefined;
}

/**
 * A create's resources[].mark must be the string a resource search gives in regions[].mark.mark: the
 * search answers mark as an object, and pasting the object whole is the mistake this catches.
 */
function resourceMarks(body: Record<string, unknown>): string | undefined {
  const resources = body.resources;
  if (resources === undefined) return undefined;
  if (!Array.isArray(resources)) return 'body resources is not a list: write it as a list of {mark: ...}';
  for (const [index, entry] of resources.entries()) {
    const mark: unknown = isRecord(entry) ? entry.mark : undefined;
    if (typeof mark === 'string' && mark !== '') continue;
    const what = isRecord(mark)
      ? 'an object (the whole regions[].mark of the resource search)'
      : mark === undefined
        ? 'missing'
        : `a ${Array.isArray(mark) ? 'list' : typeof mark}`;
    return `body resources[${index}].mark is ${what}, but a create needs the string inside it: set resources[${index}].mark to regions[].mark.mark of the resource search (search_resources shows it in the job summary)`;
  }
  return undefined;
}

/** The fields of a storage check in each profile: the reference's S3 check, or the spec's (section 4.3). */
const STORAGE_FIELDS = {
  live: ['supplier', 'endpoint', 'ak', 'sk', 'bucket', 'prefix'],
  spec: ['storage_name', 'bucket', 'dir', 'endpoint', 'access_key', 'secret_key', '<engine>_region_id']
} as const;

/**
 * The reference's S3 check requires each of its fields, as text (prefix may be empty): a body with the
 * spec's fields, or one missing a credential, is refused before it is sent.
 */
function storageFields(body: Record<string, unknown>, profile: 'spec' | 'live'): string | undefined {
  if (profile !== 'live') return undefined;
  const missing = STORAGE_FIELDS.live.filter(
    (name) => typeof body[name] !== 'string' || (name !== 'prefix' && body[name] === '')
  );
  if (missing.length === 0) return undefined;
  const spec =
    'access_key' in body || 'storage_name' in body
      ? " (access_key, secret_key and the like are the interface spec's fields: set api_profile: spec to send them)"
      : '';
  return `body has no ${missing.join(', ')} as text, but storage_check needs them: set body to supplier (such as tencent), endpoint, ak, sk, bucket and prefix${spec}`;
}
