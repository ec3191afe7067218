import { sanitize } from '../../../basics/safe-text.js';
import { describeError } from '../../../platform/failures.js';
import type { TaskKind } from '../../../platform/operations/operation-table.js';
import { searchByNameCall } from '../../../platform/operations/calls.js';
import { snapshotOf, taskIdOf } from '../../../platform/task-data.js';
import { TASK_KINDS } from '../../../platform/task-kinds.js';
import { readAllPages } from './read-all-pages.js';
import { readDetailOnce } from './read-task.js';
import { retried } from '../retries.js';
import type { DeployContext } from '../context.js';

/**
 * What reading a task found: its status (by its detail, or by the task search when the detail was
 * refused), that no search of every status lists it, or that it could not be read at all.
 */
export type TaskState =
  { kind: 'status'; status: string; data: unknown } | { kind: 'absent' } | { kind: 'unread'; why: string };

/** What reading a task's state takes of the deploy context. */
export type StateContext = Pick<DeployContext, 'send' | 'settings' | 'retries'>;

/**
 * A task that bills no more: no search of every status lists it, or it reads End; a job also once it reads
 * Paused (stopped: the Job API has no pause), or its run ended with no pod active (see JobFacts.ended).
 */
export function billsNoMore(state: TaskState, kind: TaskKind): boolean {
  if (state.kind === 'absent') return true;
  if (state.kind !== 'status') return false;
  return TASK_KINDS[kind].billsNoMore(state.status, state.data);
}

/** How a task that bills no more ended, in a word: gone, its status, or a job's run's end (Complete). */
export function endedAs(state: TaskState, kind: TaskKind): string {
  if (state.kind !== 'status') return 'gone';
  return sanitize(TASK_KINDS[kind].endedAs(state.status, state.data), 40);
}

/** "its status is Running", "no task search of any status lists it", "it could not be read (…)". */
export function describeState(state: TaskState): string {
  switch (state.kind) {
    case 'status':
      return `its status is ${state.status}`;
    case 'absent':
      return 'no task search of any status lists it';
    case 'unread':
      return `its status could not be read (${state.why})`;
  }
}

/**
 * Reads a task's state, as the platform shows it, never from an error code: the platform publishes no
 * code's meaning. First its detail (retried while a failure may pass); when the detail is refused (or
 * `detailRefused` says it just was), the task search of every status, End included, by `name` when known
 * (else every task): the task's status there, or its absence from every page.
 */
export async function readTaskState(
  taskId: string,
  ctx: StateContext,
  options: { name?: string | undefined; detailRefused?: boolean } = {}
): Promise<TaskState> {
  const again = <T>(label: string, attempt: () => Promise<T>): Promise<T> =>
    retried(label, ctx.retries, attempt);
  let refusal = '';
  if (options.detailRefused !== true) {
    try {
      // The task's own status (where a stop or a search reads it), whatever its kind reads of its run.
      const { data } = await again(`status of task ${taskId}`, () => readDetailOnce(taskId, ctx));
      const status = snapshotOf(data, ctx.settings.wait.statusField).status;
      if (status !== undefined) return { kind: 'status', status, data };
    } catch (error) {
      refusal = describeError(error);
    }
  }
  const name = options.name ?? '';
  try {
    const { results } = await again(`task search for task ${taskId}`, () =>
      readAllPages(
        `the task search of every status${name === '' ? '' : ` for ${JSON.stringify(name)}`}`,
        (page) => searchByNameCall(ctx.settings, name, page, 'every'),
        ctx.send,
        (task) => taskIdOf(task) ?? ''
      )
    );
    const found = results.find((task) => taskIdOf(task) === taskId);
    if (found === undefined) return { kind: 'absent' };
    const status = snapshotOf(found, ['status']).status;
    return status === undefined
      ? { kind: 'unread', why: 'the task search lists it without a status' }
      : { kind: 'status', status, data: found };
  } catch (error) {
    const detail = refusal === '' ? '' : `its detail: ${refusal}; `;
    return { kind: 'unread', why: `${detail}the task search: ${describeError(error)}` };
  }
}
