import { TASK_KINDS } from '../task-kinds.js';
import { InputError } from '../../basics/input-error.js';
import type { PlatformSettings } from '../platform-settings.js';
import { callFor } from './calls.js';
import { required } from './input-checks.js';
import {
  OPERATION_TABLE,
  WAITING_OPERATIONS,
  type OperationSpec,
  type Plan,
  type WaitTarget
} from './operation-table.js';

/** Plans every call of the step, checking every input it needs before anything is sent. */
export function planCalls(settings: PlatformSettings): Plan {
  const spec = specOf(settings);
  const ids = taskIdsFor(settings, spec);
  const operation = spec.sendsAs ?? settings.operation;
  const calls =
    spec.taskIds === 'keep' || spec.flowCalls === true
      ? []
      : spec.taskIds === 'none' || spec.taskIds === 'filter'
        ? [callFor(settings, operation, spec, undefined)]
        : ids.map((id) => callFor(settings, operation, spec, id));
  return { operation: settings.operation, calls, wait: waitTarget(settings, spec) };
}

function specOf(settings: PlatformSettings): OperationSpec {
  if (settings.operation !== 'request') return OPERATION_TABLE[settings.operation];
  const endpoint = {
    method: required(settings.method, 'method', 'request', 'GET or POST'),
    path: required(
      settings.path,
      'path',
      'request',
      'the endpoint path, such as /api/deployment/task/search'
    ),
    encrypt: settings.encrypt
  };
  if (endpoint.method === 'GET' && endpoint.encrypt) {
    throw new InputError('encrypt is true, but a GET request has no body to encrypt: use method POST');
  }
  // A POST to an endpoint the action does not know may change anything: never repeated once it may have.
  // Its wait, if any, reads a deployment's detail.
  return {
    kind: TASK_KINDS.deployment.name,
    endpoint,
    taskIds: 'none',
    fields: () => ({}),
    resend: endpoint.method === 'POST' ? 'until_sent' : 'read'
  };
}

function taskIdsFor(settings: PlatformSettings, spec: OperationSpec): string[] {
  const ids = settings.taskIds;
  const operation = settings.operation;
  if (spec.taskIds === 'keep' || spec.taskIds === 'filter') return ids;
  if (spec.taskIds === 'none') {
    if (ids.length > 0) {
      const why = spec.answers === 'new_task' ? 'makes a new task' : 'concerns no particular task';
      throw new InputError(`task_id is set, but ${operation} ${why}: remove task_id`);
    }
    return [];
  }
  if (ids.length === 0)
    throw new InputError(`task_id is empty, but ${operation} needs it: set task_id to the id of the task`);
  if (spec.taskIds === 'one' && ids.length > 1) {
    throw new InputError(
      `task_id lists ${ids.length} tasks, but ${operation} takes one: set task_id to a single id`
    );
  }
  return ids;
}

function waitTarget(settings: PlatformSettings, spec: OperationSpec): WaitTarget | undefined {
  if (settings.wait.mode === 'false') return undefined;
  if (spec.wait === undefined) {
    if (settings.wait.mode === 'true') {
      throw new InputError(
        `wait is true, but ${settings.operation} has nothing to wait for: waiting works with ${WAITING_OPERATIONS}`
      );
    }
    return undefined;
  }
  return settings.wait.mode === 'true' || spec.wait.byDefault ? spec.wait.target : undefined;
}
