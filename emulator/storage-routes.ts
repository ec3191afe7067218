// The storage checks: the reference's S3 connection check, and the interface spec's own; the storage store
// says what they answer. And the object storages accelerated for mounts (JuiceFS), which the platform lists.
import { OBJECT_STORAGE_STATUSES } from './object-storages.js';
import { bodyObject, integerValue, list, oneOf, requiredString } from './params.js';
import { parameterError } from './rejection.js';
import { pageOf, requireParameters, textParameter, type Route } from './route.js';

export const STORAGE_ROUTES: readonly Route[] = [
  // The object storages a task mounts through storage_config (suanli-job/api/object-storage.md): both query
  // parameters required, storage_type Juicefs the only one listed, status a comma list.
  {
    path: '/api/storage/get_storage',
    methods: ['GET'],
    encrypt: false,
    handle: (ctx) => {
      requireParameters(ctx, ['storage_type', 'status']);
      oneOf(textParameter(ctx, 'storage_type'), ['Juicefs'], 'storage_type');
      const statuses = list(textParameter(ctx, 'status'), OBJECT_STORAGE_STATUSES, 'status') ?? [];
      return pageOf(ctx, ctx.stores.objectStorages.list(statuses));
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
      const { pass, message } = ctx.stores.storage.verdictFor(requiredString(body.bucket, 'bucket'));
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
      return { ...ctx.stores.storage.verdict };
    }
  }
];
