// A deployment task as the reference's answers show it: the task list's entry, and the detail's whole
// configuration with its state (suanli-deployment/api/task-list.md, task-detail.md).
import type { StoredConfig, StoredService } from './task-config.js';

/** What a view reads of a task's record. */
export interface ViewedTask {
  readonly task_id: bigint;
  readonly task_type: string;
  readonly config: StoredConfig;
}

/** What a view shows beyond the record: its name, counts and money, the URL of a port (null: none yet). */
export interface TaskLook {
  name: string;
  counts: Record<string, unknown>;
  url: (port: number) => string | null;
}

/** A port's URL once its task runs: the template's {base_url}, {task_id} and {port} replaced. */
export function serviceUrl(
  settings: { serviceUrl: string | undefined; baseUrl: string },
  taskId: bigint,
  port: number
): string {
  const template = settings.serviceUrl ?? 'https://t{task_id}-{port}.apps.emulator.invalid';
  return template
    .replaceAll('{base_url}', settings.baseUrl)
    .replaceAll('{task_id}', taskId.toString())
    .replaceAll('{port}', String(port));
}

const resourcesView = (task: ViewedTask): Record<string, unknown>[] =>
  task.config.resources.map(({ resource, region_name, mark }) => ({ resource, region_name, mark }));

const portsView = (service: StoredService, look: TaskLook): Record<string, unknown>[] =>
  service.remote_ports.map((port) => ({ url: look.url(port.service_port), service_port: port.service_port }));

/** A task as the reference's task list gives it. */
export function listView(task: ViewedTask, look: TaskLook): Record<string, unknown> {
  return {
    task_id: task.task_id,
    task_name: look.name,
    ...look.counts,
    resources: resourcesView(task),
    services: task.config.services.map((service) => ({
      service_id: service.service_id,
      service_name: service.service_name,
      service_image: service.service_image,
      remote_ports: portsView(service, look)
    }))
  };
}

/** A task as the reference's task detail gives it: the whole configuration, and its state. */
export function detailView(task: ViewedTask, look: TaskLook): Record<string, unknown> {
  const { scheduling, services } = task.config;
  return {
    task_id: task.task_id,
    task_type: task.task_type,
    task_name: look.name,
    namespace: null,
    // Write-only: taken by a create, never answered.
    repository_username: null,
    repository_password: null,
    ...look.counts,
    ...scheduling,
    resources: resourcesView(task),
    services: services.map((service) => ({
      service_id: service.service_id,
      service_name: service.service_name,
      service_image: service.service_image,
      env: service.env,
      shared_mem_size: service.shared_mem_size,
      storage_config: service.storage_config,
      share_storage_config: service.share_storage_config,
      nas_storage_config: service.nas_storage_config,
      remote_ports: portsView(service, look),
      health_checks: service.health_checks,
      start_script_v2: service.start_script_v2
    }))
  };
}
