import { isLosslessNumber } from 'lossless-json';
import { InputError, quote } from '../../../basics/input-error.js';
import { isRecord } from '../../../basics/records.js';
import { sanitize } from '../../../basics/safe-text.js';
import { toCompactJson } from '../../../protocol/json.js';
import { isSecretName, REDACTED, redactFields } from '../secret-fields.js';

/**
 * A task's whole configuration, as its detail gives it: what an update posts back. The platform's update
 * overwrites everything, and its reference (task-edit) says the body must match the detail's structure,
 * system fields included, or it may fail validation: nothing is left out but the write-only credentials.
 */
export type Configuration = Readonly<Record<string, unknown>>;

/** Detail fields the platform fills itself (statuses and counters): posted back as given, never changed. */
const FILLED_BY_PLATFORM = ['status', 'runing_points', 'billing_points', 'billing_value', 'forecast_value'];

/**
 * Write-only fields: taken by a create, never answered by a query, and (the reference says) not to be
 * updated after creation.
 */
const WRITE_ONLY = ['repository_username', 'repository_password'];

/** Fields an update body may not set: the task's identity, and what the platform fills or never updates. */
const NOT_CHANGEABLE = ['task_id', 'task_type', ...FILLED_BY_PLATFORM];

/**
 * The configuration in a task's detail, structure unchanged: every field it gives, the platform's own
 * (statuses, counters, the service URLs) included, but the write-only ones (null in a detail; posting
 * null back could clear them).
 */
export function configurationOf(detail: unknown): Configuration {
  if (!isRecord(detail) || !Array.isArray(detail.services))
    throw new Error('the task detail carries no services list, so its configuration cannot be read');
  return Object.fromEntries(Object.entries(detail).filter(([name]) => !WRITE_ONLY.includes(name)));
}

/**
 * Checks an update's body (a partial configuration) before anything is sent: not empty, no write-only
 * field, nothing the platform fills, and services as a list of objects each naming its service_name.
 */
export function checkChanges(changes: Record<string, unknown>): void {
  if (Object.keys(changes).length === 0) {
    throw new InputError(
      'body is empty, but update needs the changes: set body to the fields to change, such as {services: [{service_name: web, service_image: "app:2"}]}'
    );
  }
  const writeOnly = writeOnlyPaths(changes);
  if (writeOnly.length > 0) {
    throw new InputError(
      `body sets ${writeOnly.join(', ')}, which the platform takes only when a task is created (write-only) and cannot change after: remove it, and create a new task (replace) to change the registry credentials`
    );
  }
  for (const name of Object.keys(changes).filter((n) => NOT_CHANGEABLE.includes(n)))
    throw new InputError(
      `body sets ${name}, which an update cannot change: remove it (the task is chosen by task_id or task_name)`
    );
  const { services } = changes;
  if (services === undefined) return;
  if (!Array.isArray(services))
    throw new InputError('body services is not a list: write it as a list of {service_name: ..., <changes>}');
  services.forEach((service: unknown, index) => {
    if (!isRecord(service) || typeof service.service_name !== 'string' || service.service_name === '')
      throw new InputError(
        `body services[${index}] names no service_name: each changed service is matched by its service_name`
      );
  });
}

/**
 * The configuration with the changes applied: each top-level field given replaces the task's; each
 * service given is matched by service_name and the fields it gives replace that service's.
 */
export function applyChanges(configuration: Configuration, changes: Record<string, unknown>): Configuration {
  const { services: changedServices, ...fields } = changes;
  const services = Array.isArray(configuration.services) ? configuration.services : [];
  const names = services.map((s: unknown) => (isRecord(s) ? String(s.service_name) : ''));
  const byName = new Map<string, Record<string, unknown>>();
  for (const change of Array.isArray(changedServices) ? changedServices.filter(isRecord) : []) {
    const name = String(change.service_name);
    if (!names.includes(name)) {
      throw new InputError(
        `body services names ${quote(sanitize(name, 60))}, but the task has no such service: use one of ${names.map((n) => quote(sanitize(n, 60))).join(', ')}`
      );
    }
    byName.set(name, { ...byName.get(name), ...change });
  }
  return {
    ...configuration,
    ...fields,
    services: services.map((service: unknown) => {
      const change = isRecord(service) ? byName.get(String(service.service_name)) : undefined;
      return change === undefined || !isRecord(service) ? service : { ...service, ...change };
    })
  };
}

/** One field an update changes: where, and its value before and after (secrets redacted). */
export interface FieldChange {
  readonly path: string;
  readonly before: string;
  readonly after: string;
}

/**
 * Every field that differs between two configurations, by path (services by name:
 * `services[web].service_image`); a field under a secret-looking name, and every env, is shown redacted.
 */
export function diffConfigurations(before: Configuration, after: Configuration): FieldChange[] {
  return diffValues(settable(before), settable(after), [], false);
}

/**
 * What of a configuration a task is set to: all but what the platform fills itself (statuses, counters,
 * the service URLs), which an update posts back as given and never changes.
 */
function settable(configuration: Configuration): Configuration {
  const services = Array.isArray(configuration.services) ? configuration.services : [];
  return {
    ...Object.fromEntries(
      Object.entries(configuration).filter(([name]) => !FILLED_BY_PLATFORM.includes(name))
    ),
    services: services.map((service: unknown) =>
      isRecord(service) && Array.isArray(service.remote_ports)
        ? {
            ...service,
            remote_ports: service.remote_ports.map((port: unknown) =>
              isRecord(port) ? withoutField(port, 'url') : port
            )
          }
        : service
    )
  };
}

/** The images of each service, by service name, as a configuration sets them. */
export function imagesOf(configuration: Configuration): Map<string, string> {
  const services = Array.isArray(configuration.services) ? configuration.services.filter(isRecord) : [];
  return new Map(services.map((s) => [String(s.service_name), String(s.service_image)]));
}

/** Whether the configurations' services differ (the nodes must then be replaced to serve the new one). */
export function servicesDiffer(before: Configuration, after: Configuration): boolean {
  return !same(settable(before).services, settable(after).services);
}

/** Whether two JSON values (or absent ones) are the same, numbers compared as written. */
function same(a: unknown, b: unknown): boolean {
  return a === undefined || b === undefined ? a === b : toCompactJson(a) === toCompactJson(b);
}

/** Fields whose values are never shown: credentials by name, and env (it holds an app's secrets). */
function hidden(name: string): boolean {
  return name === 'env' || isSecretName(name);
}

function diffValues(before: unknown, after: unknown, path: string[], secret: boolean): FieldChange[] {
  if (same(before, after)) return [];
  const here = path.join('.');
  if (!secret && isObject(before) && isObject(after)) {
    const names = [...new Set([...Object.keys(before), ...Object.keys(after)])];
    return names.flatMap((name) => diffValues(before[name], after[name], [...path, name], hidden(name)));
  }
  if (!secret && here === 'services' && Array.isArray(before) && Array.isArray(after))
    return diffServices(before, after);
  const show = (value: unknown): string =>
    value === undefined ? '(none)' : secret ? REDACTED : sanitize(toCompactJson(redactFields(value)), 200);
  return [{ path: here, before: show(before), after: show(after) }];
}

/** Services compared by name: a field of one, or a service added or taken away. */
function diffServices(before: unknown[], after: unknown[]): FieldChange[] {
  const named = (list: unknown[]) =>
    new Map(list.filter(isRecord).map((s) => [String(s.service_name), s] as const));
  const [old, now] = [named(before), named(after)];
  const names = [...new Set([...old.keys(), ...now.keys()])];
  return names.flatMap((name) =>
    diffValues(old.get(name), now.get(name), [`services[${sanitize(name, 60)}]`], false)
  );
}

/** A JSON object, not a number kept exact (lossless-json's numbers are objects too). */
function isObject(value: unknown): value is Record<string, unknown> {
  return isRecord(value) && !isLosslessNumber(value);
}

function writeOnlyPaths(changes: Record<string, unknown>): string[] {
  return WRITE_ONLY.filter((name) => name in changes);
}

function withoutField(record: Record<string, unknown>, field: string): Record<string, unknown> {
  return Object.fromEntries(Object.entries(record).filter(([name]) => name !== field));
}
