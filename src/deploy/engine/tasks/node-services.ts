import { isRecord } from '../../../basics/records.js';
import { fieldText as text } from '../../../platform/node-data.js';

/** service_id -> service_name, from the task detail's services[]. */
export function serviceNames(taskData: unknown): Map<string, string> {
  const services = isRecord(taskData) && Array.isArray(taskData.services) ? taskData.services : [];
  return new Map(
    services.filter(isRecord).flatMap((s) => {
      const id = text(s.service_id);
      return id === undefined ? [] : [[id, text(s.service_name) ?? id] as const];
    })
  );
}

/**
 * The services whose logs a node has, by service_id: its containers name their service (the platform's
 * node list carries no service_id), which the task's services[] map to an id; a container that names no
 * service (the reference allows null) leaves every service of the task to read.
 */
export function containerServices(
  node: Record<string, unknown>,
  services: ReadonlyMap<string, string>
): Map<string, string> {
  const byName = new Map([...services].map(([id, name]) => [name, id] as const));
  const containers = (Array.isArray(node.containers) ? node.containers : []).filter(isRecord);
  const ids = containers.map((c) => text(c.service_id) ?? byName.get(text(c.service_name) ?? ''));
  if (ids.length === 0 || ids.some((id) => id === undefined)) return new Map(services);
  return new Map((ids as string[]).map((id) => [id, services.get(id) ?? id] as const));
}
