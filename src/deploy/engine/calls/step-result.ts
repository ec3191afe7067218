import { describeError, TaskNotFoundError } from '../../../platform/failures.js';
import { billsOf, type Bill } from '../../../platform/billing-data.js';
import type { OperationTraits } from '../../../platform/operations/operation-table.js';
import type { OperationName } from '../../../platform/platform-settings.js';
import { offersOf, type Offer } from '../../../platform/resource-data.js';
import { isRecord } from '../../../basics/records.js';
import { kindOf } from '../../../platform/operations/calls.js';
import { isTaskKind } from '../../../platform/task-kinds.js';
import { snapshotOf, type JobFacts } from '../../../platform/task-data.js';
import type { FieldChange } from '../tasks/configuration.js';
import type { PublishUrls } from '../tasks/publishable-urls.js';
import type { Criteria } from '../wait/criteria.js';
import type { TaskResult } from '../wait/task-result.js';
import type { Placement } from '../create/create-task.js';
import type { AnswerFiles } from './answer-sink.js';
import type { Volume, VolumeSummary } from '../../../platform/volume-data.js';
import type { Transfer } from '../../../platform/transfer-data.js';
import type { CallOutcome } from './make-calls.js';

// What a step did, as the outputs and the summary read it: its calls, its tasks, what it changed.

/** What a step did: what the outputs and the summary read. */
export interface StepResult {
  readonly operation: OperationName;
  readonly calls: readonly CallOutcome[];
  readonly tasks: readonly TaskResult[];
  /** What the wait was for, when the step waited. */
  readonly criteria: Criteria | undefined;
  readonly timedOut: boolean;
  readonly elapsedMs: number;
  /** A replace's old generation: the tasks it stopped (empty for every other operation). */
  readonly replaced: readonly TaskResult[];
  /** The billing records the step read (billing, task_billing). */
  readonly bills: readonly Bill[];
  /** The regions of the devices a resource search found. */
  readonly offers: readonly Offer[];
  /** What was read of each task's nodes, for the logs and events operations (their diagnostics). */
  readonly nodeReads: 'logs' | 'events' | undefined;
  /**
   * Where the answers of a bulk read (several reads, no wait) went as they came (its data output and its response
   * file), when the step kept none of them whole: the outputs read these files, not the calls.
   */
  readonly answers?: AnswerFiles;
  /**
   * What the step did that its kind or a capability shows (a change, a volume, a transfer, a preview, the
   * cap, a job's log file): one entry a part, each read by its report part (its capability's or the engine's, gathered in deploy/report-parts.ts; see reportOf).
   */
  readonly parts?: readonly ReportEntry[];
  /** When the step started, on its injected clock (ms since the epoch): what every `atMs` counts from. */
  readonly startedAt?: number;
  /** The copies the step made (data in before its task, a job's results out after it), and when. */
  readonly copies?: readonly CopyPhase[];
  /** A Spot job's queue as spot_fallback waited on it (ms since the step started), and what came of it. */
  readonly queue?: QueuePhase;
}

/** What each report part's entry holds, by the part's name (deploy/report-parts.ts registers the parts). */
export interface ReportData {
  /** What a change to a running task did (update, scale, replace_node). */
  readonly change: ChangeReport;
  /** The file holding every line of the jobs' logs the step read, when it read one. */
  readonly job: JobReport;
  /** What a preview step did beside its tasks: its pull request, what its previews cost, why it failed. */
  readonly preview: PreviewReport;
  /** max_cost, in yuan: the cap the step held what it waited on to, when one was set. */
  readonly cap: CapReport;
  /** What a volume step found, made, grew or deleted (volume, volume_delete), or a volume_list read. */
  readonly volume: VolumeReport;
  /** The transfer a transfer step followed to its end, read or stopped, or the transfers a transfer_list read. */
  readonly transfer: TransferReport;
  /** The runners a runner step started, or a runner_stop or runner_sweep stopped, and why either failed. */
  readonly selfHosted: RunnerReport;
  /** What a copy step copied, copy by copy, and why it stopped. */
  readonly copied: CopiedReport;
}

/** What a copy step did with each copy it was given, in order, and why it failed (undefined: every copy made). */
export interface CopiedReport {
  readonly copies: readonly CopiedLine[];
  readonly failure: string | undefined;
}

/** One copy of a copy step: its two sides as written, how it went, and what it did when it completed. */
export interface CopiedLine {
  readonly from: string;
  readonly to: string;
  /** Over the volume's SFTP session (a workspace path), or a platform transfer (an object prefix). */
  readonly via: 'sftp' | 'transfer';
  /** copied: completed; failed: the copy the step stopped at (see the report's failure); left: not tried. */
  readonly outcome: 'copied' | 'failed' | 'left';
  /** What a completed copy moved: files and bytes copied, files already there (a transfer does not say). */
  readonly files?: number;
  readonly bytes?: number;
  readonly skipped?: number;
  readonly elapsedMs?: number;
}

/** What a runner step did with its runners: their label, how each stood, what they cost, why it failed. */
export interface RunnerReport {
  readonly action: 'started' | 'stopped' | 'swept';
  /** The label of the run's runners (start, stop by label); undefined for a sweep. */
  readonly label: string | undefined;
  readonly states: readonly RunnerState[];
  /** What the runners stopped cost in all, in points (stop, sweep), when the platform said. */
  readonly totalPoints?: string;
  readonly failure: string | undefined;
}

/** One runner as the step left it: its platform job, and its runner as GitHub lists it. */
export interface RunnerState {
  readonly name: string;
  readonly taskId: string | undefined;
  /** GitHub's word for the runner (online, offline, not listed, removed...). */
  readonly github: string;
  /** Its platform job's status, or what became of it (stopped, not made...). */
  readonly job: string;
  /** Why a sweep stopped it. */
  readonly why?: string;
}

/** The name of a report part that keeps an entry in a step's result. */
export type ReportName = keyof ReportData;

/** One part's entry in a step's result: its name and what it holds. */
export type ReportEntry = {
  [P in ReportName]: { readonly part: P; readonly data: ReportData[P] };
}[ReportName];

/** A part's entry, for a step's result. */
export function reportEntry<P extends ReportName>(part: P, data: ReportData[P]): ReportEntry {
  return { part, data } as ReportEntry;
}

/** What the step holds for a part, or undefined when it holds nothing of it. */
export function reportOf<P extends ReportName>(
  step: Pick<StepResult, 'parts'>,
  part: P
): ReportData[P] | undefined {
  return step.parts?.find((entry) => entry.part === part)?.data as ReportData[P] | undefined;
}

/** The result with the part's entry set (in place of one it held). */
export function withReport<P extends ReportName>(step: StepResult, part: P, data: ReportData[P]): StepResult {
  return {
    ...step,
    parts: [...(step.parts ?? []).filter((entry) => entry.part !== part), reportEntry(part, data)]
  };
}

/** A job step's log file: where every line of the jobs' logs it read went. */
export interface JobReport {
  readonly logFile: string;
}

/** The spending cap a step held what it waited on to. */
export interface CapReport {
  /** max_cost, in yuan, as given. */
  readonly maxCost: string;
}

/** What a volume step left: one volume (found, made, grown, deleted), or the volumes a volume_list read. */
export type VolumeReport =
  | { readonly one: VolumeOutcome; readonly listed?: undefined }
  | { readonly one?: undefined; readonly listed: VolumeList };

/** The volumes a volume_list read, and what they come to. */
export interface VolumeList {
  readonly volumes: readonly Volume[];
  readonly summary: VolumeSummary | undefined;
}

/** What a transfer step left: one transfer (followed, read or stopped), or the transfers a transfer_list read. */
export type TransferReport =
  | { readonly one: TransferOutcome; readonly listed?: undefined }
  | { readonly one?: undefined; readonly listed: readonly Transfer[] };

/** How long spot_fallback watched a Spot job wait in the queue, and whether it ran or was stopped for on demand. */
export interface QueuePhase {
  readonly taskId: string;
  readonly fromMs: number;
  readonly toMs: number;
  /** Still Queued past queue_timeout: stopped, for the job on demand. */
  readonly fellBack: boolean;
}

/** A copy a step made, and when (ms since the step started): the data in, or a job's results out. */
export interface CopyPhase {
  readonly way: 'in' | 'out';
  readonly fromMs: number;
  readonly toMs: number;
  /** Whether every copy completed. */
  readonly copied: boolean;
}

/** A preview's or a preview sweep's account: what the tasks of the step do not say. */
export interface PreviewReport {
  /** The pull request (a preview's); undefined for the sweep, or when the event was not read. */
  readonly number: number | undefined;
  /** The preview's task name (web-pr-42), or the sweep's task_name. */
  readonly taskName: string;
  /** What all of the pull request's previews (the sweep: what it stopped) have cost, in points. */
  readonly totalPoints: string | undefined;
  /** The GitHub deployment of this push, when one was recorded. */
  readonly deployment?: number;
  /** Why the step fails beside its tasks: a preview refused (max_previews, max_cost), or a record GitHub refused. */
  readonly failure?: string;
}

/** A transfer as a step left it: its detail; how long the step followed it, and how often it retried it. */
export interface TransferOutcome {
  readonly transfer: Transfer;
  /** How long the step followed it (a transfer step's); undefined for a read or a stop. */
  readonly elapsedMs: number | undefined;
  readonly retries: number;
}

/** A volume as a step left it: found, made or grown (and Active), or deleted. */
export interface VolumeOutcome {
  readonly volume: Volume;
  /** The step made it: its own create's answer gave its id. */
  readonly created: boolean;
  /** Found by name after the step's create went unanswered: used, never deleted by a cleanup. */
  readonly adopted: boolean;
  /** What it held before the step grew it, in bytes. */
  readonly grownFrom: number | undefined;
  readonly deleted: boolean;
}

/** What a change to a running task did: an update, a scale, or nodes replaced. */
export interface ChangeReport {
  /** Whether anything was to change (false: nothing was sent). */
  readonly changed: boolean;
  /** The change did not take, and the task was set back as it was. */
  readonly rolledBack: boolean;
  /** An update's fields, before and after (secrets redacted). */
  readonly fields: readonly FieldChange[];
  /** Nodes running before and after (scale, replace_node). */
  readonly pointsBefore: number | undefined;
  readonly pointsAfter: number | undefined;
  /** The nodes deleted (replace_node). */
  readonly nodes: readonly string[];
  /** A rollback that did not complete: the task, and the configuration to restore (redacted). */
  readonly restore: { readonly taskId: string; readonly configuration: unknown } | undefined;
}

/** A change report: what `fields` say, over nothing changed. */
export function changeReport(fields: Partial<ChangeReport>): ChangeReport {
  return {
    changed: false,
    rolledBack: false,
    fields: [],
    pointsBefore: undefined,
    pointsAfter: undefined,
    nodes: [],
    restore: undefined,
    ...fields
  };
}

/** What the calls' answers list, by what each answers: billing records, and resource search offers. */
export function listsOf(calls: readonly CallOutcome[]): Pick<StepResult, 'bills' | 'offers'> {
  const answered = (kind: OperationTraits['answers']): unknown[] =>
    calls.flatMap((c) => (c.call.traits.answers === kind && c.result !== undefined ? [c.result.data] : []));
  return { bills: answered('bills').flatMap(billsOf), offers: answered('resources').flatMap(offersOf) };
}

/** How the step chose its new task's resource, when it picked one by GPU model (gpu). */
export function placementOf(step: Pick<StepResult, 'calls'>): Placement | undefined {
  return step.calls.find((call) => call.placement !== undefined)?.placement;
}

/** A task's result as its call left it. */
export function taskAfterCall(
  outcome: CallOutcome & { taskId: string },
  statusField: readonly string[],
  publish: PublishUrls
): TaskResult {
  const snapshot =
    outcome.snapshot ??
    (outcome.result === undefined ? undefined : snapshotOf(outcome.result.data, statusField));
  const { error, call } = outcome;
  const givenName = typeof call.body?.task_name === 'string' ? call.body.task_name : undefined;
  return {
    id: outcome.taskId,
    verdict: error === undefined ? 'done' : error instanceof TaskNotFoundError ? 'not_found' : 'error',
    status: call.traits.answers === 'task' ? snapshot?.status : undefined,
    nodes: call.traits.answers === 'task' ? snapshot?.nodes : undefined,
    billingValue: call.traits.answers === 'task' ? snapshot?.billingValue : undefined,
    forecastValue: call.traits.answers === 'task' ? snapshot?.forecastValue : undefined,
    name: snapshot?.name ?? givenName,
    urls: publish(outcome.taskId, snapshot?.urls ?? []),
    data: outcome.result?.data,
    raw: outcome.raw,
    timeline: [],
    samples: [],
    elapsedMs: 0,
    message: error === undefined ? undefined : describeError(error),
    diagnostics: undefined,
    healthy: undefined
  };
}

/** What the job of a step that concerns jobs said of its run (its first task's last data). */
export function jobRunOf(step: StepResult): JobFacts | undefined {
  const [task] = step.tasks;
  const kind = kindOf(step);
  const runOf = isTaskKind(kind) ? kind.runOf : undefined;
  return runOf !== undefined && task !== undefined && isRecord(task.data) ? runOf(task.data) : undefined;
}
