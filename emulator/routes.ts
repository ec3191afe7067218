import { DEVICES, DEVICE_TYPES, TASK_TYPES } from './catalog.js';
import { isPlainObject } from './json.js';
import {
  bodyObject,
  integerValue,
  list,
  oneOf,
  optionalString,
  page,
  positiveInteger,
  requiredString
} from './params.js';
import { Code, parameterError, Rejection } from './rejection.js';
import { TASK_STATUSES, type ServiceInput, type TaskStore } from './tasks.js';

export type Method = 'GET' | 'POST';

/** Which document the emulator follows where they differ: the interface spec, or the platform's reference. */
export type Profile = 'spec' | 'live';

export interface StorageVerdict {
  pass: boolean;
  message: string;
}

export interface RouteContext {
  method: Method;
  query: URLSearchParams;
  /** The verified JSON body (decrypted on encrypted endpoints), undefined when there is none. */
  payload: unknown;
  tasks: TaskStore;
  storageVerdict: StorageVerdict;
  profile: Profile;
}

export interface Route {
  readonly path: string;
  /** Several methods where the spec and the platform disagree (detail: POST body or GET query). */
  readonly methods: readonly Method[];
  readonly encrypt: boolean;
  /** The route makes a task (its answer's task_id is recorded with the request). */
  readonly creates?: boolean;
  /** The profiles that serve the route (both when absent). */
  readonly profiles?: readonly Profile[];
  handle(ctx: RouteContext): unknown;
}

const NODE_STATUSES = ['Pending', 'Running', 'Succeeded', 'Failed', 'End', 'Unknown'] as const;

/** Where a parameter comes from: the query string of a GET, or the JSON object body of a POST. */
function parameters(ctx: RouteContext): { get: (name: string) => unknown; from: 'body' | 'query' } {
  if (ctx.method === 'GET') return { get: (name) => ctx.query.get(name) ?? undefined, from: 'query' };
  const body = bodyObject(ctx.payload);
  return { get: (name) => body[name], from: 'body' };
}

function taskId(ctx: RouteContext): bigint {
  const p = parameters(ctx);
  return integerValue(p.get('task_id'), 'task_id', p.from);
}

function taskAction(path: string, act: (tasks: TaskStore, id: bigint, ctx: RouteContext) => void): Route {
  return {
    path,
    methods: ['POST'],
    encrypt: false,
    handle: (ctx) => {
      act(ctx.tasks, taskId(ctx), ctx);
      return null;
    }
  };
}

export const ROUTES: readonly Route[] = [
  {
    path: '/api/deployment/resource/search',
    methods: ['GET'],
    encrypt: false,
    handle: (ctx) => {
      const taskType = oneOf(ctx.query.get('task_type') ?? undefined, TASK_TYPES, 'task_type');
      const deviceType = oneOf(ctx.query.get('device_type') ?? undefined, DEVICE_TYPES, 'device_type');
      const devices = DEVICES.filter(
        (d) =>
          (taskType === undefined || (d.task_types as readonly string[]).includes(taskType)) &&
          (deviceType === undefined || d.device_type === deviceType)
      );
      return page([...devices], (name) => ctx.query.get(name) ?? undefined, 'query');
    }
  },
  createRoute('/api/deployment/task/create', true),
  // The platform's newer create: a plain JSON body, signed in RSA mode, so token-mode keys can create.
  // Its reference makes resources and services required.
  { ...createRoute('/api/task/deployment/create', false, ['resources', 'services']), profiles: ['live'] },
  {
    path: '/api/deployment/task/detail',
    methods: ['POST', 'GET'],
    encrypt: false,
    handle: (ctx) => ctx.tasks.detail(taskId(ctx))
  },
  {
    path: '/api/deployment/task/search',
    methods: ['GET', 'POST'],
    encrypt: false,
    handle: (ctx) => {
      const p = parameters(ctx);
      const text = (name: string): string | undefined => {
        const value = p.get(name);
        return typeof value === 'bigint' || typeof value === 'number'
          ? String(value)
          : optionalString(value, name);
      };
      if (ctx.profile === 'live') {
        const missing = ['type', 'status'].filter((name) => text(name) === undefined);
        // The platform's reference makes both required, and answers C002 for a search without them.
        if (missing.length > 0) {
          throw new Rejection(
            Code.signature,
            'search_parameters_missing',
            `parameter error: ${missing.join(' and ')} ${missing.length > 1 ? 'are' : 'is'} required (type=Deployment, status a comma list of Running, Pending, Paused, End)`
          );
        }
      }
      const tasks = ctx.tasks.search({
        statuses: list(text('status'), TASK_STATUSES, 'status'),
        searchValue: text('search_value'),
        type: oneOf(text('type'), TASK_TYPES, 'type')
      });
      return page(tasks, p.get, p.from);
    }
  },
  taskAction('/api/deployment/task/stop', (tasks, id) => {
    tasks.stop(id);
  }),
  taskAction('/api/deployment/task/pause', (tasks, id) => {
    tasks.pause(id);
  }),
  taskAction('/api/deployment/task/recover', (tasks, id) => {
    tasks.recover(id);
  }),
  taskAction('/api/deployment/task/change_points', (tasks, id, ctx) => {
    tasks.changePoints(id, positiveInteger(bodyObject(ctx.payload).points, 'points', 'body'));
  }),
  {
    path: '/api/deployment/task/points',
    methods: ['GET'],
    encrypt: false,
    handle: (ctx) => {
      const statuses = list(ctx.query.get('status') ?? undefined, NODE_STATUSES, 'status');
      const nodes = ctx.tasks
        .nodes(taskId(ctx))
        .filter((node) => statuses === undefined || (statuses as string[]).includes(node.status as string));
      return page(nodes, (name) => ctx.query.get(name) ?? undefined, 'query');
    }
  },
  {
    path: '/api/deployment/task/pod_event',
    methods: ['GET'],
    encrypt: false,
    handle: (ctx) => ({
      events: ctx.tasks.events(integerValue(ctx.query.get('point_id') ?? undefined, 'point_id', 'query'))
    })
  },
  {
    path: '/api/deployment/task/point_log',
    methods: ['GET'],
    encrypt: false,
    handle: (ctx) => {
      const get = (name: string): bigint => integerValue(ctx.query.get(name) ?? undefined, name, 'query');
      return { logs: ctx.tasks.log(get('task_id'), get('point_id'), Number(get('service_id'))) };
    }
  },
  {
    path: '/api/billing/get_billing_record',
    methods: ['GET'],
    encrypt: false,
    handle: (ctx) => page(ctx.tasks.billing(), (name) => ctx.query.get(name) ?? undefined, 'query')
  },
  {
    path: '/api/storage/encrypt/check',
    methods: ['POST'],
    encrypt: true,
    handle: (ctx) => {
      const body = bodyObject(ctx.payload);
      for (const field of ['storage_name', 'bucket', 'endpoint', 'access_key', 'secret_key']) {
        requiredString(body[field], field);
      }
      if (typeof body.dir !== 'string') throw parameterError('dir must be a string');
      const regionFields = Object.keys(body).filter((name) => /^[a-z][a-z0-9]*_region_id$/.test(name));
      if (regionFields.length !== 1) {
        throw parameterError('exactly one <engine>_region_id field is required (for example oss_region_id)');
      }
      const [regionField = ''] = regionFields;
      integerValue(body[regionField], regionField, 'body');
      return { ...ctx.storageVerdict };
    }
  }
];

function createRoute(path: string, encrypt: boolean, requiredLists: string[] = []): Route {
  return {
    path,
    methods: ['POST'],
    encrypt,
    creates: true,
    handle: (ctx) => {
      const body = bodyObject(ctx.payload);
      for (const name of requiredLists) {
        if (!Array.isArray(body[name])) throw parameterError(`${name} is required and must be an array`);
      }
      const taskType = optionalString(body.task_type, 'task_type');
      const taskId = ctx.tasks.create({
        task_name: requiredString(body.task_name, 'task_name'),
        points: positiveInteger(body.points, 'points', 'body'),
        task_type: oneOf(taskType, TASK_TYPES, 'task_type') ?? 'Deployment',
        resources: optionalArray(body.resources, 'resources'),
        services: optionalArray(body.services, 'services').map(service)
      });
      return { task_id: taskId };
    }
  };
}

function optionalArray(value: unknown, name: string): unknown[] {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) throw parameterError(`${name} must be an array`);
  return value;
}

function service(value: unknown, index: number): ServiceInput {
  if (!isPlainObject(value)) throw parameterError(`services[${index}] must be an object`);
  return {
    service_name: requiredString(value.service_name, `services[${index}].service_name`),
    service_image: requiredString(value.service_image, `services[${index}].service_image`),
    remote_ports: optionalArray(value.remote_ports, `services[${index}].remote_ports`).map((port, j) => {
      const name = `services[${index}].remote_ports[${j}].service_port`;
      if (!isPlainObject(port))
        throw parameterError(`services[${index}].remote_ports[${j}] must be an object`);
      const number = positiveInteger(port.service_port, name, 'body');
      if (number > 65535) throw parameterError(`${name} must be a port number, got ${number}`);
      return { service_port: number };
    })
  };
}
