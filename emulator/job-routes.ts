// Job batch tasks and the task groups of job queues, as the platform's reference gives them (suanli-job/api/).
import { checkMounts, recordMounts } from './mounts.js';
import { JOB_STATUSES } from './jobs.js';
import { list, positiveInteger } from './params.js';
import { GROUP_STATUSES } from './queue-groups.js';
import { parameterError } from './rejection.js';
import { idParameter, pageOf, parameters, textParameter, type Route } from './route.js';

/** The reference: a group search's page_size is 1 to 50. */
const MAX_GROUP_PAGE = 50;

export const JOB_ROUTES: readonly Route[] = [
  {
    path: '/api/task/job/create',
    methods: ['POST'],
    encrypt: false,
    creates: true,
    profiles: ['live'],
    handle: (ctx) => {
      const mounts = checkMounts(ctx);
      const id = ctx.stores.jobs.create(ctx.payload);
      const { jobs } = ctx.stores;
      const payload = ctx.payload as { task_name?: unknown };
      recordMounts(ctx, mounts, {
        id,
        name: typeof payload.task_name === 'string' ? payload.task_name : '',
        type: 'job',
        // A job that ended (End, Paused, or its run over) mounts nothing.
        active: () => !['End', 'Paused'].includes(String(jobs.detail(id).status))
      });
      return { task_id: id };
    }
  },
  {
    path: '/api/task/job/detail',
    methods: ['GET'],
    encrypt: false,
    profiles: ['live'],
    handle: (ctx) => ctx.stores.jobs.detail(idParameter(ctx, 'task_id'))
  },
  {
    path: '/api/task/job/search',
    methods: ['GET'],
    encrypt: false,
    profiles: ['live'],
    handle: (ctx) =>
      pageOf(
        ctx,
        ctx.stores.jobs.search({
          statuses: list(textParameter(ctx, 'status'), JOB_STATUSES, 'status'),
          searchValue: textParameter(ctx, 'search_value')
        })
      )
  },
  {
    path: '/api/task/job/stop',
    methods: ['POST'],
    encrypt: false,
    profiles: ['live'],
    handle: (ctx) => {
      ctx.stores.jobs.stop(idParameter(ctx, 'task_id'));
      return null;
    }
  },
  {
    path: '/api/job/queue/group/search',
    methods: ['GET'],
    encrypt: false,
    profiles: ['live'],
    handle: (ctx) => {
      const size = parameters(ctx).get('page_size');
      if (size !== undefined && positiveInteger(size, 'page_size', 'query') > MAX_GROUP_PAGE)
        throw parameterError(`page_size must be from 1 to ${MAX_GROUP_PAGE}`);
      return pageOf(
        ctx,
        ctx.stores.queueGroups.search(
          idParameter(ctx, 'queue_id'),
          list(textParameter(ctx, 'status'), GROUP_STATUSES, 'status'),
          textParameter(ctx, 'search_value')
        )
      );
    }
  },
  {
    path: '/api/job/queue/group/detail',
    methods: ['GET'],
    encrypt: false,
    profiles: ['live'],
    handle: (ctx) => ctx.stores.queueGroups.detail(idParameter(ctx, 'group_id'))
  }
];
