import { sanitize } from '../../../basics/safe-text.js';
import { LoginRefused, type OpenRemote, type RemoteFiles } from '../../../platform/sftp/remote-files.js';
import type { DeployContext } from '../context.js';
import { openSftp, withSftpSession, type OpenSftp } from './sftp-session.js';

/** Chunks of one file in flight at once, and their size: ssh2's own defaults (2 MiB in flight). */
const CHUNKS_IN_FLIGHT = 64;
const CHUNK_BYTES = 32 * 1024;
/** How long a connection may take to open, and a silent one to be declared gone (within the deadline). */
const CONNECT_MS = 20_000;
/** A session this close to its expiry is asked for again before a connection is opened with it. */
const EXPIRY_MARGIN_MS = 30_000;

/**
 * Connections to a volume's files over its session, first `session`: each OpenRemote opens one with the
 * session's credentials. A session at (or near) its expiry, or whose login the server refuses (it ended:
 * destroyed, by another run on the same volume too, or expired early), is asked for again (obtain makes
 * new credentials once the old session ended), once a connection. Each server's host key is shown in the
 * log on first contact and held for the step: a server that later shows another key is refused before the
 * password is sent (the platform publishes no fingerprint to check the first against: docs/security.md).
 */
export function sftpRemote(volume: { id: string }, session: OpenSftp, ctx: DeployContext): OpenRemote {
  let current = session;
  const keys = new Map<string, string>();
  const connect = async (): Promise<RemoteFiles> => {
    const { openSftpFiles } = await import('../../../platform/sftp/sftp-files.js');
    const { host, port, username, password } = current.credentials;
    const address = `${sanitize(host, 100)}:${port}`;
    return openSftpFiles(
      { host, port, username, password },
      {
        chunksInFlight: CHUNKS_IN_FLIGHT,
        chunkBytes: CHUNK_BYTES,
        timeoutMs: Math.max(1_000, Math.min(CONNECT_MS, ctx.deadline - ctx.runtime.now())),
        hostKey: (fingerprint) => {
          const known = keys.get(address);
          if (known === undefined) {
            keys.set(address, fingerprint);
            ctx.log(
              `sftp: ${address} shows the host key ${fingerprint} (first contact: the platform publishes no fingerprint to check it against)`
            );
          }
          return known === undefined || known === fingerprint;
        }
      }
    );
  };
  return async () => {
    const { expiresAt } = current;
    if (expiresAt !== undefined && ctx.runtime.now() >= expiresAt - EXPIRY_MARGIN_MS) {
      ctx.log(`sftp: volume ${volume.id}: the session expires, asking for a new one`);
      current = await openSftp(volume, ctx);
    }
    try {
      return await connect();
    } catch (error) {
      if (!(error instanceof LoginRefused)) throw error;
      ctx.log(
        `sftp: volume ${volume.id}: the server refused the session's login (it ended): asking for a new one`
      );
      current = await openSftp(volume, ctx);
      return connect();
    }
  };
}

/**
 * Runs `use` over the volume's SFTP session (see withSftpSession: on the ledger first, destroyed whatever
 * happens), its connections opened by sftpRemote.
 */
export function overSftpSessions(
  volume: { id: string },
  ctx: DeployContext,
  use: (open: OpenRemote) => Promise<void>
): Promise<void> {
  return withSftpSession(volume, ctx, (session) => use(sftpRemote(volume, session, ctx)));
}
