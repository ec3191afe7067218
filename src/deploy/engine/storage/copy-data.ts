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
import type { SftpCopyReport } from './sftp/copy-run.js';
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

/** One copy completed: the transfer that copied through object storage, or what a workspace copy did. */
export type CopyDone =
  | { readonly copy: DataCopy; readonly via: 'transfer'; readonly report: TransferReport }
  | { readonly copy: DataCopy; readonly via: 'sftp'; readonly report: SftpCopyReport };

/** What the copies' lines start with (`data`, `results`: the way's input by default), and who hears of each. */
export interface CopyDataOptions {
  /** The input the copies are of, for their lines and their transfers' names (`copies`). */
  readonly what?: string;
  /** Called as each copy completes, before the next starts. */
  readonly done?: (done: CopyDone) => void;
}

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
  sessions: VolumeSessions = overSftpSessions,
  options: CopyDataOptions = {}
): Promise<TransferReport[]> {
  const done: TransferReport[] = [];
  const what = options.what ?? (way === 'in' ? 'data' : 'results');
  for (const [index, copy] of copies.entries()) {
    const { volume: place, other } = copySides(copy);
    const volume = await transferVolume(
      place.volume,
      ctx,
      other.kind === 'objects' ? 'a transfer' : 'a copy over its SFTP session'
    );
    if (other.kind === 'objects') {
      const report = await copyObjects(other, place, volume, { index, way, what }, ctx);
      done.push(report);
      options.done?.({ copy, via: 'transfer', report });
      continue;
    }
    await sessions(volume, ctx, async (open) => {
      const report = await copyWorkspace(
        { way, what, workspace: other, volume: place, volumeId: volume.id },
        open,
        ctx
      );
      options.done?.({ copy, via: 'sftp', report });
    });
  }
  return done;
}

/** One copy between an object prefix and a volume, as a platform transfer run to its end. */
async function copyObjects(
  objects: ObjectsPlace,
  place: VolumePlace,
  volume: Volume,
  { index, way, what }: { index: number; way: 'in' | 'out'; what: string },
  ctx: DeployContext
): Promise<TransferReport> {
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
