/**
 * A volume's files over its SFTP session, as the copies of workspace data see them (the platform's SFTP
 * server, through ssh2: `sftp-files.ts`). Paths are absolute in the volume (`/` its root) and checked by the
 * caller; names a listing gives are the server's, unchecked: the caller refuses any that is not one plain
 * name before it writes anything.
 */
export interface RemoteFiles {
  /** The entry at `path` (a link is a link), or undefined when there is none. */
  lstat(path: string): Promise<RemoteEntry | undefined>;
  /** The entries of a directory, without `.` and `..` as the server wrote them. */
  list(directory: string): Promise<RemoteEntry[]>;
  /** Makes one directory; one already there is no error. */
  makeDirectory(path: string): Promise<void>;
  /**
   * Writes a local file to `remotePath` (in chunks, several at once; `progress` gets the bytes each adds),
   * then sets its modification time to `modifiedS` (whole seconds since 1970).
   */
  upload(
    localPath: string,
    remotePath: string,
    modifiedS: number,
    progress: (bytes: number) => void
  ): Promise<void>;
  /** Reads `remotePath` into a local file in chunks, several at once; `progress` as upload's. */
  download(remotePath: string, localPath: string, progress: (bytes: number) => void): Promise<void>;
  /** The content of a file, chunk by chunk (for a hash of what is there). */
  read(remotePath: string): AsyncIterable<Uint8Array>;
  /** Sets a file's modification time (whole seconds since 1970). */
  setModified(remotePath: string, modifiedS: number): Promise<void>;
  /** Ends the connection; calls under way fail as RemoteGone. */
  close(): void;
}

export interface RemoteEntry {
  /** The name as the server listed it (lstat: the path's last part). */
  readonly name: string;
  readonly kind: 'file' | 'directory' | 'link' | 'other';
  readonly bytes: number;
  /** Modification time, whole seconds since 1970. */
  readonly modifiedS: number;
}

/** Opens a connection to the volume's session (asking for a new session when the last one ended or expired). */
export type OpenRemote = () => Promise<RemoteFiles>;

/**
 * The connection ended under a call (dropped, closed, timed out, the session destroyed or expired): the
 * call may succeed over a new connection. Any other error of a call is the server's refusal of that call
 * (no such file, permission denied), the same over any connection.
 */
export class RemoteGone extends Error {
  override readonly name = 'RemoteGone';
}

/**
 * The server refused the session's credentials: the session ended (destroyed, by this run or another on the
 * same volume, or expired); a new one must be asked for.
 */
export class LoginRefused extends Error {
  override readonly name = 'LoginRefused';
}
