// The endpoints the emulator serves. Deployment tasks and their nodes are here; billing and image preheat
// in their own files. Shapes and required parameters follow the platform's reference, recorded in
// __tests__/fixtures/reference/.
import { DEVICE_TYPES, RESOURCE_TASK_TYPES, TASK_TYPES, searchResources } from './catalog.js';
import { BILLING_ROUTES } from './billing-routes.js';
import { bodyObject, integerValue, list, oneOf, positiveInteger, requiredString } from './params.js';
import { JOB_ROUTES } from './job-routes.js';
import { PREHEAT_ROUTES } from './preheat-routes.js';
import { parameterError } from './rejection.js';
import {
  idParameter,
  pageOf,
  requireParameters,
  taskAction,
  textParameter,
  type Route,
  type RouteContext
} from './route.js';
import { taskConfigFrom } from './task-config.js';

export type { Method, Profile, Route, RouteContext, StorageVerdict } from './route.js';

const NODE_STATUSES = ['Pending', 'Running', 'Succeeded', 'Failed', 'End', 'Unknown'] as const;
/** The statuses a task search takes (the reference: Other is no search status). */
const SEARCH_STATUSES = ['Running', 'Pending', 'Paused', 'End'] as const;

const detail = (ctx: RouteContext): unknown => ctx.tasks.detail(idParameter(ctx, 'task_id'));

const TASK_ROUTES: readonly Route[] = [
  {
    path: '/api/deployment/resource/search',
    methods: ['GET'],
    encrypt: false,
    handle: (ctx) => {
      // The reference makes both required (each a comma list).
      requireParameters(ctx, ['task_type', 'device_type']);
      // A platform whose search follows api/resource.md takes no Job (its jobs use Deployment marks).
      const takes =
        ctx.jobs.settings.resourceTaskType === 'Job'
          ? RESOURCE_TASK_TYPES
          : RESOURCE_TASK_TYPES.filter((type) => type !== 'Job');
      const taskTypes = list(textParameter(ctx, 'task_type'), takes, 'task_type') ?? [];
      const deviceTypes = list(textParameter(ctx, 'device_type'), DEVICE_TYPES, 'device_type') ?? [];
      const results = searchResources(taskTypes, deviceTypes, ctx.tasks.stock);
      return { count: results.length, results };
    }
  },
  createRoute('/api/deployment/task/create', true, false),
  // The platform's newer create: a plain JSON body, signed in RSA mode, so token-mode keys can create.
  // Its reference makes resources and services required.
  { ...createRoute('/api/task/deployment/create', false, true), profiles: ['live'] },
  // The spec's detail (POST {task_id}); GET ?task_id= is the form third-party clients use on this path.
  { path: '/api/deployment/task/detail', methods: ['POST', 'GET'], encrypt: false, handle: detail },
  // The reference's documented detail.
  {
    path: '/api/task/deployment/detail',
    methods: ['GET'],
    encrypt: false,
    profiles: ['live'],
    handle: detail
  },
  {
    path: '/api/deployment/task/search',
    methods: ['GET', 'POST'],
    encrypt: false,
    handle: (ctx) => {
      if (ctx.profile === 'live') {
        const missing = ['type', 'status'].filter((name) => textParameter(ctx, name) === undefined);
        // The platform's reference makes both required.
        if (missing.length > 0) {
          throw parameterError(
            `${missing.join(' and ')} ${missing.length > 1 ? 'are' : 'is'} required (type=Deployment, status a comma list of Running, Pending, Paused, End)`
          );
        }
      }
      const tasks = ctx.tasks.search({
        statuses: list(textParameter(ctx, 'status'), SEARCH_STATUSES, 'status'),
        searchValue: textParameter(ctx, 'search_value'),
        type: oneOf(textParameter(ctx, 'type'), TASK_TYPES, 'type')
      });
      return pageOf(ctx, tasks);
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
  // The whole configuration, as detail answers it, posted back: it overwrites the task's. The reference
  // (task-edit): the body must match the detail's structure, and missing system fields fail validation.
  taskAction('/api/deployment/task/update', (tasks, id, ctx) => {
    const missing = missingFields(bodyObject(ctx.payload), tasks.detail(id));
    if (missing.length > 0)
      throw parameterError(
        `${missing.join(', ')} ${missing.length > 1 ? 'are' : 'is'} missing: an update posts back the whole configuration task detail gives, changed`
      );
    // The registry credentials are write-only, and the reference says they cannot be updated after
    // creation: taken and never kept (whether the platform refuses them is not documented).
    tasks.update(id, taskConfigFrom(ctx.payload, { lists: true }));
  }),
  {
    path: '/api/deployment/task/delete_pod',
    methods: ['POST'],
    encrypt: false,
    handle: (ctx) => {
      ctx.tasks.deletePod(idParameter(ctx, 'point_id'));
      return null;
    }
  },
  {
    path: '/api/deployment/task/points',
    methods: ['GET'],
    encrypt: false,
    handle: (ctx) => {
      const statuses = list(textParameter(ctx, 'status'), NODE_STATUSES, 'status');
      // A job's pods are read here too (the reference files job nodes under these endpoints).
      const id = idParameter(ctx, 'task_id');
      const nodes = (ctx.jobs.has(id) ? ctx.jobs.nodes(id) : ctx.tasks.nodes(id)).filter(
        (node) => statuses === undefined || (statuses as string[]).includes(node.status as string)
      );
      return pageOf(ctx, nodes);
    }
  },
  {
    path: '/api/deployment/task/pod_event',
    methods: ['GET'],
    encrypt: false,
    handle: (ctx) => {
      const point = idParameter(ctx, 'point_id');
      return { events: ctx.jobs.ownsPoint(point) ? ctx.jobs.events(point) : ctx.tasks.events(point) };
    }
  },
  {
    path: '/api/deployment/task/point_log',
    methods: ['GET'],
    encrypt: false,
    handle: (ctx) => {
      const id = (name: string): bigint => idParameter(ctx, name);
      const store = ctx.jobs.has(id('task_id')) ? ctx.jobs : ctx.tasks;
      return { logs: store.log(id('task_id'), id('point_id'), Number(id('service_id'))) };
    }
  },
  // The reference's storage check (suanli-nas-storage/api/s3-check.md): encrypted, sent as text/plain; ak and
  // sk are used for this request only.
  {
    path: '/api/storage/nas/v1/encrypt/s3/check',
    methods: ['POST'],
    encrypt: true,
    contentType: 'text/plain',
    handle: (ctx) => {
      const body = bodyObject(ctx.payload);
      for (const field of ['supplier', 'endpoint', 'ak', 'sk', 'bucket']) requiredString(body[field], field);
      if (typeof body.prefix !== 'string') throw parameterError('prefix must be a string');
      const { pass, message } = ctx.storageVerdict;
      return { pass, message: pass ? null : message };
    }
  },
  // The interface spec's storage check (sections 4.2, 4.3), which the reference does not have.
  {
    path: '/api/storage/encrypt/check',
    methods: ['POST'],
    encrypt: true,
    profiles: ['spec'],
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

export const ROUTES: readonly Route[] = [...TASK_ROUTES, ...BILLING_ROUTES, ...PREHEAT_ROUTES, ...JOB_ROUTES];

/** A create: `lists` when resources and services are required (the reference's create). */
function createRoute(path: string, encrypt: boolean, lists: boolean): Route {
  return {
    path,
    methods: ['POST'],
    encrypt,
    creates: true,
    handle: (ctx) => {
      const taskType = oneOf(textParameter(ctx, 'task_type'), TASK_TYPES, 'task_type') ?? 'Deployment';
      return { task_id: ctx.tasks.create(taskConfigFrom(ctx.payload, { lists }), taskType) };
    }
  };
}

/** Write-only fields: a detail answers them null, and a body may leave them out. */
const WRITE_ONLY = ['repository_username', 'repository_password'];

/**
 * The fields of the task's detail an update body leaves out: at the top, and in each service it names
 * (matched by service_name, as the task keeps them), the write-only registry credentials aside.
 */
function missingFields(body: Record<string, unknown>, detail: Record<string, unknown>): string[] {
  const top = Object.keys(detail).filter((name) => !WRITE_ONLY.includes(name) && !(name in body));
  const kept = Array.isArray(detail.services) ? (detail.services as Record<string, unknown>[]) : [];
  const sent = Array.isArray(body.services) ? body.services : [];
  const inServices = sent.flatMap((service: unknown, i: number) => {
    if (typeof service !== 'object' || service === null) return [];
    const name = (service as Record<string, unknown>).service_name;
    // A service the task has: every field its detail gives; a new one: health_checks (null when none).
    const own = kept.find((s) => s.service_name === name) ?? { health_checks: null };
    return Object.keys(own)
      .filter((field) => !(field in service))
      .map((field) => `services[${i}].${field}`);
  });
  return [...top, ...inServices];
}
