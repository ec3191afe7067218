import type { VolumeLeft } from '../cleanup-state.js';
import type { DeployContext } from '../context.js';

/**
 * Records a volume the step is making for the post step to delete, when volume_cleanup is delete (with
 * keep, what the step makes is the user's to keep): by name before its create is sent, by id once known.
 */
export function leaveVolume(ctx: Pick<DeployContext, 'settings' | 'cleanup'>, left: VolumeLeft): void {
  if (ctx.settings.storage.volumeCleanup !== 'delete') return;
  const others = ctx.cleanup.state().volumes.filter((v) => v.name !== left.name);
  ctx.cleanup.update({ volumes: [...others, left] });
}

/** Takes a volume off the ledger: it is gone. */
export function settleVolume(ctx: Pick<DeployContext, 'cleanup'>, left: VolumeLeft): void {
  ctx.cleanup.update({
    volumes: ctx.cleanup
      .state()
      .volumes.filter((v) => v.name !== left.name || (left.id !== undefined && v.id !== left.id))
  });
}
