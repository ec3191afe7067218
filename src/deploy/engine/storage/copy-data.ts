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
import { copyWorkspace } from './workspace-copy.js';

/**
 * A volume's SFTP session for the workspace copies of one volume: `open` connects (asking for a new session
 * when the last one ended), `end` destroys it, whatever happened. Made by the step's wiring (the session's
 * module); a step that has none cannot copy to or from the workspace.
 */
export type VolumeSessions = (
  volume: Volume,
  ctx: DeployContext
) => Promise<{ open: OpenRemote; end: () => Promise<void> }>;

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
  sessions?: VolumeSessions
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
    if (sessions === undefined) throw new Error(`${what}: this step cannot open a volume's SFTP session`);
    const session = await sessions(volume, ctx);
    try {
      await copyWorkspace(
        { way, what, workspace: other, volume: place, volumeId: volume.id },
        session.open,
        ctx
      );
    } finally {
      await session.end();
    }
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
