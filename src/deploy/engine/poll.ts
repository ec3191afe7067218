import { formatDuration } from '../../basics/units.js';

/**
 * When the rounds of a poll come. `fixed_rate`: round k is due `intervalMs × k` after the first, whatever
 * the rounds take, so the period does not drift and what shows between two rounds is seen within one
 * interval; a round that overruns skips the slots it covered rather than sending a burst. `backoff`: the
 * delay after a round starts at `firstMs` and grows by `factor` up to `mostMs` (for what should not be
 * asked often, such as a resource search, or what answers fast once it answers, such as a health check).
 */
export type Schedule =
  | { kind: 'fixed_rate'; intervalMs: number }
  | { kind: 'backoff'; firstMs: number; factor: number; mostMs: number };

/** What one round found: the poll's end, or what it still waits for, or that it could not read. */
export type Round<T> =
  | { kind: 'done'; value: T }
  /**
   * `progress`: how far it is, for a terminal's progress line and the heartbeat (none: nothing to show);
   * `said`: whether the round logged a line itself (the heartbeat counts from the last line).
   */
  | { kind: 'waiting'; progress?: string; said?: boolean }
  /** The round learned nothing (a read failed where failing may pass): counts against the failure budget. */
  | { kind: 'unread'; why: string; said?: boolean };

/** How a poll ended. `rounds`: how many rounds it made. */
export type PollEnd<T> =
  | { kind: 'done'; value: T; rounds: number }
  | { kind: 'timed_out' | 'cancelled'; rounds: number; unread: string | undefined }
  /** `failureBudget` unread rounds in a row. */
  | { kind: 'unread'; why: string; rounds: number };

export interface PollOptions {
  /** No round starts, and no sleep ends, after this. */
  deadline: number;
  schedule: Schedule;
  /** Unread rounds in a row that end the poll (Infinity: none do; the deadline decides). */
  failureBudget: number;
  /**
   * Whether a round is made at the deadline when the next one is due after it (a last look, so that what
   * showed in the last interval is seen); false: the poll ends as soon as no round fits before it.
   */
  lastLookAtDeadline: boolean;
  /** A line to log when nothing was logged for `everyMs` (a slow wait still says it is alive). */
  heartbeat?: { everyMs: number; line: () => string };
}

export interface PollDeps {
  now: () => number;
  /** Rejects when the step is cancelled. */
  sleep: (ms: number) => Promise<void>;
  cancelled: () => boolean;
  log: (line: string) => void;
  /** Takes each round's progress (a terminal's progress line), when the host shows one. */
  progress?: (line: string) => void;
}

/**
 * The one poll loop of a step: makes a round now, then one as `schedule` says, until a round is done,
 * the failure budget runs out, the step is cancelled, or the deadline passes. It owns time (sleeping, the
 * deadline, cancellation, the heartbeat); what a round reads and decides is `look`'s.
 */
export async function pollUntil<T>(
  look: (round: number) => Promise<Round<T>>,
  options: PollOptions,
  deps: PollDeps
): Promise<PollEnd<T>> {
  const first = deps.now();
  const beat = { last: first };
  let unreadInARow = 0;
  let lastUnread: string | undefined;
  for (let round = 0; ; round++) {
    const found = await look(round);
    if (found.kind === 'done') return { kind: 'done', value: found.value, rounds: round + 1 };
    if (found.said === true) beat.last = deps.now();
    if (found.kind === 'unread') {
      unreadInARow += 1;
      lastUnread = found.why;
      if (unreadInARow >= options.failureBudget) return { kind: 'unread', why: found.why, rounds: round + 1 };
    } else {
      unreadInARow = 0;
      lastUnread = undefined;
      if (found.progress !== undefined) deps.progress?.(found.progress);
    }
    const stop = (kind: 'timed_out' | 'cancelled'): PollEnd<T> => ({
      kind,
      rounds: round + 1,
      unread: lastUnread
    });
    if (deps.cancelled()) return stop('cancelled');
    const now = deps.now();
    if (now >= options.deadline) return stop('timed_out');
    const due = nextDue(options.schedule, first, now, round);
    if (due > options.deadline && !options.lastLookAtDeadline) return stop('timed_out');
    const rested = await restUntil(Math.min(due, options.deadline), beat, options, deps);
    if (!rested) return stop('cancelled');
  }
}

/** A line of progress at least this often while a wait sees nothing change (the heartbeat). */
export const HEARTBEAT_MS = 60_000;

/** "14m57s left": the time a wait has before its deadline, for its lines of progress. */
export function timeLeft(deadline: number, now: number): string {
  return `${formatDuration(Math.max(0, deadline - now))} left`;
}

/**
 * When the round after round `round` is due, at `now`: the next slot of a fixed rate, or now plus the
 * backoff's delay.
 */
export function nextDue(schedule: Schedule, first: number, now: number, round: number): number {
  if (schedule.kind === 'backoff') return now + backoffAt(schedule, round);
  const interval = Math.max(1, schedule.intervalMs);
  return first + (Math.floor((now - first) / interval) + 1) * interval;
}

/** The delay a backoff schedule waits after round `round` (0: the first). */
export function backoffAt(schedule: Extract<Schedule, { kind: 'backoff' }>, round: number): number {
  return Math.min(schedule.firstMs * schedule.factor ** round, schedule.mostMs);
}

/**
 * Sleeps until the clock reaches `until`, in slices that end when a heartbeat line is due; false when the
 * step was cancelled during the sleep. A timer may fire a millisecond before the clock says its time has
 * come: the clock decides, never the sum of the slices, so a round due at the deadline is made at it.
 */
async function restUntil(
  until: number,
  beat: { last: number },
  options: PollOptions,
  deps: PollDeps
): Promise<boolean> {
  const heartbeat = options.heartbeat;
  for (let left = until - deps.now(); left > 0; left = until - deps.now()) {
    const slice =
      heartbeat === undefined
        ? left
        : Math.min(left, Math.max(1, beat.last + heartbeat.everyMs - deps.now()));
    try {
      await deps.sleep(slice);
    } catch (error) {
      if (deps.cancelled()) return false;
      throw error;
    }
    if (heartbeat !== undefined && deps.now() - beat.last >= heartbeat.everyMs) {
      beat.last = deps.now();
      deps.log(heartbeat.line());
    }
  }
  return !deps.cancelled();
}
