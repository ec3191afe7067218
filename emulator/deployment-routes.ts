// The deployment's endpoints (suanli-deployment/): its tasks (create, detail, search, stop, pause,
// recover, change_points, update) and their nodes (the node list, events, logs, delete_pod), which a job's
// pods are read through too. Shapes and required parameters follow the platform's reference, recorded in
// __tests__/fixtures/reference/.
import { checkMounts, recordMounts } from './mounts.js';
import { TASK_TYPES } from './catalog.js';
import { bodyObject, list, oneOf, positiveInteger } from './params.js';
import { parameterError } from './rejection.js';
import { idParameter, pageOf, taskAction, textParameter, type Route, type RouteContext } from './route.js';
import { taskConfigFrom } from './task-config.js';

const NODE_STATUSES = ['Pending', 'Running', 'Succeeded', 'Failed', 'End', 'Unknown'] as const;
/** The statuses a task search takes (the reference: Other is no search status). */
const SEARCH_STATUSES = ['Running', 'Pending', 'Paused', 'End'] as const;

const detail = (ctx: RouteContext): unknown => ctx.stores.tasks.detail(idParameter(ctx, 'task_id'));

export const DEPLOYMENT_ROUTES: readonly Route[] = [
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
      const tasks = ctx.stores.tasks.search({
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
      ctx.stores.tasks.deletePod(idParameter(ctx, 'point_id'));
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
      const nodes = (ctx.stores.jobs.has(id) ? ctx.stores.jobs.nodes(id) : ctx.stores.tasks.nodes(id)).filter(
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
      return {
        events: ctx.stores.jobs.ownsPoint(point)
          ? ctx.stores.jobs.events(point)
          : ctx.stores.tasks.events(point)
      };
    }
  },
  {
    path: '/api/deployment/task/point_log',
    methods: ['GET'],
    encrypt: false,
    handle: (ctx) => {
      const id = (name: string): bigint => idParameter(ctx, name);
      const store = ctx.stores.jobs.has(id('task_id')) ? ctx.stores.jobs : ctx.stores.tasks;
      return { logs: store.log(id('task_id'), id('point_id'), Number(id('service_id'))) };
    }
  }
];

/** A create: `lists` when resources and services are required (the reference's create). */
function createRoute(path: string, encrypt: boolean, lists: boolean): Route {
  return {
    path,
    methods: ['POST'],
    encrypt,
    creates: true,
    handle: (ctx) => {
      const taskType = oneOf(textParameter(ctx, 'task_type'), TASK_TYPES, 'task_type') ?? 'Deployment';
      const config = taskConfigFrom(ctx.payload, { lists });
      const mounts = checkMounts(ctx);
      const id = ctx.stores.tasks.create(config, taskType);
      const { tasks } = ctx.stores;
      recordMounts(ctx, mounts, {
        id,
        name:
          typeof bodyObject(ctx.payload).task_name === 'string'
            ? String(bodyObject(ctx.payload).task_name)
            : '',
        type: 'deployment',
        active: () => tasks.detail(id).status !== 'End'
      });
      return { task_id: id };
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
