import { sanitize } from '../../../basics/safe-text.js';
import { formatDuration } from '../../../basics/units.js';
import { readableYuan, spentYuan, sumPoints } from '../../../platform/money.js';
import { timeLeft } from '../poll.js';
import type { TaskSnapshot } from '../../../platform/task-data.js';
import { isPublishable, isUnknownStatus, judge, type Criteria } from './criteria.js';
import { addSample, sampleOf, type Sample } from './samples.js';

/** One look at a task: its detail, or word that it no longer exists. */
export type Poll = { kind: 'task'; data: unknown; raw: string } | { kind: 'gone'; message: string };

/** How a task's wait ended, or that it goes on. */
export type WatchVerdict = 'waiting' | 'reached' | 'failed' | 'timed_out' | 'error' | 'cancelled' | 'capped';

/**
 * What a wait knows of one task, as one immutable value: each look at the task gives a new one (see
 * seePoll, seePollFailure, seeNodes, stopWatching), with the lines to log, and no time passes here.
 */
export interface TaskWatch {
  readonly id: string;
  readonly verdict: WatchVerdict;
  readonly snapshot: TaskSnapshot | undefined;
  /** The last detail's data and its raw answer. */
  readonly data: unknown;
  readonly raw: string | undefined;
  /** Each status seen, and when, in ms since the step started. */
  readonly timeline: readonly { readonly atMs: number; readonly status: string }[];
  /** What each read of its detail showed beside its status, when it changed: cost, pods, queue (see Sample). */
  readonly samples: readonly Sample[];
  /** Why the wait for this task did not end well. */
  readonly message: string | undefined;
  readonly elapsedMs: number;
  /** Failed polls in a row. */
  readonly failedPolls: number;
  /**
   * What the last read of the task's nodes showed: not read yet, every node held back (pulling, starting,
   * crash-looping: see allHeldBack), not every node, or that they could not be read.
   */
  readonly nodes: 'unread' | 'held_back' | 'not_held_back' | 'unreadable';
  /** Rounds in a row that read no detail (see readsAt). */
  readonly roundsWithoutDetail: number;
  /**
   * Whether the task has shown a status the request it waits on does not take it out of (see
   * Criteria.leaving): until then its status is no verdict.
   */
  readonly moved: boolean;
  /**
   * The status the last look reached its target with but could not be believed on one read (see
   * TaskSnapshot.doubt): a next look that says it again settles it.
   */
  readonly doubted: string | undefined;
  /** What was said already, so that it is said once: waiting for URLs, nodes running, nodes unreadable. */
  readonly said: {
    readonly urls: boolean;
    readonly nodes: string | undefined;
    readonly nodesUnreadable: boolean;
    /** That the task still shows the status the request takes it out of. */
    readonly notYet: boolean;
  };
}

/** What the watch reads a look with. */
export interface WatchRules {
  criteria: Criteria;
  /** What a look's data says (a deployment's status at the status field, or a job's end). */
  snapshotOf: (data: unknown) => TaskSnapshot;
  /** Failed polls in a row that end a task's wait. */
  errorBudget: number;
  /** How long the wait may take, from the step's start: what a line of progress counts the time left by. */
  timeoutMs: number;
  /** Statuses already said to be unknown (once for the whole wait). */
  unknownSaid: ReadonlySet<string>;
}

/** A look's outcome: the task's new watch and the lines to log. */
export interface Seen {
  watch: TaskWatch;
  lines: string[];
  /** A status said to be unknown just now. */
  unknown?: string;
}

export function startWatch(id: string): TaskWatch {
  return {
    id,
    verdict: 'waiting',
    snapshot: undefined,
    data: undefined,
    raw: undefined,
    timeline: [],
    samples: [],
    message: undefined,
    elapsedMs: 0,
    failedPolls: 0,
    nodes: 'unread',
    roundsWithoutDetail: 0,
    moved: false,
    doubted: undefined,
    said: { urls: false, nodes: undefined, nodesUnreadable: false, notYet: false }
  };
}

const safe = (text: string): string => sanitize(text, 120);
const after = (atMs: number): string => `after ${formatDuration(atMs)}`;

/** 'task 7 "svc"': the task and its name as its last detail said. */
export function labelOf(watch: TaskWatch): string {
  const name = watch.snapshot?.name;
  return `task ${watch.id}${name === undefined ? '' : ` ${JSON.stringify(sanitize(name, 60))}`}`;
}

function settled(
  watch: TaskWatch,
  verdict: WatchVerdict,
  atMs: number,
  message: string | undefined
): TaskWatch {
  return { ...watch, verdict, elapsedMs: atMs, message };
}

/** A look at the task, at `atMs` since the step started: what changed, and whether its wait is over. */
export function seePoll(watch: TaskWatch, poll: Poll, atMs: number, rules: WatchRules): Seen {
  if (poll.kind === 'gone') return seeGone({ ...watch, failedPolls: 0 }, atMs, rules.criteria);
  const snapshot = rules.snapshotOf(poll.data);
  const previous = watch.snapshot?.status;
  const status = snapshot.status ?? '(no status)';
  const changed = watch.timeline.length === 0 || status !== previous;
  // A job's pods said whenever they change, the status standing.
  const pods =
    snapshot.pods !== undefined && snapshot.pods !== watch.snapshot?.pods ? snapshot.pods : undefined;
  let next: TaskWatch = {
    ...watch,
    snapshot,
    data: poll.data,
    raw: poll.raw,
    failedPolls: 0,
    roundsWithoutDetail: 0,
    timeline: changed ? [...watch.timeline, { atMs, status }] : watch.timeline,
    samples: addSample(watch.samples, sampleOf(snapshot, poll.data, atMs)),
    // A doubt stands for the status it was about, read again next: any other status clears it.
    doubted: changed ? undefined : watch.doubted,
    moved: watch.moved || (snapshot.status !== undefined && !rules.criteria.leaving.includes(snapshot.status))
  };
  const label = labelOf(next);
  const said = `${label}: ${previous === undefined || !changed ? safe(status) : `${safe(previous)} -> ${safe(status)}`}`;
  const lines =
    changed || pods !== undefined
      ? [
          `${said}${pods === undefined ? '' : ` (${pods})`} ${after(atMs)} (${standing(snapshot, atMs, rules.timeoutMs)})`
        ]
      : [];
  const unknown =
    snapshot.status !== undefined &&
    isUnknownStatus(snapshot.status, rules.criteria) &&
    !rules.unknownSaid.has(snapshot.status)
      ? snapshot.status
      : undefined;
  if (unknown !== undefined) lines.push(unknownLine(unknown, rules.criteria));
  const nodes = nodeProgress(next, status, atMs, rules.criteria);
  next = nodes.watch;
  lines.push(...nodes.lines);
  const judged = judgement(next, status, atMs, rules.criteria);
  return {
    watch: judged.watch,
    lines: [...lines, ...judged.lines],
    ...(unknown === undefined ? {} : { unknown })
  };
}

function seeGone(watch: TaskWatch, atMs: number, criteria: Criteria): Seen {
  const stopped = criteria.gone === 'success';
  const next = settled(watch, stopped ? 'reached' : 'failed', atMs, stopped ? undefined : 'no longer exists');
  return {
    watch: { ...next, timeline: [...watch.timeline, { atMs, status: 'gone' }] },
    lines: [`task ${watch.id} no longer exists ${after(atMs)}${stopped ? ', so it is stopped' : ''}`]
  };
}

function unknownLine(status: string, criteria: Criteria): string {
  return `status ${JSON.stringify(safe(status))} is neither a success (${criteria.success.join(', ')}) nor a failure (${criteria.failure.join(', ') || 'none'}) status: still waiting`;
}

/** Each change of the running nodes, while the status is a success: progress, said and kept in the timeline. */
function nodeProgress(
  watch: TaskWatch,
  status: string,
  atMs: number,
  criteria: Criteria
): { watch: TaskWatch; lines: string[] } {
  const nodes = watch.snapshot?.nodes;
  if (!criteria.requireAllNodes || nodes === undefined || !criteria.success.includes(status))
    return { watch, lines: [] };
  const count = `${nodes.running}/${nodes.total}`;
  if (count === watch.said.nodes || (watch.said.nodes === undefined && nodes.running >= nodes.total))
    return { watch, lines: [] };
  return {
    watch: {
      ...watch,
      said: { ...watch.said, nodes: count },
      timeline: [...watch.timeline, { atMs, status: `${status}, ${count} nodes running` }]
    },
    lines: [`${labelOf(watch)}: ${count} nodes running ${after(atMs)}`]
  };
}

/** Whether the status settles the task: its target reached, or a failure; or what it still waits for. */
function judgement(
  watch: TaskWatch,
  status: string,
  atMs: number,
  criteria: Criteria
): { watch: TaskWatch; lines: string[] } {
  const snapshot = watch.snapshot;
  if (snapshot === undefined) return { watch, lines: [] };
  const label = labelOf(watch);
  if (!watch.moved) {
    // Still as the request found it: the platform has not shown the change yet, which is no verdict.
    if (watch.said.notYet || snapshot.status === undefined) return { watch, lines: [] };
    return {
      watch: { ...watch, said: { ...watch.said, notYet: true } },
      lines: [
        `${label}: still ${safe(status)} ${after(atMs)}, as before the request: waiting for the change to show`
      ]
    };
  }
  const verdict = judge(snapshot, criteria);
  if (verdict === 'reached' && snapshot.doubt !== undefined && watch.doubted !== status) {
    // One answer whose counts contradict it is no verdict: the next look must say it again.
    return {
      watch: { ...watch, doubted: status },
      lines: [`${label}: ${safe(snapshot.doubt)} ${after(atMs)}: reading it again before believing it`]
    };
  }
  if (verdict === 'reached') {
    const urls = snapshot.urls.filter((url): url is string => url !== null);
    const shown = urls.length > 0 ? `: ${urls.map(safe).join(', ')}` : '';
    return {
      watch: settled(watch, 'reached', atMs, undefined),
      lines: [`${label} is ${criteria.target} ${after(atMs)}${shown}`]
    };
  }
  if (verdict === 'failed') {
    // Stopped by someone (the console, another run) before it reached the target: said as such.
    const stopped = criteria.stopped.includes(status);
    const message = stopped
      ? `was stopped (its status is ${safe(status)}) before it ${criteria.target}`
      : `ended in ${safe(status)}`;
    return {
      watch: settled(watch, 'failed', atMs, message),
      lines: [`${label} ${message} ${after(atMs)}${stopped ? ': not waiting any longer' : ''}`]
    };
  }
  const missing = snapshot.urls.filter((url) => !isPublishable(url)).length;
  if (!criteria.success.includes(status) || !criteria.requireUrls || missing === 0 || watch.said.urls)
    return { watch, lines: [] };
  // Set, but not a URL the step could publish: no URL, as far as ready goes.
  const unusable = snapshot.urls.filter((url) => url !== null && !isPublishable(url)).length;
  const why = unusable === 0 ? '' : ` (${unusable} set, but not an absolute http(s) URL)`;
  return {
    watch: { ...watch, said: { ...watch.said, urls: true } },
    lines: [`${label}: ${safe(status)}, waiting for ${missing} of ${snapshot.urls.length} service URLs${why}`]
  };
}

/** A poll that failed: the wait goes on while its failures may pass, within the budget of failures in a row. */
export function seePollFailure(
  watch: TaskWatch,
  failure: { why: string; transient: boolean; pastDeadline: boolean },
  atMs: number,
  rules: Pick<WatchRules, 'errorBudget'>
): Seen {
  const failedPolls = watch.failedPolls + 1;
  const counted = { ...watch, failedPolls };
  const { why } = failure;
  if (failure.pastDeadline) {
    // The next check could only come after the deadline: the wait is over, timed out, now.
    return {
      watch: stopWatching(counted, 'timed_out', atMs, why),
      lines: [`task ${watch.id}: ${why}; the wait ends here, timed out`]
    };
  }
  if (!failure.transient) {
    return {
      watch: settled(counted, 'error', atMs, `its detail failed: ${why}`),
      lines: [`task ${watch.id}: detail failed: ${why}`]
    };
  }
  if (failedPolls >= rules.errorBudget) {
    return {
      watch: settled(counted, 'error', atMs, `${failedPolls} polls in a row failed, the last: ${why}`),
      lines: [`task ${watch.id}: ${failedPolls} polls in a row failed; giving up on it: ${why}`]
    };
  }
  return {
    watch: counted,
    lines: [`task ${watch.id}: poll failed (${failedPolls} of ${rules.errorBudget} allowed in a row): ${why}`]
  };
}

/** What a task's node list says: why one of its nodes will not come up (or undefined), and whether all are held back. */
export interface NodesRead {
  failure: string | undefined;
  heldBack: boolean;
}

/** What a read of a task's nodes found, or why they could not be read. */
export type NodeReport = NodesRead | { unreadable: string };

/** What the task's nodes said: one that will not come up ends its wait; one unreadable is said once. */
export function seeNodes(watch: TaskWatch, nodes: NodeReport, atMs: number): Seen {
  if ('unreadable' in nodes) {
    const unreadable: TaskWatch = { ...watch, nodes: 'unreadable' };
    if (watch.said.nodesUnreadable) return { watch: unreadable, lines: [] };
    return {
      watch: { ...unreadable, said: { ...watch.said, nodesUnreadable: true } },
      lines: [`task ${watch.id}: could not read its nodes (${nodes.unreadable}); its status decides alone`]
    };
  }
  const seen: TaskWatch = { ...watch, nodes: nodes.heldBack ? 'held_back' : 'not_held_back' };
  if (nodes.failure === undefined || watch.verdict !== 'waiting') return { watch: seen, lines: [] };
  return {
    watch: settled(seen, 'failed', atMs, nodes.failure),
    lines: [`${labelOf(watch)} ${nodes.failure} ${after(atMs)}: not waiting any longer`]
  };
}

/**
 * What a round reads of a task: its detail and then, while it waits, its nodes when `nodes`; or its nodes
 * first, and its detail unless every node is still held back.
 */
export type Reads = { first: 'detail'; nodes: boolean } | { first: 'nodes' };

/** Rounds in a row a wait may read no detail while every node is held back (see readsAt). */
export const MOST_ROUNDS_WITHOUT_DETAIL = 3;

/**
 * What a round of a wait until ready reads of a task: the node list on every round (every second while
 * it cannot be read), so that a crash or a failed node is seen within one interval of showing; the detail
 * on the first round and on every round while not every node is held back (so that ready, or an end, is
 * seen within one interval too), and on every fourth round while every node is (pulling its image,
 * starting, crash-looping: the detail could not say ready, and a node that fails or ends shows in the node
 * list first), unless the node list of the round shows otherwise. Six rounds a minute at the default 10 s
 * are then seven and a half requests while the nodes are held back. A wait for another target reads the
 * detail alone, every round. Under max_cost (`costWatched`), the detail is read every round: the cost it
 * says is what the cap is held to, within one interval.
 */
export function readsAt(watch: TaskWatch, round: number, withNodes: boolean, costWatched = false): Reads {
  if (!withNodes) return { first: 'detail', nodes: false };
  if (!costWatched && watch.nodes === 'held_back' && watch.roundsWithoutDetail < MOST_ROUNDS_WITHOUT_DETAIL)
    return { first: 'nodes' };
  return { first: 'detail', nodes: watch.nodes !== 'unreadable' || round % 2 === 0 };
}

/** A round that read the task's nodes and left its detail for a later one: counted, for readsAt. */
export function skipDetail(watch: TaskWatch): TaskWatch {
  return { ...watch, roundsWithoutDetail: watch.roundsWithoutDetail + 1 };
}

/**
 * Ends a task's wait, cancelled, timed out or at max_cost (capped), with its last status, and why when
 * there is more to say.
 */
export function stopWatching(
  watch: TaskWatch,
  verdict: 'cancelled' | 'timed_out' | 'capped',
  atMs: number,
  why?: string
): TaskWatch {
  const what = { cancelled: 'cancelled', timed_out: 'timed out', capped: 'stopped at max_cost' }[verdict];
  const last = watch.snapshot?.status;
  const never = last !== undefined && !watch.moved ? `, as before the request: the status never changed` : '';
  return settled(
    watch,
    verdict,
    atMs,
    `${what} ${after(atMs)}, last status ${last === undefined ? 'unknown' : safe(last)}${never}${why === undefined ? '' : `: ${why}`}`
  );
}

/**
 * How long and how much, for a line of progress: "14m57s left, cost so far 0.02 yuan": the time left at
 * `at` before `deadline` (on one clock: the step's, or the time since it started), and the cost from the
 * detail already read (billed plus not billed yet, to the fen).
 */
export function standing(snapshot: TaskSnapshot | undefined, at: number, deadline: number): string {
  const left = timeLeft(deadline, at);
  const cost = costOf(snapshot);
  return cost === undefined ? left : `${left}, cost so far ${readableYuan(cost) ?? `${cost} yuan`}`;
}

const costOf = (snapshot: TaskSnapshot | undefined): string | undefined =>
  snapshot === undefined ? undefined : spentYuan(snapshot.billingValue, snapshot.forecastValue);

/**
 * The heartbeat's view of the tasks waited for: "1229831 Pending, cost so far 0.02 yuan; 1229832 Running
 * (1 running, 0 succeeded, 0 failed)" for a few; counts by status and the cost of them all for many.
 */
export function progress(waiting: readonly TaskWatch[], withNodes: boolean): string {
  const statusOf = (w: TaskWatch): string => {
    const nodes = withNodes ? w.snapshot?.nodes : undefined;
    const count =
      nodes === undefined || nodes.running >= nodes.total
        ? ''
        : ` (${nodes.running}/${nodes.total} nodes running)`;
    const pods = w.snapshot?.pods === undefined ? '' : ` (${w.snapshot.pods})`;
    return `${safe(w.snapshot?.status ?? 'unknown')}${count}${pods}`;
  };
  const costs = waiting.flatMap((w) => costOf(w.snapshot) ?? []);
  if (waiting.length <= 5)
    return waiting
      .map((w) => {
        const cost = costOf(w.snapshot);
        return `${w.id} ${statusOf(w)}${cost === undefined ? '' : `, cost so far ${readableYuan(cost) ?? cost}`}`;
      })
      .join('; ');
  const counts = new Map<string, number>();
  for (const watch of waiting) {
    const nodes = withNodes ? watch.snapshot?.nodes : undefined;
    const key = `${safe(watch.snapshot?.status ?? 'unknown')}${nodes === undefined || nodes.running >= nodes.total ? '' : ' (not every node running)'}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  const total = costs.length === 0 ? undefined : sumYuan(costs);
  return `${waiting.length} tasks (${[...counts].map(([status, n]) => `${n} ${status}`).join(', ')})${total === undefined ? '' : `, cost so far ${total}`}`;
}

/** Yuan figures summed, to the fen. */
function sumYuan(yuan: readonly string[]): string | undefined {
  const total = sumPoints(yuan);
  return total === undefined ? undefined : readableYuan(total);
}
