// The resource search (suanli-job/api/resource.md): the devices and regions a create may name, with what
// each has free and costs now (the stock store).
import { DEVICE_TYPES, RESOURCE_TASK_TYPES } from './catalog.js';
import { list } from './params.js';
import { requireParameters, textParameter, type Route } from './route.js';
import { searchResources } from './stock.js';

export const RESOURCE_ROUTES: readonly Route[] = [
  {
    path: '/api/deployment/resource/search',
    methods: ['GET'],
    encrypt: false,
    handle: (ctx) => {
      // The reference makes both required (each a comma list).
      requireParameters(ctx, ['task_type', 'device_type']);
      // A platform whose search follows api/resource.md takes no Job (its jobs use Deployment marks).
      const takes =
        ctx.stores.jobs.settings.resourceTaskType === 'Job'
          ? RESOURCE_TASK_TYPES
          : RESOURCE_TASK_TYPES.filter((type) => type !== 'Job');
      const taskTypes = list(textParameter(ctx, 'task_type'), takes, 'task_type') ?? [];
      const deviceTypes = list(textParameter(ctx, 'device_type'), DEVICE_TYPES, 'device_type') ?? [];
      const results = searchResources(taskTypes, deviceTypes, ctx.stores.stock);
      return { count: results.length, results };
    }
  }
];
