import { sanitize } from '../../../basics/safe-text.js';
import type { Volume } from '../../../platform/volume-data.js';
import type { OpenRemote } from '../../../platform/sftp/remote-files.js';
import type { DeployContext } from '../context.js';
import { copySides, type DataCopy, type ObjectsPlace, type VolumePlace } from '../settings.js';
import {
  completedLine,
  runTransfer,
  runTransferName,
  transferBody,
  transferVolume,
  type TransferReport
} from './run-transfer.js';
import { overSftpSessions } from './sftp-remote.js';
import { copyWorkspace } from './workspace-copy.js';

/**
 * Runs `use` over a volume's SFTP session, for the workspace copies of one volume: its `open` connects
 * (asking for a new session when the last one ended); the session is destroyed once `use` ends, whatever
 * happened. The step's: the volume's own session (overSftpSessions); a test's may stand in for it.
 */
export type VolumeSessions = (
  volume: Volume,
  ctx: DeployContext,
  use: (open: OpenRemote) => Promise<void>
) => Promise<void>;

/**
 * Copies each of `copies`, one after the other, to its end: a job's data into its volumes before the job
 * is made (`in`), or its results back after it ended (`out`). An object prefix's copy is a platform
 * transfer (see runTransfer); a workspace's goes over the volume's SFTP session (see copyWorkspace). The
 * first that does not complete ends the copies, with why.
 */
export async function copyData(
  copies: readonly DataCopy[],
  way: 'in' | 'out',
  ctx: DeployContext,
  sessions: VolumeSessions = overSftpSessions
): Promise<TransferReport[]> {
  const done: TransferReport[] = [];
  for (const [index, copy] of copies.entries()) {
    const { volume: place, other } = copySides(copy);
    const volume = await transferVolume(place.volume, ctx);
    if (other.kind === 'objects') {
      done.push(await copyObjects(other, place, volume, { index, way }, ctx));
      continue;
    }
    const what = way === 'in' ? 'data' : 'results';
    await sessions(volume, ctx, async (open) => {
      await copyWorkspace({ way, what, workspace: other, volume: place, volumeId: volume.id }, open, ctx);
    });
  }
  return done;
}

/** One copy between an object prefix and a volume, as a platform transfer run to its end. */
async function copyObjects(
  objects: ObjectsPlace,
  place: VolumePlace,
  volume: Volume,
  { index, way }: { index: number; way: 'in' | 'out' },
  ctx: DeployContext
): Promise<TransferReport> {
  const what = way === 'in' ? 'data' : 'results';
  const direction = way === 'in' ? 's3-to-volume' : 'volume-to-s3';
  const prefix = sanitize(objects.prefix, 200);
  const at = `volume ${volume.id}:${sanitize(place.path, 200)}`;
  ctx.log(`${what}: copying ${way === 'in' ? `${prefix} into ${at}` : `${at} to ${prefix}`}`);
  const settings = {
    ...ctx.settings.storage.transfer,
    direction,
    prefix: objects.prefix,
    volumePath: place.path
  } as const;
  const name = runTransferName(ctx.settings.taskName ?? volume.name, ctx, `${what}${index}-`);
  const report = await runTransfer(volume, transferBody(settings, volume, name), ctx);
  ctx.log(`${what}: ${completedLine(report, settings.overwrite)}`);
  return report;
}
