// The volumes' SFTP sessions (suanli-nas-storage/api/sftp-obtain.md, sftp-destroy.md): signed, never
// encrypted, each of one volume (storage_id, more than 0), which must exist, be the tenant's, and be
// Active; the session itself is the store's (sftp-sessions.ts).
import { bodyObject, integerValue } from './params.js';
import { parameterError } from './rejection.js';
import type { Route, RouteContext } from './route.js';

/** The body's storage_id: an integer more than 0, of an Active volume of the tenant's. */
function activeVolume(ctx: RouteContext): number {
  const id = integerValue(bodyObject(ctx.payload).storage_id, 'storage_id', 'body');
  if (id < 1n || id > BigInt(Number.MAX_SAFE_INTEGER))
    throw parameterError(`storage_id must be more than 0, got ${id}`);
  const storageId = Number(id);
  ctx.stores.volumes.activeName(storageId);
  return storageId;
}

export const SFTP_ROUTES: readonly Route[] = [
  {
    path: '/api/storage/nas/v1/sftp/obtain',
    methods: ['POST'],
    encrypt: false,
    handle: (ctx) => ctx.stores.sftpSessions.obtain(activeVolume(ctx))
  },
  {
    path: '/api/storage/nas/v1/sftp/destroy',
    methods: ['POST'],
    encrypt: false,
    handle: (ctx) => ctx.stores.sftpSessions.destroy(activeVolume(ctx))
  }
];
