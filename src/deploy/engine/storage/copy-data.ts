import { sanitize } from '../../../basics/safe-text.js';
import type { DeployContext } from '../context.js';
import type { DataCopy, TransferSettings } from '../settings.js';
import {
  completedLine,
  runTransfer,
  runTransferName,
  transferBody,
  transferVolume,
  type TransferReport
} from './run-transfer.js';

/**
 * Copies each of `copies`, one after the other, to its end (see runTransfer): a job's data into its
 * volumes (`s3-to-volume`) before the job is made, or its results back (`volume-to-s3`) after it ended.
 * The first that does not complete ends the copies, with why.
 */
export async function copyData(
  copies: readonly DataCopy[],
  direction: NonNullable<TransferSettings['direction']>,
  ctx: DeployContext
): Promise<TransferReport[]> {
  const what = direction === 's3-to-volume' ? 'data' : 'results';
  const done: TransferReport[] = [];
  for (const [index, copy] of copies.entries()) {
    const volume = await transferVolume(copy.volume, ctx);
    ctx.log(
      `${what}: copying ${direction === 's3-to-volume' ? `${sanitize(copy.prefix, 200)} into volume ${volume.id}:${sanitize(copy.path, 200)}` : `volume ${volume.id}:${sanitize(copy.path, 200)} to ${sanitize(copy.prefix, 200)}`}`
    );
    const settings = {
      ...ctx.settings.storage.transfer,
      direction,
      prefix: copy.prefix,
      volumePath: copy.path
    };
    const name = runTransferName(ctx.settings.taskName ?? volume.name, ctx, `${what}${index}-`);
    const report = await runTransfer(volume, transferBody(settings, volume, name), ctx);
    ctx.log(`${what}: ${completedLine(report, settings.overwrite)}`);
    done.push(report);
  }
  return done;
}
