import { describeError, isRefusal } from '../../../platform/failures.js';
import { transferListCall } from '../../../platform/operations/calls.js';
import { TRANSFER_KIND } from '../../../platform/task-kinds.js';
import { transfersOf, type Transfer } from '../../../platform/transfer-data.js';
import type { DeployContext } from '../context.js';
import { retried } from '../retries.js';
import { readAllPages, type WholeList } from '../tasks/read-all-pages.js';

/**
 * The transfer a step made by name, when the answer of its create (or of a retry) never gave its id: read
 * from the volume's transfers across every page and in every status, Deleted too (a list without statuses
 * may leave out the ended ones, and one that landed may have ended since). A retry makes a new transfer of
 * the same name and deletes the one it submits again, so the one to follow is the newest not Deleted (see
 * transferNamed). A list whose statuses the platform refuses is read again without them, said in the log.
 * Undefined: no transfer of the name is listed.
 */
export async function findTransfer(
  name: string,
  storageId: string,
  ctx: DeployContext
): Promise<Transfer | undefined> {
  const read = (statuses: readonly string[] | undefined): Promise<WholeList> =>
    readAllPages(
      'the transfers',
      (page) =>
        transferListCall(ctx.settings, { storageId, ...(statuses === undefined ? {} : { statuses }), page }),
      (call) => retried('transfer: list', ctx.retries, () => ctx.send(call)),
      (item) => TRANSFER_KIND.transferOf(item)?.id ?? JSON.stringify(item)
    );
  let list: WholeList;
  try {
    list = await read(TRANSFER_KIND.statuses.known);
  } catch (error) {
    if (!isRefusal(error)) throw error;
    ctx.log(
      `transfer: the list of the volume's transfers in every status was refused (${describeError(error)}): reading it without statuses, which may leave out those that ended`
    );
    list = await read(undefined);
  }
  return TRANSFER_KIND.transferNamed(transfersOf({ results: list.results }), name);
}
