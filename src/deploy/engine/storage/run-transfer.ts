import { sanitize } from '../../../basics/safe-text.js';
import { formatDuration } from '../../../basics/units.js';
import { describeError, neverSent, retryIfTransient } from '../../../platform/failures.js';
import {
  transferCheckCall,
  transferCreateCall,
  transferDetailCall,
  transferRetryCall,
  type TransferBody
} from '../../../platform/operations/calls.js';
import type { Call } from '../../../platform/operations/operation-table.js';
import type { Answer } from '../../../platform/session.js';
import { withRetries } from '../../../platform/retry.js';
import { TRANSFER_KIND, underWay, VOLUME_KIND } from '../../../platform/task-kinds.js';
import type { Transfer } from '../../../platform/transfer-data.js';
import { isRecord } from '../../../basics/records.js';
import { exactInteger } from '../../../protocol/json.js';
import type { Volume } from '../../../platform/volume-data.js';
import type { DeployContext } from '../context.js';
import { HEARTBEAT_MS, pollUntil, timeLeft, type Round } from '../poll.js';
import { retried } from '../retries.js';
import type { TransferSettings } from '../settings.js';
import { describeVolume, readVolumes, volumeNamed } from './read-volumes.js';
import { findTransfer } from './find-transfer.js';
import { stopTransfer } from './stop-transfer.js';
import { leaveTransfer, settleTransfer } from './transfer-ledger.js';
import { gibOf, moved, progressLine, rateOf } from './transfer-lines.js';

/**
 * What a transfer's detail says of a wait for it: completed, failed (Error, Exception: with the
 * platform's error_code and error_message), ended otherwise (Stopped, Deleted, or a status the reference
 * does not list); undefined while it is under way.
 */
export function judgeTransfer(transfer: Transfer, answer: Answer): Watched | undefined {
  const status = transfer.status ?? '';
  if (TRANSFER_KIND.statuses.success.includes(status)) return { kind: 'completed', transfer, answer };
  if (TRANSFER_KIND.statuses.failure.includes(status)) {
    const code = transfer.errorCode === undefined ? '' : ` ${sanitize(transfer.errorCode, 60)}`;
    const message =
      transfer.errorMessage === undefined ? 'no error_message' : sanitize(transfer.errorMessage, 300);
    return { kind: 'failed', why: `${sanitize(status, 20)} (error${code}: ${message})` };
  }
  if (underWay(TRANSFER_KIND).includes(status)) return undefined;
  return { kind: 'stopped', why: `it is ${sanitize(status || 'of no status', 20)}` };
}

/** What a transfer step did: the transfer as it ended, its volume, how often it was retried. */
export interface TransferReport {
  readonly transfer: Transfer;
  /** The detail's answer that shows it Completed (the data output). */
  readonly answer: Answer;
  readonly volume: Volume;
  readonly retries: number;
  readonly elapsedMs: number;
}

/** The platform's numbers for the overwrite policies. */
const POLICIES = { overwrite: 1, skip: 2, hash: 3 } as const;

/**
 * The volume a transfer copies to or from: the one `volume` names, which must be Active (a transfer into a
 * volume that is still being made is refused by the platform). `copy` names what needs it so, in the error:
 * a transfer, or a copy over the volume's SFTP session.
 */
export async function transferVolume(name: string, ctx: DeployContext, copy = 'a transfer'): Promise<Volume> {
  const volume = volumeNamed((await readVolumes(ctx)).volumes, name);
  if (volume === undefined)
    throw new Error(
      `no volume is named ${JSON.stringify(sanitize(name, 40))} (nor has that storage_id): make sure of it first with operation volume`
    );
  if (!VOLUME_KIND.statuses.running.includes(volume.status ?? ''))
    throw new Error(
      `volume ${describeVolume(volume)} is not Active, and ${copy} needs it Active: make sure of it first with operation volume, which waits until it is`
    );
  return volume;
}

/**
 * A transfer's name only this run uses (`ed-<base>-<what><time><random>`), by which a create whose answer
 * was lost is found: two runs of one workflow at the same moment must not find each other's.
 */
export function runTransferName(
  base: string,
  ctx: { readonly runtime: Pick<DeployContext['runtime'], 'now' | 'random'> },
  what = ''
): string {
  const random = Math.floor(ctx.runtime.random() * 36 ** 4)
    .toString(36)
    .padStart(4, '0');
  return `ed-${sanitize(base, 40)}-${what}${ctx.runtime.now().toString(36)}${random}`;
}

/** What the transfer sends: the inputs, the volume's id, and a name unique to the run (to find it by). */
export function transferBody(settings: TransferSettings, volume: Volume, name: string): TransferBody {
  const { direction, supplier, endpoint, bucket, accessKey, secretKey } = settings;
  if (
    direction === undefined ||
    supplier === undefined ||
    endpoint === undefined ||
    bucket === undefined ||
    accessKey === undefined ||
    secretKey === undefined
  )
    throw new Error('unreachable: a transfer planned without its inputs');
  return {
    storage_id: exactInteger(volume.id),
    name,
    direction: direction === 's3-to-volume' ? 1 : 2,
    s3_supplier: supplier,
    s3_endpoint: endpoint,
    s3_access_key: accessKey,
    s3_secret_key: secretKey,
    s3_bucket: bucket,
    s3_prefix: settings.prefix,
    nas_path: settings.volumePath,
    overwrite_policy: POLICIES[settings.overwrite],
    ignore_patterns: settings.ignorePatterns
  };
}

/**
 * A transfer between object storage and a volume, to its end: the connection checked first (the s3
 * check's data.pass decides; nothing is made when it does not pass), the transfer made (never sent twice:
 * the list says whether one that failed landed), followed with a progress line at each poll, 10 s apart
 * at the least; one that fails (Error, Exception) submitted again up to transfer_retries times, each a new
 * transfer followed in its turn. One still under way when the wait ends, or whose detail cannot be read,
 * is stopped; when the step is cancelled, the post step stops it (it is on the ledger from before its
 * create is sent).
 */
export async function runTransfer(
  volume: Volume,
  body: TransferBody,
  ctx: DeployContext
): Promise<TransferReport> {
  const started = ctx.runtime.now();
  await checkConnection(body, ctx);
  let id = await startTransfer(volume, body, ctx, transferCreateCall(ctx.settings, body), undefined);
  for (let retries = 0; ; retries++) {
    const end = await watchTransfer(id, started, ctx);
    if (end.kind === 'completed') {
      settleTransfer(ctx, body.name);
      return {
        transfer: end.transfer,
        answer: end.answer,
        volume,
        retries,
        elapsedMs: ctx.runtime.now() - started
      };
    }
    if (end.kind === 'failed' && retries < ctx.settings.storage.transfer.retries) {
      ctx.log(
        `transfer ${id}: ${end.why}; submitting it again (retry ${retries + 1} of ${ctx.settings.storage.transfer.retries})`
      );
      id = await startTransfer(volume, body, ctx, transferRetryCall(ctx.settings, id, body), id);
      continue;
    }
    throw new Error(await endOf(id, end, retries, body, ctx));
  }
}

/** Why a transfer did not complete, once whatever must be done about it is done (stopped, or left). */
async function endOf(
  id: string,
  end: Exclude<Watched, { kind: 'completed' }>,
  retries: number,
  body: TransferBody,
  ctx: DeployContext
): Promise<string> {
  if (end.kind === 'failed' || end.kind === 'stopped') {
    settleTransfer(ctx, body.name);
    return end.kind === 'failed'
      ? `transfer ${id} failed: ${end.why}${retries > 0 ? ` (after ${retries} retries, transfer_retries ${ctx.settings.storage.transfer.retries})` : ''}`
      : `transfer ${id} ended before it completed: ${end.why}`;
  }
  if (end.kind === 'cancelled')
    return `the step was cancelled while transfer ${id} was ${end.why}: the post step stops it`;
  const stopped = await stopTransfer(id, ctx);
  if (stopped.kind === 'shown') settleTransfer(ctx, body.name);
  const how =
    stopped.kind === 'shown'
      ? `it was stopped (${sanitize(stopped.state, 20)})`
      : `it could not be stopped (${sanitize(stopped.why, 300)}): the post step tries again`;
  return end.kind === 'timed_out'
    ? `transfer ${id} did not complete within wait_timeout (${end.why}); ${how}`
    : `transfer ${id} could not be read (${end.why}); ${how}`;
}

/** Checks that the platform reaches the object storage with these keys: its data.pass decides, not its code. */
async function checkConnection(body: TransferBody, ctx: DeployContext): Promise<void> {
  const { result } = await retried('transfer: s3 check', ctx.retries, () =>
    ctx.send(transferCheckCall(ctx.settings, body))
  );
  const verdict = isRecord(result.data) ? result.data : {};
  if (verdict.pass === true) {
    ctx.log(
      `transfer: the platform reaches bucket ${sanitize(body.s3_bucket, 100)} at ${sanitize(body.s3_endpoint, 100)}`
    );
    return;
  }
  const said = typeof verdict.message === 'string' ? `: ${sanitize(verdict.message, 300)}` : '';
  throw new Error(
    `the platform cannot reach bucket ${sanitize(body.s3_bucket, 100)} at ${sanitize(body.s3_endpoint, 100)} with these keys (the s3 check's pass is ${verdict.pass === false ? 'false' : 'missing'}${said}); nothing was copied: check s3_endpoint, s3_bucket and the keys`
  );
}

/**
 * Sends a transfer's create (or a retry of transfer `replaces`, which makes a new one of the same name and
 * deletes the old), and answers its id: from the answer, else from the volume's transfers by name, in
 * every status and on every page (see findTransfer), never the one a retry submitted again. Sent again
 * only while no attempt can have been applied; on the ledger by name before, by id after.
 */
async function startTransfer(
  volume: Volume,
  body: TransferBody,
  ctx: DeployContext,
  call: Call,
  replaces: string | undefined
): Promise<string> {
  const what = replaces === undefined ? 'create' : 'retry';
  leaveTransfer(ctx, { name: body.name, storageId: volume.id, id: undefined });
  let failure: unknown;
  let id: string | undefined;
  try {
    const { result } = await withRetries(
      `transfer: ${what}`,
      () => ctx.send(call),
      (error) => (neverSent(error) ? retryIfTransient(error, ctx.retries.deps.now()) : { retry: false }),
      ctx.retries.policy,
      ctx.retries.deps
    );
    id = TRANSFER_KIND.transferOf(result.data)?.id;
  } catch (error) {
    if (neverSent(error) || ctx.runtime.cancelled()) throw error;
    failure = error;
  }
  if (id === undefined) {
    // The answer says nothing sure: the volume's transfers do.
    const found = await findTransfer(body.name, volume.id, ctx);
    id = found?.id === replaces ? undefined : found?.id;
    const answered =
      failure === undefined ? 'was answered without an id' : `failed (${describeError(failure)})`;
    if (id === undefined)
      throw new Error(
        `the transfer's ${what} ${answered}, and the volume's transfers show ${replaces === undefined ? 'none' : 'no new one'} named ${JSON.stringify(body.name)}: it was not sent again, since one sent may still land; the post step stops it if it does`
      );
    ctx.log(
      `transfer: the ${what} ${answered}, but transfer ${id} of that name is listed (${sanitize(found?.status ?? 'no status', 20)}): it landed`
    );
  }
  leaveTransfer(ctx, { name: body.name, storageId: volume.id, id });
  ctx.log(
    `transfer_id: ${id} (${body.direction === 1 ? `bucket ${sanitize(body.s3_bucket, 100)}/${sanitize(body.s3_prefix, 200)} to volume ${volume.id}:${sanitize(body.nas_path, 200)}` : `volume ${volume.id}:${sanitize(body.nas_path, 200)} to bucket ${sanitize(body.s3_bucket, 100)}/${sanitize(body.s3_prefix, 200)}`})`
  );
  return id;
}

/** How a wait for one transfer ended. */
export type Watched =
  | { kind: 'completed'; transfer: Transfer; answer: Answer }
  | { kind: 'failed' | 'stopped' | 'timed_out' | 'cancelled' | 'unread'; why: string };

/**
 * Follows a transfer by its detail at a fixed rate, 10 s apart at the least (or poll_interval when
 * longer), within the step's deadline: a progress line each time something moved, the heartbeat when
 * nothing did for a minute; totals of 0 read as still counting, never as done.
 */
async function watchTransfer(id: string, started: number, ctx: DeployContext): Promise<Watched> {
  let last: Transfer | undefined;
  const elapsed = (): number => ctx.runtime.now() - started;
  const polled = await pollUntil<Watched>(
    async (): Promise<Round<Watched>> => {
      let answer: Answer;
      try {
        answer = await retried(`transfer ${id}`, ctx.retries, () =>
          ctx.send(transferDetailCall(ctx.settings, id))
        );
      } catch (error) {
        return { kind: 'unread', why: describeError(error) };
      }
      const transfer = TRANSFER_KIND.transferOf(answer.result.data);
      if (transfer === undefined) return { kind: 'unread', why: 'its detail carries no transfer' };
      const line = progressLine(transfer, elapsed());
      const said = moved(last, transfer);
      if (said) ctx.log(`${line} (${timeLeft(ctx.deadline, ctx.runtime.now())})`);
      last = transfer;
      const ended = judgeTransfer(transfer, answer);
      if (ended !== undefined) return { kind: 'done', value: ended };
      return { kind: 'waiting', progress: line, said };
    },
    {
      deadline: ctx.deadline,
      schedule: {
        kind: 'fixed_rate',
        intervalMs: Math.max(TRANSFER_KIND.leastPollMs, ctx.settings.wait.intervalMs)
      },
      failureBudget: ctx.settings.wait.pollErrorBudget,
      lastLookAtDeadline: true,
      heartbeat: {
        everyMs: HEARTBEAT_MS,
        line: () =>
          `${last === undefined ? `transfer ${id}: not read yet` : progressLine(last, elapsed())}: nothing moved in the last minute (${timeLeft(ctx.deadline, ctx.runtime.now())})`
      }
    },
    { ...ctx.runtime, log: ctx.log }
  );
  if (polled.kind === 'done') return polled.value;
  if (polled.kind === 'unread') return { kind: 'unread', why: polled.why };
  return {
    kind: polled.kind,
    why: `${sanitize(last?.status ?? 'not read yet', 20)} after ${formatDuration(elapsed())}`
  };
}

/** What the log says of a transfer that completed: what it copied, how fast, and what it left as it was. */
export function completedLine(report: TransferReport, overwrite: TransferSettings['overwrite']): string {
  const { transfer, elapsedMs } = report;
  const files = transfer.filesDone ?? 0;
  const bytes = transfer.bytesDone ?? 0;
  const rate = elapsedMs > 0 ? rateOf((bytes * 1000) / elapsedMs) : rateOf(0);
  const skipped =
    overwrite === 'overwrite'
      ? 'every file copied again (overwrite_policy overwrite)'
      : `files already there ${overwrite === 'hash' ? 'with the same content' : 'by name'} were not copied again (overwrite_policy ${overwrite})`;
  return files === 0
    ? `transfer ${transfer.id}: Completed, nothing new to copy: ${skipped}; ${formatDuration(elapsedMs)}`
    : `transfer ${transfer.id}: Completed, copied ${files} files (${gibOf(bytes)}) in ${formatDuration(elapsedMs)}, ${rate} on average; ${skipped}`;
}
