import { InputError } from '../../basics/input-error.js';
import { sanitize } from '../../basics/safe-text.js';
import { transferCreateCall } from '../../platform/operations/calls.js';
import type { DeployContext } from '../context.js';
import type { DataCopy, DeploySettings, TransferSettings } from '../settings.js';
import {
  completedLine,
  runTransfer,
  transferBody,
  transferVolume,
  type TransferReport
} from './run-transfer.js';

/**
 * What data and results need, checked before anything is sent: the object storage the s3_* inputs name,
 * with its keys, and a key that can encrypt (the transfer's create is encrypted, as the reference requires).
 */
export function checkCopies(settings: DeploySettings): void {
  const { data, results, transfer } = settings.storage;
  if (data.length === 0 && results.length === 0) return;
  const input = data.length > 0 ? 'data' : 'results';
  const missing = (
    [
      ['s3_supplier', transfer.supplier],
      ['s3_endpoint', transfer.endpoint],
      ['s3_bucket', transfer.bucket],
      ['s3_access_key', transfer.accessKey],
      ['s3_secret_key', transfer.secretKey]
    ] as const
  ).find(([, value]) => value === undefined);
  if (missing !== undefined)
    throw new InputError(
      `${missing[0]} is empty, but ${input} copies through the object storage it names: set s3_supplier, s3_endpoint, s3_bucket, s3_access_key and s3_secret_key`
    );
  checkEncryption(settings);
}

/**
 * Refuses, before anything is sent, a key that cannot send the transfer's encrypted create (a token-mode
 * key, or no platform_public_key), by building the create's call for a body of the right shape.
 */
export function checkEncryption(settings: DeploySettings): void {
  transferCreateCall(settings, {
    storage_id: 0,
    name: '',
    direction: 1,
    s3_supplier: '',
    s3_endpoint: '',
    s3_access_key: '',
    s3_secret_key: '',
    s3_bucket: '',
    s3_prefix: '',
    nas_path: '/',
    overwrite_policy: 3,
    ignore_patterns: []
  });
}

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
    const name = `ed-${sanitize(ctx.settings.taskName ?? volume.name, 40)}-${what}${index}-${ctx.runtime.now().toString(36)}`;
    const report = await runTransfer(volume, transferBody(settings, volume, name), ctx);
    ctx.log(`${what}: ${completedLine(report, settings.overwrite)}`);
    done.push(report);
  }
  return done;
}
