import { randomBytes } from 'node:crypto';
import { linkSync, renameSync, rmSync } from 'node:fs';
import { createPrivateFile, readPrivateFile } from '../host/private-file.js';

/** Another run holds the state file: its lock names the process, which still runs. */
export class StateFileBusy extends Error {
  constructor(
    readonly lock: string,
    readonly pid: number | undefined
  ) {
    super(`it is in use by another run${pid === undefined ? '' : ` (process ${pid})`}, which holds ${lock}`);
    this.name = 'StateFileBusy';
  }
}

/**
 * Takes a state file for this process alone, for a whole run or cleanup: a lock file beside it (`F.lock`),
 * made whole at once with this process's id (written to a file of its own, then linked to the lock's
 * name: the link fails when a lock exists). A lock whose process no longer runs (killed) is set aside
 * (renamed, which only one of two runs finding it can do) and taken. Answers the function that releases
 * the lock; throws StateFileBusy when a running process holds it, or an error with a `code` when the lock
 * cannot be made.
 */
export function lockStateFile(path: string, pid: number = process.pid): () => void {
  const lock = `${path}.lock`;
  const mine = `${lock}.${randomBytes(8).toString('hex')}`;
  createPrivateFile(mine, `${pid}\n`);
  try {
    for (let attempt = 0; attempt < 3; attempt++) {
      try {
        linkSync(mine, lock);
        return () => {
          if (holderOf(lock) === pid) rmSync(lock, { force: true });
        };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      }
      const holder = holderOf(lock);
      if (holder === undefined || isRunning(holder)) throw new StateFileBusy(lock, holder);
      setAside(lock, holder);
    }
    throw new StateFileBusy(lock, holderOf(lock));
  } finally {
    rmSync(mine, { force: true });
  }
}

/** The most a lock file holds: a process id and a line end. */
const LOCK_BYTES = 64;

/**
 * The process a lock names; undefined when it cannot be read, is larger than a lock is, or is no regular
 * file (then it is taken as held).
 */
function holderOf(lock: string): number | undefined {
  try {
    const pid = Number(readPrivateFile(lock, LOCK_BYTES).trim());
    return Number.isSafeInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

/** Whether a process runs: signal 0 checks without sending (EPERM: it runs, as another user). */
function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Moves the stale lock of `stale` out of the way, atomically: of two runs that found it, one moves it.
 * Should the lock have been taken by a live run between the look and the move, it is put back.
 */
function setAside(lock: string, stale: number): void {
  const aside = `${lock}.stale-${randomBytes(4).toString('hex')}`;
  try {
    renameSync(lock, aside);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    return;
  }
  try {
    if (holderOf(aside) !== stale) linkSync(aside, lock);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    rmSync(aside, { force: true });
  }
}
