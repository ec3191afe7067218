import type { Credentials, Endpoint, QueryParams } from '../protocol/request.js';

export const OPERATION_NAMES = [
  'create',
  'replace',
  'update',
  'scale',
  'replace_node',
  'sweep',
  'preview',
  'preview_sweep',
  'preheat',
  'detail',
  'nodes',
  'logs',
  'events',
  'stop',
  'pause',
  'recover',
  'change_points',
  'search_tasks',
  'job',
  'job_detail',
  'job_search',
  'job_stop',
  'job_group_search',
  'job_group_detail',
  'runner',
  'runner_stop',
  'runner_sweep',
  'volume',
  'volume_list',
  'volume_options',
  'volume_delete',
  'transfer',
  'transfer_detail',
  'transfer_list',
  'transfer_stop',
  'copy',
  'storage_check',
  'search_resources',
  'billing',
  'task_billing',
  'request'
] as const;
export type OperationName = (typeof OPERATION_NAMES)[number];

/** Whose forms the requests follow: the interface spec's, or the platform's own reference (see operations.ts). */
export type ApiProfile = 'spec' | 'live';

export type EndpointOverride = Partial<Endpoint>;

/** auto waits where the operation does by default. */
export type WaitMode = 'auto' | 'true' | 'false';

/** Where and how the step talks to the API. */
export interface Connection {
  /** The API origin, https only. */
  baseUrl: string;
  /** The interface version sent (and signed) where `endpoints` does not say otherwise. */
  apiVersion: string;
  apiProfile: ApiProfile;
  credentials: Credentials;
  /** Per-operation overrides of method, path, version and encrypt. */
  endpoints: Partial<Record<Exclude<OperationName, 'request'>, EndpointOverride>>;
  /** Bounds each request; the step never runs past wait_timeout by more than this. */
  requestTimeoutMs: number;
  /** Answers larger than this are not read (the request fails, naming the limit). */
  maxResponseBytes: number;
  /** Retries of a request that failed in a way that may pass (network errors, 429, 5xx). */
  maxRetries: number;
  concurrency: number;
}

/** What the calls of an operation are built from. */
export interface CallInputs {
  operation: OperationName;
  /** The task statuses search_tasks asks for. */
  taskStatuses: string[];
  taskName: string | undefined;
  points: number | undefined;
  /** Decimal digits: ids beyond 2^53 stay exact. */
  taskIds: string[];
  body: Record<string, unknown>;
  query: QueryParams;
  /** The request operation's own endpoint. */
  method: 'GET' | 'POST' | undefined;
  path: string | undefined;
  encrypt: boolean;
  wait: { mode: WaitMode };
  /** The time window billing records are read for (both required by the platform). */
  billingWindow: BillingWindow;
  /** A job's mode: Spot (the platform's default, cheaper, may queue) or on demand. */
  jobType: 'spot' | 'on_demand';
  /** A Spot job's expected run in seconds (job_support.estimated_exec_sec); undefined: from timeout_sec. */
  estimatedExecSec: number | undefined;
}

/** A billing query's window: its granularity, and its start and end as RFC 3339 times. */
export interface BillingWindow {
  range: 'hour' | 'day' | 'week' | 'month';
  startTime: string;
  endTime: string;
}

/** What the platform layer reads of the settings. */
export interface PlatformSettings extends Connection, CallInputs {}
