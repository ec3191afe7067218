// The emulator's public shapes: how it is started, what a client needs to reach it, and what it records.
import type { Profile } from './route.js';
import type { RunnerLink } from './job-runner.js';
import type { JobScriptRule } from './jobs.js';
import type { StockChange } from './stock.js';

export interface EmulatorOptions {
  /** Port on 127.0.0.1; 0 (default) picks a free one. */
  port?: number;
  /** How long a new or recovered task stays Pending (default 5). */
  readyAfterSeconds?: number;
  /** Offset of the platform clock from the real one: shifts timestamp checks and the Date header. */
  clockOffsetSeconds?: number;
  /** The clock (ms since the epoch); tests pass their own to move time without sleeping. */
  now?: () => number;
  /** Tasks whose name matches end in Other instead of Running. */
  failPattern?: RegExp;
  /**
   * How long after a stop, a pause or a recover is accepted it takes effect (default 0: at once): the
   * task keeps its status meanwhile, as a platform that acts late.
   */
  actLagSeconds?: number;
  /** How long after a task runs its nodes take to run, one after another (default 0: all at once). */
  nodeLagSeconds?: number;
  /** Tasks whose containers crash over and over (see CrashLoopSpec). */
  crashLoops?: CrashLoopSpec[];
  /** Images that crash-loop wherever they run, such as a bad release (a rolling update stalls on them). */
  badImages?: RegExp;
  /** How often a container of a bad image restarts (default 10 s). */
  badImageRestartSeconds?: number;
  /**
   * Serve every service itself, at `{base_url}/_app/{task_id}/{port}/...` (its service URLs): 503 for
   * `warmupSeconds` once the task runs (default 0), then `status` (default 200).
   */
  apps?: { warmupSeconds?: number; status?: number };
  /** The creates (1 for the first) whose task ends in Other instead of Running. */
  failingCreates?: number[];
  /**
   * What a node costs per hour while its task runs, in yuan (default 1.5), where its resource has no price
   * (a mark no search gave, a task put in place by a test): billing_value and forecast_value grow by it in
   * points (1 yuan = 1,000,000 points), booked every 5 minutes. A task on a searched resource bills by its
   * discount_price, and books price minus it as the discount (both read as thousandths of a yuan per
   * node-hour).
   */
  pricePerPointHour?: number;
  /**
   * How jobs run: each pod's start script takes `podSeconds` (default 30); jobs whose name matches
   * `failPattern` exit with code 1 in every pod; `scripts` say, by job name, how long each attempt runs,
   * its exit code, how many attempts fail first (a flaky test), which indexes fail, and the lines each
   * attempt logs (see JobScriptRule). A job starts readyAfterSeconds after it is made (or, a Spot job
   * Queued for want of free nodes, after a read finds them free). A stopped job reads `stoppedStatus`:
   * Paused (default; the reference's job list names it 已停止, stopped), or End. `resourceTaskType`: the
   * task_type a job's marks come from, Job (default: the job skill's search), or Deployment (the resource
   * search then refuses Job, as its reference api/resource.md allows Deployment alone).
   * `billedAfterEndSeconds`: how long a pod is still billed after it exits, unless the job is stopped
   * (default 0): its `billing_points` then differs from its `active_pods`, and its task reads Running.
   */
  jobs?: {
    billedAfterEndSeconds?: number;
    podSeconds?: number;
    failPattern?: RegExp | undefined;
    scripts?: JobScriptRule[];
    stoppedStatus?: 'Paused' | 'End';
    resourceTaskType?: 'Job' | 'Deployment';
  };
  /**
   * Opt-in (issue 62, point 7): a job whose container env holds ACTIONS_RUNNER_INPUT_JITCONFIG
   * (RUNNER_JITCONFIG_ENV) runs `simulate(value)` (the GitHub stand-in's simulateRunner, as a test that
   * starts both links them) instead of its script: see job-runner.ts. Unset, such a job runs its script.
   */
  runners?: RunnerLink;
  /** Whether a task bills while Pending too, not only while Running (default false). */
  billPending?: boolean;
  /**
   * Details and searches of tasks and jobs leave out billing_value and forecast_value, which the reference
   * types as optional (default false): money is then read from the billing records alone.
   */
  omitCostFields?: boolean;
  /** The most items a page holds, whatever page_size asks (default: no cap; the platform publishes none). */
  pageSizeMax?: number;
  /** The code each refusal reason is answered with instead of the emulator's own (see setRefusalCodes). */
  refusalCodes?: Record<string, string>;
  /** Every refusal code answered as another of the published set, drawn from this seed (see shuffleCodes). */
  shuffleCodes?: number;
  /** What devices have free in regions, and their prices (see Emulator.setStock). */
  stock?: StockChange[];
  /**
   * `live` (default): the platform's own reference, as production answers (the plain create path, GET
   * detail, task search requiring type and status, the S3 storage check, `message` in the envelope).
   * `spec`: the interface spec's forms where they differ.
   */
  profile?: Profile;
  /** Each document's exact header checks (its Content-Type, no stray sign_str); default: what the platform takes. */
  strict?: boolean;
  /** Id of the first task created (default 1229831); ids are integers of any size. */
  firstTaskId?: bigint;
  /** Interface version per endpoint path (default 1.0.0 for all). */
  versions?: Record<string, string>;
  /** The keys handed out in `info`; generated (as the console does) when absent. */
  keys?: {
    rsa?: { token?: string; clientPrivateKey: string; platformPrivateKey: string };
    tokenMode?: { token?: string };
  };
  /** Where the emulator says why it refused a request, or which fault it showed (default: silent). */
  log?: (line: string) => void;
  /** Called with each request's record once it is answered (the CLI's --record writes them out). */
  onRecord?: (record: RecordedRequest) => void;
}

/**
 * A crash loop for the tasks whose name matches `pattern`: they stay Pending, and their nodes show the
 * container's `reason` (default CrashLoopBackOff), `exitCode` (default 1), a restart every
 * `restartEverySeconds` (default 1), the node status `nodeStatus` (default Running), and `log`.
 */
export interface CrashLoopSpec {
  pattern: RegExp | string;
  reason?: string;
  exitCode?: number;
  restartEverySeconds?: number;
  nodeStatus?: 'Running' | 'Failed';
  log?: string;
}

/** What a client needs to reach the emulator: written as JSON by the CLI's --info. */
export interface EmulatorInfo {
  base_url: string;
  ca_file: string;
  rsa: { token: string; private_key_file: string; platform_public_key_file: string };
  token_mode: { token: string };
}

export interface RecordedRequest {
  id: number;
  /** Emulator clock (without offset) when the request arrived. */
  receivedAt: number;
  method: string;
  /** The raw request target, path and query as sent. */
  target: string;
  path: string;
  /** Request headers except `token`. */
  headers: Record<string, string>;
  body: string;
  /** The decrypted body on encrypted endpoints, when it could be decrypted. */
  plaintext?: string;
  /** How the request was judged; undefined when a fault answered before it was looked at. */
  verdict?: { code: string; reason: string; message: string };
  /** True when the request took effect (a create made its task, a stop stopped it). */
  applied: boolean;
  /** The task a create made, as digits, once it is made. */
  createdTaskId?: string;
  /** The fault shown instead of the real answer, if any. */
  fault?: string;
  /** The body of the answer sent (absent when the connection was reset). */
  answer?: string;
}

export interface EnvelopeStyle {
  /** `string` answers "0000" (spec and platform); `number` answers 0 (older descriptions). */
  code: 'string' | 'number';
  /** `msg` (spec) or `message` (the live platform). */
  messageField: 'msg' | 'message';
}

/** What the platform decided for a request, before it is written as an envelope. */
export interface Outcome {
  status: number;
  code: string;
  message: string;
  data: unknown;
}
