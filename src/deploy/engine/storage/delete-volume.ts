import { sanitize } from '../../../basics/safe-text.js';
import { formatDuration } from '../../../basics/units.js';
import { describeError } from '../../../platform/failures.js';
import { volumeDeleteCall } from '../../../platform/operations/calls.js';
import { leaving, VOLUME_KIND } from '../../../platform/task-kinds.js';
import type { Volume } from '../../../platform/volume-data.js';
import { sendUntilShown, type Persisted, type Showing } from '../ask-again.js';
import { findLeftByName } from './find-left.js';
import type { DeployContext } from '../context.js';
import { pollUntil } from '../poll.js';
import type { VolumeLeft } from '../cleanup-state.js';
import { readVolume, readVolumes } from './read-volumes.js';
import { settleVolume } from './volume-ledger.js';
import { awaitUnmounted, readMounts } from './await-unmounted.js';

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
    async (refused): Promise<Showing> => {
      const status = await statusNow(id, ctx);
      if (status.gone || status.leaving) return { shown: true, state: status.said };
      // The platform keeps a volume a task mounts unless forced (SKILL.md): asking again changes nothing.
      if (refused !== undefined && !force && status.mounts > 0)
        return {
          shown: false,
          state: `it is ${status.said}, mounted in ${status.mounts} task(s)`,
          never: 'and the platform deletes no volume a task mounts: stop them first'
        };
      return { shown: false, state: `it is ${status.said}` };
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

/**
 * What the list says of a volume now: gone (no list shows it, or Deleted), leaving (Deleting), or else;
 * and how many tasks it is mounted in.
 */
async function statusNow(
  id: string,
  ctx: DeployContext
): Promise<{ gone: boolean; leaving: boolean; said: string; mounts: number }> {
  try {
    const { volume } = await readVolume(id, ctx);
    const status = volume?.status;
    if (volume === undefined || VOLUME_KIND.statuses.ended.includes(status ?? ''))
      return { gone: true, leaving: true, said: 'gone', mounts: 0 };
    return {
      gone: false,
      leaving: leaving(VOLUME_KIND).includes(status ?? ''),
      said: sanitize(status ?? 'no status', 20),
      mounts: volume.mounts
    };
  } catch (error) {
    return { gone: false, leaving: false, said: `unread (${describeError(error)})`, mounts: 0 };
  }
}

/** How the post step left a volume of the ledger: its outcome, and the id of one it kept, if any. */
export interface VolumeLeftOutcome {
  readonly outcome: Persisted;
  /**
   * A volume kept, never deleted: one of the ledger's name whose create's answer never came (listed, but
   * nothing proves the step made it: another run may have), or one a task the step did not stop mounts
   * (`mountedBy` names them).
   */
  readonly kept: string | undefined;
  /** The tasks or jobs that mount a volume kept for them, as a phrase (`task 2001 ("reader", ...)`). */
  readonly mountedBy?: string;
}

/**
 * Deletes a volume the step made for the run (the post step's, volume_cleanup: delete): by its id, which
 * its own create's answer gave, and nothing else, once nothing but the tasks of `own` (those the post
 * step stopped) mounts it (see awaitUnmounted). One a task or job the step did not stop mounts is kept,
 * never deleted under it: another run may have found it by name and use it. One the ledger holds by name
 * only (its create's answer never came: the step was cancelled while it was in flight) is never deleted:
 * a name is no proof of who made the volume, as another run may have made one of that name; it is looked
 * for only to say whether one is there, kept. It leaves the ledger once gone, or once so said. Never
 * forced: the platform's checks stand.
 */
export async function deleteVolumeLeft(
  left: VolumeLeft,
  ctx: DeployContext,
  own: ReadonlySet<string> = new Set()
): Promise<VolumeLeftOutcome> {
  const { id } = left;
  if (id === undefined) return keepNamedOnly(left, ctx);
  const check = await awaitUnmounted(id, own, ctx);
  switch (check.kind) {
    case 'free': {
      const outcome = await deleteVolume({ id, name: left.name }, false, ctx);
      if (outcome.kind === 'shown') {
        settleVolume(ctx, left);
        return { outcome, kept: undefined };
      }
      // Refused: a task that mounts it now (since the read) is another's, and keeps it.
      const now = await readMounts(id, own, ctx);
      return now.kind === 'others'
        ? keptFor(now.by, { name: left.name, id }, ctx)
        : { outcome, kept: undefined };
    }
    case 'gone':
      settleVolume(ctx, left);
      return {
        outcome: { kind: 'shown', accepted: false, state: 'gone already: no list shows it' },
        kept: undefined
      };
    case 'others':
      return keptFor(check.by, { name: left.name, id }, ctx);
    case 'own':
      return {
        outcome: {
          kind: 'failed',
          why: `not deleted: still mounted in ${check.by}, which this step stopped, and the platform deletes no volume a task mounts`,
          triedMs: check.triedMs
        },
        kept: undefined
      };
    case 'unread':
      return {
        outcome: {
          kind: 'failed',
          why: `not deleted, as whether a task mounts it is not known: ${check.why}`,
          triedMs: check.triedMs
        },
        kept: undefined
      };
  }
}

/** A volume of the ledger a task or job the step did not stop mounts (`by`): kept, said, off the ledger. */
function keptFor(by: string, left: { name: string; id: string }, ctx: DeployContext): VolumeLeftOutcome {
  settleVolume(ctx, left);
  return {
    outcome: {
      kind: 'shown',
      accepted: false,
      state: `kept: mounted in ${by}, which this step did not stop`
    },
    kept: left.id,
    mountedBy: by
  };
}

/**
 * A volume the ledger holds by name only: never deleted; every volume of the name the list shows is kept,
 * and said. It leaves the ledger.
 */
async function keepNamedOnly(left: VolumeLeft, ctx: DeployContext): Promise<VolumeLeftOutcome> {
  const found = await findLeftByName(
    left.name,
    'volumes',
    async () => {
      // Every volume of the name (two runs may each have made one): each kept.
      const named = (await readVolumes(ctx)).volumes.filter((v) => v.name === left.name);
      return named.length === 0 ? undefined : { id: named.map((v) => v.id).join(', ') };
    },
    ctx
  );
  settleVolume(ctx, left);
  if ('failed' in found)
    return {
      outcome: {
        kind: 'shown',
        accepted: false,
        state: `not deleted: its create's answer never came, and ${found.failed.kind === 'failed' ? found.failed.why : found.failed.state}; a volume of the name, if there is one, is kept, as nothing proves this step made it`
      },
      kept: undefined
    };
  return found.id === undefined
    ? {
        outcome: { kind: 'shown', accepted: false, state: 'never made (no volume of the name is listed)' },
        kept: undefined
      }
    : {
        outcome: {
          kind: 'shown',
          accepted: false,
          state: `volume ${found.id} of the name is listed, but this step's create never answered, so nothing proves this step made it (another run may have): kept`
        },
        kept: found.id
      };
}
