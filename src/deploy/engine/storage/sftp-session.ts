import { sanitize } from '../../../basics/safe-text.js';
import { formatDuration, rfc3339 } from '../../../basics/units.js';
import { describeError } from '../../../platform/failures.js';
import { sftpDestroyCall, sftpObtainCall } from '../../../platform/operations/calls.js';
import {
  SFTP_EXCEPTION,
  SFTP_PENDING,
  SFTP_RUNNING,
  sftpSessionOf,
  type SftpCredentials,
  type SftpSession
} from '../../../platform/sftp-session-data.js';
import { sendUntilShown, type Persisted, type Showing } from '../ask-again.js';
import type { SftpSessionLeft } from '../cleanup-state.js';
import { contextFor, deployContext, type DeployContext } from '../context.js';
import { HEARTBEAT_MS, pollUntil, timeLeft, type Round } from '../poll.js';
import { retried } from '../retries.js';
import { readVolume } from './read-volumes.js';
import { leaveSftpSession, settleSftpSession } from './sftp-ledger.js';

/** A volume's SFTP session once Running: where to connect, with what, and until when. */
export interface OpenSftp {
  readonly storageId: string;
  /** The password is masked (the host's mask) before openSftp answers. */
  readonly credentials: SftpCredentials;
  /** ms since the epoch; undefined when the platform gave no expiry. */
  readonly expiresAt: number | undefined;
}

/**
 * How obtain is asked again while the session is Pending: soon at first (the platform opens one in
 * seconds), then less often; never a sleep past the step's deadline (the poll's).
 */
const PENDING_SCHEDULE = { kind: 'backoff', firstMs: 1_000, factor: 2, mostMs: 10_000 } as const;

/**
 * Opens the volume's SFTP session: on the ledger first (the post step and `elastic-deploy cleanup`
 * destroy one a killed step left), then obtain, asked again while Pending (backing off, cancellable,
 * within the step's deadline), until Running gives the credentials; Exception fails naming its error_code
 * and error_message (sanitized). Each obtain is retried as the step's reads are (429 as Retry-After asks,
 * 5xx, no answer), its answer needed by the deadline. The password is masked before this answers, and
 * never logged, saved or returned in any other form. Whatever happens after the ledger entry is written,
 * the caller closes the session (closeSftp; withSftpSession does both).
 */
export async function openSftp(volume: { id: string }, ctx: DeployContext): Promise<OpenSftp> {
  const storageId = volume.id;
  ctx.log(`sftp: opening a session to volume ${storageId}`);
  leaveSftpSession(ctx, { storageId, expiresAt: undefined });
  const said = new Set<string>();
  const ended = await pollUntil<SftpSession>(
    async (): Promise<Round<SftpSession>> => {
      // A round due at the deadline itself sends nothing: its answer could not come in time.
      if (ctx.runtime.now() >= ctx.deadline) return { kind: 'waiting' };
      const session = await obtain(storageId, ctx);
      if (session.status === SFTP_RUNNING || session.status === SFTP_EXCEPTION)
        return { kind: 'done', value: session };
      const status = session.status ?? 'no status';
      if (session.status !== SFTP_PENDING && !said.has(status)) {
        said.add(status);
        ctx.log(
          `sftp: volume ${storageId}: the session reads ${JSON.stringify(sanitize(status, 40))}, a status the reference does not list; asking again`
        );
        return { kind: 'waiting', said: true };
      }
      return {
        kind: 'waiting',
        progress: `sftp: volume ${storageId}: the session is ${sanitize(status, 40)}`
      };
    },
    {
      deadline: ctx.deadline,
      schedule: PENDING_SCHEDULE,
      failureBudget: Infinity,
      lastLookAtDeadline: false,
      heartbeat: {
        everyMs: HEARTBEAT_MS,
        line: () =>
          `sftp: volume ${storageId}: the session is still opening (${timeLeft(ctx.deadline, ctx.runtime.now())})`
      }
    },
    { ...ctx.runtime, log: ctx.log }
  );
  if (ended.kind !== 'done') {
    const why = ended.kind === 'cancelled' ? 'the step was cancelled' : 'the step ran out of time';
    throw new Error(
      `sftp: the session of volume ${storageId} did not open: ${why} while it was still Pending`
    );
  }
  return running(storageId, ended.value, ctx);
}

/** One obtain, retried as a read is, its answer needed by the step's deadline; the session it answered. */
async function obtain(storageId: string, ctx: DeployContext): Promise<SftpSession> {
  const answer = await retried(`sftp: volume ${storageId}: obtain`, ctx.retries, () =>
    ctx.send(sftpObtainCall(ctx.settings, storageId), { notAfter: ctx.deadline })
  );
  // The session layer masked the password as the answer came (a secret-named field); once more here, in
  // case a host masks only what it is handed: before anything read from the answer is shown.
  const password = (answer.result.data as { password?: unknown } | null)?.password;
  if (typeof password === 'string' && password !== '') ctx.runtime.mask?.([password]);
  return sftpSessionOf(answer.result.data);
}

/** The open session of a Running answer (its expiry on the ledger), or an Exception's error. */
function running(storageId: string, session: SftpSession, ctx: DeployContext): OpenSftp {
  if (session.status === SFTP_EXCEPTION) {
    const code = sanitize(session.errorCode ?? 'none', 60);
    const message = sanitize(session.errorMessage ?? 'none', 300);
    throw new Error(
      `sftp: the session of volume ${storageId} failed (Exception): error_code ${JSON.stringify(code)}, error_message ${JSON.stringify(message)}`
    );
  }
  const { credentials, expiresAt } = session;
  if (credentials === undefined) throw new Error(`sftp: volume ${storageId}: Running without credentials`);
  leaveSftpSession(ctx, { storageId, expiresAt });
  const until =
    expiresAt === undefined
      ? 'with no expiry given'
      : `until ${rfc3339(expiresAt)} (in ${formatDuration(Math.max(0, expiresAt - ctx.runtime.now()))})`;
  const host = credentials.host.includes(':') ? `[${credentials.host}]` : credentials.host;
  ctx.log(
    `sftp: volume ${storageId}: the session is open at ${sanitize(host, 100)}:${credentials.port}, ${until}`
  );
  return { storageId, credentials, expiresAt };
}

/**
 * Destroys the volume's SFTP session and, once closed, takes it off the ledger (left there otherwise, for
 * the post step). "Closed" means: a destroy the platform accepted (the API has no read of a session that
 * does not open one, obtain, and destroy answers data null: an accepted destroy, harmless to repeat, is
 * the only word there is that no session remains), or, while destroys are refused or fail, a read that
 * shows the session cannot be there: its volume no longer listed (a session ends with its volume), or the
 * expiry Running gave passed. Asked again until cleanup_timeout (or the context's deadline) runs out.
 */
export async function closeSftp(
  storageId: string,
  ctx: DeployContext,
  expiresAt: number | undefined = ledgerExpiry(storageId, ctx)
): Promise<Persisted> {
  const outcome = await sendUntilShown(
    sftpDestroyCall(ctx.settings, storageId),
    `sftp: volume ${storageId}: destroy`,
    (refused) => closedAfter(refused, storageId, expiresAt, ctx),
    ctx
  );
  if (outcome.kind === 'shown') {
    settleSftpSession(ctx, storageId);
    ctx.log(`sftp: volume ${storageId}: the session is closed (${outcome.state})`);
  }
  return outcome;
}

/** Whether the session is closed after a destroy (see closeSftp): accepted, or shown by a read. */
async function closedAfter(
  refused: unknown,
  storageId: string,
  expiresAt: number | undefined,
  ctx: DeployContext
): Promise<Showing> {
  if (refused === undefined) return { shown: true, state: 'destroyed: the platform accepted the destroy' };
  if (expiresAt !== undefined && ctx.runtime.now() >= expiresAt)
    return { shown: true, state: `expired at ${rfc3339(expiresAt)}` };
  try {
    const { volume } = await readVolume(storageId, ctx);
    if (volume === undefined) return { shown: true, state: 'its volume is no longer listed' };
    return { shown: false, state: `volume ${storageId} is ${sanitize(volume.status ?? 'listed', 20)}` };
  } catch (error) {
    return { shown: false, state: `the volume list could not be read (${describeError(error)})` };
  }
}

/** The expiry the ledger holds for a volume's session, if any. */
function ledgerExpiry(storageId: string, ctx: DeployContext): number | undefined {
  return ctx.cleanup.state().sftpSessions.find((s) => s.storageId === storageId)?.expiresAt;
}

/** The post step's (and `elastic-deploy cleanup`'s): destroys a session the step left on the ledger. */
export function closeSftpLeft(left: SftpSessionLeft, ctx: DeployContext): Promise<Persisted> {
  return closeSftp(left.storageId, ctx, left.expiresAt);
}

/** Once the step is cancelled, the close has this long in all, its requests in flight included. */
const CANCELLED_CLOSE_MS = 5_000;

/**
 * Opens the volume's session, hands it to `use`, and closes it whatever happens: within cleanup_timeout of
 * its own, past the step's deadline if need be; once the step is cancelled, on a runtime the cancel does
 * not stop, for a few seconds (as a job's stop is). A close that fails leaves the session on the ledger,
 * for the post step, and is said.
 */
export async function withSftpSession<T>(
  volume: { id: string },
  ctx: DeployContext,
  use: (session: OpenSftp) => Promise<T>
): Promise<T> {
  try {
    return await use(await openSftp(volume, ctx));
  } finally {
    const { cleanupTimeoutMs } = ctx.settings;
    const runtime = ctx.runtime.cancelled()
      ? ctx.runtime.uncancelled(Math.min(cleanupTimeoutMs, CANCELLED_CLOSE_MS))
      : undefined;
    const closing =
      runtime === undefined
        ? contextFor(ctx, cleanupTimeoutMs)
        : deployContext(ctx.settings, runtime, {
            budgetMs: Math.min(cleanupTimeoutMs, CANCELLED_CLOSE_MS),
            cleanup: ctx.cleanup
          });
    try {
      const outcome = await closeSftp(volume.id, closing);
      if (outcome.kind === 'failed')
        ctx.runtime.warn(
          `sftp: the session of volume ${volume.id} could not be destroyed (${sanitize(outcome.why, 300)}): the post step tries again`
        );
    } finally {
      runtime?.dispose();
    }
  }
}
