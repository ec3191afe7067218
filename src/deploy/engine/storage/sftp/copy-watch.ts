import { formatDuration } from '../../../../basics/units.js';
import { gibOf } from '../transfer-lines.js';
import type { CopyRun } from './copy-run.js';

/** How often the watch looks (of the host's time): the deadline is seen this late at most. */
const WATCH_EVERY_MS = 1_000;
const HEARTBEAT_MS = 30_000;

/**
 * Watches a copy on the host's timer (see SftpCopyOptions.every), beside its work and never through the
 * step's sleep (which moves a test's clock): a heartbeat line when no byte moved for heartbeatMs (and again
 * each heartbeatMs of silence), and once the step is cancelled or its deadline comes, the copy stopped and
 * its connection closed, so that calls under way fail then rather than at the connection's own timeouts. Answers how to stop watching.
 */
export function watchCopy(run: CopyRun): () => void {
  return run.options.every(WATCH_EVERY_MS, () => {
    look(run);
  });
}

function look(run: CopyRun): void {
  const { options, tally } = run;
  const now = options.now();
  if (run.stopped !== undefined) return;
  const stop = options.cancelled() ? 'cancelled' : now >= options.deadline ? 'deadline' : undefined;
  if (stop !== undefined) {
    run.stopped = stop;
    const why = stop === 'cancelled' ? 'the step was cancelled' : "the step's deadline came";
    options.log(`${options.label}: ${why}: closing the connection to the volume`);
    run.remote.close();
    return;
  }
  const heartbeatMs = options.heartbeatMs ?? HEARTBEAT_MS;
  const silent = now - run.lastMoved;
  if (silent < heartbeatMs || now - (run.lastHeartbeat ?? run.lastMoved) < heartbeatMs) return;
  run.lastHeartbeat = now;
  options.log(
    `${options.label}: still copying: no bytes moved for ${formatDuration(silent)} ` +
      `(${tally.filesDone}/${tally.filesTotal} files, ${gibOf(tally.bytesDone).replace(' GiB', '')}/${gibOf(tally.bytesTotal)} so far)`
  );
}

/** Says the copy moved (bytes, or a file done): the heartbeat waits a whole heartbeatMs again. */
export function movedNow(run: CopyRun): void {
  run.lastMoved = run.options.now();
  run.lastHeartbeat = undefined;
}
