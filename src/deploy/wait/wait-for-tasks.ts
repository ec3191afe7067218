import { mapLimit } from '../../basics/concurrency.js';
import { formatDuration } from '../../basics/units.js';
import { PastDeadlineError } from '../../platform/throttle.js';
import type { TaskSnapshot } from '../../platform/task-data.js';
import { HEARTBEAT_MS, pollUntil, timeLeft } from '../poll.js';
import type { Criteria } from './criteria.js';
import { besideCap, costPoints, costSince, seeCost, startCap, type SpendingCap } from './spending-cap.js';
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
   * Reads a task's nodes: why one will not come up (which ends the task's wait at once), and whether every
   * node is held back (see allHeldBack). Given, it is read as readsAt says: on every round.
   */
  checkNodes?: (taskId: string) => Promise<NodesRead>;
  /** Takes a line after each round of polls (a terminal's progress line), when the host shows one. */
  progress?: (line: string) => void;
  /**
   * Given, called with each detail read of a task before the wait sees it (a job's log, read on: its
   * lines come before the status they led to). It must not throw: what it reads never decides the wait.
   */
  follow?: (taskId: string, data: unknown) => Promise<void>;
}

export interface TaskWait {
  id: string;
  verdict: 'reached' | 'failed' | 'timed_out' | 'error' | 'cancelled' | 'capped';
  snapshot: TaskSnapshot | undefined;
  data: unknown;
  raw: string | undefined;
  timeline: { atMs: number; status: string }[];
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
): Promise<{ tasks: TaskWait[]; timedOut: boolean }> {
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
  const cap = capGuard(options.cap, options, deps, () => [...watches.values()], elapsed);
  const shown = (): string => {
    const spent = cap.spent();
    return `${progress(waiting(), options.criteria.requireAllNodes)}${spent === undefined ? '' : `; ${spent}`}`;
  };
  const left = (): string => timeLeft(options.startedAt + options.timeoutMs, deps.now());
  const loop = { deps, rules, elapsed, record, costWatched: options.cap !== undefined };
  const end = await pollUntil(
    async (round) => {
      said.any = false;
      await mapLimit(waiting(), options.concurrency, (watch) =>
        lookOnce(watch, round, round === 0 ? options.initial?.get(watch.id) : undefined, loop)
      );
      if (waiting().length === 0) return { kind: 'done', value: undefined };
      const capped = cap.reached();
      if (capped !== undefined) {
        const spent = `${capped} spent while it waited`;
        for (const watch of waiting()) watches.set(watch.id, stopWatching(watch, 'capped', elapsed(), spent));
        return { kind: 'done', value: undefined };
      }
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
  return result(watches);
}

/**
 * One round's look at a task, as readsAt says: its detail (or the answer in hand) and its nodes; or its
 * nodes and, unless every node is still held back, its detail, whose verdict comes first (a task whose node
 * failed has often ended in Other too, and its status says so).
 */
async function lookOnce(watch: TaskWatch, round: number, known: Poll | undefined, loop: Loop): Promise<void> {
  const reads = readsAt(watch, round, loop.deps.checkNodes !== undefined, loop.costWatched);
  if (reads.first === 'nodes') {
    const report = await readNodes(watch, loop.deps);
    if (!('unreadable' in report) && report.failure === undefined && report.heldBack) {
      loop.record({ watch: skipDetail(seeNodes(watch, report, loop.elapsed()).watch), lines: [] });
      return;
    }
    const read = await readDetail(watch, known, loop);
    if (read.verdict === 'waiting') loop.record(seeNodes(read, report, loop.elapsed()));
    return;
  }
  const read = await readDetail(watch, known, loop);
  if (read.verdict === 'waiting' && reads.nodes)
    loop.record(seeNodes(read, await readNodes(read, loop.deps), loop.elapsed()));
}

/**
 * max_cost over a wait: after each round, what the tasks cost together (their last details) against the
 * cap (see seeCost), its lines logged, and once it is reached what was spent ("0.49 yuan of max_cost 0.50
 * yuan"); and the cost beside the cap ("0.42 yuan of max_cost 5 yuan"), for
 * a line of progress. Without max_cost, never reached and nothing to show.
 */
function capGuard(
  given: SpendingCap | undefined,
  options: Pick<WaitOptions, 'timeoutMs' | 'intervalMs'>,
  deps: WaitDeps,
  looked: () => readonly TaskWatch[],
  elapsed: () => number
): { reached: () => string | undefined; spent: () => string | undefined } {
  if (given === undefined) return { reached: () => undefined, spent: () => undefined };
  let cap = startCap(given.maxCost);
  // Each task's cost when first read, for tasks the step did not make: what the step spends starts there.
  const baselines = new Map<string, string>();
  return {
    reached: () => {
      const watches = looked();
      if (given.from === 'first_read')
        for (const w of watches) {
          const cost = costPoints([w.snapshot]);
          if (cost !== undefined && !baselines.has(w.id)) baselines.set(w.id, cost);
        }
      const spent = costSince(
        watches.map((w) => w.snapshot),
        [...baselines.values()]
      );
      const seen = seeCost(cap, spent, elapsed(), { endMs: options.timeoutMs, nextInMs: options.intervalMs });
      cap = seen.watch;
      for (const line of seen.lines) deps.log(line);
      return seen.reached ? besideCap(cap) : undefined;
    },
    spent: () => besideCap(cap)
  };
}

/** What a round's look takes of the wait. */
interface Loop {
  deps: WaitDeps;
  /** max_cost is set: the detail, which says the cost, is read every round. */
  costWatched: boolean;
  rules: WatchRules;
  elapsed: () => number;
  record: (seen: Seen) => TaskWatch;
}

/** The task's detail (or the answer in hand), seen by the watch; a failed read counts as the watch says. */
async function readDetail(watch: TaskWatch, known: Poll | undefined, loop: Loop): Promise<TaskWatch> {
  const { deps, rules, elapsed, record } = loop;
  try {
    const poll = known ?? (await deps.poll(watch.id));
    const atMs = elapsed();
    if (poll.kind === 'task' && deps.follow !== undefined) await deps.follow(watch.id, poll.data);
    return record(seePoll(watch, poll, atMs, rules));
  } catch (error) {
    const failure = {
      why: deps.describeError(error),
      transient: deps.isTransient(error),
      pastDeadline: error instanceof PastDeadlineError
    };
    return record(seePollFailure(watch, failure, elapsed(), rules));
  }
}

/** What the task's nodes say, or that they could not be read. */
async function readNodes(watch: TaskWatch, deps: WaitDeps): Promise<NodeReport> {
  if (deps.checkNodes === undefined) return { unreadable: 'no node list' };
  try {
    return await deps.checkNodes(watch.id);
  } catch (error) {
    return { unreadable: deps.describeError(error) };
  }
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
