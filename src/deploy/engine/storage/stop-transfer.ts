import { sanitize } from '../../../basics/safe-text.js';
import {
  transferDeleteCall,
  transferDetailCall,
  transferStopCall
} from '../../../platform/operations/calls.js';
import { TRANSFER_KIND, underWay } from '../../../platform/task-kinds.js';
import type { Transfer } from '../../../platform/transfer-data.js';
import { sendUntilShown, type Persisted, type Showing } from '../ask-again.js';
import { findLeftByName } from './find-left.js';
import { findTransfer } from './find-transfer.js';
import type { TransferLeft } from '../cleanup-state.js';
import type { DeployContext } from '../context.js';
import { retried } from '../retries.js';
import { settleTransfer } from './transfer-ledger.js';

/** A transfer's detail now; undefined when it cannot be read. */
export async function readTransfer(id: string, ctx: DeployContext): Promise<Transfer | undefined> {
  const { result } = await retried(`transfer ${id}`, ctx.retries, () =>
    ctx.send(transferDetailCall(ctx.settings, id))
  );
  return TRANSFER_KIND.transferOf(result.data);
}

/** Whether a transfer's status says it copies no more: it completed, failed, or was stopped or deleted. */
export function ended(transfer: Transfer | undefined): boolean {
  return transfer !== undefined && !underWay(TRANSFER_KIND).includes(transfer.status ?? '');
}

/**
 * Stops a transfer until its detail says it copies no more (see sendUntilShown): a Running one by its
 * stop; a queued one (Queuing, Pending), which the platform cannot stop, by its delete, which ends any.
 * An accepted request is not done until the detail shows it; one that had ended shows it without one.
 */
export async function stopTransfer(id: string, ctx: DeployContext): Promise<Persisted> {
  let now: Transfer | undefined;
  try {
    now = await readTransfer(id, ctx);
  } catch {
    now = undefined;
  }
  if (ended(now)) return { kind: 'shown', accepted: false, state: sanitize(now?.status ?? '', 20) };
  const queued =
    now !== undefined && TRANSFER_KIND.changes.stop?.appliesTo.includes(now.status ?? '') !== true;
  const call = queued ? transferDeleteCall(ctx.settings, id) : transferStopCall(ctx.settings, id);
  return sendUntilShown(
    call,
    `transfer ${id}: ${queued ? 'delete (queued)' : 'stop'}`,
    async (): Promise<Showing> => {
      const after = await readTransfer(id, ctx).catch(() => undefined);
      const status = sanitize(after?.status ?? 'unread', 20);
      return ended(after)
        ? { shown: true, state: status }
        : { shown: false, state: `its status is ${status}` };
    },
    ctx
  );
}

/**
 * Stops a transfer the step left under way (the post step's): by its id, or found by its name among its
 * volume's transfers when its create's (or a retry's) answer never came: in every status and on every
 * page, the newest not Deleted (a retry keeps the name, and deletes the one it submits again; see
 * findTransfer). None of the name: the create did not land. It leaves the ledger once it copies no more.
 */
export async function stopTransferLeft(left: TransferLeft, ctx: DeployContext): Promise<Persisted> {
  let { id } = left;
  if (id === undefined) {
    const found = await findLeftByName(
      left.name,
      'transfers',
      () => findTransfer(left.name, left.storageId, ctx),
      ctx
    );
    if ('failed' in found) return found.failed;
    if (found.id === undefined) {
      settleTransfer(ctx, left.name);
      return { kind: 'shown', accepted: false, state: 'never made (no transfer of the name is listed)' };
    }
    id = found.id;
  }
  const outcome = await stopTransfer(id, ctx);
  if (outcome.kind === 'shown') settleTransfer(ctx, left.name);
  return outcome;
}
