import type { OutputName } from '../outputs/outputs.js';
import type { InputName } from './index.js';

// The inputs and outputs of every operation, and the groups of them that operations share: each
// operation's declaration (deploy/<capability>/operations.ts) lists its own from these. A test holds every input and
// output of action.yml in them, under every operation that reads or writes it. Each list is typed by the
// declarations' names (inputs/index.ts, outputs/outputs.ts): a name no input or output has fails the type
// check.

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
export const JOB_WAIT: readonly InputName[] = [
  'wait',
  'wait_timeout',
  'poll_interval',
  'success_statuses',
  'failure_statuses',
  'log_lines',
  'poll_error_budget',
  'max_cost'
];
export const WAIT: readonly InputName[] = [
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
export const CAPACITY: readonly InputName[] = [
  'gpu',
  'gpu_count',
  'device_type',
  'regions',
  'max_price',
  'capacity_timeout',
  'preheat',
  'preheat_timeout'
];
export const VOLUME_OUTPUTS: readonly OutputName[] = [
  'storage_id',
  'region',
  'total_size',
  'used_size',
  'volume_price',
  'storage_class'
];
export const TRANSFER_OUTPUTS: readonly OutputName[] = ['transfer_id', 'files', 'bytes', 'duration', 'rate'];
export const CHANGE_WAIT: readonly InputName[] = [
  'wait_timeout',
  'poll_interval',
  'wait_for_urls',
  'max_restarts',
  'poll_error_budget',
  'cleanup_timeout'
];
/** What copies through object storage go through: the bucket the s3_* inputs name, and how they copy. */
export const OBJECT_COPIES: readonly InputName[] = [
  's3_supplier',
  's3_endpoint',
  's3_bucket',
  's3_access_key',
  's3_secret_key',
  'overwrite_policy',
  'ignore_patterns',
  'transfer_retries'
];
/** The data input, and what its copies go through (the object storage, how they copy). */
export const DATA_IN: readonly InputName[] = ['data', ...OBJECT_COPIES];
export const CREATE: readonly InputName[] = [
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
export const PLACED: readonly OutputName[] = ['region', 'region_name', 'gpu', 'price'];
export const PREVIEW: readonly InputName[] = ['github_token', 'comment', 'max_previews'];
export const BILLING: readonly InputName[] = ['billing_range', 'billing_start', 'billing_end'];
export const STOP_WAIT: readonly InputName[] = ['wait', 'wait_timeout', 'poll_interval', 'poll_error_budget'];
export const JOB_OUTPUTS: readonly OutputName[] = [
  'job_status',
  'succeeded_pods',
  'failed_pods',
  'duration',
  'job_type'
];

/** An operation's inputs beside `needs`: `all` without them. */
export const only = (needs: readonly InputName[], all: readonly InputName[]): InputName[] =>
  all.filter((name) => !needs.includes(name));
