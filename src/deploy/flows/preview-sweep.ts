import { formatDuration } from '../../basics/units.js';
import { InputError } from '../../basics/input-error.js';
import { sumPoints } from '../../platform/money.js';
import { searchByNameCall } from '../../platform/operations/calls.js';
import type { Plan } from '../../platform/operations/operation-table.js';
import { NO_CLEANUP } from '../cleanup-state.js';
import type { DeployContext } from '../context.js';
import { previewName, type PullRequests } from '../pull-requests.js';
import type { StepResult } from '../calls/step-result.js';
import type { FoundTask } from '../tasks/find-tasks.js';
import type { TaskResult } from '../wait/task-result.js';
import type { Flow } from './flow.js';
import { costOf, reachesCap, readSpend, yuanText } from './preview-spend.js';
import { pullRequestsOf } from './preview.js';
import { recording } from './preview-recording.js';
import { livePreviews, stopPreview } from './preview-tasks.js';
import { stepResult } from './toolkit.js';

/**
 * What a cancelled close run, or a forgotten pull request, left running: the previews of task_name
 * (task_name-pr-<number>) are found by name, GitHub asked each one's pull request's state, and those
 * whose pull request is closed or merged, that were not deployed for preview_ttl, or whose previews
 * together reached max_cost, are stopped until their state shows it, their deployments marked inactive.
 * A preview whose pull request this repository does not have is left (another repository's, of the same
 * task_name), and said. The summary says what was stopped, why, and what it cost.
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
        "github_token is empty, but preview_sweep asks GitHub each pull request's state: leave github_token at its default (the workflow's token) and grant permissions deployments: write and pull-requests: read"
      );
    const plan: Plan = {
      operation: settings.operation,
      calls: [searchByNameCall(settings, `${taskName}-pr-`, 1)],
      wait: undefined
    };
    return {
      plan,
      cleanup: NO_CLEANUP,
      capsCost: true,
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
  const tasks: TaskResult[] = [];
  const costs: string[] = [];
  const failure = await recording(ctx, async () => {
    for (const number of numbers) {
      const swept = await sweepOne(previewName(taskName, number), { number, host, live, dryRun }, ctx);
      tasks.push(...swept.tasks);
      if (swept.cost !== undefined) costs.push(swept.cost);
    }
  });
  return stepResult(plan, ctx, {
    tasks,
    preview: {
      number: undefined,
      taskName,
      totalPoints: costs.length === 0 ? undefined : sumPoints(costs),
      ...(failure === undefined ? {} : { failure: `${failure}; what it stopped before is stopped` })
    }
  });
}

/** One pull request's previews: kept, or stopped (and its deployments marked inactive) with why. */
async function sweepOne(
  name: string,
  how: { number: number; host: PullRequests; live: readonly FoundTask[]; dryRun: boolean },
  ctx: DeployContext
): Promise<{ tasks: TaskResult[]; cost: string | undefined }> {
  const { number } = how;
  const why = await whyStop({ name, number }, how.host, ctx);
  if (why === undefined) return { tasks: [], cost: undefined };
  const stopped = await stopPreview(name, ctx, how.dryRun);
  const cost = how.dryRun
    ? costOf(how.live.filter((task) => task.name === name))
    : (await readSpend(name, await how.host.spentKept(name), ctx)).total;
  if (!how.dryRun) {
    const retired = await how.host.retire(number);
    ctx.log(
      `preview_sweep: ${name} (${why}): stopped; ${retired.length} deployment(s) marked inactive; its previews cost ${yuanText(cost)} in all`
    );
  }
  return {
    tasks: stopped.map((task) => ({ ...task, message: task.verdict === 'error' ? task.message : why })),
    cost
  };
}

/** Why a pull request's previews are stopped, or undefined when they are kept (said in the log). */
async function whyStop(
  { name, number }: { name: string; number: number },
  host: PullRequests,
  ctx: DeployContext
): Promise<string | undefined> {
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
    const spent = (await readSpend(name, await host.spentKept(name), ctx)).total;
    if (reachesCap(spent, maxCost))
      return `the previews of pull request #${number} have cost ${yuanText(spent)}, reaching max_cost ${maxCost} yuan`;
  }
  ctx.log(`preview_sweep: ${name} is kept: pull request #${number} is open, ${deployed}`);
  return undefined;
}
