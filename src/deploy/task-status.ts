import { isLosslessNumber } from 'lossless-json';
import type { WaitSettings } from '../action/settings.js';

/** What waiting means: ready (Running with its URLs), Paused, or End. */
export type WaitTarget = 'ready' | 'paused' | 'ended';

/** The platform's task statuses (platform notes); any other is reported once and waited through. */
export const KNOWN_STATUSES = ['Pending', 'Running', 'Paused', 'End', 'Other'];

/** When a wait ends, and how. */
export interface Criteria {
  target: WaitTarget;
  success: string[];
  failure: string[];
  /** Ready also needs every services[].remote_ports[].url present in the task to be set. */
  requireUrls: boolean;
  /** What a task that no longer exists means: stopped (success) when stopping, failure otherwise. */
  gone: 'success' | 'failure';
}

/** What the wait reads from a task detail. */
export interface TaskSnapshot {
  status: string | undefined;
  name: string | undefined;
  /** Every services[].remote_ports[].url, null where not yet set. */
  urls: (string | null)[];
}

export type Judgement = 'ready' | 'failed' | 'waiting';

const DEFAULTS: Record<WaitTarget, { success: string[]; failure: string[]; gone: Criteria['gone'] }> = {
  ready: { success: ['Running'], failure: ['Other', 'End', 'Paused'], gone: 'failure' },
  paused: { success: ['Paused'], failure: ['Other', 'End'], gone: 'failure' },
  ended: { success: ['End'], failure: [], gone: 'success' }
};

export function criteriaFor(target: WaitTarget, wait: WaitSettings): Criteria {
  const defaults = DEFAULTS[target];
  return {
    target,
    success: wait.successStatuses ?? defaults.success,
    failure: wait.failureStatuses ?? defaults.failure,
    requireUrls: target === 'ready' && wait.waitForUrls,
    gone: defaults.gone
  };
}

export function snapshotOf(data: unknown, statusField: readonly string[]): TaskSnapshot {
  const status = statusField.reduce<unknown>(
    (value, key) =>
      isRecord(value) || Array.isArray(value) ? (value as Record<string, unknown>)[key] : undefined,
    data
  );
  const name = isRecord(data) && typeof data.task_name === 'string' ? data.task_name : undefined;
  return {
    status: typeof status === 'string' ? status : typeof status === 'number' ? String(status) : undefined,
    name,
    urls: serviceUrls(data)
  };
}

export function judge(snapshot: TaskSnapshot, criteria: Criteria): Judgement {
  if (snapshot.status === undefined) return 'waiting';
  if (criteria.failure.includes(snapshot.status)) return 'failed';
  if (!criteria.success.includes(snapshot.status)) return 'waiting';
  if (criteria.requireUrls && snapshot.urls.some((url) => url === null)) return 'waiting';
  return 'ready';
}

/** A status the wait does not know what to make of: neither known to the platform nor configured. */
export function isUnknownStatus(status: string, criteria: Criteria): boolean {
  return (
    !KNOWN_STATUSES.includes(status) &&
    !criteria.success.includes(status) &&
    !criteria.failure.includes(status)
  );
}

/** The task_id field of task data, as digits. */
export function taskIdOf(data: unknown): string | undefined {
  if (!isRecord(data)) return undefined;
  const id = data.task_id;
  const text =
    typeof id === 'number' || typeof id === 'string' || typeof id === 'bigint'
      ? String(id)
      : isLosslessNumber(id)
        ? id.toString()
        : '';
  return /^\d+$/.test(text) ? text : undefined;
}

function serviceUrls(data: unknown): (string | null)[] {
  if (!isRecord(data) || !Array.isArray(data.services)) return [];
  return data.services.flatMap((service: unknown) =>
    isRecord(service) && Array.isArray(service.remote_ports)
      ? service.remote_ports.map((port: unknown) =>
          isRecord(port) && typeof port.url === 'string' && port.url !== '' ? port.url : null
        )
      : []
  );
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
