import type { TaskDiagnostics } from './diagnose.js';
import type { Sample } from './samples.js';
import type { TaskWait } from './wait-for-tasks.js';
import type { PublishUrls } from '../tasks/publishable-urls.js';

// What became of one task of a step: built once its call is made (see calls/step-result.ts), and again
// once its wait ends.

/**
 * How things ended for a task: `done`, acted on without waiting; `reached`, the wait reached its target
 * (ready, paused or ended, as the criteria say); the others say how the wait or the call failed.
 */
export type Verdict = 'done' | 'not_found' | TaskWait['verdict'];

/** How many of a task's nodes run, of all. */
export interface NodeCounts {
  readonly running: number;
  readonly total: number;
}

/** One task's result: built once its call is made, and once more (a new object) when its wait ends. */
export interface TaskResult {
  readonly id: string;
  readonly verdict: Verdict;
  readonly status: string | undefined;
  /** What it has been billed, in points, as its last detail said (the number's text): billing_value. */
  readonly billingValue: string | undefined;
  /** What it has used since and not been billed yet, in points: forecast_value. */
  readonly forecastValue: string | undefined;
  /** Nodes running of all, as the task's last data said. */
  readonly nodes: NodeCounts | undefined;
  readonly name: string | undefined;
  /** The service URLs that may be published: absolute http(s) URLs only. */
  readonly urls: readonly string[];
  /** The task's last data: its last detail when the step waited, else the call's own answer. */
  readonly data: unknown;
  readonly raw: string | undefined;
  readonly timeline: readonly { readonly atMs: number; readonly status: string }[];
  /** What the wait's reads of its detail showed beside its status: cost, pods, queue (see Sample). */
  readonly samples: readonly Sample[];
  /** When its health check ran (ms since the step started), when one did. */
  readonly healthCheck?: { readonly fromMs: number; readonly toMs: number };
  readonly elapsedMs: number;
  /** Why it did not end well. */
  readonly message: string | undefined;
  /** What its nodes said when a wait until ready failed or timed out. */
  readonly diagnostics: TaskDiagnostics | undefined;
  /** Whether its app answered the health check; undefined when none was made. */
  readonly healthy: boolean | undefined;
}

/** A task's result with nothing known yet but its id: done, and what `fields` say. */
export function taskResult(id: string, fields: Partial<TaskResult> = {}): TaskResult {
  return {
    id,
    verdict: 'done',
    status: undefined,
    nodes: undefined,
    billingValue: undefined,
    forecastValue: undefined,
    name: undefined,
    urls: [],
    data: undefined,
    raw: undefined,
    timeline: [],
    samples: [],
    elapsedMs: 0,
    message: undefined,
    diagnostics: undefined,
    healthy: undefined,
    ...fields
  };
}

/** A task's result once its wait ended. */
export function taskAfterWait(task: TaskResult, waited: TaskWait, publish: PublishUrls): TaskResult {
  return {
    id: task.id,
    verdict: waited.verdict,
    status: waited.snapshot?.status ?? task.status,
    nodes: waited.snapshot?.nodes ?? task.nodes,
    billingValue: waited.snapshot?.billingValue ?? task.billingValue,
    forecastValue: waited.snapshot?.forecastValue ?? task.forecastValue,
    name: waited.snapshot?.name ?? task.name,
    urls: publish(task.id, waited.snapshot?.urls ?? []),
    data: waited.data ?? task.data,
    raw: waited.raw ?? task.raw,
    timeline: waited.timeline,
    samples: waited.samples,
    elapsedMs: waited.elapsedMs,
    message: waited.message,
    diagnostics: undefined,
    healthy: undefined
  };
}
