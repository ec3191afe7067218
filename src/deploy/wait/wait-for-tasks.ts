import { mapLimit } from '../../basics/concurrency.js';
import { formatDuration } from '../../basics/units.js';
import { PastDeadlineError } from '../../platform/throttle.js';
import type { TaskSnapshot } from '../../platform/task-data.js';
import type { Criteria } from './criteria.js';
import {
  progress,
  seeNodes,
  seePoll,
  seePollFailure,
  startWatch,
  stopWatching,
  type Poll,
  type Seen,
  type TaskWatch,
  type WatchRules
} from './task-watch.js';

export type { Poll } from './task-watch.js';

export interface WaitOptions {
  criteria: Criteria;
  statusField: readonly string[];
  timeoutMs: number;
  intervalMs: number;
  /** Consecutive failed polls of one task that end its wait. */
  errorBudget: number;
  concurrency: number;
  /** When the step started (before the triggering call): deadlines and elapsed times count from here. */
  startedAt: number;
  /** Answers already in hand (a detail call's own answer), used as those tasks' first check. */
  initial?: ReadonlyMap<string, Poll>;
}

export interface WaitDeps {
  poll: (taskId: string) => Promise<Poll>;
  now: () => number;
  sleep: (ms: number) => Promise<void>;
  log: (line: string) => void;
  /** Whether a failed poll may succeed if tried again (network errors, 5xx, 429). */
  isTransient: (error: unknown) => boolean;
  describeError: (error: unknown) => string;
  /** The job was cancelled: stop waiting, keep what is known. */
  cancelled: () => boolean;
  /**
   * Reads a task's nodes: why one will not come up, or undefined. Asked on every second poll while the
   * status does not change; a failure ends the task's wait at once.
   */
  checkNodes?: (taskId: string) => Promise<string | undefined>;
  /** Takes a line after each round of polls (a terminal's progress line), when the host shows one. */
  progress?: (line: string) => void;
}

export interface TaskWait {
  id: string;
  verdict: 'reached' | 'failed' | 'timed_out' | 'error' | 'cancelled';
  snapshot: TaskSnapshot | undefined;
  data: unknown;
  raw: string | undefined;
  timeline: { atMs: number; status: string }[];
  message: string | undefined;
  elapsedMs: number;
}

const HEARTBEAT_MS = 60_000;

/**
 * Polls every task until it is settled (ready or failed by the criteria), or the deadline passes: the
 * loop that owns time (sleeping, the deadline, cancellation, the heartbeat), around the pure watch of
 * watch.ts, which decides from each look what changed and whether a task's wait is over. The first
 * check comes right away; then one round of polls per interval, and a line at least once a minute while
 * nothing changes.
 */
export async function waitForTasks(
  ids: readonly string[],
  options: WaitOptions,
  deps: WaitDeps
): Promise<{ tasks: TaskWait[]; timedOut: boolean }> {
  const watches = new Map(ids.map((id) => [id, startWatch(id)]));
  const deadline = options.startedAt + options.timeoutMs;
  const unknownSaid = new Set<string>();
  const beat = { last: deps.now() };
  const elapsed = (): number => deps.now() - options.startedAt;
  const record = (seen: Seen): TaskWatch => {
    if (seen.unknown !== undefined) unknownSaid.add(seen.unknown);
    for (const line of seen.lines) deps.log(line);
    if (seen.lines.length > 0) beat.last = deps.now();
    watches.set(seen.watch.id, seen.watch);
    return seen.watch;
  };
  const rules: WatchRules = { ...options, unknownSaid };
  for (let round = 0; ; round++) {
    const pending = [...watches.values()].filter((w) => w.verdict === 'waiting');
    await mapLimit(pending, options.concurrency, (watch) =>
      lookOnce(watch, round === 0 ? options.initial?.get(watch.id) : undefined, {
        deps,
        rules,
        elapsed,
        record
      })
    );
    const waiting = [...watches.values()].filter((w) => w.verdict === 'waiting');
    if (waiting.length > 0)
      deps.progress?.(
        `waiting ${formatDuration(elapsed())}: ${progress(waiting, options.criteria.requireAllNodes)}`
      );
    const end = (verdict: 'cancelled' | 'timed_out') => {
      for (const watch of waiting) watches.set(watch.id, stopWatching(watch, verdict, elapsed()));
      return result(watches);
    };
    if (waiting.length === 0) return result(watches);
    if (deps.cancelled()) return end('cancelled');
    if (deps.now() >= deadline) return end('timed_out');
    const rested = await rest(Math.min(options.intervalMs, deadline - deps.now()), {
      deps,
      beat,
      elapsed,
      waiting,
      options
    });
    if (!rested) return end('cancelled');
  }
}

/** One look at a task (its poll, or the answer in hand), and a read of its nodes when the watch asks. */
async function lookOnce(
  watch: TaskWatch,
  known: Poll | undefined,
  loop: { deps: WaitDeps; rules: WatchRules; elapsed: () => number; record: (seen: Seen) => TaskWatch }
): Promise<void> {
  const { deps, rules, elapsed, record } = loop;
  let seen: Seen;
  try {
    seen = seePoll(watch, known ?? (await deps.poll(watch.id)), elapsed(), rules);
  } catch (error) {
    const failure = {
      why: deps.describeError(error),
      transient: deps.isTransient(error),
      pastDeadline: error instanceof PastDeadlineError
    };
    record(seePollFailure(watch, failure, elapsed(), rules));
    return;
  }
  const now = record(seen);
  if (!seen.checkNodes || deps.checkNodes === undefined) return;
  try {
    record(seeNodes(now, { failure: await deps.checkNodes(watch.id) }, elapsed()));
  } catch (error) {
    record(seeNodes(now, { unreadable: deps.describeError(error) }, elapsed()));
  }
}

/**
 * Sleeps `ms`, in slices that end when a heartbeat line is due, so a long interval still logs each minute;
 * false when the step was cancelled during the sleep.
 */
async function rest(
  ms: number,
  loop: {
    deps: WaitDeps;
    beat: { last: number };
    elapsed: () => number;
    waiting: readonly TaskWatch[];
    options: WaitOptions;
  }
): Promise<boolean> {
  const { deps, beat } = loop;
  for (let left = ms; left > 0;) {
    const slice = Math.min(left, Math.max(1, beat.last + HEARTBEAT_MS - deps.now()));
    try {
      await deps.sleep(slice);
    } catch (error) {
      if (deps.cancelled()) return false;
      throw error;
    }
    left -= slice;
    if (deps.now() - beat.last >= HEARTBEAT_MS) {
      beat.last = deps.now();
      deps.log(
        `still waiting after ${formatDuration(loop.elapsed())}: ${progress(loop.waiting, loop.options.criteria.requireAllNodes)}`
      );
    }
  }
  return true;
}

function result(watches: ReadonlyMap<string, TaskWatch>): { tasks: TaskWait[]; timedOut: boolean } {
  const tasks = [...watches.values()].map((w): TaskWait => ({
    id: w.id,
    verdict: w.verdict === 'waiting' ? 'timed_out' : w.verdict,
    snapshot: w.snapshot,
    data: w.data,
    raw: w.raw,
    timeline: [...w.timeline],
    message: w.message,
    elapsedMs: w.elapsedMs
  }));
  return { tasks, timedOut: tasks.some((t) => t.verdict === 'timed_out') };
}
