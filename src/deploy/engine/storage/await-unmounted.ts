import { formatDuration } from '../../../basics/units.js';
import { describeError } from '../../../platform/failures.js';
import { VOLUME_KIND } from '../../../platform/task-kinds.js';
import type { DeployContext } from '../context.js';
import { pollUntil, type Round } from '../poll.js';
import { readVolume } from './read-volumes.js';
import { describeMounts, mountedByOthers, volumeMounts } from './volume-mounts.js';

/**
 * What one read of the list says of a volume the post step is to delete, by its mounts (instance_count,
 * instances): mounted by nothing (`free`), gone already, mounted by a task or job the step did not stop
 * (`others`, `by` naming them), mounted only by the tasks it stopped (`own`), or not read.
 */
export type MountReading =
  | { kind: 'free' }
  | { kind: 'gone' }
  | { kind: 'others'; by: string }
  | { kind: 'own'; by: string }
  | { kind: 'unread'; why: string };

/** How a wait for a volume's mounts ended: what was last read, and for how long it waited when not done. */
export type MountCheck =
  | Exclude<MountReading, { kind: 'own' | 'unread' }>
  | (Extract<MountReading, { kind: 'own' | 'unread' }> & { triedMs: number });

/** Reads the volume's mounts once (see MountReading); `own`: the tasks the post step stopped. */
export async function readMounts(
  id: string,
  own: ReadonlySet<string>,
  ctx: DeployContext
): Promise<MountReading> {
  let volume;
  try {
    ({ volume } = await readVolume(id, ctx));
  } catch (error) {
    return { kind: 'unread', why: `the list could not be read (${describeError(error)})` };
  }
  if (volume === undefined || VOLUME_KIND.statuses.ended.includes(volume.status ?? ''))
    return { kind: 'gone' };
  const mounts = volumeMounts(volume, own);
  if (mountedByOthers(mounts)) return { kind: 'others', by: describeMounts(mounts.others, mounts.unnamed) };
  return mounts.own.length === 0 ? { kind: 'free' } : { kind: 'own', by: describeMounts(mounts.own) };
}

/**
 * Reads the volume's mounts before the post step deletes it, and answers whether it may: a volume
 * another's task mounts (or one the list counts without naming it) is never deleted under it; while only
 * the tasks of `own` (those the post step stopped) still mount it, as a stop may take a while to show in
 * the list, the list is read again, 10 s apart at the least, until they do not. A read that fails is made
 * again likewise. All within cleanup_timeout (and the step's deadline); at its end, what was last read.
 */
export async function awaitUnmounted(
  id: string,
  own: ReadonlySet<string>,
  ctx: DeployContext
): Promise<MountCheck> {
  const started = ctx.runtime.now();
  // What the last round read, when it was not the end: kept in a record, which the rounds change.
  const seen: { last: Extract<MountReading, { kind: 'own' | 'unread' }> } = {
    last: { kind: 'unread', why: 'the list was not read' }
  };
  const ended = await pollUntil<Exclude<MountReading, { kind: 'own' | 'unread' }>>(
    async (): Promise<Round<Exclude<MountReading, { kind: 'own' | 'unread' }>>> => {
      const reading = await readMounts(id, own, ctx);
      if (reading.kind !== 'own' && reading.kind !== 'unread') return { kind: 'done', value: reading };
      seen.last = reading;
      return reading.kind === 'unread'
        ? { kind: 'unread', why: reading.why }
        : {
            kind: 'waiting',
            progress: `volume ${id}: still mounted in ${reading.by}, which this step stopped`
          };
    },
    {
      deadline: Math.min(ctx.deadline, started + ctx.settings.cleanupTimeoutMs),
      schedule: { kind: 'fixed_rate', intervalMs: VOLUME_KIND.leastPollMs },
      failureBudget: Infinity,
      lastLookAtDeadline: true
    },
    { ...ctx.runtime, log: ctx.log }
  );
  if (ended.kind === 'done') return ended.value;
  const triedMs = ctx.runtime.now() - started;
  const after = `after ${formatDuration(triedMs)}${ended.kind === 'cancelled' ? ', when the step was cancelled' : ''}`;
  const { last } = seen;
  return last.kind === 'own'
    ? { kind: 'own', by: `${last.by} (${after})`, triedMs }
    : { kind: 'unread', why: `${last.why} (${after})`, triedMs };
}
