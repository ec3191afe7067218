import { InputError } from '../../basics/input-error.js';
import { sanitize } from '../../basics/safe-text.js';
import {
  transferListCall,
  volumeConfigsCall,
  volumeListCall,
  volumeSummaryCall
} from '../../platform/operations/calls.js';
import { TRANSFER_KIND, underWay } from '../../platform/task-kinds.js';
import { transfersOf } from '../../platform/transfer-data.js';
import type { Answer } from '../../platform/session.js';
import { volumeConfigsOf, volumeSummaryOf, type Volume } from '../../platform/volume-data.js';
import type { DeployContext } from '../engine/context.js';
import { chooseVolumeConfig, inStorageRegion, ofStorageClass } from '../engine/storage/choose-volume.js';
import { retried } from '../engine/retries.js';
import type { DeploySettings } from '../engine/settings.js';
import { deleteVolume } from '../engine/storage/delete-volume.js';
import { ensureVolume, type VolumeReport } from './ensure-volume.js';
import { describeVolume, gib, readVolumes, volumeNamed } from '../engine/storage/read-volumes.js';
import type { Flow, PlannedStep } from '../engine/flows/flow.js';
import { storageStep, type StorageWork } from './storage-step.js';
import { reportEntry } from '../engine/calls/step-result.js';

/**
 * operation volume: makes sure a cluster storage volume exists by name, with size at least, in region
 * when one is named (see ensureVolume); the step ends once it is Active. volume_cleanup: delete deletes
 * a volume it made when the job ends (the post step); keep (the default) leaves it for the next run.
 */
export const volumeFlow: Flow = {
  plan: (settings) => {
    const name = volumeInput(settings);
    if (settings.wait.mode === 'false')
      throw new InputError(
        'wait is false, but volume ends once the volume is Active (a volume that is not cannot be mounted or copied to): remove wait'
      );
    return volumeStep(settings, {
      run: async (ctx) => {
        const report = await ensureVolume(ctx);
        const { volume, created, adopted, grownFrom } = report;
        ctx.log(`volume ${volume.id}: Active, ${gib(volume.totalBytes)}${didLine(report, ctx.settings)}`);
        return {
          answer: report.answer,
          call: volumeListCall(ctx.settings, { ids: [volume.id] }),
          did: reportEntry('volume', { one: { volume, created, adopted, grownFrom, deleted: false } })
        };
      },
      dryRun: (ctx) => dryRunVolume(name, ctx)
    });
  }
};

/**
 * operation volume_list: every volume, across the list's pages (of region and of storage_class, when
 * given), and what they come to per 10 minutes (the summary), in the platform's own units.
 */
export const volumeListFlow: Flow = {
  plan: (settings) =>
    volumeStep(settings, {
      run: async (ctx) => {
        const { region, storageClass } = ctx.settings.storage;
        // An entry that reads as no volume is kept when nothing filters, as the list gave it.
        const asked = (volume: Volume | undefined): boolean =>
          (region === undefined && storageClass === undefined) ||
          (volume !== undefined &&
            (region === undefined || inStorageRegion(volume, region)) &&
            (storageClass === undefined || ofStorageClass(volume, storageClass)));
        const list = await readVolumes(ctx);
        const volumes = list.volumes.filter(asked);
        const summary = await retried('volume: summary', ctx.retries, () =>
          ctx.send(volumeSummaryCall(ctx.settings))
        );
        const entries = list.entries.filter((_, i) => asked(list.volumes[i]));
        const answer: Answer = {
          ...list.first,
          result: { ...list.first.result, data: { count: entries.length, results: entries } }
        };
        for (const volume of volumes) ctx.log(`volume ${describeVolume(volume)}`);
        return {
          answer,
          call: volumeListCall(ctx.settings),
          did: reportEntry('volume', {
            listed: { volumes, summary: volumeSummaryOf(summary.result.data) }
          })
        };
      },
      dryRun: (ctx) => {
        ctx.log('dry run: volume_list only reads; nothing was sent');
        return Promise.resolve(undefined);
      }
    })
};

/**
 * operation volume_delete: deletes the volume `volume` names, and waits until no list shows it. A
 * deletion cannot be undone, so confirm must name the volume again (its name or its storage_id); a volume
 * still mounted, or with a transfer under way, is refused unless force is set (which also skips the
 * platform's own checks).
 */
export const volumeDeleteFlow: Flow = {
  plan: (settings) => {
    const name = volumeInput(settings);
    const { confirm } = settings.storage;
    if (confirm === undefined)
      throw new InputError(
        `confirm is empty, but volume_delete deletes volume ${JSON.stringify(sanitize(name, 40))} and its data for good: set confirm to the volume's name or storage_id`
      );
    return volumeStep(settings, {
      run: async (ctx) => {
        const volume = await volumeToDelete(name, confirm, ctx);
        const outcome = await deleteVolume(volume, ctx.settings.storage.force, ctx);
        if (outcome.kind === 'failed')
          throw new Error(`volume ${volume.id} was not deleted: ${sanitize(outcome.why, 300)}`);
        ctx.log(`volume ${volume.id} (${sanitize(volume.name, 40)}): deleted, and no list shows it`);
        return {
          call: volumeListCall(ctx.settings, { ids: [volume.id] }),
          did: reportEntry('volume', {
            one: { volume, created: false, adopted: false, grownFrom: undefined, deleted: true }
          })
        };
      },
      dryRun: async (ctx) => {
        try {
          const volume = await volumeToDelete(name, confirm, ctx);
          ctx.log(
            `dry run: volume_delete would delete volume ${describeVolume(volume)}; only reads were sent`
          );
        } catch (error) {
          if (error instanceof InputError) throw error;
          ctx.log(
            `dry run: volume_delete would fail: ${error instanceof Error ? error.message : String(error)}`
          );
        }
        return undefined;
      }
    });
  }
};

/** What the step did to the volume, for its last line: made (and deleted at the end), adopted, grown. */
function didLine(
  report: Pick<VolumeReport, 'created' | 'adopted' | 'grownFrom'>,
  settings: DeploySettings
): string {
  const deletes = settings.storage.volumeCleanup === 'delete';
  if (report.created)
    return `, made by this step${deletes ? '; deleted when the job ends (volume_cleanup: delete)' : ''}`;
  if (report.adopted)
    return `, found by name after this step's create went unanswered${deletes ? '; kept when the job ends: nothing proves this step made it' : ''}`;
  return report.grownFrom === undefined ? '' : `, grown from ${gib(report.grownFrom)}`;
}

/** The volume input, which volume and volume_delete need. */
function volumeInput(settings: DeploySettings): string {
  const name = settings.storage.volume;
  if (name === undefined)
    throw new InputError(
      `volume is empty, but ${settings.operation} needs it: set volume to the volume's name (or storage_id), such as datasets`
    );
  return name;
}

/**
 * The volume volume_delete is to delete: the one `name` names, confirmed by `confirm` (its name or id),
 * and mounted nowhere unless force is set. Refused otherwise, with nothing sent but reads.
 */
async function volumeToDelete(name: string, confirm: string, ctx: DeployContext): Promise<Volume> {
  const volume = volumeNamed((await readVolumes(ctx)).volumes, name);
  if (volume === undefined)
    throw new Error(
      `no volume is named ${JSON.stringify(sanitize(name, 40))} (nor has that storage_id): nothing was deleted; see the volumes with operation volume_list`
    );
  if (confirm !== volume.name && confirm !== volume.id)
    throw new Error(
      `confirm ${JSON.stringify(sanitize(confirm, 40))} names neither volume ${volume.id} nor its name ${JSON.stringify(sanitize(volume.name, 40))}: nothing was deleted; set confirm to one of them`
    );
  if (ctx.settings.storage.force) return volume;
  if (volume.mounts > 0)
    throw new Error(
      `volume ${volume.id} is mounted in ${volume.mounts} task(s): nothing was deleted; stop them first, or set force: true to delete it anyway`
    );
  const { result } = await retried('transfer: list', ctx.retries, () =>
    ctx.send(transferListCall(ctx.settings, { storageId: volume.id, statuses: underWay(TRANSFER_KIND) }))
  );
  const busy = transfersOf(result.data).map((t) => t.id);
  if (busy.length > 0)
    throw new Error(
      `volume ${volume.id} has ${busy.length} transfer(s) under way (${busy.join(', ')}): nothing was deleted; stop them first (operation transfer_stop), or set force: true to delete it anyway`
    );
  return volume;
}

/** A volume flow's step: a failure is said against the volume list. */
function volumeStep(
  settings: DeploySettings,
  work: { run: (ctx: DeployContext) => Promise<StorageWork>; dryRun: PlannedStep['dryRun'] }
): PlannedStep {
  return storageStep(settings, { ...work, failedCall: (ctx) => volumeListCall(ctx.settings) });
}

/** What volume would do, from the list and the configurations (reads only). */
async function dryRunVolume(name: string, ctx: DeployContext): Promise<undefined> {
  const { sizeBytes, region, storageClass } = ctx.settings.storage;
  const found = volumeNamed((await readVolumes(ctx)).volumes, name);
  if (found !== undefined) {
    const grows = sizeBytes !== undefined && sizeBytes > (found.totalBytes ?? 0);
    const otherClass = storageClass !== undefined && !ofStorageClass(found, storageClass);
    ctx.log(
      `dry run: volume ${describeVolume(found)} exists${grows ? `; volume would grow it to ${gib(sizeBytes)}` : ''}${region !== undefined && !inStorageRegion(found, region) ? `; it is not in region ${sanitize(region, 60)}, so volume would fail` : ''}${otherClass ? `; it is not of storage class ${sanitize(storageClass, 60)}, so volume would fail` : ''}; only reads were sent`
    );
    return undefined;
  }
  if (sizeBytes === undefined) {
    ctx.log(
      `dry run: no volume is named ${JSON.stringify(sanitize(name, 40))}, and size is empty, so volume would fail`
    );
    return undefined;
  }
  const { result } = await retried('volume: configurations', ctx.retries, () =>
    ctx.send(volumeConfigsCall(ctx.settings))
  );
  const choice = chooseVolumeConfig(volumeConfigsOf(result.data), { bytes: sizeBytes, region, storageClass });
  ctx.log(
    choice.chosen === undefined
      ? `dry run: volume could not create ${JSON.stringify(sanitize(name, 40))}: ${choice.why}; only reads were sent`
      : `dry run: volume would create ${JSON.stringify(sanitize(name, 40))} of ${gib(sizeBytes)} from configuration ${choice.chosen.id} in ${sanitize(choice.chosen.region ?? '', 60)}; only reads were sent`
  );
  return undefined;
}
