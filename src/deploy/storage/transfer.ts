import { InputError } from '../../basics/input-error.js';
import { describeError } from '../../platform/failures.js';
import { sanitize } from '../../basics/safe-text.js';
import { transferDetailCall, transferListCall } from '../../platform/operations/calls.js';
import { TRANSFER_KIND } from '../../platform/task-kinds.js';
import { transfersOf } from '../../platform/transfer-data.js';
import type { DeployContext } from '../engine/context.js';
import { retried } from '../engine/retries.js';
import type { DeploySettings } from '../engine/settings.js';
import { readVolumes, volumeNamed } from '../engine/storage/read-volumes.js';
import {
  completedLine,
  runTransfer,
  runTransferName,
  transferBody,
  transferVolume
} from '../engine/storage/run-transfer.js';
import { checkEncryption } from '../engine/storage/check-copies.js';
import { readTransfer, stopTransfer } from '../engine/storage/stop-transfer.js';
import { progressLine } from '../engine/storage/transfer-lines.js';
import type { Flow, PlannedStep } from '../engine/flows/flow.js';
import { storageStep, type StorageWork } from './storage-step.js';
import { reportEntry } from '../engine/calls/step-result.js';

/**
 * operation transfer: copies between object storage and a volume, to the end (see runTransfer): the
 * connection checked first, progress at each poll, a failed transfer retried, one left under way
 * stopped. Every input is checked before anything is sent, the encryption the create needs too.
 */
export const transferFlow: Flow = {
  plan: (settings) => {
    const name = needed(
      settings,
      'volume',
      settings.storage.volume,
      "the volume's name (or storage_id), such as datasets"
    );
    const t = settings.storage.transfer;
    needed(settings, 'direction', t.direction, 's3-to-volume or volume-to-s3');
    needed(
      settings,
      's3_supplier',
      t.supplier,
      'the object storage vendor, such as tencent, aws, aliyun or minio'
    );
    needed(
      settings,
      's3_endpoint',
      t.endpoint,
      "the object storage's endpoint, such as cos.ap-guangzhou.myqcloud.com"
    );
    needed(settings, 's3_bucket', t.bucket, 'the bucket');
    needed(settings, 's3_access_key', t.accessKey, 'the access key, from a secret (or DEPLOY_S3_ACCESS_KEY)');
    needed(settings, 's3_secret_key', t.secretKey, 'the secret key, from a secret (or DEPLOY_S3_SECRET_KEY)');
    if (settings.wait.mode === 'false')
      throw new InputError(
        'wait is false, but transfer follows the copy to its end (and stops it if the step ends first): remove wait'
      );
    // The create is encrypted, as the reference requires: a key that cannot encrypt is refused here.
    checkEncryption(settings);
    return transferStep(settings, {
      run: async (ctx) => {
        const volume = await transferVolume(name, ctx);
        const runName = runTransferName(settings.taskName ?? volume.name, ctx);
        const report = await runTransfer(volume, transferBody(t, volume, runName), ctx);
        ctx.log(completedLine(report, t.overwrite));
        return {
          call: transferDetailCall(ctx.settings, report.transfer.id),
          answer: report.answer,
          did: reportEntry('transfer', {
            one: { transfer: report.transfer, elapsedMs: report.elapsedMs, retries: report.retries }
          })
        };
      },
      dryRun: async (ctx) => {
        const volume = volumeNamed((await readVolumes(ctx)).volumes, name);
        ctx.log(
          volume === undefined
            ? `dry run: no volume is named ${JSON.stringify(sanitize(name, 40))}, so transfer would fail; only reads were sent`
            : `dry run: transfer would check the connection to bucket ${sanitize(t.bucket ?? '', 100)}, then copy ${t.direction === 's3-to-volume' ? `its prefix ${JSON.stringify(sanitize(t.prefix, 200))} to volume ${volume.id}:${sanitize(t.volumePath, 200)}` : `volume ${volume.id}:${sanitize(t.volumePath, 200)} to its prefix ${JSON.stringify(sanitize(t.prefix, 200))}`} (overwrite_policy ${t.overwrite}); only reads were sent`
        );
        return undefined;
      }
    });
  }
};

/** operation transfer_detail: a transfer's detail, by transfer_id, with a line of its progress. */
export const transferDetailFlow: Flow = {
  plan: (settings) => {
    const id = transferId(settings);
    return transferStep(settings, {
      run: async (ctx) => {
        const answer = await retried(`transfer ${id}`, ctx.retries, () =>
          ctx.send(transferDetailCall(ctx.settings, id))
        );
        const transfer = TRANSFER_KIND.transferOf(answer.result.data);
        if (transfer === undefined) throw new Error(`the detail of transfer ${id} carries no transfer`);
        ctx.log(progressLine(transfer, 0).replace(/, 0s elapsed$/, ''));
        return {
          call: transferDetailCall(ctx.settings, id),
          answer,
          did: reportEntry('transfer', { one: { transfer, elapsedMs: undefined, retries: 0 } })
        };
      },
      dryRun: readsOnly
    });
  }
};

/** operation transfer_list: the transfers (of the volume `volume` names, when given), each with its progress. */
export const transferListFlow: Flow = {
  plan: (settings) =>
    transferStep(settings, {
      run: async (ctx) => {
        const name = ctx.settings.storage.volume;
        const volume = name === undefined ? undefined : volumeNamed((await readVolumes(ctx)).volumes, name);
        if (name !== undefined && volume === undefined)
          throw new Error(
            `no volume is named ${JSON.stringify(sanitize(name, 40))} (nor has that storage_id)`
          );
        const call = transferListCall(ctx.settings, volume === undefined ? {} : { storageId: volume.id });
        const answer = await retried('transfer: list', ctx.retries, () => ctx.send(call));
        const transfers = transfersOf(answer.result.data);
        for (const transfer of transfers) ctx.log(progressLine(transfer, 0).replace(/, 0s elapsed$/, ''));
        return { call, answer, did: reportEntry('transfer', { listed: transfers }) };
      },
      dryRun: readsOnly
    })
};

/** operation transfer_stop: stops a transfer, and waits until its detail says it copies no more. */
export const transferStopFlow: Flow = {
  plan: (settings) => {
    const id = transferId(settings);
    return transferStep(settings, {
      run: async (ctx) => {
        const outcome = await stopTransfer(id, ctx);
        if (outcome.kind === 'failed')
          throw new Error(`transfer ${id} was not stopped: ${sanitize(outcome.why, 300)}`);
        const transfer = await readTransfer(id, ctx);
        ctx.log(`transfer ${id}: ${sanitize(outcome.state, 20)}: it copies no more`);
        return {
          call: transferDetailCall(ctx.settings, id),
          ...(transfer === undefined
            ? {}
            : { did: reportEntry('transfer', { one: { transfer, elapsedMs: undefined, retries: 0 } }) })
        };
      },
      dryRun: async (ctx) => {
        const transfer = await readTransfer(id, ctx).catch((error: unknown) => {
          ctx.log(`dry run: transfer_stop would fail: ${describeError(error)}`);
          return null;
        });
        if (transfer === null) return undefined;
        ctx.log(
          `dry run: transfer_stop would stop transfer ${id}${transfer === undefined ? '' : `, now ${sanitize(transfer.status ?? '?', 20)}`}; only reads were sent`
        );
        return undefined;
      }
    });
  }
};

/** transfer_id, which transfer_detail and transfer_stop need. */
function transferId(settings: DeploySettings): string {
  return needed(
    settings,
    'transfer_id',
    settings.storage.transfer.id,
    'the id a transfer step or transfer_list gives'
  );
}

/** An input the operation needs, or an error that names it and the fix. */
function needed<T>(settings: DeploySettings, input: string, value: T | undefined, what: string): T {
  if (value === undefined)
    throw new InputError(`${input} is empty, but ${settings.operation} needs it: set ${input} to ${what}`);
  return value;
}

const readsOnly = (ctx: DeployContext): Promise<undefined> => {
  ctx.log(`dry run: ${ctx.settings.operation} only reads; nothing was sent`);
  return Promise.resolve(undefined);
};

/** A transfer flow's step: a failure is said against the transfer list. */
function transferStep(
  settings: DeploySettings,
  work: { run: (ctx: DeployContext) => Promise<StorageWork>; dryRun: PlannedStep['dryRun'] }
): PlannedStep {
  return storageStep(settings, { ...work, failedCall: (ctx) => transferListCall(ctx.settings) });
}
