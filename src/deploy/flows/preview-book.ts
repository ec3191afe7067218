import { isRecord } from '../../basics/records.js';
import { snapshotOf, taskIdOf } from '../../platform/task-data.js';
import type { DeployContext } from '../context.js';
import { costPoints } from '../wait/spending-cap.js';
import type { PullRequests } from '../pull-requests.js';
import { readSpend, theMore, type PreviewSpend } from './preview-spend.js';

/**
 * What a preview step knows of what its preview's tasks have cost, so that no figure it learned is lost
 * (the platform may delete a task as soon as it has ended, and with it the only place its cost was said):
 * what GitHub keeps (as read when the step began, and as the step kept since), and for each task the most
 * the step saw it cost anywhere: GitHub's records, a detail, a search's row, when the step began, while it
 * waited, after a stop (see seeing).
 */
export class SpendBook {
  readonly #known = new Map<string, string>();
  #kept: ReadonlyMap<string, string> = new Map();

  /** Each task's most the step saw it cost, in points. */
  known(): ReadonlyMap<string, string> {
    return this.#known;
  }

  /** What GitHub keeps of each task, as far as the step knows. */
  kept(): ReadonlyMap<string, string> {
    return this.#kept;
  }

  /** Figures (task id, points) the step saw: each task keeps the most. */
  see(figures: Iterable<readonly [string, string]>): void {
    for (const [id, points] of figures) this.#known.set(id, theMore(points, this.#known.get(id)));
  }

  /** GitHub keeps `spent` (as read, or as the step kept it): seen too. */
  keptNow(spent: ReadonlyMap<string, string>): void {
    const kept = new Map(this.#kept);
    for (const [id, points] of spent) kept.set(id, theMore(points, kept.get(id)));
    this.#kept = kept;
    this.see(spent);
  }
}

/**
 * What the preview `name` of pull request `number` has spent now (see readSpend), counting every figure
 * the book saw, and seen by it in turn. `also`: the tasks the step knows of.
 */
export async function spendNow(
  preview: { name: string; number: number; host: PullRequests },
  book: SpendBook,
  ctx: DeployContext,
  also: readonly string[] = []
): Promise<PreviewSpend> {
  const { name, number, host } = preview;
  const spend = await readSpend(name, book.known(), ctx, { also, openedAt: () => host.openedAt(number) });
  book.see(spend.tasks.map((task) => [task.id, task.points]));
  return spend;
}

/** A book begun with what GitHub keeps of the preview `name` (a PullRequestsRefusal when GitHub refuses). */
export async function openBook(host: PullRequests, name: string): Promise<SpendBook> {
  const book = new SpendBook();
  book.keptNow(await host.spentKept(name));
  return book;
}

/**
 * The context, its every answer that says what a task of the preview `name` cost (a detail, a search's
 * rows, whoever asked: the wait, a stop, the replace) seen by `book` as it comes.
 */
export function seeing(ctx: DeployContext, name: string, book: SpendBook): DeployContext {
  return {
    ...ctx,
    send: async (call, limits) => {
      const answer = await ctx.send(call, limits);
      book.see(figuresIn(answer.result.data, name));
      return answer;
    }
  };
}

/** The costs an answer's data says of tasks named `name`: a detail's, or a list's rows'. */
export function figuresIn(data: unknown, name: string): [string, string][] {
  const rows: unknown[] = isRecord(data) && Array.isArray(data.results) ? data.results : [data];
  return rows.flatMap((row): [string, string][] => {
    if (!isRecord(row) || row.task_name !== name) return [];
    const id = taskIdOf(row);
    const points = costPoints([snapshotOf(row, ['status'])]);
    return id === undefined || points === undefined ? [] : [[id, points]];
  });
}
