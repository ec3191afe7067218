import type { TaskSnapshot } from '../../platform/task-data.js';
import { taskResult, type TaskResult } from '../engine/wait/task-result.js';
import type { ServingOutcome } from '../engine/change/await-serving.js';
import type { TaskLook } from '../engine/tasks/read-task.js';

/** The task's result once a wait for a change ended: reached when it serves, else how it did not. */
export function taskAfterServing(
  taskId: string,
  outcome: ServingOutcome,
  fields: { startedAt: number; now: number; message?: string }
): TaskResult {
  return taskResult(taskId, {
    ...seen(outcome.snapshot),
    verdict: outcome.kind === 'serving' ? 'reached' : outcome.kind,
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
  return taskResult(taskId, { ...seen(look.snapshot), data: look.data, raw: look.raw });
}

/** What a task's snapshot says of it: status, nodes, money and name. */
function seen(snapshot: TaskSnapshot | undefined): Partial<TaskResult> {
  return {
    status: snapshot?.status,
    nodes: snapshot?.nodes,
    billingValue: snapshot?.billingValue,
    forecastValue: snapshot?.forecastValue,
    name: snapshot?.name
  };
}
