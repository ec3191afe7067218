import { isRecord } from '../basics/records.js';
import type { OperationName } from './platform-settings.js';
import {
  transferNamed,
  transferOf,
  TRANSFER_COMPLETED,
  TRANSFER_FAILED,
  TRANSFER_RUNNING,
  TRANSFER_STATUSES,
  TRANSFER_STOPPED,
  TRANSFER_UNDER_WAY,
  type Transfer
} from './transfer-data.js';
import { preheatProgressOf, PREHEAT_COMPLETED, type PreheatProgress } from './preheat-data.js';
import {
  VOLUME_ACTIVE,
  VOLUME_FAILED,
  VOLUME_LEAVING,
  VOLUME_DELETED,
  VOLUME_SETTLING,
  volumesOf,
  type Volume
} from './volume-data.js';
import {
  ACTIVE_STATUSES,
  countOf,
  JOB_ACTIVE_STATUSES,
  JOB_HELD_STATUS,
  JOB_STOPPED_STATUSES,
  jobFactsOf,
  jobFailureReason,
  jobSnapshotOf,
  SEARCHABLE_STATUSES,
  snapshotOf,
  type JobFacts,
  type TaskSnapshot
} from './task-data.js';

/**
 * The kinds of task a step handles: where its state is read, how it is stopped and searched, what its
 * statuses mean. A kind is a row of TASK_KINDS (see TaskKindDescriptor): a new kind of the platform is a
 * new row, not a branch in each place that reads, stops or waits.
 */
export type TaskKind = 'deployment' | 'job' | 'runner';

/** What a wait is for: a task ready, paused or ended, or a job finished (its run's end). */
export type WaitTarget = 'ready' | 'paused' | 'ended' | 'finished';

/** How a wait for a target ends by default, for a kind: its success and failure statuses. */
export interface WaitDefaults {
  readonly success: readonly string[];
  readonly failure: readonly string[];
  /** What a task that no longer exists means: stopped (success) when stopping, failure otherwise. */
  readonly gone: 'success' | 'failure';
  /** The statuses that mean someone stopped the task before it reached the target. */
  readonly stopped?: readonly string[];
}

/** The statuses a change applies to, and those in which it has nothing left to do. */
export interface StatusesOfChange {
  readonly appliesTo: readonly string[];
  readonly doneIn: readonly string[];
}

/** Every kind the step handles: the tasks (deployments, jobs), and preheats, volumes and transfers. */
export type KindName = TaskKind | 'preheat' | 'volume' | 'transfer';

/**
 * What a kind's statuses mean, named alike for every kind. A status is in at most one of settling,
 * running, failure, ending and ended; success names what a wait for one to do its work ends on.
 */
export interface KindStatuses {
  /** On its way: made and not yet at work (Pending; a volume Creating or growing; a transfer queued). */
  readonly settling: readonly string[];
  /** At work: it runs (a task, a job, a transfer), or it is there to use (a volume Active). */
  readonly running: readonly string[];
  /** What a wait for it to do its work ends on (a deployment serving, a job Complete, a transfer Completed). */
  readonly success: readonly string[];
  /** What it reads once it failed. */
  readonly failure: readonly string[];
  /** On its way to ended (a volume Deleting); empty where it goes there at once. */
  readonly ending: readonly string[];
  /** What a stop or a delete leaves it in, first the one a stop leaves (a deployment End; a job Paused). */
  readonly ended: readonly string[];
  /** Every status its reads may show; any other is said once and waited through. */
  readonly known: readonly string[];
}

/**
 * What every kind has, under the same names: what one is called, what its statuses mean, where its calls
 * go, how often it may be read, and whether it bills.
 */
export interface Kind {
  readonly name: KindName;
  /** What one is called in a line of the log: "task", "job", "volume". */
  readonly noun: string;
  readonly statuses: KindStatuses;
  /**
   * Where its calls go, by what they do (detail, stop, search, list, create...): the platform's documented
   * paths. specPaths: the interface spec's, where it names others (the spec profile sends those).
   */
  readonly paths: Readonly<Record<string, string>>;
  readonly specPaths: Readonly<Record<string, string>>;
  /** The least time between two reads of one, as the reference asks (0: none beyond poll_interval). */
  readonly leastPollMs: number;
  /** Whether one bills until it has ended (compute, storage); a preheat or a transfer does not. */
  readonly bills: boolean;
  /** The operation that pauses one; none where the platform cannot. */
  readonly pause: Extract<OperationName, 'pause'> | undefined;
  /** Whether a wait until its end reads its pods' log as it runs (a job). */
  readonly followsLog: boolean;
  /**
   * What the reference says each of its changes applies to (appliesTo), and the statuses in which one has
   * nothing left to do (doneIn): the rows of its operations in the table read them. Empty where the
   * reference says nothing of it.
   */
  readonly changes: Readonly<Partial<Record<'stop' | 'pause' | 'recover', StatusesOfChange>>>;
}

/** The statuses of one still under way: on its way, or at work (a transfer queued, preparing or copying). */
export function underWay(kind: Pick<Kind, 'statuses'>): readonly string[] {
  return [...kind.statuses.settling, ...kind.statuses.running];
}

/** The statuses of one on its way out, or out (a volume Deleting or Deleted). */
export function leaving(kind: Pick<Kind, 'statuses'>): readonly string[] {
  return [...kind.statuses.ending, ...kind.statuses.ended];
}

/** The status a stop leaves one in (a deployment End, a job Paused): the first of its ended ones. */
export function stoppedStatus(kind: Pick<Kind, 'statuses'>): string {
  return kind.statuses.ended[0] ?? 'End';
}

/** One kind of task, as the step reads, waits for, stops and searches it. */
export interface TaskKindDescriptor extends Kind {
  readonly name: TaskKind;
  /** The task type its searches name (the resource search's task_type). */
  readonly taskType: 'Deployment' | 'Job';
  /** The operations that read one, stop one, pause one (none: the platform cannot) and search them. */
  readonly detail: Extract<OperationName, 'detail' | 'job_detail'>;
  readonly stop: Extract<OperationName, 'stop' | 'job_stop'>;
  readonly search: Extract<OperationName, 'search_tasks' | 'job_search'>;
  /** The operation that stops every task of a name (none: its tasks of a name are listed, each stopped). */
  readonly sweep: Extract<OperationName, 'sweep'> | undefined;
  /** The task search's type parameter, where its search requires one. */
  readonly searchType: string | undefined;
  /** The statuses a task of the kind may still bill in: what a search for the tasks of a name asks for. */
  readonly activeStatuses: readonly string[];
  /** The statuses a search of every status asks for (one that looks for a task it cannot read). */
  readonly searchableStatuses: readonly string[];
  /** How each wait ends by default. */
  readonly waitDefaults: Readonly<Record<WaitTarget, WaitDefaults>>;
  /** What a wait reads of a task's data: its status at `statusField` (a deployment), or a job's end. */
  snapshotOf(data: unknown, statusField: readonly string[]): TaskSnapshot;
  /** Whether a task that reads `status` (and `data`, its detail or search entry) bills no more. */
  billsNoMore(status: string, data: unknown): boolean;
  /** How a task that bills no more ended, in a word: its status, or a job's run's end (Complete). */
  endedAs(status: string, data: unknown): string;
  /** What its run said, where the kind runs to an end (a job's job_status); none for a deployment. */
  readonly runOf: ((data: unknown) => JobFacts) | undefined;
  /** Which nodes a failed wait reads to show why: those that do not run, or (a job's) those that failed. */
  readonly diagnosedNodes: 'stuck' | 'failed';
  /** Why a task of the kind failed, as its data says (a job's limit), where the kind says. */
  failureReason(data: unknown): string | undefined;
  /** How long a new one runs at most, as its body says (a job's job_support.timeout_sec), in seconds. */
  runTimeoutSec(body: Readonly<Record<string, unknown>>): number | undefined;
  /** The nodes a new task needs free at once, for `points` and its body. */
  nodesAtOnce(points: number, body: Readonly<Record<string, unknown>>): number;
}

/** How a deployment's waits end: ready is Running; a pause, Paused; a stop, End (or gone). */
const DEPLOYMENT_WAITS: Readonly<Record<WaitTarget, WaitDefaults>> = {
  ready: { success: ['Running'], failure: ['Other', 'End', 'Paused'], gone: 'failure' },
  paused: { success: ['Paused'], failure: ['Other', 'End'], gone: 'failure' },
  ended: { success: ['End'], failure: [], gone: 'success' },
  // Manual: the reference lists it among a job's run statuses without saying what it is; a run held so is
  // no success, and not left to bill while the wait runs out (see jobFailureReason).
  finished: {
    success: ['Complete'],
    failure: ['Failed', JOB_HELD_STATUS, ...JOB_STOPPED_STATUSES],
    gone: 'failure',
    stopped: JOB_STOPPED_STATUSES
  }
};

/**
 * A deployment's calls: the reference's paths, and the interface spec's where it names others (its create
 * encrypted, its detail a POST). A deployment's own changes (pause, recover, change_points, update,
 * delete_pod) and its node list are the same in both.
 */
export const DEPLOYMENT_PATHS = {
  create: '/api/task/deployment/create',
  detail: '/api/task/deployment/detail',
  search: '/api/deployment/task/search',
  stop: '/api/deployment/task/stop',
  pause: '/api/deployment/task/pause',
  recover: '/api/deployment/task/recover',
  changePoints: '/api/deployment/task/change_points',
  update: '/api/deployment/task/update',
  deleteNode: '/api/deployment/task/delete_pod',
  nodes: '/api/deployment/task/points'
} as const;

/** The interface spec's paths of a deployment, where they are not the reference's. */
export const DEPLOYMENT_SPEC_PATHS = {
  create: '/api/deployment/task/create',
  detail: '/api/deployment/task/detail'
} as const;

/** A job's calls (suanli-job/), and those of a job queue's task groups. */
export const JOB_PATHS = {
  create: '/api/task/job/create',
  detail: '/api/task/job/detail',
  search: '/api/task/job/search',
  stop: '/api/task/job/stop',
  groupSearch: '/api/job/queue/group/search',
  groupDetail: '/api/job/queue/group/detail'
} as const;

const DEPLOYMENT: TaskKindDescriptor = {
  name: 'deployment',
  noun: 'task',
  statuses: {
    settling: ['Pending'],
    running: ['Running'],
    success: DEPLOYMENT_WAITS.ready.success,
    failure: ['Other'],
    ending: [],
    ended: ['End'],
    known: ['Pending', 'Running', 'Paused', 'End', 'Other']
  },
  paths: DEPLOYMENT_PATHS,
  specPaths: DEPLOYMENT_SPEC_PATHS,
  leastPollMs: 0,
  bills: true,
  taskType: 'Deployment',
  detail: 'detail',
  stop: 'stop',
  pause: 'pause',
  search: 'search_tasks',
  sweep: 'sweep',
  searchType: 'Deployment',
  activeStatuses: ACTIVE_STATUSES,
  searchableStatuses: SEARCHABLE_STATUSES,
  // As the reference says: stop, a Running, Pending or Paused task (for good); pause, a Running one;
  // recover, a Paused one.
  changes: {
    stop: { appliesTo: ACTIVE_STATUSES, doneIn: ['End'] },
    pause: { appliesTo: ['Running'], doneIn: ['Paused', 'End'] },
    recover: { appliesTo: ['Paused'], doneIn: [] }
  },
  waitDefaults: DEPLOYMENT_WAITS,
  snapshotOf,
  billsNoMore: (status) => status === 'End',
  endedAs: (status) => status,
  runOf: undefined,
  followsLog: false,
  diagnosedNodes: 'stuck',
  failureReason: () => undefined,
  runTimeoutSec: () => undefined,
  nodesAtOnce: (points) => points
};

/**
 * A GPU batch job (suanli-job/): read, stopped and searched in the Job API; it has no pause. Its status
 * is its job_status.status (Pending, Manual, Running, Complete, Failed), or its task's Paused or End once
 * stopped; it bills no more once stopped, or once its run ended with no pod active (see JobFacts.ended).
 */
const JOB: TaskKindDescriptor = {
  name: 'job',
  noun: 'job',
  // The reference's job list names a stopped job Paused (已停止); Manual is a run held (see JOB_HELD_STATUS).
  statuses: {
    settling: ['Pending'],
    running: ['Running'],
    success: ['Complete'],
    failure: ['Failed', JOB_HELD_STATUS],
    ending: [],
    ended: JOB_STOPPED_STATUSES,
    known: ['Pending', JOB_HELD_STATUS, 'Running', 'Complete', 'Failed', ...JOB_STOPPED_STATUSES]
  },
  paths: JOB_PATHS,
  specPaths: {},
  leastPollMs: 0,
  bills: true,
  taskType: 'Job',
  detail: 'job_detail',
  stop: 'job_stop',
  pause: undefined,
  search: 'job_search',
  sweep: undefined,
  searchType: undefined,
  activeStatuses: JOB_ACTIVE_STATUSES,
  searchableStatuses: SEARCHABLE_STATUSES,
  // As the reference says, stop applies to a Running or Pending job. A stopped job may read Paused (the job
  // list's 已停止) or End.
  changes: { stop: { appliesTo: JOB_ACTIVE_STATUSES, doneIn: JOB_STOPPED_STATUSES } },
  // A job is stopped once it reads Paused or End: a wait for its stop ends there.
  waitDefaults: {
    ...DEPLOYMENT_WAITS,
    ended: { success: JOB_STOPPED_STATUSES, failure: [], gone: 'success' }
  },
  snapshotOf: (data) => jobSnapshotOf(data),
  billsNoMore: (_status, data) => jobFactsOf(data).ended,
  endedAs: (status, data) => jobSnapshotOf(data).status ?? status,
  runOf: jobFactsOf,
  followsLog: true,
  diagnosedNodes: 'failed',
  failureReason: jobFailureReason,
  runTimeoutSec: (body) => {
    const seconds = isRecord(body.job_support) ? countOf(body.job_support.timeout_sec) : undefined;
    return seconds === 0 ? undefined : seconds;
  },
  // Its pods run `parallelism` at a time, however many completions (points) it has.
  nodesAtOnce: (points, body) => {
    const support = isRecord(body.job_support) ? body.job_support : {};
    return Math.min(points, countOf(support.parallelism) ?? 1);
  }
};

/**
 * A GPU runner for a workflow's job (issue 62): a platform job whose container is GitHub's runner, started
 * with a just-in-time configuration. On the platform it is a job in every way (made, read, searched and
 * stopped by the Job API, billed until it ends); what a runner adds (its registration, its state as GitHub
 * lists it) is the runner capability's, on GitHub's side. Its runner takes one workflow job and exits, so
 * its job completes by itself; its timeout_sec ends one that never got a job.
 */
const RUNNER: TaskKindDescriptor = { ...JOB, name: 'runner', noun: 'runner' };

export const TASK_KINDS: Readonly<Record<TaskKind, TaskKindDescriptor>> = {
  deployment: DEPLOYMENT,
  job: JOB,
  runner: RUNNER
};

/**
 * An image preheat (suanli-image-preheat/): a task of its own, made before a create, that holds no compute.
 * It is read by its detail, stopped by its stop, never paused or searched; its progress is its regions'
 * cache status (a cluster preheat) or its nodes prepared (a node preheat), and it ran out once its task
 * reads End. Its create is the preheat operation's row of the table.
 */
export interface PreheatKindDescriptor extends Kind {
  readonly name: 'preheat';
  /** The task type a resource search names for the nodes a node preheat can prepare. */
  readonly taskType: 'ImagePreHeat';
  /** Its calls: its create, the regions it can warm, its detail (?task_id) and its stop ({task_id}). */
  readonly paths: {
    readonly create: string;
    readonly regions: string;
    readonly detail: string;
    readonly stop: string;
  };
  readonly pause: undefined;
  readonly followsLog: false;
  /** What its detail says of it: its progress, and whether its task ended. */
  progressOf(data: unknown): PreheatProgress;
}

export const PREHEAT_KIND: PreheatKindDescriptor = {
  name: 'preheat',
  noun: 'preheat',
  taskType: 'ImagePreHeat',
  // Its task's statuses (image-preheat-detail.md); it did its work once every region's cache reads
  // Completed, and ran out once its task reads End.
  statuses: {
    settling: ['Pending'],
    running: ['Running'],
    success: [PREHEAT_COMPLETED],
    failure: [],
    ending: [],
    ended: ['End'],
    known: ['Pending', 'Running', 'Paused', 'End']
  },
  paths: {
    create: '/api/task/image_preheat/create',
    regions: '/api/task/image_preheat/get_regions',
    detail: '/api/task/image_preheat/detail',
    stop: '/api/task/image_preheat/stop'
  },
  specPaths: {},
  pause: undefined,
  followsLog: false,
  leastPollMs: 10_000,
  bills: false,
  changes: {},
  progressOf: preheatProgressOf
};

/**
 * A cluster storage volume (suanli-nas-storage/): made from a configuration (pre-create), listed, grown
 * and deleted; never paused, and it has no nodes. It is read from the list by its id (the API has no
 * detail); it is ready once Active, on its way while Creating or Expanding, failed on Exception, and
 * gone once Deleted (Deleting on its way). The reference asks for polls at least 10 s apart.
 */
export interface VolumeKindDescriptor extends Kind {
  readonly name: 'volume';
  readonly paths: {
    readonly configs: string;
    /** The regions and storage classes a volume can be made in. */
    readonly options: string;
    readonly summary: string;
    readonly list: string;
    readonly create: string;
    readonly expand: string;
    readonly delete: string;
    /** A volume's new name. */
    readonly rename: string;
    /** A volume's SFTP session: opened (again and again, until Running), and ended. */
    readonly sftpObtain: string;
    readonly sftpDestroy: string;
  };
  readonly pause: undefined;
  readonly followsLog: false;
  /** The volumes of a list's answer. */
  volumesOf(data: unknown): Volume[];
}

export const VOLUME_KIND: VolumeKindDescriptor = {
  name: 'volume',
  noun: 'volume',
  // A volume is at work, and bills, from Active until it is gone.
  statuses: {
    settling: VOLUME_SETTLING,
    running: [VOLUME_ACTIVE],
    success: [VOLUME_ACTIVE],
    failure: [VOLUME_FAILED],
    ending: VOLUME_LEAVING.filter((status) => status !== VOLUME_DELETED),
    ended: [VOLUME_DELETED],
    known: [...VOLUME_SETTLING, VOLUME_ACTIVE, VOLUME_FAILED, ...VOLUME_LEAVING]
  },
  paths: {
    configs: '/api/storage/nas/v1/pre-create',
    options: '/api/storage/nas/v1/dictionaries',
    summary: '/api/storage/nas/v1/summary',
    list: '/api/storage/nas/v1/list',
    create: '/api/storage/nas/v1/create',
    expand: '/api/storage/nas/v1/expand',
    delete: '/api/storage/nas/v1/delete',
    rename: '/api/storage/nas/v1/rename',
    sftpObtain: '/api/storage/nas/v1/sftp/obtain',
    sftpDestroy: '/api/storage/nas/v1/sftp/destroy'
  },
  specPaths: {},
  pause: undefined,
  followsLog: false,
  leastPollMs: 10_000,
  bills: true,
  changes: {},
  volumesOf
};

/**
 * A transfer between object storage and a volume (suanli-nas-storage/api/s3-*.md): made after the
 * connection is checked (s3/check, whose data.pass decides), its create and retry encrypted and sent as
 * text/plain; read by its detail (?id=); under way while Queuing, Pending or Running; done once
 * Completed; failed on Error or Exception (a retry makes a new one, the old one Deleted); stopped (only a
 * Running one can be) or deleted. The reference asks for polls at least 10 s apart.
 */
export interface TransferKindDescriptor extends Kind {
  readonly name: 'transfer';
  readonly specPaths: { readonly check: string };
  readonly paths: {
    readonly check: string;
    readonly create: string;
    readonly retry: string;
    readonly detail: string;
    readonly list: string;
    readonly stop: string;
    readonly delete: string;
  };
  readonly pause: undefined;
  readonly followsLog: false;
  /** A transfer's detail, or an item of the list. */
  transferOf(data: unknown): Transfer | undefined;
  /** The transfer of a name to follow: the newest not Deleted (a retry keeps the name), else the newest. */
  transferNamed(transfers: readonly Transfer[], name: string): Transfer | undefined;
}

export const TRANSFER_KIND: TransferKindDescriptor = {
  name: 'transfer',
  noun: 'transfer',
  // known: every status the list's statuses filter takes, Deleted too (a lost create is looked for in them
  // all). A stop applies to a Running one only.
  statuses: {
    settling: TRANSFER_UNDER_WAY.filter((status) => status !== TRANSFER_RUNNING),
    running: [TRANSFER_RUNNING],
    success: [TRANSFER_COMPLETED],
    failure: TRANSFER_FAILED,
    ending: [],
    ended: TRANSFER_STOPPED,
    known: TRANSFER_STATUSES
  },
  changes: { stop: { appliesTo: [TRANSFER_RUNNING], doneIn: TRANSFER_STOPPED } },
  paths: {
    check: '/api/storage/nas/v1/encrypt/s3/check',
    create: '/api/storage/nas/v1/encrypt/s3/create',
    retry: '/api/storage/nas/v1/encrypt/s3/retry',
    detail: '/api/storage/nas/v1/s3/detail',
    list: '/api/storage/nas/v1/s3/list',
    stop: '/api/storage/nas/v1/s3/stop',
    delete: '/api/storage/nas/v1/s3/delete'
  },
  // The interface spec's storage check: other fields, on another path, encrypted as the reference's is.
  specPaths: { check: '/api/storage/encrypt/check' },
  pause: undefined,
  followsLog: false,
  leastPollMs: 10_000,
  bills: false,
  transferOf,
  transferNamed
};

/** Every kind, by name. */
export type AnyKind =
  TaskKindDescriptor | PreheatKindDescriptor | VolumeKindDescriptor | TransferKindDescriptor;

export const KINDS: Readonly<Record<KindName, AnyKind>> = {
  ...TASK_KINDS,
  preheat: PREHEAT_KIND,
  volume: VOLUME_KIND,
  transfer: TRANSFER_KIND
};

/** Whether a kind is one of tasks (a deployment's or a job's): read, waited for, stopped by task id. */
export function isTaskKind(kind: AnyKind): kind is TaskKindDescriptor {
  return kind.name === 'deployment' || kind.name === 'job' || kind.name === 'runner';
}
