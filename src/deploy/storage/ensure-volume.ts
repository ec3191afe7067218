import { sanitize } from '../../basics/safe-text.js';
import { formatDuration } from '../../basics/units.js';
import { describeError, neverSent, retryIfTransient } from '../../platform/failures.js';
import { volumeConfigsCall, volumeCreateCall, volumeExpandCall } from '../../platform/operations/calls.js';
import type { Answer } from '../../platform/session.js';
import { withRetries } from '../../platform/retry.js';
import { volumeConfigsOf, volumeWriteOf, type Volume } from '../../platform/volume-data.js';
import type { DeployContext } from '../engine/context.js';
import { chooseVolumeConfig, inStorageRegion, ofStorageClass } from '../engine/storage/choose-volume.js';
import { retried } from '../engine/retries.js';
import { awaitActive } from './await-volume.js';
import { describeVolume, gib, readVolumes, volumeNamed } from '../engine/storage/read-volumes.js';
import { leaveVolume, settleVolume } from '../engine/storage/volume-ledger.js';

/** What a volume step found or made: the volume as it is now, and what the step did to it. */
export interface VolumeReport {
  readonly volume: Volume;
  /** The step made it: its own create's answer gave its id (else it was there). */
  readonly created: boolean;
  /**
   * The step's create went unanswered (an error after it was sent, or no storage_id), and the list showed
   * a volume of the name: the step uses it, but nothing proves it made it (another run may have), so no
   * cleanup deletes it.
   */
  readonly adopted: boolean;
  /** What it held before the step grew it, in bytes; undefined when it was not grown. */
  readonly grownFrom: number | undefined;
  /** The list's answer that shows it as it is now (the data output). */
  readonly answer: Answer;
  readonly elapsedMs: number;
}

/**
 * Makes sure the volume the volume input names exists, Active, with size at least, in region and of
 * storage_class when they are named: found by name (or id) across the list's pages; else made from the
 * cheapest configuration that can hold it (see chooseVolumeConfig); grown when it holds less, never
 * shrunk; each time waited on until Active. A volume in another region or of another class, or in
 * Exception, fails the step, saying why. A volume the step
 * makes is on the ledger for the post step to delete when volume_cleanup is delete: by name from before
 * its create is sent (which the post step only reports: a name proves nothing), by id once its own
 * create's answer gives it. One found by name after a create that went unanswered is used and kept.
 */
export async function ensureVolume(ctx: DeployContext): Promise<VolumeReport> {
  const started = ctx.runtime.now();
  const { volume: wanted, sizeBytes } = ctx.settings.storage;
  if (wanted === undefined) throw new Error('unreachable: a volume step without volume');
  const { volumes } = await readVolumes(ctx);
  const found = volumeNamed(volumes, wanted);
  const report = (fields: Omit<VolumeReport, 'elapsedMs'>): VolumeReport => ({
    ...fields,
    elapsedMs: ctx.runtime.now() - started
  });
  if (found === undefined) {
    if (sizeBytes === undefined)
      throw new Error(
        `no volume is named ${JSON.stringify(sanitize(wanted, 40))}, and size is empty: set size (GiB) to create it, or volume to the name of one that exists`
      );
    const made = await createVolume(wanted, sizeBytes, ctx);
    return report({ ...made, grownFrom: undefined });
  }
  ctx.log(`volume: found ${describeVolume(found)}`);
  const elsewhere = notAsAsked(found, ctx);
  if (elsewhere !== undefined) throw new Error(elsewhere);
  const ready = await activeVolume(found, 'settling', ctx);
  const total = ready.volume.totalBytes ?? 0;
  if (sizeBytes === undefined || sizeBytes <= total) {
    if (sizeBytes !== undefined && sizeBytes < total)
      ctx.log(
        `volume ${found.id}: holds ${gib(total)}, more than size ${gib(sizeBytes)}; a volume is never shrunk`
      );
    return report({ ...ready, created: false, adopted: false, grownFrom: undefined });
  }
  const grown = await growVolume(ready.volume, sizeBytes, ctx);
  return report({ ...grown, created: false, adopted: false, grownFrom: total });
}

/**
 * Why a volume found by name is not the one asked for: in another region than region names, or of another
 * storage class than storage_class names (a volume can change neither); undefined when it is.
 */
function notAsAsked(found: Volume, ctx: DeployContext): string | undefined {
  const { region, storageClass } = ctx.settings.storage;
  const which = `volume ${found.id} (${sanitize(found.name, 40)})`;
  if (region !== undefined && !inStorageRegion(found, region))
    return `${which} is in region ${sanitize(found.region ?? 'unknown', 60)} (${sanitize(found.regionName ?? 'no name', 60)}), not ${sanitize(region, 60)}: a volume cannot move; set region to ${sanitize(found.region ?? 'its region', 60)}, or volume to another name`;
  if (storageClass !== undefined && !ofStorageClass(found, storageClass))
    return `${which} is of storage class ${sanitize(found.storageClass ?? 'unknown', 60)} (${sanitize(found.storageClassName ?? 'no name', 60)}), not ${sanitize(storageClass, 60)}: a volume cannot change its class; set storage_class to ${sanitize(found.storageClass ?? 'its class', 60)}, or volume to another name`;
  return undefined;
}

/** The volume, Active: as it is, or once what it is going through (Creating, Expanding) is over. */
async function activeVolume(
  volume: Volume,
  doing: string,
  ctx: DeployContext
): Promise<{ volume: Volume; answer: Answer }> {
  const settled = await awaitActive(volume.id, doing, ctx);
  if (settled.kind === 'active') return settled;
  throw new Error(failedWait(settled.why, volume));
}

/** Why a wait for a volume failed, with what to do about it. */
function failedWait(why: string, volume: Pick<Volume, 'id'>): string {
  return `${why}: see it with operation volume_list; delete it with operation volume_delete (confirm: ${volume.id}) when it is of no use`;
}

/**
 * Grows an Active volume to `bytes` (POST expand, harmless to repeat, so retried while a failure may
 * pass), then waits until it is Active again: the list, not the answer, says it grew.
 */
async function growVolume(
  volume: Volume,
  bytes: number,
  ctx: DeployContext
): Promise<{ volume: Volume; answer: Answer }> {
  ctx.log(`volume ${volume.id}: growing from ${gib(volume.totalBytes)} to ${gib(bytes)}`);
  await retried(`volume ${volume.id}: expand`, ctx.retries, () =>
    ctx.send(volumeExpandCall(ctx.settings, volume.id, bytes))
  );
  const grown = await activeVolume(volume, 'growing', ctx);
  if ((grown.volume.totalBytes ?? 0) < bytes)
    throw new Error(
      `volume ${volume.id} is Active again but holds ${gib(grown.volume.totalBytes)}, not the ${gib(bytes)} asked: the platform did not grow it; try again, or look at it in the console`
    );
  return grown;
}

/**
 * Makes a volume: chooses its configuration, sends the create (again only when no attempt was sent: a
 * create is not idempotent, and one answered with an error may still land), then waits until it is
 * Active. When the create's answer says nothing sure (an error after it was sent, or no storage_id), the
 * list says whether a volume of the name is there; the step uses it, but it is no proof that this step
 * made it (another run may have, at the same moment), so it leaves the ledger: no cleanup deletes it.
 */
async function createVolume(
  name: string,
  bytes: number,
  ctx: DeployContext
): Promise<{ volume: Volume; answer: Answer; created: boolean; adopted: boolean }> {
  const { result } = await retried('volume: configurations', ctx.retries, () =>
    ctx.send(volumeConfigsCall(ctx.settings))
  );
  const { region, storageClass } = ctx.settings.storage;
  const choice = chooseVolumeConfig(volumeConfigsOf(result.data), { bytes, region, storageClass });
  if (choice.chosen === undefined)
    throw new Error(`cannot create volume ${JSON.stringify(name)}: ${choice.why}`);
  const config = choice.chosen;
  ctx.log(
    `volume: creating ${JSON.stringify(sanitize(name, 40))} of ${gib(bytes)} from configuration ${config.id} (${sanitize(config.name ?? '', 40)}, ${sanitize(config.storageClass ?? '', 40)} in ${sanitize(config.region ?? '', 60)}, ${sanitize(config.displayUnitPrice ?? '?', 20)} yuan per GB a month)`
  );
  leaveVolume(ctx, { name, id: undefined });
  const { id, proven } = await sendCreate(name, config.id, bytes, ctx);
  if (proven) leaveVolume(ctx, { name, id });
  else settleVolume(ctx, { name, id: undefined });
  ctx.log(`volume: storage_id ${id}`);
  const made = await awaitActive(id, 'being made', ctx);
  if (made.kind !== 'active') throw new Error(failedWait(made.why, { id }));
  ctx.log(`volume ${id}: Active after ${formatDuration(ctx.runtime.now() - ctx.startedAt)}`);
  return { ...made, created: proven, adopted: !proven };
}

/**
 * Sends a create, and answers the new volume's id: from the answer (`proven`: this step made it), else
 * the id of the volume the list shows by that name (not proven: a name is no proof of who made it).
 */
async function sendCreate(
  name: string,
  configId: string,
  bytes: number,
  ctx: DeployContext
): Promise<{ id: string; proven: boolean }> {
  const call = volumeCreateCall(ctx.settings, { name, configId, totalBytes: bytes });
  let failure: unknown;
  try {
    const { result } = await withRetries(
      'volume: create',
      () => ctx.send(call),
      (error) => (neverSent(error) ? retryIfTransient(error, ctx.retries.deps.now()) : { retry: false }),
      ctx.retries.policy,
      ctx.retries.deps
    );
    const { id } = volumeWriteOf(result.data);
    if (id !== undefined) return { id, proven: true };
  } catch (error) {
    if (neverSent(error) || ctx.runtime.cancelled()) throw error;
    failure = error;
  }
  // The answer says nothing sure: the list does.
  const landed = volumeNamed((await readVolumes(ctx)).volumes, name);
  const unsure =
    failure === undefined ? 'was answered without a storage_id' : `failed (${describeError(failure)})`;
  // One of the name another run made meanwhile is no volume of this step's region or class.
  const elsewhere = landed === undefined ? undefined : notAsAsked(landed, ctx);
  if (elsewhere !== undefined)
    throw new Error(
      `the create of volume ${JSON.stringify(sanitize(name, 40))} ${unsure}, and the list shows another of that name: ${elsewhere}`
    );
  if (landed !== undefined) {
    ctx.log(
      `volume: the create ${unsure}, but the list shows volume ${landed.id} of that name: using it; nothing proves this step made it (another run may have), so it is kept when the job ends${ctx.settings.storage.volumeCleanup === 'delete' ? ' (volume_cleanup: delete deletes only a volume whose own create answered its storage_id)' : ''}`
    );
    return { id: landed.id, proven: false };
  }
  throw new Error(
    `the create of volume ${JSON.stringify(sanitize(name, 40))} ${unsure}, and the list shows no volume of that name: it was not sent again, since one sent may still land; run the step again, which finds it by name if it did`
  );
}
