import { mapLimit } from '../../basics/concurrency.js';
import { compareDecimals, sumPoints } from '../../platform/money.js';
import { describeError } from '../../platform/failures.js';
import { stoppedStatus } from '../../platform/task-kinds.js';
import { taskKindOf } from '../../platform/operations/calls.js';
import type { DeployContext } from '../engine/context.js';
import { retried } from '../engine/retries.js';
import { searchTasks, type FoundTask } from '../engine/tasks/find-tasks.js';
import { readDetail } from '../engine/tasks/read-task.js';
import { billedSince } from '../engine/wait/billed-since.js';
import { pointsOf } from '../engine/wait/spending-cap.js';
import type { TaskResult } from '../engine/wait/task-result.js';

/**
 * What a pull request's previews have spent, as the platform bills it: every task of the preview's name,
 * whatever its status (stopped ones too), each read from its own detail (billing_value + forecast_value:
 * the task search's rows need not carry forecast_value), and beside it what is known of each task already
 * (what GitHub keeps, see PullRequests.spentKept, and what the step saw: see SpendBook): a task the platform
 * has deleted since it ended counts as known, and one it still shows counts the more of the two, since a
 * task's cost only grows. A task whose detail says no cost (the reference types both fields as optional),
 * or that cannot be read and is known nowhere, is read from the platform's billing records; one they
 * cannot tell either is `unread`: what the previews spent is then not known, and no cap can be held to it.
 */
export interface PreviewSpend {
  /** Each task, as its figure was read. */
  readonly tasks: readonly SpentTask[];
  /** All of them, in points (those unread aside). */
  readonly total: string;
  /** The tasks that bill (every one not ended): what a cap must stop with the rest when it is reached. */
  readonly billing: readonly string[];
  /** The tasks whose cost could not be read at all, and why: the total leaves them out. */
  readonly unread: readonly UnreadTask[];
}

export interface SpentTask extends FoundTask {
  /** What it has cost, in points: the more of what the platform says now and what is known of it. */
  readonly points: string;
  /**
   * Where the figure was read: the task's detail, its search row (its detail unreadable), the platform's
   * billing records (neither says a cost, or it cannot be read), or what is known of it only.
   */
  readonly from: 'detail' | 'search' | 'billing' | 'kept';
}

/** A task of the preview whose cost nothing could tell: its id, and why, as a line says it. */
export interface UnreadTask {
  readonly id: string;
  readonly why: string;
}

/** What a read of the spend may use besides the task search. */
export interface SpendReads {
  /**
   * Tasks the step knows of that the search may not list (one that ended in Other, which no search asks
   * for; one the platform deleted), read by their detail.
   */
  readonly also?: readonly string[];
  /**
   * When the pull request was opened (ms since the epoch): no task of its preview is older, so the billing
   * records are read from then. Absent or unknown, they cannot be read.
   */
  readonly openedAt?: () => Promise<number | undefined>;
}

/** A task as its detail or its search row says it, or why it could not be read. */
type TaskRead = (FoundTask & { from: 'detail' | 'search' }) | { id: string; unreadable: string };

/**
 * Reads what the preview `name`'s tasks have spent: the platform's figures, with what is `known` of each
 * task already (GitHub's records, and what the step saw), the billing records where neither tells.
 */
export async function readSpend(
  name: string,
  known: ReadonlyMap<string, string>,
  ctx: DeployContext,
  reads: SpendReads = {}
): Promise<PreviewSpend> {
  const found = await retried('preview: reading what its previews cost', ctx.retries, () =>
    searchTasks(name, (found) => found === name, ctx, 'every')
  );
  const listed = new Set(found.map((task) => task.id));
  const unlisted = [...new Set(reads.also ?? [])].filter((id) => !listed.has(id));
  const read: TaskRead[] = [
    ...(await mapLimit(found, ctx.settings.concurrency, (task) => detailOf(task, ctx))),
    ...(await mapLimit(unlisted, ctx.settings.concurrency, (id) => unlistedOf(id, name, ctx)))
  ];
  const kind = taskKindOf(ctx.settings);
  const asKnown = (id: string): SpentTask => ({
    id,
    name,
    status: stoppedStatus(kind),
    billingValue: undefined,
    forecastValue: undefined,
    points: known.get(id) ?? '0',
    from: 'kept'
  });
  const said: SpentTask[] = [];
  const untold: TaskRead[] = [];
  for (const task of read) {
    if (!('unreadable' in task) && saysCost(task))
      said.push({ ...task, points: theMore(costOf([task]), known.get(task.id)) });
    // A task the platform no longer shows, known already: deleted once it ended (its cost is final).
    else if ('unreadable' in task && known.has(task.id)) said.push(asKnown(task.id));
    else untold.push(task);
  }
  const billed = await fromBills(untold, { name, known, ctx, openedAt: reads.openedAt });
  const seen = new Set(read.map((task) => task.id));
  // A task known and no longer listed (no detail asked for it): deleted once it ended.
  const gone = [...known.keys()].filter((id) => !seen.has(id)).map(asKnown);
  const tasks = [...said, ...billed.tasks, ...gone];
  return {
    tasks,
    total: sumPoints(tasks.map((task) => task.points)) ?? '0',
    // An unknown status bills until shown otherwise.
    billing: tasks.filter((task) => !kind.billsNoMore(task.status ?? '', undefined)).map((task) => task.id),
    unread: billed.unread
  };
}

/** Whether a detail or a search row says what its task cost (billing_value or forecast_value). */
const saysCost = (task: Pick<FoundTask, 'billingValue' | 'forecastValue'>): boolean =>
  task.billingValue !== undefined || task.forecastValue !== undefined;

/**
 * The tasks neither a detail nor a search row nor anything known tells the cost of, read from the
 * platform's billing records since the pull request was opened, each on its own (said); those the records
 * cannot tell either are unread (said too).
 */
async function fromBills(
  untold: readonly TaskRead[],
  read: {
    name: string;
    known: ReadonlyMap<string, string>;
    ctx: DeployContext;
    openedAt: SpendReads['openedAt'];
  }
): Promise<{ tasks: SpentTask[]; unread: UnreadTask[] }> {
  const { ctx } = read;
  if (untold.length === 0) return { tasks: [], unread: [] };
  const ids = untold.map((task) => task.id).join(', ');
  const [one] = untold;
  const why =
    one !== undefined && untold.length === 1
      ? `what task ${ids} has cost is read from the platform's billing records (booked every 5 minutes, so they lag the use by up to that): ${whyUntold(one)}`
      : `what tasks ${ids} have cost is read from the platform's billing records (booked every 5 minutes, so they lag the use by up to that): ${untold.map((task) => `task ${task.id}: ${whyUntold(task)}`).join('; ')}`;
  ctx.log(`${ctx.settings.operation}: ${why}`);
  const since = await windowOf(read.openedAt);
  const outcomes = await mapLimit(untold, ctx.settings.concurrency, (task) => billedTask(task, since, read));
  return {
    tasks: outcomes.flatMap((told) => ('points' in told ? [told] : [])),
    unread: outcomes.flatMap((told) => ('points' in told ? [] : [told]))
  };
}

/** Why a task's cost is not told by what was read of it. */
function whyUntold(task: TaskRead): string {
  if ('unreadable' in task)
    return `its detail could not be read (${task.unreadable}), and no record keeps what it cost`;
  return task.from === 'search'
    ? 'its detail could not be read, and its search row says no cost'
    : 'its detail says neither billing_value nor forecast_value';
}

/** When the billing records of a pull request's previews begin: when it was opened, or why not known. */
async function windowOf(openedAt: SpendReads['openedAt']): Promise<number | { why: string }> {
  try {
    return (await openedAt?.()) ?? { why: 'when the pull request was opened is not known' };
  } catch (error) {
    return { why: describeError(error) };
  }
}

/** One task's cost from the billing records since `since`, or why it cannot be told (said). */
async function billedTask(
  task: TaskRead,
  since: number | { why: string },
  { name, known, ctx }: { name: string; known: ReadonlyMap<string, string>; ctx: DeployContext }
): Promise<SpentTask | UnreadTask> {
  const unreadable = 'unreadable' in task;
  try {
    if (typeof since !== 'number') throw new Error(since.why);
    // Every record since the pull request was opened: no preview task of it is older.
    const billed = await retried(`the billing records of task ${task.id}`, ctx.retries, () =>
      billedSince([task.id], ctx, since)
    );
    // One no detail answers for and no search lists has ended (deleted once it ended, or ended in Other).
    const row = unreadable
      ? {
          name,
          status: stoppedStatus(taskKindOf(ctx.settings)),
          billingValue: undefined,
          forecastValue: undefined
        }
      : task;
    const points = theMore(billed, known.get(task.id));
    return { ...row, id: task.id, points, from: 'billing' };
  } catch (error) {
    const first = unreadable ? `its detail could not be read (${task.unreadable})` : whyUntold(task);
    const why = `${first}, and the billing records could not be read (${describeError(error)})`;
    ctx.log(`${ctx.settings.operation}: what task ${task.id} has cost cannot be read: ${why}`);
    return { id: task.id, why };
  }
}

/** A task found by the search, with its money and status as its detail says them (else as the row did). */
async function detailOf(task: FoundTask, ctx: DeployContext): Promise<TaskRead> {
  try {
    const { snapshot } = await readDetail(task.id, ctx);
    return {
      ...task,
      status: snapshot.status ?? task.status,
      billingValue: snapshot.billingValue,
      forecastValue: snapshot.forecastValue,
      from: 'detail'
    };
  } catch (error) {
    ctx.log(
      `${ctx.settings.operation}: could not read the detail of task ${task.id} (${describeError(error)}): ${saysCost(task) ? 'its cost is what the task search says' : 'its search row says no cost either'}`
    );
    return { ...task, from: 'search' };
  }
}

/** A task the search did not list, read by its detail; why not, when it cannot be read. */
async function unlistedOf(id: string, name: string, ctx: DeployContext): Promise<TaskRead> {
  try {
    const { snapshot } = await readDetail(id, ctx);
    const { status, billingValue, forecastValue } = snapshot;
    return { id, name, status, billingValue, forecastValue, from: 'detail' };
  } catch (error) {
    return { id, unreadable: describeError(error) };
  }
}

/** What the tasks found have cost, billed and not billed yet, in points. */
export function costOf(tasks: readonly Pick<FoundTask, 'billingValue' | 'forecastValue'>[]): string {
  return sumPoints(tasks.flatMap((t) => [t.billingValue ?? '0', t.forecastValue ?? '0'])) ?? '0';
}

/** The more of two costs in points (a task's cost only grows); `kept` absent, the first. */
export function theMore(now: string, kept: string | undefined): string {
  return kept !== undefined && (compareDecimals(kept, now) ?? -1) > 0 ? kept : now;
}

/** Each task's cost, to keep on GitHub; undefined when GitHub keeps every one of them already. */
export function worthKeeping(
  spend: PreviewSpend,
  kept: ReadonlyMap<string, string>
): ReadonlyMap<string, string> | undefined {
  const spent = new Map(spend.tasks.map((task) => [task.id, task.points]));
  const news = [...spent].some(([id, points]) => (compareDecimals(points, kept.get(id) ?? '-1') ?? 1) > 0);
  return news ? spent : undefined;
}

/** The tasks' results with their money as the spend read it from their details (a search's rows may lack it). */
export function withSpend(tasks: readonly TaskResult[], spend: PreviewSpend): TaskResult[] {
  return tasks.map((task) => {
    const read = spend.tasks.find((t) => t.id === task.id && t.from !== 'kept');
    return read === undefined
      ? task
      : { ...task, billingValue: read.billingValue, forecastValue: read.forecastValue };
  });
}

/** Whether what previews cost (points) reaches max_cost (yuan). */
export function reachesCap(spent: string, maxCost: string): boolean {
  return (compareDecimals(spent, pointsOf(maxCost)) ?? -1) >= 0;
}
