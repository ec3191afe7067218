// Job batch tasks as the platform's reference gives them (suanli-job/): a job runs `points` completions
// of its services' start script, `parallelism` pods at a time, and ends Complete or Failed. Spot jobs
// (sub_type Spot) name their expected run and may wait Queued for stock. Everything follows the
// emulator's clock: a job's state is worked out from the time it was made, whenever it is read.
import { PRICE_UNITS_PER_YUAN, taskMoney, type Run } from './billing.js';
import { markedResource, type MarkedResource } from './catalog.js';
import { isPlainObject } from './json.js';
import { bodyObject, optionalString, positiveInteger, requiredString } from './params.js';
import { Code, parameterError, Rejection } from './rejection.js';
import type { Stock } from './stock.js';
import { rfc3339 } from './tasks.js';

export const JOB_STATUSES = ['Pending', 'Running', 'Paused', 'End'] as const;
/** What a search gives of each job (with task_type): the detail's fields but the counters of billing. */
const SEARCH_FIELDS = [
  'task_id',
  'task_name',
  'sub_type',
  'resources',
  'status',
  'schedule_status',
  'points',
  'runing_points',
  'billing_value',
  'forecast_value',
  'create_time',
  'job_support',
  'job_status',
  'services'
] as const;
type JobStatus = (typeof JOB_STATUSES)[number];
/** job_status.status, the job's own verdict. */
type RunStatus = 'Pending' | 'Running' | 'Complete' | 'Failed';

/** One of the reference's two completion modes: a default (non-indexed) job, or an indexed one. */
type ModParam =
  | { default: { backoff_limit: number; restart_policy: 'OnFailure' | 'Never' } }
  | { index: { index_backoff_limit: number; max_failed_index: number | null } };

interface JobSupport {
  estimated_exec_sec: number | null;
  timeout_sec: number;
  parallelism: number;
  mod_param: ModParam;
}

interface JobService {
  service_id: number;
  service_name: string;
  service_image: string;
  resource_weight: { cpu_weight: number; mem_weight: number; gpu_weight: number };
  env: { name: string; value: string; value_from: null }[] | null;
  start_script: { command: string[]; args: string[] } | null;
}

interface Job {
  readonly task_id: bigint;
  readonly task_name: string;
  readonly sub_type: 'Spot' | null;
  readonly resources: { resource: MarkedResource; region_name: string; mark: string; weight: null }[];
  readonly points: number;
  readonly job_support: JobSupport;
  readonly services: JobService[];
  readonly createdAt: number;
  /** When its pods start (after the queue, for a Spot job, and the scheduling delay). */
  readonly startAt: number;
  /** When a Spot job leaves the queue (its creation, for one that found stock). */
  readonly scheduledAt: number;
  /** Yuan per pod and hour: its resource's discount_price. */
  readonly rate: number;
  /** Whether each pod's container exits with an error (the failing pattern). */
  readonly fails: boolean;
  stoppedAt: number | undefined;
}

/** How jobs behave: how long scheduling and each pod's run take, and which fail. */
export interface JobSettings {
  /** From create (or leaving the queue) to the first pods running. */
  startMs: number;
  /** How long one pod runs its start script. */
  podMs: number;
  /** Jobs whose name matches exit with an error in every pod. */
  failPattern: RegExp | undefined;
  /** How long a Spot job waits Queued when its resource has no free node. */
  spotQueueMs: number;
  /** Yuan per pod and hour, where the mark's resource has no price. */
  pricePerPointHour: number;
}

/** The job's state at `now`: its run worked out from the clock. */
interface JobState {
  status: JobStatus;
  run: RunStatus;
  scheduled: boolean;
  active: number;
  succeeded: number;
  failed: number;
  /** When the job reached Complete or Failed (or was stopped). */
  endedAt: number | undefined;
  runs: Run[];
}

export class JobStore {
  readonly #jobs = new Map<bigint, Job>();
  #nextId = 1962285n;
  #nextServiceId = 1963001;

  constructor(
    private readonly now: () => number,
    private readonly stock: Stock,
    readonly settings: JobSettings
  ) {}

  create(payload: unknown): bigint {
    const body = bodyObject(payload);
    const task_name = requiredString(body.task_name, 'task_name');
    const sub_type = subTypeOf(body.sub_type);
    const job_support = jobSupportOf(body.job_support, sub_type);
    const points = positiveInteger(body.points, 'points', 'body');
    const resources = resourcesOf(body.resources);
    const services = this.#servicesOf(body.services);
    const mark = resources[0]?.mark ?? '';
    const now = this.now();
    // Too few free nodes: a Spot job waits Queued for them, an on-demand create is refused. (Jobs hold no
    // nodes of the stock here: a job's pods are not counted against what deployments can take.)
    const width = Math.min(points, job_support.parallelism);
    const free = this.stock.free(mark, 'Job');
    const short = free !== undefined && free < width;
    if (short && sub_type === null)
      throw new Rejection(
        Code.taskState,
        'out_of_stock',
        `资源不足: ${width} node(s) asked, ${free} free for an on-demand job`
      );
    const scheduledAt = short ? now + this.settings.spotQueueMs : now;
    const prices = this.stock.priceOf(mark, 'Job');
    const id = this.#nextId++;
    this.#jobs.set(id, {
      task_id: id,
      task_name,
      sub_type,
      resources,
      points,
      job_support,
      services,
      createdAt: now,
      scheduledAt,
      startAt: scheduledAt + this.settings.startMs,
      rate:
        prices === undefined ? this.settings.pricePerPointHour : prices.discount_price / PRICE_UNITS_PER_YUAN,
      fails: this.settings.failPattern?.test(task_name) ?? false,
      stoppedAt: undefined
    });
    return id;
  }

  detail(id: bigint): Record<string, unknown> {
    const job = this.#get(id);
    const state = this.#state(job);
    const money = taskMoney(state.runs, this.now(), job.rate);
    return {
      task_id: job.task_id,
      task_name: job.task_name,
      sub_type: job.sub_type,
      schedule_status: job.sub_type === null ? null : state.scheduled ? 'Scheduled' : 'Queued',
      deployment_name: `job-${job.task_id}`,
      resources: job.resources,
      status: state.status,
      points: job.points,
      runing_points: state.active,
      billing_points: state.active,
      billing_time: Math.floor(
        state.runs.reduce((sum, run) => sum + ((run.to ?? this.now()) - run.from) * run.nodes, 0) / 1000
      ),
      ...money,
      share_disk_volumes: null,
      share_mem_volumes: null,
      task_qos: null,
      job_support: job.job_support,
      job_status: {
        create_time: rfc3339(job.createdAt),
        status: state.run,
        completion_time:
          state.run === 'Complete' && state.endedAt !== undefined ? rfc3339(state.endedAt) : null,
        active_pods: state.active,
        succeeded_pods: state.succeeded,
        failed_pods: state.failed,
        completion_mode: 'default' in job.job_support.mod_param ? 'NonIndexed' : 'Indexed'
      },
      create_time: rfc3339(job.createdAt),
      last_update_time: rfc3339(Math.min(this.now(), state.endedAt ?? this.now())),
      services: job.services.map((service) => ({
        ...service,
        remote_ports: null,
        health_checks: null,
        storage_config: null,
        share_storage_config: null,
        nas_storage_config: null,
        share_mem_config: null,
        share_disk_config: null,
        repository_account: null,
        is_update_repository: null
      }))
    };
  }

  /** The jobs of a search, newest first, each with the fields the reference's search gives. */
  search(filter: { statuses: readonly string[] | undefined; searchValue: string | undefined }): unknown[] {
    return [...this.#jobs.values()]
      .reverse()
      .filter((job) => filter.searchValue === undefined || job.task_name.includes(filter.searchValue))
      .map((job) => this.detail(job.task_id))
      .filter((detail) => filter.statuses === undefined || filter.statuses.includes(String(detail.status)))
      .map((detail) => ({
        task_type: 'Job',
        ...Object.fromEntries(SEARCH_FIELDS.map((field) => [field, detail[field]]))
      }));
  }

  /** The reference: a Running or Pending job. Its pods stop, its bill with them. */
  stop(id: bigint): void {
    const job = this.#get(id);
    const { status } = this.#state(job);
    if (status !== 'Running' && status !== 'Pending') {
      throw new Rejection(
        Code.taskState,
        'task_wrong_state',
        `cannot stop job ${id} while it is ${status} (allowed from Running, Pending)`
      );
    }
    job.stoppedAt = this.now();
  }

  has(id: bigint): boolean {
    return this.#jobs.has(id);
  }

  #get(id: bigint): Job {
    const job = this.#jobs.get(id);
    if (job === undefined)
      throw new Rejection(Code.taskNotFound, 'task_not_found', `task ${id} does not exist`);
    return job;
  }

  /**
   * The job at now. Pods run in waves of `parallelism`, each for podMs. A wave that succeeds adds its
   * pods to succeeded_pods until `points` completions; one whose containers fail adds them to
   * failed_pods and is run again, until more pods failed than the backoff limit allows (Failed). A job
   * still running timeout_sec after it started is Failed too, and a stopped one is End.
   */
  #state(job: Job): JobState {
    const now = this.now();
    const stopped = job.stoppedAt !== undefined && job.stoppedAt <= now;
    // A stop freezes the job where it was.
    const until = Math.min(now, job.stoppedAt ?? now);
    const scheduled = until >= job.scheduledAt;
    const counts = { active: 0, succeeded: 0, failed: 0 };
    if (until < job.startAt)
      return {
        status: stopped ? 'End' : 'Pending',
        run: 'Pending',
        scheduled,
        ...counts,
        endedAt: job.stoppedAt,
        runs: []
      };
    const width = Math.min(job.job_support.parallelism, job.points);
    const limit = backoffLimit(job.job_support.mod_param);
    const deadline = job.startAt + job.job_support.timeout_sec * 1000;
    const runs: Run[] = [];
    let verdict: { run: 'Complete' | 'Failed'; at: number } | undefined;
    // One wave a round: it ends with the deadline, with the clock, or with its pods' exit.
    for (let at = job.startAt; verdict === undefined; at += this.settings.podMs) {
      const pods = job.fails ? width : Math.min(width, job.points - counts.succeeded);
      const end = at + this.settings.podMs;
      if (end > deadline && deadline <= until) {
        runs.push({ from: at, to: deadline, nodes: pods });
        verdict = { run: 'Failed', at: deadline };
      } else if (end > until) {
        runs.push({ from: at, to: until, nodes: pods });
        counts.active = pods;
        break;
      } else {
        runs.push({ from: at, to: end, nodes: pods });
        if (job.fails) counts.failed += pods;
        else counts.succeeded += pods;
        if (counts.succeeded >= job.points) verdict = { run: 'Complete', at: end };
        else if (counts.failed > limit) verdict = { run: 'Failed', at: end };
      }
    }
    if (verdict !== undefined)
      return { status: 'End', run: verdict.run, scheduled, ...counts, endedAt: verdict.at, runs };
    if (stopped)
      return { status: 'End', run: 'Running', scheduled, ...counts, active: 0, endedAt: job.stoppedAt, runs };
    return { status: 'Running', run: 'Running', scheduled, ...counts, endedAt: undefined, runs };
  }

  #servicesOf(value: unknown): JobService[] {
    if (!Array.isArray(value) || value.length === 0)
      throw parameterError('services is required: at least one service to run');
    return value.map((item: unknown, i) => {
      if (!isPlainObject(item)) throw parameterError(`services[${i}] must be an object`);
      return {
        service_id: this.#nextServiceId++,
        service_name: requiredString(item.service_name, `services[${i}].service_name`),
        service_image: requiredString(item.service_image, `services[${i}].service_image`),
        resource_weight: weightOf(item.resource_weight, `services[${i}].resource_weight`),
        env: envOf(item.env, `services[${i}].env`),
        start_script: startScriptOf(item.start_script, `services[${i}].start_script`)
      };
    });
  }
}

function subTypeOf(value: unknown): 'Spot' | null {
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
function jobSupportOf(value: unknown, subType: 'Spot' | null): JobSupport {
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

/** How many failed pods a job survives. */
function backoffLimit(mod: ModParam): number {
  return 'default' in mod ? mod.default.backoff_limit : mod.index.index_backoff_limit;
}

/** The reference: each resource's mark is required, and must be one a search with task_type=Job gave. */
function resourcesOf(value: unknown): Job['resources'] {
  if (!Array.isArray(value) || value.length === 0)
    throw parameterError('resources is required: the mark of a resource searched with task_type=Job');
  return value.map((item: unknown, i) => {
    if (!isPlainObject(item)) throw parameterError(`resources[${i}] must be an object`);
    const mark = requiredString(item.mark, `resources[${i}].mark`);
    const found = markedResource(mark, 'Job');
    if (found === undefined)
      throw parameterError(`resources[${i}].mark is no Job resource's mark (search with task_type=Job)`);
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
