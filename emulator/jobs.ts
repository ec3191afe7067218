// Job batch tasks as the platform's reference gives them (suanli-job/): a job runs `points` completions
// of its services' start script, `parallelism` pods at a time, and ends Complete or Failed. Spot jobs
// (sub_type Spot) name their expected run and may wait Queued for stock. Everything follows the
// emulator's clock: a job's state is worked out from the time it was made, whenever it is read.
import type { StoredFile } from './transfers.js';
import { bookedBetween, PRICE_UNITS_PER_YUAN, taskMoney, type Run } from './billing.js';
import { podEvents, podNodeView, POINTS_PER_JOB } from './job-pods.js';
import {
  runOrHold,
  scriptOf,
  type JobRun,
  type JobScript,
  type JobScriptRule,
  type PodRun
} from './job-run.js';
import {
  jobSupportOf,
  listOf,
  resourcesOf,
  servicesOf,
  subTypeOf,
  type JobResource,
  type JobService,
  type JobSupport
} from './job-config.js';
import {
  jobRunnerOf,
  runnerLog,
  runnerRun,
  stepRunner,
  type JobRunner,
  type RunnerLink
} from './job-runner.js';
import { isPlainObject } from './json.js';
import { bodyObject, positiveInteger, requiredString } from './params.js';
import { Code, parameterError, Rejection } from './rejection.js';
import type { Stock } from './stock.js';
import { chinaTime, rfc3339 } from './times.js';

export type { JobScriptRule } from './job-run.js';

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
type RunStatus = 'Pending' | JobRun['verdict'];

interface Job {
  readonly task_id: bigint;
  readonly task_name: string;
  readonly sub_type: 'Spot' | null;
  readonly resources: JobResource[];
  readonly points: number;
  readonly job_support: JobSupport;
  readonly services: JobService[];
  /** The shared volumes its services mount, as the create declared them. */
  readonly share_disk_volumes: { name: string }[] | null;
  readonly share_mem_volumes: { name: string; size_limit: number }[] | null;
  readonly task_qos: { class: string } | null;
  readonly createdAt: number;
  /**
   * When it was scheduled: at its create when its resource had free nodes, else (a Spot job, Queued) at the
   * first read that found them free; its pods start startMs later.
   */
  scheduledAt: number | undefined;
  /** Yuan per pod and hour: its resource's discount_price. */
  readonly rate: number;
  readonly script: JobScript;
  /** The runner it runs instead of its script (see job-runner.ts), when a link is set and its env says. */
  readonly runner: JobRunner | undefined;
  stoppedAt: number | undefined;
}

/** How jobs behave: how long scheduling and each pod's run take, and what their pods do. */
export interface JobSettings {
  /** From create (or leaving the queue) to the first pods running. */
  startMs: number;
  /** How long one pod runs its start script, unless a script says. */
  podMs: number;
  /** Jobs whose name matches exit with code 1 in every pod (a script's shorthand). */
  failPattern: RegExp | undefined;
  scripts: readonly JobScriptRule[];
  /** Yuan per pod and hour, where the mark's resource has no price. */
  pricePerPointHour: number;
  /** How long an accepted stop takes to act (the deployments' actLagMs, read when it is asked). */
  actLagMs: () => number;
  /**
   * What a stopped job's task reads: Paused (the job list names it 已停止, stopped), or End (已删除, deleted),
   * as a platform may show it.
   */
  stoppedStatus: 'Paused' | 'End';
  /**
   * The task_type a job's marks come from: Job (the job skill's search, task_type=Job), or Deployment, on a
   * platform whose resource search takes Deployment alone (api/resource.md), which then refuses Job.
   */
  resourceTaskType: 'Job' | 'Deployment';
  /**
   * How long a pod is billed after its container exits (default 0), unless the job is stopped: a platform
   * slow to release ended pods. Meanwhile the job's `billing_points` counts it though its `active_pods`
   * does not, and its task reads Running.
   */
  billedAfterEndMs: number;
  /** Details and searches leave out billing_value and forecast_value (see TaskSettings.omitCostFields). */
  omitCostFields: () => boolean;
  /** Runs GitHub's runner for a job whose env holds a configuration (the `runners` option). */
  runners: RunnerLink | undefined;
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
  pods: PodRun[];
  /** Its pods being billed (billing_points): those running, and those ended within billedAfterEndMs. */
  billing: number;
  /** What is billed: each pod from its start to its end, and on as billedAfterEndMs says. */
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
    const resources = resourcesOf(body.resources, this.settings.resourceTaskType);
    const services = servicesOf(body.services, resources, () => this.#nextServiceId++);
    const mark = resources[0]?.mark ?? '';
    const now = this.now();
    // Too few free nodes: a Spot job waits Queued for them, an on-demand create is refused. (Jobs hold no
    // nodes of the stock here: a job's pods are not counted against what deployments can take.)
    const width = Math.min(points, job_support.parallelism);
    const free = this.stock.free(mark, this.settings.resourceTaskType);
    const short = free !== undefined && free < width;
    if (short && sub_type === null)
      throw new Rejection(
        Code.taskState,
        'out_of_stock',
        `资源不足: ${width} node(s) asked, ${free} free for an on-demand job`
      );
    const prices = this.stock.priceOf(mark, this.settings.resourceTaskType);
    const id = this.#nextId++;
    this.#jobs.set(id, {
      task_id: id,
      task_name,
      sub_type,
      resources,
      points,
      job_support,
      services,
      share_disk_volumes: listOf(body.share_disk_volumes, 'share_disk_volumes', [
        'name'
      ]) as Job['share_disk_volumes'],
      share_mem_volumes: listOf(body.share_mem_volumes, 'share_mem_volumes', [
        'name',
        'size_limit'
      ]) as Job['share_mem_volumes'],
      task_qos: isPlainObject(body.task_qos)
        ? { class: requiredString(body.task_qos.class, 'task_qos.class') }
        : null,
      createdAt: now,
      scheduledAt: short ? undefined : now,
      rate:
        prices === undefined ? this.settings.pricePerPointHour : prices.discount_price / PRICE_UNITS_PER_YUAN,
      script: scriptOf(task_name, services, this.settings),
      runner: jobRunnerOf(this.settings.runners, services),
      stoppedAt: undefined
    });
    return id;
  }

  detail(id: bigint): Record<string, unknown> {
    const job = this.#get(id);
    const state = this.#state(job);
    const money = this.settings.omitCostFields() ? {} : taskMoney(state.runs, this.now(), job.rate);
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
      billing_points: state.billing,
      billing_time: Math.floor(
        state.pods.reduce((sum, pod) => sum + ((pod.to ?? this.now()) - pod.from), 0) / 1000
      ),
      ...money,
      share_disk_volumes: job.share_disk_volumes,
      share_mem_volumes: job.share_mem_volumes,
      task_qos: job.task_qos,
      task_tags: null,
      // Both modes' keys, the one not used null, as the reference's example gives them.
      job_support: {
        ...job.job_support,
        mod_param:
          'default' in job.job_support.mod_param
            ? { default: job.job_support.mod_param.default, index: null }
            : { default: null, index: job.job_support.mod_param.index }
      },
      job_status: {
        // As the reference's example gives it: the moment the job was made.
        create_time: rfc3339(job.createdAt),
        status: state.run,
        completion_time:
          state.run === 'Complete' && state.endedAt !== undefined ? rfc3339(state.endedAt) : null,
        active_pods: state.active,
        succeeded_pods: state.succeeded,
        failed_pods: state.failed,
        // The reference's enum has NonIndexed alone (nullable): an indexed job's is null.
        completion_mode: 'default' in job.job_support.mod_param ? 'NonIndexed' : null
      },
      // The task's own times as the reference writes them (+08:00); the job's (job_status) in UTC.
      create_time: chinaTime(job.createdAt),
      last_update_time: chinaTime(Math.min(this.now(), state.endedAt ?? this.now())),
      services: job.services.map((service) => ({
        ...service,
        remote_ports: null,
        health_checks: null,
        repository_account: null,
        is_update_repository: null,
        registered_ports: null
      }))
    };
  }

  /** Points booked for the jobs (of `taskIds`, or all) between `from` and `to`: what billing records count. */
  booked(from: number, to: number, taskIds: readonly bigint[] | undefined): number {
    return [...this.#jobs.values()]
      .filter((job) => taskIds === undefined || taskIds.includes(job.task_id))
      .reduce((sum, job) => sum + bookedBetween(this.#state(job).runs, from, to, this.now(), job.rate), 0);
  }

  /** The jobs of a search, newest first, each with the fields the reference's search gives. */
  search(filter: { statuses: readonly string[] | undefined; searchValue: string | undefined }): unknown[] {
    return [...this.#jobs.values()]
      .reverse()
      .filter((job) => filter.searchValue === undefined || job.task_name.includes(filter.searchValue))
      .map((job) => ({ job, detail: this.detail(job.task_id) }))
      .filter(
        ({ detail }) => filter.statuses === undefined || filter.statuses.includes(String(detail.status))
      )
      .map(({ job, detail }) => ({
        task_type: 'Job',
        ...Object.fromEntries(SEARCH_FIELDS.map((field) => [field, detail[field]])),
        // The search writes the time as its example does: `2026-04-21 09:04:20.500576 +08:00`.
        create_time: chinaTime(job.createdAt, true)
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
    // Acted on actLagMs later (the job runs on until then); asked again meanwhile, it is not put off.
    const now = this.now();
    if (job.stoppedAt === undefined || job.stoppedAt <= now) job.stoppedAt = now + this.settings.actLagMs();
  }

  has(id: bigint): boolean {
    return this.#jobs.has(id);
  }

  /** What the jobs that completed by now wrote (their script's writes), in each volume they mount. */
  written(): { storageId: number; path: string; files: readonly StoredFile[] }[] {
    return [...this.#jobs.values()].flatMap((job) => {
      const { writes } = job.script;
      if (writes === undefined || this.#state(job).run !== 'Complete') return [];
      return job.services
        .flatMap((service) => service.nas_storage_config ?? [])
        .map((mount) => ({ storageId: mount.storage_id, path: writes.path, files: writes.files }));
    });
  }

  /** Whether a node (point_id) is a pod of a job. */
  ownsPoint(point: bigint): boolean {
    return this.#jobs.has(point / POINTS_PER_JOB);
  }

  /** The job's pods as the node list gives them, one per attempt (a restart in place keeps its pod). */
  nodes(id: bigint): Record<string, unknown>[] {
    const job = this.#get(id);
    return this.#state(job).pods.map((pod) => podNodeView(job, pod, this.now()));
  }

  /** Kubernetes-style events of a pod, oldest first. */
  events(point: bigint): Record<string, unknown>[] {
    const { job, pod } = this.#pod(point);
    return podEvents(job, pod, this.now());
  }

  /**
   * A service's log on a pod: what its current container wrote so far (a container restarted in place
   * starts a new log), the script's lines one at a time over its run, the last as it exits.
   */
  log(taskId: bigint, point: bigint, serviceId: number): string {
    const { job, pod } = this.#pod(point);
    if (job.task_id !== taskId) throw parameterError(`point ${point} is not a node of task ${taskId}`);
    if (!job.services.some((s) => s.service_id === serviceId))
      throw parameterError(`task ${taskId} has no service ${serviceId}`);
    if (job.runner !== undefined) return runnerLog(job.runner);
    const { log, runMs } = job.script;
    const until = pod.to ?? this.now();
    const written = log.filter((_, i) => pod.containerFrom + ((i + 1) * runMs) / log.length <= until);
    return written.map((line) => `${line}\n`).join('');
  }

  #pod(point: bigint): { job: Job; pod: PodRun } {
    const job = this.#jobs.get(point / POINTS_PER_JOB);
    const pod =
      job === undefined
        ? undefined
        : this.#state(job).pods.find((p) => BigInt(p.seq) === point % POINTS_PER_JOB);
    if (job === undefined || pod === undefined) throw parameterError(`point ${point} does not exist`);
    return { job, pod };
  }

  #get(id: bigint): Job {
    const job = this.#jobs.get(id);
    if (job === undefined)
      throw new Rejection(Code.taskNotFound, 'task_not_found', `task ${id} does not exist`);
    return job;
  }

  /**
   * The job at now: Pending until its pods start (startMs after it was scheduled), then its pods as runJob
   * works them out; ended (Complete or Failed) it is End, stopped it reads stoppedStatus (Paused unless set),
   * and bills no more either way.
   */
  #state(job: Job): JobState {
    const now = this.now();
    const stopped = job.stoppedAt !== undefined && job.stoppedAt <= now;
    // A stop freezes the job where it was.
    const until = Math.min(now, job.stoppedAt ?? now);
    if (job.scheduledAt === undefined && !stopped && this.#freeFor(job)) job.scheduledAt = now;
    const scheduled = job.scheduledAt !== undefined;
    const startAt = (job.scheduledAt ?? Number.POSITIVE_INFINITY) + this.settings.startMs;
    const none = { active: 0, succeeded: 0, failed: 0, pods: [] };
    if (until < startAt)
      return {
        status: stopped ? this.settings.stoppedStatus : 'Pending',
        run: 'Pending',
        scheduled,
        ...none,
        endedAt: job.stoppedAt,
        billing: 0,
        runs: []
      };
    const deadline = startAt + job.job_support.timeout_sec * 1000;
    const times = { startAt, until, deadline, stopped, stoppedAt: job.stoppedAt };
    const { runner } = job;
    if (runner !== undefined && this.settings.runners !== undefined)
      stepRunner(runner, this.settings.runners, this.now, times);
    const run: JobRun =
      runner !== undefined
        ? runnerRun(runner, times)
        : runOrHold(
            {
              points: job.points,
              parallelism: job.job_support.parallelism,
              mod: job.job_support.mod_param,
              script: job.script
            },
            times
          );
    const counts = {
      active: run.pods.filter((pod) => pod.status === 'Running').length,
      succeeded: run.succeeded,
      failed: run.failed,
      pods: run.pods
    };
    // A pod ended is billed on for billedAfterEndMs, until the job is stopped.
    const billedTo = (pod: PodRun): number =>
      pod.to === undefined ? until : Math.min(pod.to + this.settings.billedAfterEndMs, until);
    const billedNow = run.pods.filter(
      (pod) => pod.to === undefined || pod.to + this.settings.billedAfterEndMs > until
    );
    // Stopped, it reads as stoppedStatus says; ended by itself (Complete or Failed), End once no pod bills;
    // else (running, or held Manual) Running.
    const ended = run.verdict === 'Complete' || run.verdict === 'Failed';
    const status = stopped
      ? this.settings.stoppedStatus
      : ended && billedNow.length === 0
        ? 'End'
        : 'Running';
    return {
      status,
      run: run.verdict,
      scheduled,
      ...counts,
      endedAt: run.endedAt,
      billing: stopped ? 0 : billedNow.length,
      runs: run.pods.map((pod) => ({ from: pod.from, to: billedTo(pod), nodes: 1 }))
    };
  }

  /** Whether the job's resource has the nodes its first wave needs free now. */
  #freeFor(job: Job): boolean {
    const free = this.stock.free(job.resources[0]?.mark ?? '', this.settings.resourceTaskType);
    return free === undefined || free >= Math.min(job.points, job.job_support.parallelism);
  }
}
