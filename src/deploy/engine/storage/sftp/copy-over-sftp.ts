import { basename, join } from 'node:path';
import { sanitize } from '../../../../basics/safe-text.js';
import { copyFinalLine, copyProgressLine, emptyTally } from './copy-lines.js';
import { downloadFile, uploadFile, type FileCopy } from './copy-file.js';
import { shownName } from './plain-name.js';
import { RemoteListings } from './remote-listings.js';
import { SharedRemote } from './shared-remote.js';
import type { CopyRun, SftpCopyOptions, SftpCopyReport } from './copy-run.js';
import { copyTop, makeLocalDirectory, type Top } from './copy-top.js';
import { movedNow, watchCopy } from './copy-watch.js';
import { remoteJoin, walkLocal, walkRemote, type Enter, type Walked } from './walk.js';

/**
 * Copies a file or a directory's tree between the workspace and a volume, over connections `open` makes.
 * The source is walked twice, lazily (memory does not grow with the number of files): once to count, once
 * to copy, `streams` files at once. A file the same at both ends is skipped (see uploadFile); a file whose
 * connection drops is copied again over a new connection, shared by the streams; any other error fails
 * that file, logged, and the copy fails at the end. An upload refuses, before it sends anything, a link out
 * of the workspace. Cancellation and the deadline stop new files from starting; the copy fails then. On
 * the host's timer (see watchCopy), a heartbeat while nothing moves, and the connection closed at the
 * deadline.
 */
export async function copyOverSftp(options: SftpCopyOptions): Promise<SftpCopyReport> {
  const run = newRun(options);
  const unwatch = watchCopy(run);
  try {
    const top = await copyTop(run);
    if (typeof top === 'string') return finish(run, top);
    const refused = await countAll(run, top);
    if (options.way === 'up' && refused > 0)
      return finish(
        run,
        `${refused} ${refused === 1 ? 'entry' : 'entries'} of the workspace refused (see the warnings above), so nothing was sent`
      );
    const unmade = await top.make();
    if (unmade !== undefined) return finish(run, unmade);
    await copyAll(run, top);
    return finish(run, whyFailed(run));
  } catch (error) {
    // A call that failed as the copy was stopped (its connection closed at the deadline): why it stopped.
    if (run.stopped !== undefined) return finish(run, whyFailed(run));
    return finish(run, error instanceof Error ? sanitize(error.message, 300) : String(error));
  } finally {
    unwatch();
    run.remote.close();
  }
}

function newRun(options: SftpCopyOptions): CopyRun {
  const { now, sleep, random, log, cancelled, deadline } = options;
  return {
    options,
    remote: new SharedRemote(options.open),
    tally: emptyTally(),
    retry: { maxRetries: options.maxRetries ?? 4, deadline, deps: { now, sleep, random, log, cancelled } },
    started: now(),
    lastLine: now(),
    lastMoved: now(),
    lastHeartbeat: undefined,
    stopped: undefined
  };
}

/** The walk of the copy's source: the local tree (up) or the volume's (down); one entry for a file. */
async function* walkOf(run: CopyRun, top: Top, enter: Enter): AsyncGenerator<Walked> {
  if (top.file !== undefined) {
    yield top.file;
    return;
  }
  if (run.options.way === 'up') {
    yield* walkLocal(top.local, run.options.root, enter);
    return;
  }
  const list = (directory: string) =>
    run.remote.call(
      `${run.options.label}: listing ${shownName(directory)}`,
      (files) => files.list(directory),
      run.retry
    );
  yield* walkRemote(list, top.remote, enter);
}

/** The first walk: how many files and bytes, and how many entries an upload refuses (each warned). */
async function countAll(run: CopyRun, top: Top): Promise<number> {
  let refused = 0;
  for await (const entry of walkOf(run, top, () => true)) {
    if (entry.kind === 'file') {
      run.tally.filesTotal += 1;
      run.tally.bytesTotal += entry.bytes;
    } else if (entry.kind === 'refused' && run.options.way === 'up') {
      refused += 1;
      run.options.warn(`${run.options.label}: ${shownName(entry.rel)} refused: ${entry.why}`);
    }
  }
  return refused;
}

/** The second walk: directories made as met, files copied `streams` at a time, until all or a stop. */
async function copyAll(run: CopyRun, top: Top): Promise<void> {
  const streams = Math.max(1, run.options.streams ?? 4);
  const listings = run.options.way === 'up' && top.file === undefined ? newListings(run) : undefined;
  const refusedDirectories = new Set<string>();
  const running = new Set<Promise<void>>();
  for await (const entry of walkOf(run, top, (rel) => !refusedDirectories.has(rel))) {
    if (stopping(run)) break;
    if (entry.kind !== 'file') {
      if (!(await otherEntry(run, top, entry))) refusedDirectories.add(entry.rel);
      continue;
    }
    while (running.size >= streams) await Promise.race(running);
    if (stopping(run)) break;
    const copying: Promise<void> = copyFile(run, top, entry, listings).finally(() => running.delete(copying));
    running.add(copying);
  }
  await Promise.all(running);
}

/** The listings of the directories an upload writes into, read over the copy's connection. */
function newListings(run: CopyRun): RemoteListings {
  return new RemoteListings((directory) =>
    run.remote.call(
      `${run.options.label}: listing ${shownName(directory)}`,
      (files) => files.list(directory),
      run.retry
    )
  );
}

/** Whether no new file may start (the step cancelled, its deadline come, no connection to be had). */
function stopping(run: CopyRun): boolean {
  if (run.options.cancelled()) run.stopped ??= 'cancelled';
  else if (run.options.now() >= run.options.deadline) run.stopped ??= 'deadline';
  else if (run.remote.fatal !== undefined) run.stopped ??= 'fatal';
  return run.stopped !== undefined;
}

/** A directory made where it goes (false: refused, and not walked into), or a skipped or refused entry. */
async function otherEntry(
  run: CopyRun,
  top: Top,
  entry: Exclude<Walked, { kind: 'file' }>
): Promise<boolean> {
  const { label, warn } = run.options;
  if (entry.kind === 'skipped') {
    warn(`${label}: ${shownName(entry.rel)} skipped: ${entry.why}`);
    return true;
  }
  const why =
    entry.kind === 'refused'
      ? entry.why
      : run.options.way === 'up'
        ? await remoteDirectory(run, remoteJoin(top.remote, entry.rel))
        : await makeLocalDirectory(join(top.local, entry.rel));
  if (why === undefined) return true;
  run.tally.failed += 1;
  warn(`${label}: ${shownName(entry.rel)} refused: ${why}`);
  return false;
}

/** Makes a directory in the volume: undefined when made (or there), else why not. */
async function remoteDirectory(run: CopyRun, path: string): Promise<string | undefined> {
  try {
    await run.remote.call(
      `${run.options.label}: making ${shownName(path)}`,
      (files) => files.makeDirectory(path),
      run.retry
    );
    return undefined;
  } catch (error) {
    return `it cannot be made on the volume (${error instanceof Error ? sanitize(error.message, 200) : 'failed'})`;
  }
}

/**
 * Copies one file (again over a new connection when it drops); a failure is counted and warned, never
 * thrown. An upload's first attempt learns what the volume holds at the path from `listings`, a later one
 * looks again.
 */
async function copyFile(
  run: CopyRun,
  top: Top,
  entry: Extract<Walked, { kind: 'file' }>,
  listings: RemoteListings | undefined
): Promise<void> {
  const { tally, options } = run;
  const local = entry.source ?? (top.file !== undefined ? top.local : join(top.local, entry.rel));
  const file: FileCopy = {
    local,
    remote: top.file !== undefined ? top.remote : remoteJoin(top.remote, entry.rel),
    bytes: entry.bytes,
    modifiedS: entry.modifiedS
  };
  const name = shownName(entry.rel === '' ? basename(file.remote) : entry.rel);
  let sent = 0;
  let attempts = 0;
  const add = (bytes: number): void => {
    sent += bytes;
    tally.bytesDone += bytes;
    tally.bytesCopied += bytes;
    if (bytes > 0) moved(run);
  };
  try {
    const done = await run.remote.call(
      `${options.label}: ${name}`,
      (files) => {
        add(-sent); // an attempt again: its bytes count anew
        if (options.way === 'down') return downloadFile(files, file, add);
        const listed = attempts++ === 0 ? listings : undefined;
        return uploadFile(
          files,
          file,
          add,
          listed && ((path) => listed.entryAt(path, (at) => files.lstat(at)))
        );
      },
      run.retry
    );
    add(-sent);
    tally.filesDone += 1;
    tally.bytesDone += file.bytes;
    if (done === 'skipped') tally.skipped += 1;
    else {
      tally.copied += 1;
      tally.bytesCopied += file.bytes;
    }
    moved(run);
  } catch (error) {
    add(-sent);
    tally.failed += 1;
    moved(run);
    options.warn(
      `${options.label}: ${name} not copied: ${error instanceof Error ? sanitize(error.message, 300) : 'failed'}`
    );
  }
}

/**
 * A progress line when the copy moved (bytes sent, a file done or failed), at most every progressEveryMs.
 * Lines come with what moves; while nothing moves, the heartbeat (watchCopy) and the retries' lines say so.
 */
function moved(run: CopyRun): void {
  const { options, tally } = run;
  const now = options.now();
  movedNow(run);
  if (now - run.lastLine < (options.progressEveryMs ?? 10_000)) return;
  run.lastLine = now;
  options.log(copyProgressLine(options.label, tally, now - run.started));
}

function whyFailed(run: CopyRun): string | undefined {
  const { stopped, tally } = run;
  const left = tally.filesTotal - tally.filesDone;
  if (stopped === 'cancelled')
    return `the step was cancelled, with ${left} of ${tally.filesTotal} files not copied`;
  if (stopped === 'deadline')
    return `the step's deadline came, with ${left} of ${tally.filesTotal} files not copied`;
  if (stopped === 'fatal')
    return `no connection to the volume: ${run.remote.fatal instanceof Error ? sanitize(run.remote.fatal.message, 300) : 'it could not be opened'}`;
  if (tally.failed > 0)
    return `${tally.failed} ${tally.failed === 1 ? 'file or directory' : 'files or directories'} not copied (see the warnings above)`;
  return undefined;
}

/** The last line, and the report. */
function finish(run: CopyRun, failure: string | undefined): SftpCopyReport {
  const { tally, remote, options } = run;
  const elapsedMs = options.now() - run.started;
  const counts = { elapsedMs, retries: remote.retries, reconnects: remote.reconnects };
  options.log(copyFinalLine(options.label, tally, counts));
  return {
    copied: tally.copied,
    bytes: tally.bytesCopied,
    skipped: tally.skipped,
    failed: tally.failed,
    ...counts,
    failure
  };
}
