import { failedCheck, firstFailed, PASSED, type Check } from '../../basics/check.js';
import { InputError } from '../../basics/input-error.js';
import { exactInteger } from '../../protocol/json.js';
import type { Endpoint, QueryParams } from '../../protocol/request.js';
import { sanitize } from '../../basics/safe-text.js';
import { isRecord } from '../../basics/records.js';
import type { OperationName, PlatformSettings } from '../platform-settings.js';
import { countOf, taskIdOf } from '../task-data.js';
import {
  billRows,
  groupRows,
  jobRows,
  nodeRows,
  resourceRows,
  taskRows,
  transferRows,
  volumeOptionRows,
  volumeRows,
  type ListRows
} from '../list-rows.js';
import {
  estimatedExecSec,
  jobFields,
  required,
  resourceMarks,
  serviceFields,
  storageFields
} from './input-checks.js';

// What a task is, and what waiting means: the kinds of task-kinds.ts.
export type { KindName, TaskKind, WaitTarget } from '../task-kinds.js';
import {
  TASK_KINDS,
  TRANSFER_KIND,
  VOLUME_KIND,
  DEPLOYMENT_PATHS,
  DEPLOYMENT_SPEC_PATHS,
  JOB_PATHS,
  PREHEAT_KIND,
  type KindName,
  type StatusesOfChange,
  type TaskKind,
  type WaitTarget
} from '../task-kinds.js';

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
   * The task's state is read before the call is sent, and a task that bills no more is not sent it: a
   * job ends by itself, and a stop of one that has ended would only be refused.
   */
  readFirst?: boolean;
  /**
   * Whether a success envelope's data still means the operation failed, and why. Decided from fields,
   * never from the message.
   */
  check: (data: unknown, call: Call) => Check;
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

export interface OperationSpec extends Partial<OperationTraits> {
  /**
   * The kind it concerns: where its state is read, and the paths its calls go to (the kind's row). The
   * billing records and the resource search concern no kind of their own: they are a deployment's, whose
   * task type they name unless the query says another.
   */
  kind: KindName;
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
  /**
   * The fields it sets from an input that a body or a query copied from the platform's reference carries
   * too (every job example there has points): where the input is empty, it takes the field's value, and
   * the same value in both is no conflict (see inputsFromFields, sameFieldValue in input-checks.ts).
   */
  fromInputs?: readonly string[];
  /** How a listing operation's answer (its data: the pages read, as one) becomes rows (see ListRows). */
  listRows?: (data: unknown) => ListRows;
  /** Query parameters the platform requires, sent with these values unless the query input sets them. */
  defaults?: QueryParams;
  /** Why the body cannot be sent as it is (checked before anything is sent), or undefined. */
  checkBody?: (body: Record<string, unknown>, settings: PlatformSettings) => Check;
  /** Completes the body a POST sends, once checked (a job's expected run, inside its job_support). */
  completeBody?: (body: Record<string, unknown>, settings: PlatformSettings) => Record<string, unknown>;
  /** The body input is the whole request (storage check). */
  bodyRequired?: boolean;
  /** What the operation can wait for, and whether it does when wait is auto. */
  wait?: { target: WaitTarget; byDefault: boolean };
  /** Its calls are those of another operation, whose endpoint (and endpoints override) they follow. */
  sendsAs?: Exclude<OperationName, 'request'>;
  /** Its flow builds its calls (from what it reads first): the plan holds none. */
  flowCalls?: true;
  /**
   * Its calls go to the paths of its kind's row (task-kinds.ts), several of them: the endpoints input
   * cannot move them (a volume's calls).
   */
  kindPaths?: true;
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
  kind: TaskKind,
  path: string,
  wait: OperationSpec['wait'],
  statuses: StatusesOfChange | undefined
): OperationSpec => ({
  kind,
  endpoint: post(path),
  taskIds: 'each',
  fields: task,
  wait,
  resend: 'repeatable',
  alreadyDone: statuses?.doneIn ?? [],
  appliesTo: statuses?.appliesTo ?? []
});
const DEPLOYMENT = { ...TASK_KINDS.deployment, paths: DEPLOYMENT_PATHS, specPaths: DEPLOYMENT_SPEC_PATHS };
const JOB = { ...TASK_KINDS.job, paths: JOB_PATHS };
/**
 * A job's create (suanli-job/): created once, as a task is, then waited for until it ends. Spot (the
 * platform's default) needs its expected run, which the step puts in job_support; points are its
 * completions (1 unless set).
 */
const JOB_CREATE_CALL: OperationSpec = {
  endpoint: post(JOB.paths.create),
  kind: 'job',
  taskIds: 'none',
  resend: 'create_once',
  answers: 'new_task',
  fromInputs: ['task_name', 'points', 'sub_type'],
  fields: (s) => ({
    task_name: required(s.taskName, 'task_name', 'job', 'the name of the job'),
    ...(s.jobType === 'spot' ? { sub_type: 'Spot' } : {}),
    points: s.points ?? 1
  }),
  checkBody: (body, s) =>
    firstFailed(
      () => resourceMarks(body),
      () => jobFields(body, s)
    ),
  completeBody: (body, s) => {
    if (s.jobType !== 'spot' || !isRecord(body.job_support)) return body;
    const support = body.job_support;
    const timeout = countOf(support.timeout_sec) ?? 0;
    return { ...body, job_support: { ...support, estimated_exec_sec: estimatedExecSec(s, timeout) } };
  },
  check: newTaskCheck
};
const JOB_CREATE: OperationSpec = { ...JOB_CREATE_CALL, wait: { target: 'finished', byDefault: true } };

/** A runner's create: a job's, whose step waits until its runner is online (its own wait), not its end. */
const RUNNER_CREATE = JOB_CREATE_CALL;

/**
 * A task's detail per task id, in the form each profile gives: the spec's POST {task_id}, or the
 * reference's documented GET /api/task/deployment/detail?task_id= (the older GET on the spec's path stays
 * reachable through endpoints). The detail, wait, logs and events operations all read it.
 */
const taskDetail = (): OperationSpec => ({
  kind: DEPLOYMENT.name,
  endpoint: post(DEPLOYMENT.specPaths.detail),
  live: { method: 'GET', path: DEPLOYMENT.paths.detail },
  taskIds: 'each',
  fields: task,
  answers: 'task'
});

/**
 * A create's answer must carry the new task's id (else a task may exist that the step cannot follow).
 */
function newTaskCheck(data: unknown, call: Call): Check {
  if (taskIdOf(data) !== undefined) return PASSED;
  const name = typeof call.body?.task_name === 'string' ? sanitize(call.body.task_name, 100) : '';
  return failedCheck(
    `the platform accepted the create (code 0000) but its answer carries no task_id, so the task cannot be followed: a task named ${JSON.stringify(name)} may exist; look for it before running the job again`
  );
}

/** A create, as the create and replace operations send it (the name is the operation's, for errors). */
const creating = (operation: 'create' | 'replace' | 'preview'): OperationSpec => ({
  kind: DEPLOYMENT.name,
  endpoint: post(DEPLOYMENT.specPaths.create, true),
  live: { path: DEPLOYMENT.paths.create, encrypt: false },
  taskIds: 'none',
  resend: 'create_once',
  answers: 'new_task',
  // points is optional: the platform makes 1 node when it is left out.
  fields: (s) => ({
    ...(s.apiProfile === 'live' && !('task_type' in s.body) ? { task_type: 'Deployment' } : {}),
    task_name: required(s.taskName, 'task_name', operation, 'the name of the new task'),
    ...(s.points === undefined ? {} : { points: s.points })
  }),
  checkBody: (body, s) =>
    firstFailed(
      () => resourceMarks(body),
      () => (s.apiProfile === 'live' ? serviceFields(body) : PASSED)
    ),
  wait: { target: 'ready', byDefault: true },
  check: newTaskCheck
});

/** A change_points {task_id, points}, as change_points and scale send it: harmless to repeat. */
function changingPoints(): OperationSpec {
  return {
    kind: DEPLOYMENT.name,
    endpoint: post(DEPLOYMENT.paths.changePoints),
    taskIds: 'one',
    resend: 'repeatable',
    fromInputs: ['points'],
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

/** A query parameter the operation requires, which only the query input can give: refused before sending. */
function queryParameter(settings: PlatformSettings, name: string, operation: string, what: string): void {
  if (!settings.query.some(([key, value]) => key === name && value !== ''))
    throw new InputError(`query has no ${name}, but ${operation} needs it: add ${what}`);
}

/** Unless the table says otherwise, an operation only reads. */
export const READS: OperationTraits = {
  resend: 'read',
  answers: 'other',
  alreadyDone: [],
  appliesTo: [],
  check: () => PASSED
};

/**
 * Items asked for per page where the step reads a whole list. The platform publishes no largest page
 * size and may answer fewer: the step follows `count` across the pages whatever size they come in.
 */
export const PAGE_SIZE = 100;

/**
 * A cluster storage operation (suanli-nas-storage/): its flow builds its calls from its kind's paths
 * (calls.ts; a volume's or a transfer's), reading first; signed, never encrypted, the same in both
 * profiles.
 */
const volumeOperation = (
  kind: 'volume' | 'transfer',
  method: 'GET' | 'POST',
  path: string,
  resend: Resend
): OperationSpec => ({
  kind,
  endpoint: method === 'GET' ? get(path) : post(path),
  taskIds: 'none',
  fields: none,
  resend,
  flowCalls: true,
  kindPaths: true
});

/**
 * The operations, each in two profiles. `spec` follows the interface spec: detail is a POST with a
 * JSON body; create and storage check are encrypted. `live` follows the platform's own reference where
 * it differs: detail is a GET with task_id in the query, and create is the newer plain (signed, not
 * encrypted) POST on /api/task/deployment/create with task_type, which token-mode keys can send too.
 */
export const OPERATION_TABLE: Record<Exclude<OperationName, 'request'>, OperationSpec> = {
  create: { ...creating('create'), fromInputs: ['task_name', 'points'] },
  // A replace sends a create: with the create's endpoint and its overrides.
  replace: { ...creating('replace'), sendsAs: 'create', fromInputs: ['task_name', 'points'] },
  detail: { ...taskDetail(), wait: { target: 'ready', byDefault: false } },
  // The sweep flow follows the task search's pages itself, task_id being the ids it keeps.
  sweep: {
    kind: DEPLOYMENT.name,
    endpoint: get(DEPLOYMENT.paths.search),
    taskIds: 'keep',
    fields: none,
    sendsAs: 'search_tasks'
  },
  // A preview sends a replace's create under the pull request's name; its flow builds the name and the calls.
  preview: { ...creating('preview'), sendsAs: 'create' },
  // The preview sweep searches the previews' names, as a sweep does, and asks GitHub about each.
  preview_sweep: {
    kind: DEPLOYMENT.name,
    endpoint: get(DEPLOYMENT.paths.search),
    taskIds: 'none',
    fields: none,
    sendsAs: 'search_tasks'
  },
  logs: taskDetail(),
  events: taskDetail(),
  search_tasks: {
    kind: DEPLOYMENT.name,
    endpoint: get(DEPLOYMENT.paths.search),
    taskIds: 'none',
    fromInputs: ['status'],
    listRows: taskRows,
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
    kind: DEPLOYMENT.name,
    endpoint: get('/api/deployment/resource/search'),
    taskIds: 'none',
    fields: none,
    defaults: [
      ['task_type', 'Deployment'],
      ['device_type', 'GpuDevice']
    ],
    answers: 'resources',
    listRows: resourceRows
  },
  // What each applies to is the deployment kind's (task-kinds.ts), as the reference says.
  stop: onTasks(
    DEPLOYMENT.name,
    DEPLOYMENT.paths.stop,
    { target: 'ended', byDefault: true },
    DEPLOYMENT.changes.stop
  ),
  pause: onTasks(
    DEPLOYMENT.name,
    DEPLOYMENT.paths.pause,
    { target: 'paused', byDefault: true },
    DEPLOYMENT.changes.pause
  ),
  recover: onTasks(
    DEPLOYMENT.name,
    DEPLOYMENT.paths.recover,
    { target: 'ready', byDefault: true },
    DEPLOYMENT.changes.recover
  ),
  change_points: changingPoints(),
  // A scale sends a change_points, then waits until the task runs that many nodes.
  scale: { ...changingPoints(), sendsAs: 'change_points', wait: { target: 'ready', byDefault: true } },
  // An update overwrites the whole configuration: the flow reads the detail, changes it and posts it
  // all back (see updateCall); task_id or task_name says which task. Posting it again is harmless.
  update: {
    kind: DEPLOYMENT.name,
    endpoint: post(DEPLOYMENT.paths.update),
    taskIds: 'keep',
    fields: none,
    resend: 'repeatable',
    flowCalls: true,
    wait: { target: 'ready', byDefault: true }
  },
  // A delete_pod {point_id} per node the flow chooses (see deletePodCall): the platform schedules a new
  // node in its place. Sent again, it can only name the same node.
  replace_node: {
    kind: DEPLOYMENT.name,
    endpoint: post(DEPLOYMENT.paths.deleteNode),
    taskIds: 'one',
    fields: none,
    resend: 'repeatable',
    flowCalls: true,
    wait: { target: 'ready', byDefault: true }
  },
  nodes: {
    kind: DEPLOYMENT.name,
    endpoint: get(DEPLOYMENT.paths.nodes),
    taskIds: 'each',
    fields: task,
    listRows: nodeRows
  },
  // Both billing records require range, start_time and end_time (from the billing_* inputs).
  billing: {
    kind: DEPLOYMENT.name,
    endpoint: get('/api/billing/get_billing_record'),
    taskIds: 'filter',
    fields: (s) => ({
      ...billingWindow(s),
      ...(s.taskIds.length === 0 ? {} : { task_ids: s.taskIds.join(',') })
    }),
    answers: 'bills',
    pages: true,
    listRows: (data) => billRows(data, false)
  },
  task_billing: {
    kind: DEPLOYMENT.name,
    endpoint: get('/api/billing/get_task_billing_record'),
    taskIds: 'none',
    fields: billingWindow,
    answers: 'bills',
    pages: true,
    listRows: (data) => billRows(data, true)
  },
  // The platform's check is the reference's S3 check (suanli-nas-storage/): {supplier, endpoint, ak, sk,
  // bucket, prefix}, encrypted and sent as text/plain; the spec's has other fields on another path.
  storage_check: {
    kind: 'transfer',
    endpoint: post(TRANSFER_KIND.specPaths.check, true),
    live: { path: TRANSFER_KIND.paths.check, contentType: 'text/plain' },
    taskIds: 'none',
    fields: none,
    bodyRequired: true,
    checkBody: (body, s) => storageFields(body, s.apiProfile),
    check: (data) => {
      const verdict = isRecord(data) ? data : {};
      if (verdict.pass === true) return PASSED;
      const said = typeof verdict.message === 'string' ? sanitize(verdict.message, 300) : '';
      return failedCheck(
        verdict.pass === false
          ? `the storage did not pass the platform's check${said === '' ? '' : `: ${said}`}`
          : 'the answer carries no pass field, so the check cannot be taken as passed'
      );
    }
  },
  // A GPU batch job (JOB_CREATE).
  job: JOB_CREATE,
  // Jobs (suanli-job/): a job's detail per task id; the job search by status and name, every page read
  // unless the query asks for one; the task groups of a job queue, and one group (the queue_id and
  // group_id the reference requires come in the query).
  job_detail: {
    endpoint: get(JOB.paths.detail),
    kind: 'job',
    taskIds: 'each',
    fields: task,
    answers: 'task',
    wait: { target: 'finished', byDefault: false }
  },
  job_search: {
    endpoint: get(JOB.paths.search),
    kind: 'job',
    taskIds: 'none',
    fromInputs: ['status', 'search_value'],
    fields: (s) => ({
      status: s.taskStatuses.join(','),
      ...(s.taskName === undefined ? {} : { search_value: s.taskName })
    }),
    pages: true,
    listRows: jobRows
  },
  // What stop applies to is the job kind's (task-kinds.ts); a job whose run ended needs no stop, and is
  // read first.
  job_stop: {
    ...onTasks('job', JOB.paths.stop, { target: 'ended', byDefault: true }, JOB.changes.stop),
    readFirst: true
  },
  // Its pages hold 50 groups at most (the reference: page_size 1 to 50).
  job_group_search: {
    kind: 'job',
    endpoint: get(JOB.paths.groupSearch),
    taskIds: 'none',
    defaults: [['page_size', '50']],
    fields: (s) => {
      queryParameter(s, 'queue_id', 'job_group_search', 'the id of the job queue, such as queue_id=7');
      return {};
    },
    pages: true,
    listRows: groupRows
  },
  job_group_detail: {
    kind: 'job',
    endpoint: get(JOB.paths.groupDetail),
    taskIds: 'none',
    fields: (s) => {
      queryParameter(s, 'group_id', 'job_group_detail', 'the id of the task group, such as group_id=5001');
      return {};
    }
  },
  // A GPU runner for a workflow's job (issue 62): a job's create per runner, its runner's configuration in
  // its container's env; the flow names each and builds its body. Its stop is a job's, on the runners'
  // jobs the flow finds; its sweep reads the job search.
  runner: { ...RUNNER_CREATE, kind: 'runner', sendsAs: 'job', flowCalls: true },
  runner_stop: {
    ...onTasks('runner', JOB.paths.stop, { target: 'ended', byDefault: true }, JOB.changes.stop),
    sendsAs: 'job_stop',
    taskIds: 'keep',
    readFirst: true
  },
  runner_sweep: {
    kind: 'runner',
    endpoint: get(JOB.paths.search),
    taskIds: 'none',
    fields: none,
    sendsAs: 'job_search'
  },
  // An image preheat (suanli-image-preheat/): the create a preheat flow sends, its regions or resources
  // and services filled in by the flow. Not idempotent: never sent again once it may have been applied.
  preheat: {
    kind: 'preheat',
    endpoint: post(PREHEAT_KIND.paths.create),
    taskIds: 'none',
    resend: 'until_sent',
    fromInputs: ['task_name'],
    fields: (s) => ({
      task_name: required(s.taskName, 'task_name', 'preheat', 'the name of the preheat task'),
      task_type: 'ImagePreHeat'
    })
  },
  // Cluster storage (suanli-nas-storage/): a volume made sure of by name (found, else created; grown,
  // never shrunk; waited on until Active); the volumes and what they cost; where one can be made; a
  // volume deleted.
  volume: volumeOperation('volume', 'POST', VOLUME_KIND.paths.create, 'until_sent'),
  volume_list: { ...volumeOperation('volume', 'GET', VOLUME_KIND.paths.list, 'read'), listRows: volumeRows },
  // The regions and storage classes a volume can be made in (nas-dictionaries.md): a plain signed GET
  // with no parameters, sent as the other plain calls are (so the endpoints input may move it).
  volume_options: {
    kind: 'volume',
    endpoint: get(VOLUME_KIND.paths.options),
    taskIds: 'none',
    fields: none,
    listRows: volumeOptionRows
  },
  volume_delete: volumeOperation('volume', 'POST', VOLUME_KIND.paths.delete, 'repeatable'),
  // A transfer between object storage and a volume (suanli-nas-storage/api/s3-*.md): its create is
  // encrypted and sent as text/plain, as the reference requires (so an RSA-mode key and the platform's
  // public key are checked before anything is sent); its flow checks the connection first, then follows
  // it, retries it and stops it. Never sent again once it may have been applied.
  transfer: {
    kind: 'transfer',
    endpoint: { ...post(TRANSFER_KIND.paths.create, true), contentType: 'text/plain' },
    taskIds: 'none',
    fields: none,
    resend: 'until_sent',
    flowCalls: true
  },
  transfer_detail: volumeOperation('transfer', 'GET', TRANSFER_KIND.paths.detail, 'read'),
  transfer_list: {
    ...volumeOperation('transfer', 'GET', TRANSFER_KIND.paths.list, 'read'),
    listRows: transferRows
  },
  transfer_stop: volumeOperation('transfer', 'POST', TRANSFER_KIND.paths.stop, 'repeatable'),
  // Copies between the workspace and volumes: each volume's SFTP session obtained (asked again while
  // Pending, the same session back) and destroyed by the flow; a copy through object storage a transfer.
  copy: volumeOperation('volume', 'POST', VOLUME_KIND.paths.sftpObtain, 'repeatable')
};

/** The operations that can wait, for an error that lists them. */
export const WAITING_OPERATIONS = Object.entries(OPERATION_TABLE)
  .filter(([, spec]) => spec.wait !== undefined)
  .map(([name]) => name)
  .join(', ');

/**
 * The operations whose endpoint the endpoints input may override: every one with an endpoint of its own
 * (a replace follows create's, a sweep search_tasks'), but those whose calls go to their kind's paths.
 */
export const OVERRIDABLE_OPERATIONS = Object.entries(OPERATION_TABLE)
  .filter(([, spec]) => spec.sendsAs === undefined && spec.kindPaths !== true)
  .map(([name]) => name as Exclude<OperationName, 'request'>);
