import { quote } from '../../../basics/input-error.js';
import { sanitize } from '../../../basics/safe-text.js';
import type { OpenRemote } from '../../../platform/sftp/remote-files.js';
import type { DeployContext } from '../context.js';
import type { VolumePlace, WorkspacePlace } from '../settings.js';
import { copyOverSftp } from './sftp/copy-over-sftp.js';
import type { SftpCopyReport } from './sftp/copy-run.js';
import { workspaceSource, workspaceTarget } from './sftp/workspace-path.js';

/** One copy between the workspace and a volume: data in (`in`, an upload) or results out (`out`, a download). */
export interface WorkspaceCopy {
  readonly way: 'in' | 'out';
  /** The input the copy is of, for its lines. */
  readonly what: string;
  readonly workspace: WorkspacePlace;
  readonly volume: VolumePlace;
  /** The volume's storage_id, for the lines. */
  readonly volumeId: string;
}

/**
 * Copies between the workspace and a volume over connections `open` makes to the volume's SFTP session
 * (the caller opens the session before and destroys it after, whatever happens): the workspace path
 * checked again first (inside the workspace, its links resolved: it may have changed since the plan),
 * then copyOverSftp within the step's deadline and cancellation. Throws when the copy did not complete.
 */
export async function copyWorkspace(
  copy: WorkspaceCopy,
  open: OpenRemote,
  ctx: DeployContext
): Promise<SftpCopyReport> {
  const { what } = copy;
  const path = copy.workspace.path;
  const { workspace } = ctx.settings.storage;
  const checked = copy.way === 'in' ? workspaceSource(workspace, path) : workspaceTarget(workspace, path);
  if (!checked.ok) throw new Error(`${what}: ${quote(path)} is not copied: ${checked.why}`);
  const local = `the workspace's ${sanitize(path, 200)}`;
  const remote = `volume ${copy.volumeId}:${sanitize(copy.volume.path, 200)}`;
  const label = `${what}: ${copy.way === 'in' ? `${local} -> ${remote}` : `${remote} -> ${local}`}`;
  ctx.log(`${label}: copying over the volume's SFTP session`);
  const { runtime } = ctx;
  const report = await copyOverSftp({
    way: copy.way === 'in' ? 'up' : 'down',
    local: checked.real,
    root: checked.root,
    intoDirectory: path === '.' || /[/\\]$/.test(path),
    remotePath: copy.volume.path,
    open,
    label,
    log: ctx.log,
    warn: runtime.warn,
    now: runtime.now,
    sleep: runtime.sleep,
    random: runtime.random,
    cancelled: runtime.cancelled,
    deadline: ctx.deadline,
    every: runtime.every
  });
  if (report.failure !== undefined) throw new Error(`${label}: ${report.failure}`);
  return report;
}
