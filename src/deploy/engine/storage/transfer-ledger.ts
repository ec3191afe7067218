import type { TransferLeft } from '../cleanup-state.js';
import type { DeployContext } from '../context.js';

/**
 * Records a transfer the step started for the post step to stop, should the step end before it does: by
 * name before its create is sent, by id once known (a retry's new id replaces the old one's).
 */
export function leaveTransfer(ctx: Pick<DeployContext, 'cleanup'>, left: TransferLeft): void {
  const others = ctx.cleanup.state().transfers.filter((t) => t.name !== left.name);
  ctx.cleanup.update({ transfers: [...others, left] });
}

/** Takes a transfer off the ledger: it has ended (completed, failed, stopped). */
export function settleTransfer(ctx: Pick<DeployContext, 'cleanup'>, name: string): void {
  ctx.cleanup.update({ transfers: ctx.cleanup.state().transfers.filter((t) => t.name !== name) });
}
