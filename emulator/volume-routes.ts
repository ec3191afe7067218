// The cluster storage's volume endpoints (suanli-nas-storage/api/nas-*.md): the configurations a volume
// can be made from, the regions and storage classes it can be made in, the tenant's volumes and what
// they come to, and a volume's create, rename, expand and delete.
import { bodyObject, integerValue, list, requiredString } from './params.js';
import { Code, parameterError, Rejection } from './rejection.js';
import { lenientPage, storagePageSize, textParameter, type Route, type RouteContext } from './route.js';
import { VOLUME_STATUSES } from './volumes.js';

/** A body's integer field, as a number. */
const integer = (ctx: RouteContext, name: string): number =>
  Number(integerValue(bodyObject(ctx.payload)[name], name, 'body'));

/** A comma list of the query, split; undefined when absent. */
const words = (ctx: RouteContext, name: string): string[] | undefined =>
  textParameter(ctx, name)
    ?.split(',')
    .map((word) => word.trim())
    .filter((word) => word !== '');

export const VOLUME_ROUTES: readonly Route[] = [
  {
    path: '/api/storage/nas/v1/pre-create',
    methods: ['GET'],
    encrypt: false,
    handle: (ctx) => ({ configs: ctx.stores.volumes.configs() })
  },
  {
    // No parameters: a GET with no body, signed, as every route here (the pipeline holds it).
    path: '/api/storage/nas/v1/dictionaries',
    methods: ['GET'],
    encrypt: false,
    handle: (ctx) => ctx.stores.volumes.dictionaries()
  },
  {
    path: '/api/storage/nas/v1/summary',
    methods: ['GET'],
    encrypt: false,
    handle: (ctx) => ctx.stores.volumes.summary()
  },
  {
    path: '/api/storage/nas/v1/list',
    methods: ['GET'],
    encrypt: false,
    handle: (ctx) => {
      // Deleted among the statuses is ignored, as the reference says.
      const statuses = list(textParameter(ctx, 'statuses'), VOLUME_STATUSES, 'statuses')?.filter(
        (status) => status !== 'Deleted'
      );
      const ids = words(ctx, 'storage_ids')?.map((id) => Number(integerValue(id, 'storage_ids', 'query')));
      const volumes = ctx.stores.volumes.list({
        ...(statuses === undefined ? {} : { statuses }),
        ...(ids === undefined ? {} : { ids }),
        ...optionalList('regions', words(ctx, 'regions')),
        ...optionalList('classes', words(ctx, 'storage_class'))
      });
      const page = lenientPage(ctx, 'page', 1);
      const size = storagePageSize(ctx);
      return { count: volumes.length, results: volumes.slice((page - 1) * size, page * size) };
    }
  },
  {
    path: '/api/storage/nas/v1/create',
    methods: ['POST'],
    encrypt: false,
    handle: (ctx) =>
      ctx.stores.volumes.create(
        requiredString(bodyObject(ctx.payload).name, 'name'),
        integer(ctx, 'nas_config_id'),
        integer(ctx, 'total_size')
      )
  },
  {
    path: '/api/storage/nas/v1/rename',
    methods: ['POST'],
    encrypt: false,
    handle: (ctx) => {
      const { name } = bodyObject(ctx.payload);
      if (typeof name !== 'string') throw parameterError('name must be a string');
      return ctx.stores.volumes.rename(integer(ctx, 'id'), name);
    }
  },
  {
    path: '/api/storage/nas/v1/expand',
    methods: ['POST'],
    encrypt: false,
    handle: (ctx) => ctx.stores.volumes.expand(integer(ctx, 'id'), integer(ctx, 'total_size'))
  },
  {
    path: '/api/storage/nas/v1/delete',
    methods: ['POST'],
    encrypt: false,
    handle: (ctx) => {
      const { force } = bodyObject(ctx.payload);
      if (force !== undefined && typeof force !== 'boolean')
        throw parameterError('force must be true or false');
      const id = integer(ctx, 'id');
      // A transfer under way keeps a volume, and so does a task that mounts it, unless force skips the
      // checks (the reference).
      if (force !== true && ctx.stores.transfers.busy(id))
        throw new Rejection(
          Code.taskState,
          'volume_busy',
          `volume ${id} has a transfer under way: stop it first, or force the delete`
        );
      const deleted = ctx.stores.volumes.delete(id, force === true);
      // A volume's SFTP session ends with it: its connections are closed, its login refused.
      ctx.stores.sftpSessions.destroy(id);
      return deleted;
    }
  }
];

function optionalList<K extends string>(key: K, value: string[] | undefined): Partial<Record<K, string[]>> {
  return value === undefined ? {} : ({ [key]: value } as Record<K, string[]>);
}
