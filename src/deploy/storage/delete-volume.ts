import { sanitize } from '../../basics/safe-text.js';
import { formatDuration } from '../../basics/units.js';
import { describeError } from '../../platform/failures.js';
import { volumeDeleteCall } from '../../platform/operations/calls.js';
import { VOLUME_KIND } from '../../platform/task-kinds.js';
import type { Volume } from '../../platform/volume-data.js';
import { sendUntilShown, type Persisted, type Showing } from '../ask-again.js';
import { findLeftByName } from './find-left.js';
import type { DeployContext } from '../context.js';
import { pollUntil } from '../poll.js';
import type { VolumeLeft } from '../cleanup-state.js';
import { readVolume, readVolumes, volumeNamed } from './read-volumes.js';
import { settleVolume } from './volume-ledger.js';

/**
 * Deletes a volume, and answers once no list shows it: the delete is sent until the list shows it taken
 * (Deleting, or gone), then the list is read, 10 s apart at the least, until the volume is gone; all
 * within cleanup_timeout (and the step's deadline). `force` is sent only as given: it skips the
 * platform's checks (a transfer under way), and only the user may ask for it.
 */
export async function deleteVolume(
  volume: Pick<Volume, 'id' | 'name'>,
  force: boolean,
  ctx: DeployContext
): Promise<Persisted> {
  const { id } = volume;
  const started = ctx.runtime.now();
  const taken = await sendUntilShown(
    volumeDeleteCall(ctx.settings, id, force),
    `volume ${id}: delete`,
    async (): Promise<Showing> => {
      const status = await statusNow(id, ctx);
      return status.gone || status.leaving
        ? { shown: true, state: status.said }
        : { shown: false, state: `it is ${status.said}` };
    },
    ctx
  );
  if (taken.kind === 'failed' || taken.state === 'gone') return taken;
  const deadline = Math.min(ctx.deadline, started + ctx.settings.cleanupTimeoutMs);
  let last = taken.state;
  const gone = await pollUntil<true>(
    async () => {
      const status = await statusNow(id, ctx);
      last = status.said;
      return status.gone
        ? { kind: 'done', value: true }
        : { kind: 'waiting', progress: `volume ${id}: ${last}` };
    },
    {
      deadline,
      schedule: { kind: 'fixed_rate', intervalMs: VOLUME_KIND.leastPollMs },
      failureBudget: Infinity,
      lastLookAtDeadline: true
    },
    { ...ctx.runtime, log: ctx.log }
  );
  const triedMs = ctx.runtime.now() - started;
  return gone.kind === 'done'
    ? { kind: 'shown', accepted: taken.accepted, state: 'gone' }
    : {
        kind: 'failed',
        why: `the list still shows it ${sanitize(last, 100)} after ${formatDuration(triedMs)}${gone.kind === 'cancelled' ? ', when the step was cancelled' : ''}`,
        triedMs
      };
}

/** What the list says of a volume now: gone (no list shows it, or Deleted), leaving (Deleting), or else. */
async function statusNow(
  id: string,
  ctx: DeployContext
): Promise<{ gone: boolean; leaving: boolean; said: string }> {
  try {
    const { volume } = await readVolume(id, ctx);
    const status = volume?.status;
    if (volume === undefined || status === VOLUME_KIND.deletedStatus)
      return { gone: true, leaving: true, said: 'gone' };
    return {
      gone: false,
      leaving: VOLUME_KIND.leavingStatuses.includes(status ?? ''),
      said: sanitize(status ?? 'no status', 20)
    };
  } catch (error) {
    return { gone: false, leaving: false, said: `unread (${describeError(error)})` };
  }
}

/**
 * Deletes a volume the step made for the run (the post step's, volume_cleanup: delete): by its id, or
 * found by name when its create's answer never came (none of the name: the create did not land). It
 * leaves the ledger once gone. Never forced: the platform's checks stand.
 */
export async function deleteVolumeLeft(left: VolumeLeft, ctx: DeployContext): Promise<Persisted> {
  let { id } = left;
  if (id === undefined) {
    const found = await findLeftByName(
      left.name,
      'volumes',
      async () => volumeNamed((await readVolumes(ctx)).volumes, left.name),
      ctx
    );
    if ('failed' in found) return found.failed;
    if (found.id === undefined) {
      settleVolume(ctx, left);
      return { kind: 'shown', accepted: false, state: 'never made (no volume of the name is listed)' };
    }
    id = found.id;
  }
  const outcome = await deleteVolume({ id, name: left.name }, false, ctx);
  if (outcome.kind === 'shown') settleVolume(ctx, left);
  return outcome;
}
