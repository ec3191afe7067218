import { isLosslessNumber } from 'lossless-json';
import type { ApiResult } from './protocol/envelope.js';
import { toCompactJson } from './protocol/json.js';
import type { Settings } from './settings.js';

export interface Outputs {
  code: string;
  msg: string;
  /** The envelope's data as compact JSON (integers beyond 2^53 exact). */
  data: string;
  /** The task the call made or concerned, as digits; '' when there is none. */
  task_id: string;
}

/** The step outputs for an answer. */
export function outputsOf(result: ApiResult, settings: Settings): Outputs {
  return {
    code: result.code,
    msg: result.msg,
    data: toCompactJson(result.data),
    task_id: taskIdOf(result.data) ?? settings.taskId ?? ''
  };
}

function taskIdOf(data: unknown): string | undefined {
  if (typeof data !== 'object' || data === null || !('task_id' in data)) return undefined;
  const id = data.task_id;
  if (typeof id === 'number' || typeof id === 'string' || typeof id === 'bigint' || isLosslessNumber(id))
    return String(id);
  return undefined;
}
