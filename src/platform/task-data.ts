import { isLosslessNumber } from 'lossless-json';
import { isRecord } from '../basics/records.js';

/** What the platform's task data says, as far as a wait and the outputs read it. */
export interface TaskSnapshot {
  status: string | undefined;
  name: string | undefined;
  /** Every services[].remote_ports[].url, null where not yet set. */
  urls: (string | null)[];
}

/** The status at statusField (a dot path), the name and the service URLs of task data. */
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
