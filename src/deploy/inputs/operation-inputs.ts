import type { OperationName } from '../../platform/platform-settings.js';
import type { OutputName } from '../outputs/outputs.js';
import type { InputName } from './index.js';

// Which inputs and outputs each operation has, beside those of every operation: what docs/reference.md
// lists (npm run docs) and the CLI's help shows. A test holds every input and output of action.yml in
// them, under every operation that reads or writes it. Each list is typed by the declarations' names
// (inputs/index.ts, outputs/outputs.ts): a name no input or output has fails the type check.

/** Inputs every operation takes: where and how it talks to the API, and how the step reports. */
export const COMMON_INPUTS: readonly InputName[] = [
  'operation',
  'base_url',
  'token',
  'private_key',
  'private_key_format',
  'private_key_passphrase',
  'platform_public_key',
  'api_profile',
  'api_version',
  'endpoints',
  'request_timeout',
  'max_response_size',
  'max_retries',
  'concurrency',
  'summary',
  'dry_run'
];

/** Outputs every operation writes (empty where it has nothing to say). */
export const COMMON_OUTPUTS: readonly OutputName[] = [
  'code',
  'msg',
  'data',
  'task_id',
  'task_ids',
  'status',
  'statuses',
  'url',
  'urls',
  'elapsed_seconds',
  'timed_out',
  'capped',
  'healthy',
  'count',
  'cost',
  'billing_value',
  'diagnostics_file',
  'response_file'
];

/** What a wait for a job takes: its end is its job_status, so no URL, node or health rule applies. */
const JOB_WAIT: readonly InputName[] = [
  'wait',
  'wait_timeout',
  'poll_interval',
  'success_statuses',
  'failure_statuses',
  'log_lines',
  'poll_error_budget',
  'max_cost'
];
const WAIT: readonly InputName[] = [
  'wait',
  'wait_timeout',
  'poll_interval',
  'status_field',
  'success_statuses',
  'failure_statuses',
  'wait_for_urls',
  'max_restarts',
  'log_lines',
  'health_path',
  'health_status',
  'poll_error_budget',
  'max_cost'
];
const CAPACITY: readonly InputName[] = [
  'gpu',
  'gpu_count',
  'device_type',
  'regions',
  'max_price',
  'capacity_timeout',
  'preheat',
  'preheat_timeout'
];
const VOLUME_OUTPUTS: readonly OutputName[] = [
  'storage_id',
  'region',
  'total_size',
  'used_size',
  'volume_price'
];
const TRANSFER_OUTPUTS: readonly OutputName[] = ['transfer_id', 'files', 'bytes', 'duration', 'rate'];
const CHANGE_WAIT: readonly InputName[] = [
  'wait_timeout',
  'poll_interval',
  'wait_for_urls',
  'max_restarts',
  'poll_error_budget',
  'cleanup_timeout'
];
/** The data input, and what its copies go through (the object storage, how they copy). */
const DATA_IN: readonly InputName[] = [
  'data',
  's3_supplier',
  's3_endpoint',
  's3_bucket',
  's3_access_key',
  's3_secret_key',
  'overwrite_policy',
  'ignore_patterns',
  'transfer_retries'
];
const CREATE: readonly InputName[] = [
  'task_name',
  'points',
  ...CAPACITY,
  'body',
  'body_file',
  'volumes',
  'juicefs_mounts',
  ...DATA_IN,
  ...WAIT,
  'cleanup',
  'cleanup_timeout'
];
const PLACED: readonly OutputName[] = ['region', 'region_name', 'gpu', 'price'];
const PREVIEW: readonly InputName[] = ['github_token', 'comment', 'max_previews'];
const BILLING: readonly InputName[] = ['billing_range', 'billing_start', 'billing_end'];
const STOP_WAIT: readonly InputName[] = ['wait', 'wait_timeout', 'poll_interval', 'poll_error_budget'];
const JOB_OUTPUTS: readonly OutputName[] = [
  'job_status',
  'succeeded_pods',
  'failed_pods',
  'duration',
  'job_type'
];

/**
 * What an operation is for, in one line; the inputs it needs (without which it is refused, or does
 * nothing of use), then the others it takes; and its own outputs, beside the common ones.
 */
export interface OperationInputs {
  summary: string;
  needs: readonly InputName[];
  inputs: readonly InputName[];
  outputs: readonly OutputName[];
}

const only = (needs: readonly InputName[], all: readonly InputName[]): InputName[] =>
  all.filter((name) => !needs.includes(name));

/** Each operation's own inputs and outputs, beside the common ones (docs/reference.md, the CLI's help). */
export const OPERATION_INPUTS: Record<OperationName, OperationInputs> = {
  create: {
    summary: 'create a task from body (on the GPU gpu names), and wait until it is ready',
    needs: ['task_name', 'body'],
    inputs: only(['task_name', 'body'], CREATE),
    outputs: PLACED
  },
  replace: {
    summary: 'create a task, and once it is ready stop the tasks of the same name that ran before',
    needs: ['task_name', 'body'],
    inputs: only(['task_name', 'body'], CREATE),
    outputs: [...PLACED, 'replaced_task_ids']
  },
  detail: {
    summary: "read tasks' detail, and wait until ready with wait: true",
    needs: ['task_id'],
    inputs: WAIT,
    outputs: []
  },
  search_tasks: {
    summary: 'search the tasks, by status',
    needs: [],
    inputs: ['task_status', 'query'],
    outputs: []
  },
  search_resources: {
    summary: 'search the resources (regions, devices, stock, prices)',
    needs: [],
    inputs: ['query'],
    outputs: []
  },
  stop: {
    summary: 'stop tasks, and wait until their detail says End',
    needs: ['task_id'],
    inputs: STOP_WAIT,
    outputs: []
  },
  pause: {
    summary: 'pause tasks, and wait until they are Paused',
    needs: ['task_id'],
    inputs: STOP_WAIT,
    outputs: []
  },
  recover: {
    summary: 'recover paused tasks, and wait until they are ready',
    needs: ['task_id'],
    inputs: WAIT,
    outputs: []
  },
  change_points: {
    summary: "set a task's node count (without waiting: see scale)",
    needs: ['task_id', 'points'],
    inputs: [],
    outputs: []
  },
  nodes: { summary: "list a task's nodes", needs: ['task_id'], inputs: ['query'], outputs: [] },
  logs: {
    summary: "print each node's service logs (up to 10 nodes of each task)",
    needs: ['task_id'],
    inputs: ['log_lines'],
    outputs: []
  },
  events: {
    summary: "print each node's events (up to 10 nodes of each task)",
    needs: ['task_id'],
    inputs: [],
    outputs: []
  },
  billing: {
    summary: 'read the bill by time, of some tasks or all',
    needs: [],
    inputs: ['task_id', ...BILLING],
    outputs: []
  },
  task_billing: { summary: 'read the bill by task', needs: [], inputs: BILLING, outputs: [] },
  storage_check: {
    summary: "check a storage's credentials (S3), from body",
    needs: ['body'],
    inputs: ['body_file'],
    outputs: []
  },
  sweep: {
    summary: 'stop every task whose name matches task_name, but the ids in task_id',
    needs: ['task_name'],
    inputs: ['task_id', 'cleanup_timeout'],
    outputs: []
  },
  preview: {
    summary: "bring a pull request's preview up as replace does, or stop it on close (GitHub action)",
    needs: ['task_name', 'body'],
    inputs: [...only(['task_name', 'body', ...DATA_IN], CREATE), ...PREVIEW],
    outputs: [...PLACED, 'replaced_task_ids', 'total_cost']
  },
  preview_sweep: {
    summary: 'stop the previews whose pull request closed, left idle, or past max_cost (GitHub action)',
    needs: ['task_name'],
    inputs: ['github_token', 'preview_ttl', 'max_cost', 'cleanup_timeout'],
    outputs: ['total_cost']
  },
  preheat: {
    summary: 'warm the images of body where gpu would place a task',
    needs: ['task_name', 'gpu', 'body'],
    inputs: only(['task_name', 'gpu', 'body'], ['task_name', ...CAPACITY, 'body', 'body_file']),
    outputs: PLACED
  },
  update: {
    summary: "change a running task's configuration from body; roll it back if it does not serve",
    needs: ['task_id', 'body'],
    inputs: [
      'task_name',
      'body_file',
      'volumes',
      'juicefs_mounts',
      ...CHANGE_WAIT,
      'health_path',
      'health_status'
    ],
    outputs: ['changed', 'rolled_back', 'restore_file']
  },
  scale: {
    summary: 'set points, and wait until that many nodes run; set back if a new node fails',
    needs: ['task_id', 'points'],
    inputs: CHANGE_WAIT,
    outputs: ['changed', 'rolled_back', 'points_before', 'points_after']
  },
  replace_node: {
    summary: 'delete the node point_id names, and wait for its replacement',
    needs: ['task_id', 'point_id'],
    inputs: ['delete_last_node', ...CHANGE_WAIT],
    outputs: ['changed', 'points_before', 'points_after']
  },
  job: {
    summary: 'run a GPU batch job from body to its end, its log streamed; fail when it fails',
    needs: ['task_name', 'body'],
    inputs: [
      'points',
      'job_type',
      'estimated_exec_sec',
      'spot_fallback',
      'queue_timeout',
      ...CAPACITY,
      'body_file',
      'volumes',
      'juicefs_mounts',
      ...DATA_IN,
      'results',
      ...JOB_WAIT,
      'cleanup',
      'cleanup_timeout'
    ],
    outputs: [...PLACED, ...JOB_OUTPUTS, 'log_file']
  },
  job_detail: {
    summary: "read GPU batch jobs' detail, and wait until they end with wait: true",
    needs: ['task_id'],
    inputs: JOB_WAIT,
    outputs: [...JOB_OUTPUTS, 'log_file']
  },
  job_search: {
    summary: 'search the GPU batch jobs, by status and name',
    needs: [],
    inputs: ['task_status', 'task_name', 'query'],
    outputs: []
  },
  job_stop: {
    summary: 'stop GPU batch jobs, and wait until they have ended',
    needs: ['task_id'],
    inputs: STOP_WAIT,
    outputs: []
  },
  job_group_search: {
    summary: "list a job queue's task groups (queue_id in query)",
    needs: ['query'],
    inputs: [],
    outputs: []
  },
  job_group_detail: {
    summary: "read a job queue's task group (group_id in query)",
    needs: ['query'],
    inputs: [],
    outputs: []
  },
  request: {
    summary: 'send any request of the API, signed',
    needs: ['method', 'path'],
    inputs: ['encrypt', 'body', 'body_file', 'query'],
    outputs: []
  },
  volume: {
    summary:
      'make sure a cluster storage volume of that name exists, of size GiB at least: create or grow it, and wait until Active',
    needs: ['volume'],
    inputs: ['size', 'region', 'volume_cleanup', 'wait_timeout', 'poll_interval'],
    outputs: VOLUME_OUTPUTS
  },
  volume_list: {
    summary: 'list the cluster storage volumes, and what they cost per 10 minutes',
    needs: [],
    inputs: ['region'],
    outputs: []
  },
  volume_delete: {
    summary: 'delete a cluster storage volume, named again in confirm; wait until it is gone',
    needs: ['volume', 'confirm'],
    inputs: ['force', 'cleanup_timeout'],
    outputs: VOLUME_OUTPUTS
  },
  transfer: {
    summary: 'copy between object storage and a volume, checked first, to its end; retry it when it fails',
    needs: [
      'volume',
      'direction',
      's3_supplier',
      's3_endpoint',
      's3_bucket',
      's3_access_key',
      's3_secret_key'
    ],
    inputs: [
      's3_prefix',
      'volume_path',
      'overwrite_policy',
      'ignore_patterns',
      'transfer_retries',
      'task_name',
      'wait_timeout',
      'poll_interval',
      'poll_error_budget',
      'cleanup_timeout'
    ],
    outputs: TRANSFER_OUTPUTS
  },
  transfer_detail: {
    summary: "read a transfer's detail and progress",
    needs: ['transfer_id'],
    inputs: [],
    outputs: ['transfer_id', 'files', 'bytes']
  },
  transfer_list: {
    summary: 'list the transfers (of a volume), each with its progress',
    needs: [],
    inputs: ['volume'],
    outputs: []
  },
  transfer_stop: {
    summary: 'stop a transfer, and wait until it copies no more',
    needs: ['transfer_id'],
    inputs: ['cleanup_timeout'],
    outputs: ['transfer_id', 'files', 'bytes']
  }
};
