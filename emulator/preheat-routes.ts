// Image preheat as the platform's reference gives it (suanli-image-preheat/api/).
import { REGIONS } from './catalog.js';
import { idList, list } from './params.js';
import { PREHEAT_STATUSES } from './preheats.js';
import { idParameter, pageOf, textParameter, type Route } from './route.js';

export const PREHEAT_ROUTES: readonly Route[] = [
  {
    path: '/api/task/image_preheat/get_regions',
    methods: ['GET'],
    encrypt: false,
    handle: () => ({ regions: REGIONS.map(({ region, region_name }) => ({ region, region_name })) })
  },
  {
    path: '/api/task/image_preheat/create',
    methods: ['POST'],
    encrypt: false,
    creates: true,
    handle: (ctx) => ({ task_id: ctx.stores.preheats.create(ctx.payload) })
  },
  {
    path: '/api/task/image_preheat/detail',
    methods: ['GET'],
    encrypt: false,
    handle: (ctx) => ctx.stores.preheats.detail(idParameter(ctx, 'task_id'))
  },
  {
    path: '/api/task/image_preheat/search',
    methods: ['GET'],
    encrypt: false,
    handle: (ctx) => {
      return pageOf(
        ctx,
        ctx.stores.preheats.search({
          statuses: list(textParameter(ctx, 'status'), PREHEAT_STATUSES, 'status'),
          searchValue: textParameter(ctx, 'search_value'),
          taskIds: idList(textParameter(ctx, 'task_ids'), 'task_ids')
        })
      );
    }
  },
  {
    path: '/api/task/image_preheat/stop',
    methods: ['POST'],
    encrypt: false,
    handle: (ctx) => {
      ctx.stores.preheats.stop(idParameter(ctx, 'task_id'));
      return null;
    }
  }
];
