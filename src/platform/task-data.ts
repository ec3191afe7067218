import { isLosslessNumber } from 'lossless-json';
import { isRecord } from '../basics/records.js';

/** What the platform's task data says, as far as a wait and the outputs read it. */
export interface TaskSnapshot {
  status: string | undefined;
  name: string | undefined;
  /** Every services[].remote_ports[].url, null where not yet set. */
  urls: (string | null)[];
  /** Nodes running (`runing_points`, sic) of all (`points`), when the data has both. */
  nodes: { running: number; total: number } | undefined;
  /** What the task has been billed (`billing_value`), in points, as the platform writes it: exact text. */
  billingValue: string | undefined;
  /** What it has used since and not been billed yet (`forecast_value`), in points; absent from some answers. */
  forecastValue: string | undefined;
  /** A job's pods (its job_status): those running, succeeded and failed, as a line says them. */
  pods?: string;
  /** A job that bills no more (see JobFacts.ended); absent for a deployment, whose status says it. */
  billsNoMore?: boolean;
  /** Why the status cannot be believed on one read (see JobFacts.doubt). */
  doubt?: string;
}

/** The statuses a deployment's task search takes (Other is never searched for). */
export const SEARCHABLE_STATUSES = ['Running', 'Pending', 'Paused', 'End'] as const;
/** A deployment's statuses while it still bills: what lookups by name ask for, and task_status by default. */
export const ACTIVE_STATUSES = ['Running', 'Pending', 'Paused'] as const;

/**
 * A job's task statuses once it was stopped, by the step, the console or another run: the reference's job
 * list names `Paused` 已停止 (stopped) and `End` 已删除 (deleted) (suanli-job/api/job-tasks.md). The Job API
 * has no pause: a job in either bills no more.
 */
export const JOB_STOPPED_STATUSES: readonly string[] = ['Paused', 'End'];

/** A job's task statuses while it may bill: what a search for the jobs of a name asks for. */
export const JOB_ACTIVE_STATUSES: readonly string[] = ['Running', 'Pending'];

/**
 * job_status.status Manual: the reference lists it among a job's run statuses and says nothing of it. A run
 * held so (by hand, it seems) is read as no success and no end: the wait ends failed, and the job is
 * stopped, since its pods may still run and bill.
 */
export const JOB_HELD_STATUS = 'Manual';

/** job_status.status once a job's run has ended: its verdict. */
const RUN_ENDED = ['Complete', 'Failed'];

/**
 * What a job's detail says, for a wait until it ends: its status is its job_status.status (Pending,
 * Running, Complete, Failed; Manual), except that a job stopped before its run ended reads as its task
 * does (Paused or End). The task's status alone is no verdict: a job runs as long as its job_status says.
 * `billsNoMore` and `doubt` are those of jobFactsOf.
 */
export function jobSnapshotOf(data: unknown): TaskSnapshot {
  const task = snapshotOf(data, ['status']);
  const { status, running, succeeded, failed, stopped, ended, doubt } = jobFactsOf(data);
  const runEnded = status !== undefined && RUN_ENDED.includes(status);
  return {
    ...task,
    status: stopped && !runEnded ? task.status : status,
    urls: [],
    nodes: undefined,
    billsNoMore: ended,
    ...(doubt === undefined ? {} : { doubt }),
    ...(succeeded === undefined || failed === undefined
      ? {}
      : { pods: `${running ?? 0} running, ${succeeded} succeeded, ${failed} failed` })
  };
}

/** The status at statusField (a dot path), the name and the service URLs of task data. */
export function snapshotOf(data: unknown, statusField: readonly string[]): TaskSnapshot {
  const status = statusField.reduce<unknown>(
    (value, key) =>
      isRecord(value) || Array.isArray(value) ? (value as Record<string, unknown>)[key] : undefined,
    data
  );
  const name = isRecord(data) && typeof data.task_name === 'string' ? data.task_name : undefined;
  return {
    status: typeof status === 'string' ? status : typeof status === 'number' ? String(status) : undefined,
    name,
    urls: serviceUrls(data),
    nodes: nodesOf(data),
    billingValue: numberText(data, 'billing_value'),
    forecastValue: numberText(data, 'forecast_value')
  };
}

/** What a job's detail says of its run (see job-detail of the reference). */
export interface JobFacts {
  /** job_status.status: Pending, Manual, Running, Complete or Failed. */
  status: string | undefined;
  /** Its pods: running (active_pods), succeeded and failed. */
  running: number | undefined;
  succeeded: number | undefined;
  failed: number | undefined;
  /** Spot (sub_type Spot), or on demand. */
  mode: 'spot' | 'on_demand';
  /** Its task reads Paused or End: it was stopped (see JOB_STOPPED_STATUSES). */
  stopped: boolean;
  /** Its run ended: job_status Complete or Failed. */
  runEnded: boolean;
  /**
   * Its pods being billed (billing_points, 计费中 Pod 数), apart from those running: a pod that exited may
   * still be billed. Undefined when the detail does not say.
   */
  billing: number | undefined;
  /**
   * It bills no more: no pod of it is billed (billing_points 0, or not said), and it was stopped, or its
   * run ended (job_status Complete or Failed) with no pod active and counts that fit (no `doubt`). Never one
   * word alone: a Failed job whose pods are still active still bills, a job whose pods ended while
   * billing_points is above 0 still bills, and a Complete with fewer pods succeeded than its completions is
   * sent its stop all the same.
   */
  ended: boolean;
  /**
   * Why its job_status cannot be believed on one read: Complete while fewer pods succeeded than the job's
   * completions (points). Undefined when the counts fit, or are not given.
   */
  doubt: string | undefined;
  /** From its job's start (job_status.create_time) to its end (completion_time, else its last update once ended), in seconds. */
  seconds: number | undefined;
}

export function jobFactsOf(data: unknown): JobFacts {
  const detail = isRecord(data) ? data : {};
  const job = isRecord(detail.job_status) ? detail.job_status : {};
  const status = typeof job.status === 'string' ? job.status : undefined;
  const time = (value: unknown): number | undefined => {
    const ms = typeof value === 'string' ? Date.parse(value) : Number.NaN;
    return Number.isNaN(ms) ? undefined : ms;
  };
  const running = countOf(job.active_pods);
  const succeeded = countOf(job.succeeded_pods);
  const stopped = typeof detail.status === 'string' && JOB_STOPPED_STATUSES.includes(detail.status);
  const runEnded = status !== undefined && RUN_ENDED.includes(status);
  const completions = countOf(detail.points);
  const doubt =
    status === 'Complete' && succeeded !== undefined && completions !== undefined && succeeded < completions
      ? `its job_status says Complete, but ${succeeded} of its ${completions} completion(s) succeeded`
      : undefined;
  // A run's end that its own counts contradict is no reason to leave a job unstopped; nor is one whose pods
  // are still billed, whatever active_pods says.
  const billing = countOf(detail.billing_points);
  const ended =
    (billing ?? 0) === 0 && (stopped || (runEnded && (running ?? 0) === 0 && doubt === undefined));
  const start = time(job.create_time);
  const end = time(job.completion_time) ?? (ended ? time(detail.last_update_time) : undefined);
  return {
    status,
    running,
    succeeded,
    failed: countOf(job.failed_pods),
    mode: detail.sub_type === 'Spot' ? 'spot' : 'on_demand',
    stopped,
    runEnded,
    billing,
    ended,
    doubt,
    seconds:
      start === undefined || end === undefined || end < start ? undefined : Math.round((end - start) / 1000)
  };
}

/**
 * Why a Failed job failed, as its limits say, in one line: its pods that failed past backoff_limit (a new
 * pod per failure with restart_policy Never; restarts in place with OnFailure), or its indexes that
 * failed (index mode). Undefined for a job that did not fail so.
 */
export function jobFailureReason(data: unknown): string | undefined {
  const job = jobFactsOf(data);
  if (job.status === JOB_HELD_STATUS)
    return `the platform holds the job ${JOB_HELD_STATUS} (job_status ${JOB_HELD_STATUS}, which its reference lists without saying what it means): not a success; its pods may still run, and bill, until it is stopped`;
  if (job.status !== 'Failed') return undefined;
  const support = isRecord(data) && isRecord(data.job_support) ? data.job_support : {};
  const mode = isRecord(support.mod_param) ? support.mod_param : {};
  const failed = job.failed ?? 0;
  if (isRecord(mode.default)) {
    const limit = countOf(mode.default.backoff_limit);
    const policy = mode.default.restart_policy;
    if (limit === undefined) return undefined;
    if (policy === 'OnFailure')
      return `the job failed: its containers failed and restarted in their pods (restart_policy OnFailure) more times than its backoff_limit of ${limit} allows`;
    // Its pods' counts may not say why (0 failed with a backoff_limit of 0): never a reason they contradict.
    if (failed <= limit) return endedOtherwise(failed, limit, countOf(support.timeout_sec));
    return `the job failed: ${failed} pod(s) failed, more than its backoff_limit of ${limit} allows (restart_policy Never: each failure runs a new pod)`;
  }
  if (isRecord(mode.index)) {
    const retries = countOf(mode.index.index_backoff_limit);
    const most = countOf(mode.index.max_failed_index);
    return `the job failed: its indexes failed after ${retries ?? '?'} retries each (index_backoff_limit)${most === undefined ? '' : `, and ${most} failed index(es) end the job (max_failed_index)`}`;
  }
  return undefined;
}

/** A Failed job whose failed pods are within its backoff_limit: the platform ended it for another reason. */
function endedOtherwise(failed: number, limit: number, timeoutSec: number | undefined): string {
  const timeout = timeoutSec === undefined ? '' : ` (such as its timeout_sec of ${timeoutSec} s)`;
  return `the job failed with ${failed} pod(s) failed, within its backoff_limit of ${limit}: the platform ended it for another reason${timeout}`;
}

/** Whether a Spot job waits in the queue for stock: its schedule_status is Queued. */
export function isQueued(data: unknown): boolean {
  return isRecord(data) && data.schedule_status === 'Queued';
}

/** A number field as its text (exact, as written), when it is a number. */
export function numberText(data: unknown, field: string): string | undefined {
  if (!isRecord(data)) return undefined;
  const value = data[field];
  const text = isLosslessNumber(value)
    ? value.toString()
    : typeof value === 'number'
      ? String(value)
      : undefined;
  return text !== undefined && /^-?\d+(\.\d+)?([eE][-+]?\d+)?$/.test(text) ? text : undefined;
}

/** A count of JSON (a number, kept exact or not): a safe whole number of 0 or more, else undefined. */
export function countOf(value: unknown): number | undefined {
  const n = isLosslessNumber(value)
    ? Number(value.toString())
    : typeof value === 'bigint'
      ? Number(value)
      : value;
  return typeof n === 'number' && Number.isSafeInteger(n) && n >= 0 ? n : undefined;
}

/** runing_points (the platform's spelling; running_points taken too) and points, both counts. */
function nodesOf(data: unknown): TaskSnapshot['nodes'] {
  if (!isRecord(data)) return undefined;
  const running = countOf(data.runing_points ?? data.running_points);
  const total = countOf(data.points);
  return running === undefined || total === undefined ? undefined : { running, total };
}

/** The task_id field of task data, as digits. */
export function taskIdOf(data: unknown): string | undefined {
  if (!isRecord(data)) return undefined;
  const id = data.task_id;
  const text =
    typeof id === 'number' || typeof id === 'string' || typeof id === 'bigint'
      ? String(id)
      : isLosslessNumber(id)
        ? id.toString()
        : '';
  return /^\d+$/.test(text) ? text : undefined;
}

function serviceUrls(data: unknown): (string | null)[] {
  if (!isRecord(data) || !Array.isArray(data.services)) return [];
  return data.services.flatMap((service: unknown) =>
    isRecord(service) && Array.isArray(service.remote_ports)
      ? service.remote_ports.map((port: unknown) =>
          isRecord(port) && typeof port.url === 'string' && port.url !== '' ? port.url : null
        )
      : []
  );
}

/** Where a task runs: its GPU model and its region (the region's name where the answer gives one). */
export interface TaskPlace {
  readonly gpu: string | undefined;
  readonly region: string | undefined;
}

/**
 * Where a task runs as its data says (a detail's resources[]: each entry's resource.gpu_name and
 * resource.region, and region_name beside it), from its first entry that says either; undefined when
 * none does (a search's row, a mark the platform no longer resolves).
 */
export function placeOf(data: unknown): TaskPlace | undefined {
  if (!isRecord(data) || !Array.isArray(data.resources)) return undefined;
  for (const entry of data.resources) {
    if (!isRecord(entry)) continue;
    const resource = isRecord(entry.resource) ? entry.resource : {};
    const text = (value: unknown): string | undefined =>
      typeof value === 'string' && value !== '' ? value : undefined;
    const gpu = text(resource.gpu_name) ?? text(resource.device_name);
    const region = text(entry.region_name) ?? text(resource.region);
    if (gpu !== undefined || region !== undefined) return { gpu, region };
  }
  return undefined;
}
