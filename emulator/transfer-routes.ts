// The transfers between object storage and a volume (suanli-nas-storage/api/s3-*.md): a create and a retry,
// encrypted and sent as text/plain (the access and secret keys used for the request only, never kept);
// a transfer's detail; the list, by volume and status (a status it does not take refused with S002, the
// code s3-list.md names); a stop and a delete.
import { bodyObject, integerValue, optionalString, requiredString } from './params.js';
import { Code, parameterError, Rejection } from './rejection.js';
import { lenientPage, storagePageSize, textParameter, type Route, type RouteContext } from './route.js';
import { TRANSFER_STATUSES, type TransferRequest } from './transfers.js';

/** What a create or a retry asks for, checked as the reference requires; the volume must be Active. */
function transferRequest(ctx: RouteContext): TransferRequest {
  const body = bodyObject(ctx.payload);
  const storageId = Number(integerValue(body.storage_id, 'storage_id', 'body'));
  if (storageId <= 0) throw parameterError('storage_id must be more than 0');
  const direction = Number(integerValue(body.direction, 'direction', 'body'));
  if (direction !== 1 && direction !== 2) throw parameterError('direction must be 1 or 2');
  const policy =
    body.overwrite_policy === undefined
      ? 2
      : Number(integerValue(body.overwrite_policy, 'overwrite_policy', 'body'));
  if (policy !== 1 && policy !== 2 && policy !== 3)
    throw parameterError('overwrite_policy must be 1, 2 or 3');
  const patterns = body.ignore_patterns;
  if (
    patterns !== undefined &&
    patterns !== null &&
    !(Array.isArray(patterns) && patterns.every((p) => typeof p === 'string'))
  )
    throw parameterError('ignore_patterns must be a list of strings');
  const nullable = (name: string): string => {
    const value = body[name];
    if (value === null || value === undefined) return '';
    if (typeof value !== 'string') throw parameterError(`${name} must be a string`);
    return value;
  };
  return {
    name: optionalString(body.name, 'name'),
    storageId,
    storageName: ctx.stores.volumes.activeName(storageId),
    direction,
    supplier: requiredString(body.s3_supplier, 's3_supplier'),
    endpoint: requiredString(body.s3_endpoint, 's3_endpoint'),
    bucket: requiredString(body.s3_bucket, 's3_bucket'),
    // Used for this request only: read, checked, never kept.
    ...checkKeys(body),
    prefix: nullable('s3_prefix'),
    nasPath: nullable('nas_path'),
    overwritePolicy: policy,
    ignorePatterns: Array.isArray(patterns) ? patterns : []
  };
}

function checkKeys(body: Record<string, unknown>): Record<string, never> {
  requiredString(body.s3_access_key, 's3_access_key');
  requiredString(body.s3_secret_key, 's3_secret_key');
  return {};
}

/** The list's statuses, a comma list of the reference's: another value is refused with S002, as s3-list.md says. */
function transferStatuses(text: string | undefined): string[] | undefined {
  if (text === undefined) return undefined;
  const asked = text.split(',').map((status) => status.trim());
  const unknown = asked.find((status) => !(TRANSFER_STATUSES as readonly string[]).includes(status));
  if (unknown !== undefined)
    throw new Rejection(
      Code.transferStatuses,
      'transfer_statuses',
      `statuses must be of ${TRANSFER_STATUSES.join(', ')}, got ${JSON.stringify(unknown)}`
    );
  return asked;
}

/** The id of a stop's, a delete's or a retry's body. */
const bodyId = (ctx: RouteContext): number => {
  const id = Number(integerValue(bodyObject(ctx.payload).id, 'id', 'body'));
  if (id <= 0) throw parameterError('id must be more than 0');
  return id;
};

export const TRANSFER_ROUTES: readonly Route[] = [
  {
    path: '/api/storage/nas/v1/encrypt/s3/create',
    methods: ['POST'],
    encrypt: true,
    contentType: 'text/plain',
    handle: (ctx) => {
      // What the jobs wrote in their volumes is there by now, as a transfer from a volume reads it.
      for (const { storageId, path, files } of ctx.stores.jobs.written())
        ctx.stores.transfers.writeVolume(storageId, path, files);
      return ctx.stores.transfers.create(transferRequest(ctx));
    }
  },
  {
    path: '/api/storage/nas/v1/encrypt/s3/retry',
    methods: ['POST'],
    encrypt: true,
    contentType: 'text/plain',
    handle: (ctx) => ctx.stores.transfers.retry(bodyId(ctx), transferRequest(ctx))
  },
  {
    path: '/api/storage/nas/v1/s3/detail',
    methods: ['GET'],
    encrypt: false,
    handle: (ctx) => {
      const id = Number(integerValue(textParameter(ctx, 'id'), 'id', 'query'));
      if (id <= 0) throw parameterError('id must be more than 0');
      return ctx.stores.transfers.detail(id);
    }
  },
  {
    path: '/api/storage/nas/v1/s3/list',
    methods: ['GET'],
    encrypt: false,
    handle: (ctx) => {
      const storage = textParameter(ctx, 'storage_id');
      const storageId =
        storage === undefined ? undefined : Number(integerValue(storage, 'storage_id', 'query'));
      const statuses = transferStatuses(textParameter(ctx, 'statuses'));
      const { results, statusCounts } = ctx.stores.transfers.list({
        ...(storageId === undefined || storageId <= 0 ? {} : { storageId }),
        ...(statuses === undefined ? {} : { statuses })
      });
      const page = lenientPage(ctx, 'page', 1);
      const size = storagePageSize(ctx);
      return {
        count: results.length,
        status_counts: statusCounts,
        results: results.slice((page - 1) * size, page * size)
      };
    }
  },
  {
    path: '/api/storage/nas/v1/s3/stop',
    methods: ['POST'],
    encrypt: false,
    handle: (ctx) => ctx.stores.transfers.stop(bodyId(ctx))
  },
  {
    path: '/api/storage/nas/v1/s3/delete',
    methods: ['POST'],
    encrypt: false,
    handle: (ctx) => ctx.stores.transfers.delete(bodyId(ctx))
  }
];
