import { formatDuration } from '../../basics/units.js';
import { InputError } from '../../basics/input-error.js';
import { readablePoints, sumPoints } from '../../platform/money.js';
import { searchByNameCall } from '../../platform/operations/calls.js';
import type { Plan } from '../../platform/operations/operation-table.js';
import { NO_CLEANUP } from '../engine/cleanup-state.js';
import type { DeployContext } from '../engine/context.js';
import { previewName, type PreviewView, type PullRequests } from '../engine/pull-requests.js';
import { reportEntry, type StepResult } from '../engine/calls/step-result.js';
import type { FoundTask } from '../engine/tasks/find-tasks.js';
import type { TaskResult } from '../engine/wait/task-result.js';
import type { Flow } from '../engine/flows/flow.js';
import { SpendBook, openBook, seeing, spendNow } from './preview-book.js';
import { costOf, reachesCap, withSpend, type PreviewSpend } from './preview-spend.js';
import { lastPushShown, pullRequestsOf } from './preview.js';
import { keepSpend, recording } from './preview-recording.js';
import { livePreviews, stopPreview } from './preview-tasks.js';
import { stepResult } from '../engine/flows/toolkit.js';

/**
 * What a cancelled close run, or a forgotten pull request, left running: the previews of task_name
 * (task_name-pr-<number>) are found by name, GitHub asked each one's pull request's state, and those
 * whose pull request is closed or merged, that were not deployed for preview_ttl, or whose previews
 * together reached max_cost, are stopped until their state shows it, what they cost kept, their comment
 * (if any) said so, their deployments marked inactive. A preview whose pull request this repository does
 * not have is left (another repository's, of the same task_name), and said. Then the records a close run
 * left unfinished (GitHub failing it) are finished: a pull request closed within preview_ttl, none of
 * whose preview runs, whose newest deployment still says it serves. What GitHub refuses for one pull
 * request is said, and the sweep goes on with the others; it fails at the end, naming those it could not
 * sweep. The summary says what was stopped, why, and what it cost.
 */
export const previewSweepFlow: Flow = {
  plan: (settings) => {
    const { taskName } = settings;
    if (taskName === undefined)
      throw new InputError(
        "task_name is empty, but preview_sweep needs it: set it to the previews' task_name, such as web (it sweeps web-pr-<number>)"
      );
    if (settings.previews.githubToken === undefined)
      throw new InputError(
        "github_token is empty, but preview_sweep asks GitHub each pull request's state: leave github_token at its default (the workflow's token) and grant permissions deployments: write and pull-requests: write (the comment a close left is brought up to date)"
      );
    const plan: Plan = {
      operation: settings.operation,
      calls: [searchByNameCall(settings, `${taskName}-pr-`, 1)],
      wait: undefined
    };
    return {
      plan,
      cleanup: NO_CLEANUP,
      run: (ctx) => sweepPreviews(plan, { taskName, ctx }, false),
      dryRun: (ctx) => sweepPreviews(plan, { taskName, ctx }, true)
    };
  }
};

async function sweepPreviews(
  plan: Plan,
  { taskName, ctx }: { taskName: string; ctx: DeployContext },
  dryRun: boolean
): Promise<StepResult> {
  const { host } = await pullRequestsOf(ctx, false);
  const live = await livePreviews(taskName, ctx);
  // Every name found is task_name-pr-<number>: the search kept no other.
  const prefix = `${taskName}-pr-`.length;
  const numbers = [...new Set(live.map((task) => Number(task.name.slice(prefix))))].sort((a, b) => a - b);
  ctx.log(
    `preview_sweep: ${live.length} preview task(s) of ${JSON.stringify(taskName)} run, for ${numbers.length} pull request(s)${dryRun ? '; dry run: none is stopped' : ''}`
  );
  const sweep: Swept = { tasks: [], costs: [], unswept: [] };
  for (const number of numbers) await sweepOne({ taskName, number, host, live, dryRun }, sweep, ctx);
  await finishRecords({ taskName, host, live: new Set(numbers), dryRun }, sweep, ctx);
  const failure =
    sweep.unswept.length === 0
      ? undefined
      : `could not sweep ${sweep.unswept.join('; ')}: left as they were, the others swept; the next sweep tries again`;
  return stepResult(plan, ctx, {
    tasks: sweep.tasks,
    parts: [
      reportEntry('preview', {
        number: undefined,
        taskName,
        totalPoints: sweep.costs.length === 0 ? undefined : sumPoints(sweep.costs),
        ...(failure === undefined ? {} : { failure })
      })
    ]
  });
}

/** What the sweep did so far: the tasks it stopped, what their previews cost, the pull requests GitHub failed it for. */
interface Swept {
  readonly tasks: TaskResult[];
  readonly costs: string[];
  readonly unswept: string[];
}

/**
 * One pull request's previews: kept, or stopped with why, what they cost kept on GitHub, the comment
 * said so (where there is one) and the deployments marked inactive last. What GitHub refuses is said;
 * the stop is not undone by it.
 */
async function sweepOne(
  one: { taskName: string; number: number; host: PullRequests; live: readonly FoundTask[]; dryRun: boolean },
  sweep: Swept,
  outer: DeployContext
): Promise<void> {
  const { number, host, dryRun } = one;
  const name = previewName(one.taskName, number);
  const verdict: { why?: Verdict } = {};
  const unread = await recording(outer, async () => {
    verdict.why = await whyStop({ name, number }, host, outer);
  });
  const { why } = verdict;
  const left = unread ?? (typeof why === 'object' ? why.unswept : undefined);
  if (left !== undefined) {
    sweep.unswept.push(`#${number} (${left})`);
    return;
  }
  if (typeof why !== 'string') return;
  const reason = why;
  // Every figure the stop reads is kept in the book: the platform may delete a task once it has ended.
  const book = new SpendBook();
  const ctx = seeing(outer, name, book);
  const stopped = await stopPreview(name, ctx, dryRun);
  const stoppedIds = stopped.map((task) => task.id);
  const said = (tasks: readonly TaskResult[]) =>
    tasks.map((task) => ({ ...task, message: task.verdict === 'error' ? task.message : reason }));
  if (dryRun) {
    sweep.tasks.push(...said(stopped));
    sweep.costs.push(costOf(one.live.filter((task) => task.name === name)));
    return;
  }
  let spend: PreviewSpend | undefined;
  const failed = await recording(ctx, async () => {
    book.keptNow(await host.spentKept(name));
    spend = await spendNow({ name, number, host }, book, ctx, stoppedIds);
    const retired = await stoppedRecords(
      { number, name, given: one.taskName, why: reason, spend, book },
      host
    );
    ctx.log(
      `preview_sweep: ${name} (${reason}): stopped; ${retired} deployment(s) marked inactive; its previews cost ${readablePoints(spend.total)} in all`
    );
  });
  if (failed !== undefined) sweep.unswept.push(`#${number} (stopped, but ${failed})`);
  spend ??= await spendNow({ name, number, host }, book, ctx, stoppedIds);
  sweep.tasks.push(...said(withSpend(stopped, spend)));
  sweep.costs.push(spend.total);
}

/**
 * The records of a pull request whose previews are stopped: what they cost kept, the comment (only one
 * a run wrote: never a new one) said so, the deployments marked inactive last. How many were marked.
 */
async function stoppedRecords(
  stopped: {
    number: number;
    name: string;
    given: string;
    why: string;
    spend: PreviewSpend;
    book: SpendBook;
  },
  host: PullRequests
): Promise<number> {
  const { number, name, spend } = stopped;
  await keepSpend(host, { number, name }, spend, stopped.book);
  await host.comment(stoppedView(stopped.given, number, stopped.why, spend, stopped.book), 'existing');
  return (await host.retire(number)).length;
}

/** The comment of a preview the sweep stopped, or whose close it finished. */
function stoppedView(
  given: string,
  number: number,
  why: string,
  spend: PreviewSpend,
  book: SpendBook
): PreviewView {
  return {
    taskName: given,
    number,
    state: 'stopped',
    url: undefined,
    ...lastPushShown(spend, book),
    status: 'stopped',
    sha: undefined,
    totalCost: readablePoints(spend.total),
    note: `Stopped by preview_sweep: ${why}.`
  };
}

/**
 * The records a close run left unfinished (GitHub failed it after the stop): of the pull requests closed
 * within preview_ttl whose preview runs no more, those whose newest deployment still says it serves get
 * the close's records (see stoppedRecords). A dry run says which it would finish.
 */
async function finishRecords(
  run: { taskName: string; host: PullRequests; live: ReadonlySet<number>; dryRun: boolean },
  sweep: Swept,
  ctx: DeployContext
): Promise<void> {
  const { host, taskName, dryRun } = run;
  let closed: number[] = [];
  const unread = await recording(ctx, async () => {
    closed = await host.closedSince(ctx.runtime.now() - ctx.settings.previews.ttlMs);
  });
  if (unread !== undefined) sweep.unswept.push(`the pull requests closed lately (${unread})`);
  for (const number of closed.filter((n) => !run.live.has(n)).sort((a, b) => a - b)) {
    const name = previewName(taskName, number);
    const failed = await recording(ctx, async () => {
      const state = await host.lastDeploymentState(number, name);
      if (state === undefined || state === 'inactive') return;
      const why = `pull request #${number} is closed, and its deployment still said ${state}`;
      if (dryRun) {
        ctx.log(`preview_sweep: ${name}: ${why}: dry run: its records would be finished`);
        return;
      }
      const book = await openBook(host, name);
      const spend = await spendNow({ name, number, host }, book, ctx);
      const retired = await stoppedRecords({ number, name, given: taskName, why, spend, book }, host);
      ctx.log(
        `preview_sweep: ${name}: ${why} (a close run's records were left unfinished): ${retired} deployment(s) marked inactive, the comment (if any) says stopped`
      );
    });
    if (failed !== undefined) sweep.unswept.push(`#${number} (${failed})`);
  }
}

/**
 * Why a pull request's previews are stopped, undefined when they are kept (said in the log), or why they
 * could not be swept (what they spent cannot be read, so max_cost cannot be held to it).
 */
type Verdict = string | undefined | { unswept: string };

/** Why a pull request's previews are stopped, or kept, or left unswept (see Verdict). */
async function whyStop(
  { name, number }: { name: string; number: number },
  host: PullRequests,
  ctx: DeployContext
): Promise<Verdict> {
  const state = await host.state(number);
  if (state === 'closed' || state === 'merged') return `pull request #${number} is ${state}`;
  if (state === 'missing') {
    ctx.log(
      `preview_sweep: ${name} is left: this repository has no pull request #${number} (it may be another repository's preview of the same task_name)`
    );
    return undefined;
  }
  const last = await host.lastDeployedAt(number);
  // A preview no deployment records (made by hand, or before the action recorded one) has no age to read.
  const age = last === undefined ? undefined : ctx.runtime.now() - last;
  const deployed = age === undefined ? 'no deployment recorded' : `last deployed ${formatDuration(age)} ago`;
  if (age !== undefined && age > ctx.settings.previews.ttlMs)
    return `pull request #${number} was ${deployed}, more than preview_ttl`;
  const { maxCost } = ctx.settings;
  if (maxCost !== undefined) {
    const spend = await spendNow({ name, number, host }, await openBook(host, name), ctx);
    const spent = spend.total;
    if (reachesCap(spent, maxCost))
      return `the previews of pull request #${number} have cost ${readablePoints(spent)}, reaching max_cost ${maxCost} yuan`;
    if (spend.unread.length > 0)
      return {
        unswept: `what its previews have cost cannot be read (${spend.unread.map((task) => `task ${task.id}: ${task.why}`).join('; ')}), so max_cost ${maxCost} yuan cannot be held: left running`
      };
  }
  ctx.log(`preview_sweep: ${name} is kept: pull request #${number} is open, ${deployed}`);
  return undefined;
}
