import type { OpenRemote } from '../../../../platform/sftp/remote-files.js';
import type { Tally } from './copy-lines.js';
import type { RemoteRetries, SharedRemote } from './shared-remote.js';

/** A copy between the workspace and a volume over the volume's SFTP session (see copyOverSftp). */
export interface SftpCopyOptions {
  /** up: from the workspace into the volume; down: from the volume into the workspace. */
  readonly way: 'up' | 'down';
  /**
   * up: the source, a file or a directory, its links resolved, inside `root`; down: the target, inside
   * `root` (a directory, made if missing; or a file's path when the volume's path is a file).
   */
  readonly local: string;
  /** The workspace, its links resolved: nothing is read or written outside it. */
  readonly root: string;
  /** Whether `local` (as written) names a directory to copy a file into: it ends with `/`, or is `.`. */
  readonly intoDirectory: boolean;
  /** Absolute in the volume. */
  readonly remotePath: string;
  readonly open: OpenRemote;
  /** What the copy's lines start with: `data: ./dataset/ -> volume 12:/data`. */
  readonly label: string;
  readonly log: (line: string) => void;
  readonly warn: (line: string) => void;
  readonly now: () => number;
  /** Rejects when the step is cancelled. */
  readonly sleep: (ms: number) => Promise<void>;
  readonly random: () => number;
  readonly cancelled: () => boolean;
  /**
   * No file starts, no retry waits, and no connection stays open, after this: at it the connection is
   * closed (calls under way fail), when `every` gives a timer to see it come while nothing moves.
   */
  readonly deadline: number;
  /** The host's timer (StepRuntime.every): the heartbeat, and the deadline seen while nothing moves. */
  readonly every: (everyMs: number, tick: () => void) => () => void;
  /** A heartbeat line when no byte moved for this long, and again each time as long (default 30 s). */
  readonly heartbeatMs?: number;
  /** Files copied at once (default 4); a file's own chunks are the connection's. */
  readonly streams?: number;
  /** A progress line at most this often, when something moved (default 10 s). */
  readonly progressEveryMs?: number;
  /** A file's retries when the connection drops under it (default 4). */
  readonly maxRetries?: number;
}

/** What a copy over SFTP did; `failure` says why it failed (undefined: every file is there). */
export interface SftpCopyReport {
  readonly copied: number;
  readonly bytes: number;
  readonly skipped: number;
  readonly failed: number;
  readonly retries: number;
  readonly reconnects: number;
  readonly elapsedMs: number;
  readonly failure: string | undefined;
}

/** One copy under way: its options, its connection, what it counted and did, why it stopped. */
export interface CopyRun {
  readonly options: SftpCopyOptions;
  readonly remote: SharedRemote;
  readonly tally: Tally;
  readonly retry: RemoteRetries;
  readonly started: number;
  /** When the last progress line was said (the copy's start, before any). */
  lastLine: number;
  /** When a byte last moved, or a file was done (the copy's start, before any): the heartbeat's. */
  lastMoved: number;
  /** When the last heartbeat line was said (undefined: none since something moved). */
  lastHeartbeat: number | undefined;
  stopped: 'cancelled' | 'deadline' | 'fatal' | undefined;
}
