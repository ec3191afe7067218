import { mapLimit } from '../../../basics/concurrency.js';
import { formatDuration } from '../../../basics/units.js';
import { HeldBackError, PastDeadlineError } from '../../../platform/throttle.js';
import type { TaskSnapshot } from '../../../platform/task-data.js';
import { HEARTBEAT_MS, pollUntil, timeLeft } from '../poll.js';
import type { Criteria } from './criteria.js';
import { CapGuard, type CapGuardDeps } from './cap-guard.js';
import type { SpendingCap } from './spending-cap.js';
import type { Sample } from './samples.js';
import {
  progress,
  readsAt,
  seeNodes,
  seePoll,
  seePollFailure,
  skipDetail,
  startWatch,
  stopWatching,
  type NodeReport,
  type NodesRead,
  type Poll,
  type Seen,
  type TaskWatch,
  type WatchRules
} from './task-watch.js';

export type { Poll } from './task-watch.js';

export interface WaitOptions {
  criteria: Criteria;
  /** What a look's data says (a deployment's status at the status field, or a job's end). */
  snapshotOf: (data: unknown) => TaskSnapshot;
  timeoutMs: number;
  intervalMs: number;
  /** Consecutive failed polls of one task that end its wait. */
  errorBudget: number;
  concurrency: number;
  /** When the step started (before the triggering call): deadlines and elapsed times count from here. */
  startedAt: number;
  /** Answers already in hand (a detail call's own answer), used as those tasks' first check. */
  initial?: ReadonlyMap<string, Poll>;
  /** max_cost: the wait ends, its tasks capped, before what they cost together while it waits passes it. */
  cap?: SpendingCap;
}

export interface WaitDeps {
  /**
   * Reads a task's detail. `notAfter` (local time): under max_cost, the moment the cost would reach the
   * cap; a read the platform would hold back past it fails with a HeldBackError.
   */
  poll: (taskId: string, notAfter?: number) => Promise<Poll>;
  now: () => number;
  sleep: (ms: number) => Promise<void>;
  log: (line: string) => void;
  /** The host's warning (an annotation on GitHub's runner, a `warning:` line in the CLI). */
  warn: (line: string) => void;
  /** Whether a failed poll may succeed if tried again (network errors, 5xx, 429). */
  isTransient: (error: unknown) => boolean;
  describeError: (error: unknown) => string;
  /** The job was cancelled: stop waiting, keep what is known. */
  cancelled: () => boolean;
  /**
   * Reads a task's nodes: why one will not come up (which ends the task's wait at once), and whether every
   * node is held back (see allHeldBack). Given, it is read as readsAt says: on every round.
   */
  checkNodes?: (taskId: string, notAfter?: number) => Promise<NodesRead>;
  /** Takes a line after each round of polls (a terminal's progress line), when the host shows one. */
  progress?: (line: string) => void;
  /**
   * Given, called with each detail read of a task before the wait sees it (a job's log, read on: its
   * lines come before the status they led to). It must not throw: what it reads never decides the wait.
   */
  follow?: (taskId: string, data: unknown, notAfter?: number) => Promise<void>;
  /** Under max_cost, what the tasks cost as the billing records say, for details that say no cost. */
  billed?: CapGuardDeps['billed'];
}

export interface TaskWait {
  id: string;
  verdict: 'reached' | 'failed' | 'timed_out' | 'error' | 'cancelled' | 'capped';
  snapshot: TaskSnapshot | undefined;
  data: unknown;
  raw: string | undefined;
  timeline: { atMs: number; status: string }[];
  samples: readonly Sample[];
  message: string | undefined;
  elapsedMs: number;
}

/**
 * Polls every task until it is settled (ready or failed by the criteria), or the deadline passes: the
 * poll loop (see pollUntil) owns time, at a fixed rate of one round per interval, with a heartbeat once a
 * minute while nothing changes; the pure watch of task-watch.ts decides from each look what changed and
 * whether a task's wait is over. The first round comes right away.
 */
export async function waitForTasks(
  ids: readonly string[],
  options: WaitOptions,
  deps: WaitDeps
): Promise<WaitEnd> {
  const watches = new Map(ids.map((id) => [id, startWatch(id)]));
  const unknownSaid = new Set<string>();
  const elapsed = (): number => deps.now() - options.startedAt;
  const said = { any: false };
  const record = (seen: Seen): TaskWatch => {
    if (seen.unknown !== undefined) unknownSaid.add(seen.unknown);
    for (const line of seen.lines) deps.log(line);
    said.any ||= seen.lines.length > 0;
    watches.set(seen.watch.id, seen.watch);
    return seen.watch;
  };
  const rules: WatchRules = { ...options, unknownSaid };
  const waiting = (): TaskWatch[] => [...watches.values()].filter((w) => w.verdict === 'waiting');
  const cap = options.cap === undefined ? undefined : capGuardOf(options.cap, options, deps);
  const shown = (): string => shownOf(waiting(), options, cap);
  const left = (): string => timeLeft(options.startedAt + options.timeoutMs, deps.now());
  const loop: Loop = { deps, rules, elapsed, record, cap, round: newRound(undefined) };
  const end = await pollUntil(
    async (round) => {
      said.any = false;
      loop.round = newRound(cap?.notAfter());
      await mapLimit(waiting(), options.concurrency, (watch) =>
        lookOnce(watch, round, round === 0 ? options.initial?.get(watch.id) : undefined, loop)
      );
      const alongside = await cap?.readAlongside();
      if (waiting().length === 0) return { kind: 'done', value: undefined };
      if (cap !== undefined && (await capped(cap, watches, loop, alongside)))
        return { kind: 'done', value: undefined };
      return {
        kind: 'waiting',
        progress: `waiting ${formatDuration(elapsed())} (${left()}): ${shown()}`,
        said: said.any
      };
    },
    {
      deadline: options.startedAt + options.timeoutMs,
      schedule: { kind: 'fixed_rate', intervalMs: options.intervalMs },
      failureBudget: Infinity,
      lastLookAtDeadline: true,
      heartbeat: {
        everyMs: HEARTBEAT_MS,
        line: () => `still waiting after ${formatDuration(elapsed())} (${left()}): ${shown()}`
      }
    },
    deps
  );
  if (end.kind === 'timed_out' || end.kind === 'cancelled')
    for (const watch of waiting()) watches.set(watch.id, stopWatching(watch, end.kind, elapsed()));
  return { ...result(watches), ...(cap === undefined ? {} : { cap }) };
}

/** How a wait ended: each task's wait, whether one timed out, and the guard of max_cost when one held it. */
export interface WaitEnd {
  tasks: TaskWait[];
  timedOut: boolean;
  /** What held the wait to max_cost: the tasks it counted beside those waited on, and what passed the cap. */
  cap?: CapGuard;
}

/**
 * Whether a round reached max_cost (see CapGuard.reached), from what it read of the tasks and those beside:
 * then every task still waited on ends its wait, capped, saying why.
 */
async function capped(
  cap: CapGuard,
  watches: Map<string, TaskWatch>,
  loop: Loop,
  alongside: { complete: boolean; heldBack: string | undefined } | undefined
): Promise<boolean> {
  const all = [...watches.values()];
  const waited = all.map((w) => ({ id: w.id, snapshot: w.snapshot, waiting: w.verdict === 'waiting' }));
  const { read, heldBack } = loop.round;
  const why = await cap.reached(
    { waited, read, heldBack: heldBack ?? alongside?.heldBack },
    alongside ?? { complete: true }
  );
  if (why === undefined) return false;
  for (const watch of all.filter((w) => w.verdict === 'waiting'))
    watches.set(watch.id, stopWatching(watch, 'capped', loop.elapsed(), why));
  return true;
}

/** The tasks still waited on, as a line of progress says them, and the cost beside the cap. */
function shownOf(waiting: readonly TaskWatch[], options: WaitOptions, cap: CapGuard | undefined): string {
  const spent = cap?.spent();
  return `${progress(waiting, options.criteria.requireAllNodes)}${spent === undefined ? '' : `; ${spent}`}`;
}

/** The guard of max_cost over a wait (see CapGuard), reading through the wait's own deps. */
function capGuardOf(cap: SpendingCap, options: WaitOptions, deps: WaitDeps): CapGuard {
  return new CapGuard(cap, options, {
    poll: deps.poll,
    snapshotOf: options.snapshotOf,
    log: deps.log,
    warn: deps.warn,
    now: deps.now,
    ...(deps.billed === undefined ? {} : { billed: deps.billed })
  });
}

/** What one round of a wait knows besides the watches: when its reads are needed by, which were read, which held back. */
interface RoundReads {
  readonly notAfter: number | undefined;
  readonly read: Set<string>;
  heldBack: string | undefined;
}

const newRound = (notAfter: number | undefined): RoundReads => ({
  notAfter,
  read: new Set(),
  heldBack: undefined
});

/**
 * One round's look at a task, as readsAt says: its detail (or the answer in hand) and its nodes; or its
 * nodes and, unless every node is still held back, its detail, whose verdict comes first (a task whose node
 * failed has often ended in Other too, and its status says so). A node that failed after the detail was
 * read has the detail read again, for the same reason: the status the step reports is the one the task
 * had when the step gave up on it.
 */
async function lookOnce(watch: TaskWatch, round: number, known: Poll | undefined, loop: Loop): Promise<void> {
  const reads = readsAt(watch, round, loop.deps.checkNodes !== undefined, loop.cap !== undefined);
  if (reads.first === 'nodes') {
    const report = await readNodes(watch, loop);
    if (!('unreadable' in report) && report.failure === undefined && report.heldBack) {
      loop.record({ watch: skipDetail(seeNodes(watch, report, loop.elapsed()).watch), lines: [] });
      return;
    }
    const read = await readDetail(watch, known, loop);
    if (read.verdict === 'waiting') loop.record(seeNodes(read, report, loop.elapsed()));
    return;
  }
  const read = await readDetail(watch, known, loop);
  if (read.verdict !== 'waiting' || !reads.nodes) return;
  const report = await readNodes(read, loop);
  const again =
    'unreadable' in report || report.failure === undefined ? read : await readDetail(read, undefined, loop);
  if (again.verdict === 'waiting') loop.record(seeNodes(again, report, loop.elapsed()));
}

/** What a round's look takes of the wait. */
interface Loop {
  deps: WaitDeps;
  /** The guard of max_cost, when it is set: the detail, which says the cost, is read every round. */
  cap: CapGuard | undefined;
  /** This round's reads: when they are needed by, and which were read or held back. */
  round: RoundReads;
  rules: WatchRules;
  elapsed: () => number;
  record: (seen: Seen) => TaskWatch;
}

/** The task's detail (or the answer in hand), seen by the watch; a failed read counts as the watch says. */
async function readDetail(watch: TaskWatch, known: Poll | undefined, loop: Loop): Promise<TaskWatch> {
  const { deps, rules, elapsed, record, round } = loop;
  try {
    const poll = known ?? (await deps.poll(watch.id, round.notAfter));
    const atMs = elapsed();
    round.read.add(watch.id);
    if (poll.kind === 'task' && deps.follow !== undefined)
      await deps.follow(watch.id, poll.data, round.notAfter);
    return record(seePoll(watch, poll, atMs, rules));
  } catch (error) {
    if (error instanceof HeldBackError) round.heldBack ??= error.why;
    // A read held back past the cap's moment is the cap's to act on (see CapGuard), not the task's verdict.
    const failure = {
      why: deps.describeError(error),
      transient: error instanceof HeldBackError || deps.isTransient(error),
      pastDeadline: error instanceof PastDeadlineError
    };
    return record(seePollFailure(watch, failure, elapsed(), rules));
  }
}

/** What the task's nodes say, or that they could not be read. */
async function readNodes(watch: TaskWatch, { deps, round }: Loop): Promise<NodeReport> {
  if (deps.checkNodes === undefined) return { unreadable: 'no node list' };
  try {
    return await deps.checkNodes(watch.id, round.notAfter);
  } catch (error) {
    return { unreadable: deps.describeError(error) };
  }
}

function result(watches: ReadonlyMap<string, TaskWatch>): Omit<WaitEnd, 'cap'> {
  const tasks = [...watches.values()].map((w): TaskWait => ({
    id: w.id,
    verdict: w.verdict === 'waiting' ? 'timed_out' : w.verdict,
    snapshot: w.snapshot,
    data: w.data,
    raw: w.raw,
    timeline: [...w.timeline],
    samples: w.samples,
    message: w.message,
    elapsedMs: w.elapsedMs
  }));
  return { tasks, timedOut: tasks.some((t) => t.verdict === 'timed_out') };
}
