import { sanitize } from '../../../basics/safe-text.js';
import {
  OBJECT_STORAGE,
  objectStoragesOf,
  type ObjectStorage
} from '../../../platform/object-storage-data.js';
import { objectStorageListCall } from '../../../platform/operations/calls.js';
import type { DeployContext } from '../context.js';
import { retried } from '../retries.js';
import { readAllPages } from '../tasks/read-all-pages.js';

/**
 * The object storages accelerated for mounts (JuiceFS) of one status, across the list's pages: those a
 * task can mount (`mountable`), or those set up and not accelerated (`dormant`), read only to say why one
 * cannot be. Each page is retried on what may pass.
 */
export async function readObjectStorages(
  ctx: DeployContext,
  which: 'mountable' | 'dormant'
): Promise<ObjectStorage[]> {
  const list = await readAllPages(
    'the object storages accelerated for mounts',
    (page) => objectStorageListCall(ctx.settings, { status: OBJECT_STORAGE[which], page }),
    (call) => retried('object storage: list', ctx.retries, () => ctx.send(call)),
    (item) => objectStoragesOf({ results: [item] })[0]?.id ?? JSON.stringify(item)
  );
  return objectStoragesOf({ results: list.results });
}

/**
 * The object storage `nameOrId` names among `storages`: the one of that name, else (digits) the one of
 * that id; undefined when none. Two of the name are refused: the step cannot tell which is meant.
 */
export function objectStorageNamed(
  storages: readonly ObjectStorage[],
  nameOrId: string
): ObjectStorage | undefined {
  const named = storages.filter((s) => s.name === nameOrId);
  if (named.length > 1)
    throw new Error(
      `${named.length} object storages are named ${JSON.stringify(sanitize(nameOrId, 40))} (storage_id ${named.map((s) => s.id).join(', ')}): name the storage_id of the one meant`
    );
  return named[0] ?? (/^\d+$/.test(nameOrId) ? storages.find((s) => s.id === nameOrId) : undefined);
}
