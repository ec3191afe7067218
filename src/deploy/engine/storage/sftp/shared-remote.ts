import { sanitize } from '../../../../basics/safe-text.js';
import { DEFAULT_BACKOFF, withRetries, type RetryDeps } from '../../../../platform/retry.js';
import { RemoteGone, type OpenRemote, type RemoteFiles } from '../../../../platform/sftp/remote-files.js';

/**
 * The one connection a copy's streams share, and a new one when it drops: the first call to see a
 * connection gone opens the next (`open` may ask for a new session), and every other call that saw the
 * same one gone uses it: one reconnect for a drop, not one a stream. A connection that cannot be opened
 * for any reason but RemoteGone (the session refused, in Exception) is `fatal`: no new file starts.
 */
export class SharedRemote {
  private generation = 0;
  private current: Promise<RemoteFiles>;
  reconnects = 0;
  retries = 0;
  fatal: unknown = undefined;
  private closed = false;

  constructor(private readonly open: OpenRemote) {
    this.current = this.connect();
  }

  /**
   * Runs `work` over the connection, again over a new one (after a back-off, as `retry` allows: never past
   * its deadline, never once cancelled) each time the connection drops under it (RemoteGone). Any other
   * error is the call's own, thrown at once. `label` names the call in the retries' lines.
   */
  call<T>(label: string, work: (files: RemoteFiles) => Promise<T>, retry: RemoteRetries): Promise<T> {
    let seen = this.generation;
    return withRetries(
      label,
      async (attempt) => {
        if (attempt > 0) {
          this.retries += 1;
          this.renew(seen);
        }
        seen = this.generation;
        return work(await this.current);
      },
      (error) =>
        error instanceof RemoteGone && !this.closed
          ? { retry: true, reason: `the connection to the volume ended (${sanitize(error.message, 200)})` }
          : { retry: false },
      { maxRetries: retry.maxRetries, ...DEFAULT_BACKOFF, deadline: retry.deadline },
      retry.deps
    );
  }

  /** Ends the connection; calls under way fail (RemoteGone) and are not retried. */
  close(): void {
    this.closed = true;
    void this.current.then(
      (files) => {
        files.close();
      },
      () => undefined
    );
  }

  /** A new connection, unless one was opened since connection `seen` dropped. */
  private renew(seen: number): void {
    if (seen !== this.generation || this.closed) return;
    this.generation += 1;
    this.reconnects += 1;
    void this.current.then(
      (files) => {
        files.close();
      },
      () => undefined
    );
    this.current = this.connect();
  }

  private connect(): Promise<RemoteFiles> {
    const opening = this.open();
    opening.catch((error: unknown) => {
      if (!(error instanceof RemoteGone)) this.fatal ??= error;
    });
    return opening;
  }
}

/** How a copy's calls are retried when the connection drops: how often, until when, and its clock. */
export interface RemoteRetries {
  maxRetries: number;
  deadline: number;
  deps: RetryDeps;
}
