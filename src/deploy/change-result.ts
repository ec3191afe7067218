import { taskResult, type TaskResult } from './result.js';
import type { ServingOutcome } from './serving-wait.js';
import type { TaskLook } from './task-change.js';

/** The task's result once a wait for a change ended: reached when it serves, else how it did not. */
export function taskAfterServing(
  taskId: string,
  outcome: ServingOutcome,
  fields: { startedAt: number; now: number; message?: string }
): TaskResult {
  const { snapshot } = outcome;
  return taskResult(taskId, {
    verdict: outcome.kind === 'serving' ? 'reached' : outcome.kind,
    status: snapshot?.status,
    nodes: snapshot?.nodes,
    billingValue: snapshot?.billingValue,
    forecastValue: snapshot?.forecastValue,
    name: snapshot?.name,
    urls: outcome.urls,
    data: outcome.data,
    raw: outcome.raw,
    elapsedMs: fields.now - fields.startedAt,
    message: fields.message ?? outcome.why,
    healthy: outcome.healthy
  });
}

/** A task's result as a read left it: done, with what its detail says. */
export function taskAfterRead(taskId: string, look: TaskLook): TaskResult {
  const { snapshot } = look;
  return taskResult(taskId, {
    status: snapshot.status,
    nodes: snapshot.nodes,
    billingValue: snapshot.billingValue,
    forecastValue: snapshot.forecastValue,
    name: snapshot.name,
    data: look.data,
    raw: look.raw
  });
}
