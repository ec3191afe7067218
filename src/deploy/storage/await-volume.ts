import { sanitize } from '../../basics/safe-text.js';
import { formatDuration } from '../../basics/units.js';
import { describeError } from '../../platform/failures.js';
import type { Answer } from '../../platform/session.js';
import { leaving, VOLUME_KIND } from '../../platform/task-kinds.js';
import type { Volume } from '../../platform/volume-data.js';
import type { DeployContext } from '../engine/context.js';
import { HEARTBEAT_MS, pollUntil, timeLeft, type Round } from '../engine/poll.js';
import { readVolume } from '../engine/storage/read-volumes.js';

/** How a wait for a volume to be Active ended. */
export type VolumeSettled =
  /** Active: `answer` is the list's answer that shows it so. */
  | { kind: 'active'; volume: Volume; answer: Answer }
  /** It cannot become Active: Exception (with the platform's error), gone, or leaving. */
  | { kind: 'failed'; why: string }
  | { kind: 'timed_out' | 'cancelled'; why: string };

/**
 * What a volume's list entry says of a wait for it to be Active: there, on its way (Creating, Expanding),
 * or never (Exception, with its error_code and error_message; Deleting; or no list shows it).
 */
export function judgeVolume(
  volume: Volume | undefined,
  id: string
): { state: 'active' | 'waiting' } | { state: 'failed'; why: string } {
  if (volume === undefined)
    return { state: 'failed', why: `volume ${id} is no longer listed: it was deleted` };
  const status = volume.status ?? '';
  if (VOLUME_KIND.statuses.running.includes(status)) return { state: 'active' };
  if (VOLUME_KIND.statuses.failure.includes(status)) {
    const code = volume.errorCode === undefined ? '' : ` ${sanitize(volume.errorCode, 60)}`;
    const said = volume.errorMessage === undefined ? 'no error_message' : sanitize(volume.errorMessage, 300);
    return { state: 'failed', why: `volume ${id} is Exception (error${code}: ${said})` };
  }
  if (leaving(VOLUME_KIND).includes(status))
    return { state: 'failed', why: `volume ${id} is ${sanitize(status, 20)}: it is being deleted` };
  // Creating, Expanding, or a status the reference does not list: not ready, and said so.
  return { state: 'waiting' };
}

/**
 * Waits until volume `id` is Active, reading it from the list at a fixed rate, 10 s apart at the least
 * (the reference asks no faster), or poll_interval when longer; within the step's deadline. `doing` says
 * what it waits through (`being made`, `growing`). A read that fails poll_error_budget times in a row ends
 * the wait.
 */
export async function awaitActive(id: string, doing: string, ctx: DeployContext): Promise<VolumeSettled> {
  const started = ctx.runtime.now();
  let last = 'not read yet';
  const polled = await pollUntil<{ volume: Volume; answer: Answer } | { failed: string }>(
    async (): Promise<Round<{ volume: Volume; answer: Answer } | { failed: string }>> => {
      let read: Awaited<ReturnType<typeof readVolume>>;
      try {
        read = await readVolume(id, ctx);
      } catch (error) {
        return { kind: 'unread', why: describeError(error) };
      }
      const judged = judgeVolume(read.volume, id);
      if (judged.state === 'failed') return { kind: 'done', value: { failed: judged.why } };
      if (judged.state === 'active' && read.volume !== undefined)
        return { kind: 'done', value: { volume: read.volume, answer: read.answer } };
      const status = sanitize(read.volume?.status ?? 'no status', 20);
      const said = status !== last;
      last = status;
      if (said)
        ctx.log(
          `volume ${id}: ${status} (${doing}, ${formatDuration(ctx.runtime.now() - started)}; ${timeLeft(ctx.deadline, ctx.runtime.now())})`
        );
      return { kind: 'waiting', progress: `volume ${id}: ${status}`, said };
    },
    {
      deadline: ctx.deadline,
      schedule: {
        kind: 'fixed_rate',
        intervalMs: Math.max(VOLUME_KIND.leastPollMs, ctx.settings.wait.intervalMs)
      },
      failureBudget: ctx.settings.wait.pollErrorBudget,
      lastLookAtDeadline: true,
      heartbeat: {
        everyMs: HEARTBEAT_MS,
        line: () =>
          `volume ${id}: still ${last} after ${formatDuration(ctx.runtime.now() - started)} (${timeLeft(ctx.deadline, ctx.runtime.now())})`
      }
    },
    { ...ctx.runtime, log: ctx.log }
  );
  if (polled.kind === 'done')
    return 'failed' in polled.value
      ? { kind: 'failed', why: polled.value.failed }
      : { kind: 'active', ...polled.value };
  if (polled.kind === 'unread')
    return { kind: 'failed', why: `volume ${id} could not be read: ${polled.why}` };
  return {
    kind: polled.kind,
    why: `volume ${id} was still ${last} ${polled.kind === 'cancelled' ? 'when the step was cancelled' : `after ${formatDuration(ctx.runtime.now() - started)}, at the end of wait_timeout`}`
  };
}
