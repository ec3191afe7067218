import { isRecord } from '../../basics/records.js';
import { placeOf, snapshotOf, taskIdOf, type TaskPlace } from '../../platform/task-data.js';
import type { DeployContext } from '../engine/context.js';
import { costPoints } from '../engine/wait/spending-cap.js';
import type { PullRequests } from '../engine/pull-requests.js';
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
  readonly #places = new Map<string, TaskPlace>();
  #kept: ReadonlyMap<string, string> = new Map();

  /** Where a task runs (its GPU and region), as the last answer that said it did; undefined when none did. */
  placeOf(id: string): TaskPlace | undefined {
    return this.#places.get(id);
  }

  /** Where tasks run (task id, place), as an answer said. */
  placed(places: Iterable<readonly [string, TaskPlace]>): void {
    for (const [id, place] of places) this.#places.set(id, place);
  }

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
      book.placed(placesIn(answer.result.data, name));
      return answer;
    }
  };
}

/** The tasks named `name` an answer's data says something of: a detail, or a list's rows, with their ids. */
function rowsOf(data: unknown, name: string): [string, Record<string, unknown>][] {
  const rows: unknown[] = isRecord(data) && Array.isArray(data.results) ? data.results : [data];
  return rows.flatMap((row): [string, Record<string, unknown>][] => {
    if (!isRecord(row) || row.task_name !== name) return [];
    const id = taskIdOf(row);
    return id === undefined ? [] : [[id, row]];
  });
}

/** The costs an answer's data says of tasks named `name`: a detail's, or a list's rows'. */
export function figuresIn(data: unknown, name: string): [string, string][] {
  return rowsOf(data, name).flatMap(([id, row]): [string, string][] => {
    const points = costPoints([snapshotOf(row, ['status'])]);
    return points === undefined ? [] : [[id, points]];
  });
}

/** Where an answer's data says tasks named `name` run (a detail's resources). */
function placesIn(data: unknown, name: string): [string, TaskPlace][] {
  return rowsOf(data, name).flatMap(([id, row]): [string, TaskPlace][] => {
    const place = placeOf(row);
    return place === undefined ? [] : [[id, place]];
  });
}
