import type { SftpSessionLeft } from '../cleanup-state.js';
import type { DeployContext } from '../context.js';

/**
 * Records a volume's SFTP session for the post step to destroy, should the step end before it does:
 * before its obtain is sent, and again with its expiry once Running showed it. One entry per volume (the
 * platform keeps one session per volume). Never its credentials.
 */
export function leaveSftpSession(ctx: Pick<DeployContext, 'cleanup'>, left: SftpSessionLeft): void {
  const others = ctx.cleanup.state().sftpSessions.filter((s) => s.storageId !== left.storageId);
  ctx.cleanup.update({ sftpSessions: [...others, left] });
}

/** Takes a volume's SFTP session off the ledger: it is destroyed (see closeSftp). */
export function settleSftpSession(ctx: Pick<DeployContext, 'cleanup'>, storageId: string): void {
  ctx.cleanup.update({
    sftpSessions: ctx.cleanup.state().sftpSessions.filter((s) => s.storageId !== storageId)
  });
}
