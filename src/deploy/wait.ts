import { mapLimit } from '../basics/concurrency.js';
import { formatDuration } from '../basics/units.js';
import { sanitize } from '../basics/safe-text.js';
import { PastDeadlineError } from '../platform/throttle.js';
import { snapshotOf, type TaskSnapshot } from '../platform/task-data.js';
import { isUnknownStatus, judge, type Criteria } from './task-status.js';

/** One look at a task: its detail, or word that it no longer exists. */
export type Poll = { kind: 'task'; data: unknown; raw: string } | { kind: 'gone'; message: string };

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
}

export interface TaskWait {
  id: string;
  verdict: 'reached' | 'failed' | 'timed_out' | 'error' | 'cancelled';
  snapshot: TaskSnapshot | undefined;
  /** The last detail's data and its raw answer. */
  data: unknown;
  raw: string | undefined;
  /** Each status seen, and when, in ms since the step started. */
  timeline: { atMs: number; status: string }[];
  /** Why the wait for this task did not end well. */
  message: string | undefined;
  elapsedMs: number;
}

interface TaskState extends TaskWait {
  settled: boolean;
  failedPolls: number;
  saidWaitingForUrls: boolean;
  /** The running/total nodes last said, once the task's status is a success. */
  saidNodes: string | undefined;
  /** Polls in a row that found the status unchanged. */
  unchanged: number;
  saidNodesUnreadable: boolean;
}

const HEARTBEAT_MS = 60_000;

/**
 * Polls every task until it is settled (ready or failed by the criteria), or the deadline passes. The
 * first check comes right away; then one round of polls per interval. The log shows each status change
 * with the elapsed time, and a line at least once a minute while nothing changes.
 */
export async function waitForTasks(
  ids: readonly string[],
  options: WaitOptions,
  deps: WaitDeps
): Promise<{ tasks: TaskWait[]; timedOut: boolean }> {
  const states: TaskState[] = ids.map((id) => ({
    id,
    verdict: 'timed_out',
    snapshot: undefined,
    data: undefined,
    raw: undefined,
    timeline: [],
    message: undefined,
    elapsedMs: 0,
    settled: false,
    failedPolls: 0,
    saidWaitingForUrls: false,
    saidNodes: undefined,
    unchanged: 0,
    saidNodesUnreadable: false
  }));
  const deadline = options.startedAt + options.timeoutMs;
  const unknownSeen = new Set<string>();
  let lastLine = deps.now();
  const log = (line: string): void => {
    lastLine = deps.now();
    deps.log(line);
  };
  const elapsed = (): number => deps.now() - options.startedAt;

  const observe = (state: TaskState, polled: Poll): void => {
    state.failedPolls = 0;
    if (polled.kind === 'gone') {
      const stopped = options.criteria.gone === 'success';
      settle(state, stopped ? 'reached' : 'failed', elapsed(), stopped ? undefined : 'no longer exists');
      state.timeline.push({ atMs: elapsed(), status: 'gone' });
      log(
        `task ${state.id} no longer exists after ${formatDuration(elapsed())}${stopped ? ', so it is stopped' : ''}`
      );
      return;
    }
    const snapshot = snapshotOf(polled.data, options.statusField);
    const previous = state.snapshot?.status;
    Object.assign(state, { snapshot, data: polled.data, raw: polled.raw });
    const status = snapshot.status ?? '(no status)';
    const label = labelOf(state);
    state.unchanged = state.timeline.length > 0 && status === previous ? state.unchanged + 1 : 0;
    if (state.timeline.length === 0 || status !== previous) {
      state.timeline.push({ atMs: elapsed(), status });
      const change = previous === undefined ? safe(status) : `${safe(previous)} -> ${safe(status)}`;
      log(`${label}: ${change} after ${formatDuration(elapsed())}`);
    }
    if (
      snapshot.status !== undefined &&
      isUnknownStatus(snapshot.status, options.criteria) &&
      !unknownSeen.has(snapshot.status)
    ) {
      unknownSeen.add(snapshot.status);
      log(
        `status ${JSON.stringify(safe(snapshot.status))} is neither a success (${options.criteria.success.join(', ')}) nor a failure (${options.criteria.failure.join(', ') || 'none'}) status: still waiting`
      );
    }
    const nodes = snapshot.nodes;
    if (
      options.criteria.requireAllNodes &&
      nodes !== undefined &&
      options.criteria.success.includes(status)
    ) {
      const count = `${nodes.running}/${nodes.total}`;
      // Each change of the running nodes is progress: said, and kept in the timeline.
      if (count !== state.saidNodes && (state.saidNodes !== undefined || nodes.running < nodes.total)) {
        state.saidNodes = count;
        state.timeline.push({ atMs: elapsed(), status: `${status}, ${count} nodes running` });
        log(`${label}: ${count} nodes running after ${formatDuration(elapsed())}`);
      }
    }
    const judgement = judge(snapshot, options.criteria);
    if (judgement === 'reached') {
      settle(state, 'reached', elapsed(), undefined);
      const urls = snapshot.urls.filter((url): url is string => url !== null);
      log(
        `${label} is ${options.criteria.target} after ${formatDuration(elapsed())}${urls.length > 0 ? `: ${urls.map((u) => safe(u)).join(', ')}` : ''}`
      );
    } else if (judgement === 'failed') {
      settle(state, 'failed', elapsed(), `ended in ${safe(status)}`);
      log(`${label} ended in ${safe(status)} after ${formatDuration(elapsed())}`);
    } else if (
      options.criteria.success.includes(status) &&
      options.criteria.requireUrls &&
      snapshot.urls.includes(null) &&
      !state.saidWaitingForUrls
    ) {
      state.saidWaitingForUrls = true;
      const missing = snapshot.urls.filter((url) => url === null).length;
      log(`${label}: ${safe(status)}, waiting for ${missing} of ${snapshot.urls.length} service URLs`);
    }
  };

  /** Reads the nodes of a task whose status stands still, and fails its wait when one will not come up. */
  const checkNodes = async (state: TaskState, check: (taskId: string) => Promise<string | undefined>) => {
    try {
      const failure = await check(state.id);
      if (failure === undefined || state.settled) return;
      settle(state, 'failed', elapsed(), failure);
      log(`${labelOf(state)} ${failure} after ${formatDuration(elapsed())}: not waiting any longer`);
    } catch (error) {
      if (state.saidNodesUnreadable) return;
      state.saidNodesUnreadable = true;
      log(
        `task ${state.id}: could not read its nodes (${deps.describeError(error)}); its status decides alone`
      );
    }
  };

  /** Ends one task's wait, cancelled or timed out, with its last status, and why when there is more to say. */
  const stopWaiting = (state: TaskState, verdict: 'cancelled' | 'timed_out', why?: string): void => {
    const what = verdict === 'cancelled' ? 'cancelled' : 'timed out';
    const last = state.snapshot?.status;
    const lastText = last === undefined ? 'unknown' : safe(last);
    settle(
      state,
      verdict,
      elapsed(),
      `${what} after ${formatDuration(elapsed())}, last status ${lastText}${why === undefined ? '' : `: ${why}`}`
    );
  };
  /** How the wait ended: every task's part, and whether any timed out. */
  const result = (): { tasks: TaskWait[]; timedOut: boolean } => ({
    tasks: states.map(publicPart),
    timedOut: states.some((s) => s.verdict === 'timed_out')
  });

  const pollFailed = (state: TaskState, error: unknown): void => {
    state.failedPolls += 1;
    const why = deps.describeError(error);
    if (error instanceof PastDeadlineError) {
      // The next check could only come after the deadline: the wait is over, timed out, now.
      stopWaiting(state, 'timed_out', why);
      log(`task ${state.id}: ${why}; the wait ends here, timed out`);
    } else if (!deps.isTransient(error)) {
      settle(state, 'error', elapsed(), `its detail failed: ${why}`);
      log(`task ${state.id}: detail failed: ${why}`);
    } else if (state.failedPolls >= options.errorBudget) {
      settle(state, 'error', elapsed(), `${state.failedPolls} polls in a row failed, the last: ${why}`);
      log(`task ${state.id}: ${state.failedPolls} polls in a row failed; giving up on it: ${why}`);
    } else {
      log(
        `task ${state.id}: poll failed (${state.failedPolls} of ${options.errorBudget} allowed in a row): ${why}`
      );
    }
  };

  /** Ends the wait for the tasks still waiting, each with its last status. */
  const end = (
    waiting: TaskState[],
    verdict: 'cancelled' | 'timed_out'
  ): { tasks: TaskWait[]; timedOut: boolean } => {
    for (const state of waiting) stopWaiting(state, verdict);
    return result();
  };

  let round = 0;
  for (;;) {
    const pending = states.filter((s) => !s.settled);
    await mapLimit(pending, options.concurrency, async (state) => {
      const known = round === 0 ? options.initial?.get(state.id) : undefined;
      try {
        observe(state, known ?? (await deps.poll(state.id)));
      } catch (error) {
        pollFailed(state, error);
        return;
      }
      if (!state.settled && deps.checkNodes !== undefined && state.unchanged % 2 === 1)
        await checkNodes(state, deps.checkNodes);
    });
    round += 1;
    const waiting = states.filter((s) => !s.settled);
    if (waiting.length === 0) return result();
    if (deps.cancelled()) return end(waiting, 'cancelled');
    const now = deps.now();
    if (now >= deadline) return end(waiting, 'timed_out');
    let rest = Math.min(options.intervalMs, deadline - now);
    while (rest > 0) {
      // Sleep in slices that end when a heartbeat line is due, so a long interval still logs each minute.
      const slice = Math.min(rest, Math.max(1, lastLine + HEARTBEAT_MS - deps.now()));
      try {
        await deps.sleep(slice);
      } catch (error) {
        if (deps.cancelled()) return end(waiting, 'cancelled');
        throw error;
      }
      rest -= slice;
      if (deps.now() - lastLine >= HEARTBEAT_MS)
        log(
          `still waiting after ${formatDuration(elapsed())}: ${progress(waiting, options.criteria.requireAllNodes)}`
        );
    }
  }
}

/** 'task 7 "svc"': the task and its name as its last detail said. */
function labelOf(state: TaskState): string {
  const name = state.snapshot?.name;
  return `task ${state.id}${name === undefined ? '' : ` ${JSON.stringify(sanitize(name, 60))}`}`;
}

function settle(
  state: TaskState,
  verdict: TaskWait['verdict'],
  elapsedMs: number,
  message: string | undefined
): void {
  Object.assign(state, { verdict, elapsedMs, message, settled: true });
}

/** "1229831 Pending, 1229832 Running" for a few tasks; counts by status for many. */
function progress(waiting: readonly TaskState[], withNodes: boolean): string {
  const statusOf = (s: TaskState): string => {
    const nodes = withNodes ? s.snapshot?.nodes : undefined;
    const count =
      nodes === undefined || nodes.running >= nodes.total
        ? ''
        : ` (${nodes.running}/${nodes.total} nodes running)`;
    return `${safe(s.snapshot?.status ?? 'unknown')}${count}`;
  };
  if (waiting.length <= 5) return waiting.map((s) => `${s.id} ${statusOf(s)}`).join(', ');
  const counts = new Map<string, number>();
  for (const state of waiting) counts.set(statusOf(state), (counts.get(statusOf(state)) ?? 0) + 1);
  return `${waiting.length} tasks (${[...counts].map(([status, n]) => `${n} ${status}`).join(', ')})`;
}

function publicPart(state: TaskState): TaskWait {
  const { id, verdict, snapshot, data, raw, timeline, message, elapsedMs } = state;
  return { id, verdict, snapshot, data, raw, timeline, message, elapsedMs };
}

function safe(text: string): string {
  return sanitize(text, 120);
}
