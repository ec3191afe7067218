import { mapLimit } from '../../basics/concurrency.js';
import { compareDecimals, readableYuan, sumPoints, yuanOf } from '../../platform/money.js';
import { describeError } from '../../platform/failures.js';
import { kindOf } from '../../platform/operations/calls.js';
import type { DeployContext } from '../context.js';
import { retried } from '../retries.js';
import { searchTasks, type FoundTask } from '../tasks/find-tasks.js';
import { readDetail } from '../tasks/read-task.js';
import { pointsOf } from '../wait/spending-cap.js';
import type { TaskResult } from '../wait/task-result.js';

/**
 * What a pull request's previews have spent, as the platform bills it: every task of the preview's name,
 * whatever its status (stopped ones too), each read from its own detail (billing_value + forecast_value:
 * the task search's rows need not carry forecast_value), and beside it what GitHub keeps of each task
 * (see PullRequests.spentKept): a task the platform has deleted since it ended counts as kept, and one
 * it still shows counts the more of the two, since a task's cost only grows.
 */
export interface PreviewSpend {
  /** Each task, as its figure was read. */
  readonly tasks: readonly SpentTask[];
  /** All of them, in points. */
  readonly total: string;
  /** The tasks that bill (every one not ended): what a cap must stop with the rest when it is reached. */
  readonly billing: readonly string[];
}

export interface SpentTask extends FoundTask {
  /** What it has cost, in points: the more of what the platform says now and what GitHub keeps. */
  readonly points: string;
  /** Where the figure was read: the task's detail, its search row (its detail unreadable), or GitHub only. */
  readonly from: 'detail' | 'search' | 'kept';
}

/**
 * Reads what the preview `name`'s tasks have spent: the platform's figures, with what GitHub keeps
 * (`kept`). `also`: tasks the step knows of that the search may not list (one that ended in Other, which
 * no search asks for), read by their detail.
 */
export async function readSpend(
  name: string,
  kept: ReadonlyMap<string, string>,
  ctx: DeployContext,
  also: readonly string[] = []
): Promise<PreviewSpend> {
  const found = await retried('preview: reading what its previews cost', ctx.retries, () =>
    searchTasks(name, (found) => found === name, ctx, 'every')
  );
  const listed = new Set(found.map((task) => task.id));
  const unlisted = [...new Set(also)].filter((id) => !listed.has(id));
  const read = [
    ...(await mapLimit(found, ctx.settings.concurrency, (task) => detailOf(task, ctx))),
    ...(await mapLimit(unlisted, ctx.settings.concurrency, (id) => unlistedOf(id, name, ctx)))
  ].filter((task) => task !== undefined);
  const kind = kindOf(ctx.settings);
  const seen = new Set(read.map((task) => task.id));
  // A task GitHub keeps and the platform no longer lists: deleted once it ended (its cost is final).
  const gone = [...kept.keys()].filter((id) => !seen.has(id));
  const tasks: SpentTask[] = [
    ...read.map((task) => ({ ...task, points: theMore(costOf([task]), kept.get(task.id)) })),
    ...gone.map((id) => ({
      id,
      name,
      status: kind.stoppedStatus,
      billingValue: undefined,
      forecastValue: undefined,
      points: kept.get(id) ?? '0',
      from: 'kept' as const
    }))
  ];
  return {
    tasks,
    total: sumPoints(tasks.map((task) => task.points)) ?? '0',
    // An unknown status bills until shown otherwise.
    billing: tasks.filter((task) => !kind.billsNoMore(task.status ?? '', undefined)).map((task) => task.id)
  };
}

/** A task found by the search, with its money and status as its detail says them (else as the row did). */
async function detailOf(
  task: FoundTask,
  ctx: DeployContext
): Promise<FoundTask & { from: 'detail' | 'search' }> {
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
      `preview: could not read the detail of task ${task.id} (${describeError(error)}): its cost is what the task search says`
    );
    return { ...task, from: 'search' };
  }
}

/** A task the search did not list, read by its detail; undefined (said) when it cannot be read. */
async function unlistedOf(
  id: string,
  name: string,
  ctx: DeployContext
): Promise<(FoundTask & { from: 'detail' }) | undefined> {
  try {
    const { snapshot } = await readDetail(id, ctx);
    const { status, billingValue, forecastValue } = snapshot;
    return { id, name, status, billingValue, forecastValue, from: 'detail' };
  } catch (error) {
    ctx.log(
      `preview: could not read the detail of task ${id} (${describeError(error)}): its cost is not counted`
    );
    return undefined;
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

/** Points as readable yuan (0.42 yuan; 0.000832 yuan below a fen). */
export function yuanText(points: string): string {
  const yuan = yuanOf(points) ?? '0';
  const readable = readableYuan(yuan) ?? `${points} points`;
  // Below a fen, the exact sum: a cap of a few fen is compared with it.
  return readable.startsWith('less than') ? `${yuan.replace(/0+$/, '')} yuan` : readable;
}
