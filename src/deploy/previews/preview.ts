import { InputError } from '../../basics/input-error.js';
import { sanitize } from '../../basics/safe-text.js';
import { readablePoints, sumPoints } from '../../platform/money.js';
import type { TaskPlace } from '../../platform/task-data.js';
import type { DeployContext } from '../engine/context.js';
import {
  previewName,
  type PullRequestEvent,
  type PullRequests,
  type PreviewView
} from '../engine/pull-requests.js';
import { placementOf, reportEntry, withReport, type StepResult } from '../engine/calls/step-result.js';
import type { DeploySettings } from '../engine/settings.js';
import type { Flow, PlannedStep } from '../engine/flows/flow.js';
import { beyondMaxPreviews, overMaxPreviews, type Refusal } from './max-previews.js';
import { commentIf, keepSpend, recording } from './preview-recording.js';
import { SpendBook, openBook, seeing, spendNow } from './preview-book.js';
import { reachesCap, withSpend, type PreviewSpend } from './preview-spend.js';
import { stopPreview } from './preview-tasks.js';
import { stepResult } from '../engine/flows/toolkit.js';
import type { CapBesides } from '../engine/flows/wait.js';
import { lentReplace } from '../engine/flows/lent-replace.js';

/**
 * A preview of a pull request, on its workflow's pull_request events. Opened, pushed to or reopened: the
 * pull request's service is brought up as a replace does, under task_name-pr-<number> (the earlier push's
 * keeps serving until the new one is ready), recorded as a GitHub deployment of the environment
 * pr-<number> (in progress, then success with the service's URL, or failure), the earlier deployments
 * marked inactive. Closed: every task of the name is stopped until its state shows it, the deployments
 * marked inactive, and what the previews cost said. max_previews caps the previews of task_name at once;
 * max_cost caps all of the pull request's previews together. With comment, one comment on the pull
 * request says it all, updated in place.
 */
export const previewFlow: Flow = {
  plan: (settings) => {
    if (settings.taskName === undefined)
      throw new InputError(
        "task_name is empty, but preview needs it: set task_name to the service's name, such as web (a pull request's preview is named web-pr-42)"
      );
    if (settings.previews.githubToken === undefined)
      throw new InputError(
        "github_token is empty, but preview records the pull request's deployments: leave github_token at its default (the workflow's token) and grant permissions deployments: write and pull-requests: write"
      );
    // The replace of a push, planned now with the name's form, so that every input is checked before anything is sent.
    const given = settings.taskName;
    const replace = lentReplace().flow.plan({ ...settings, taskName: previewName(given, 1) });
    return {
      plan: replace.plan,
      cleanup: replace.cleanup,
      run: (ctx) => runPreview(given, ctx, false),
      dryRun: (ctx) => runPreview(given, ctx, true)
    } satisfies PlannedStep;
  }
};

/** The pull requests' host, and the event's pull request: refused when the host has none. */
export async function pullRequestsOf(
  ctx: DeployContext,
  needsEvent: boolean
): Promise<{ host: PullRequests; event: PullRequestEvent | undefined }> {
  const open = ctx.runtime.pullRequests;
  if (open === undefined)
    throw new InputError(
      `${ctx.settings.operation} runs in the GitHub action, on a workflow's pull_request events (docs/previews.md): on GitLab, a review app uses replace and cleanup (docs/cli.md)`
    );
  const host = await open();
  if (needsEvent && host.event === undefined)
    throw new InputError(
      `${ctx.settings.operation} follows a pull request: run it on pull_request events (on: pull_request: types: [opened, synchronize, reopened, closed])`
    );
  return { host, event: host.event };
}

/**
 * The preview of the event's pull request, up or down. What GitHub refuses before anything is made (a
 * token that cannot write deployments) fails the step, naming the permission.
 */
async function runPreview(given: string, ctx: DeployContext, dryRun: boolean): Promise<StepResult> {
  let done: StepResult | undefined;
  const failure = await recording(ctx, async () => {
    done = await upOrDown(given, ctx, dryRun);
  });
  return (
    done ??
    stepResult(NO_PLAN(ctx), ctx, {
      parts: [reportEntry('preview', { number: undefined, taskName: given, totalPoints: undefined, failure })]
    })
  );
}

async function upOrDown(given: string, ctx: DeployContext, dryRun: boolean): Promise<StepResult> {
  const { host, event } = await pullRequestsOf(ctx, true);
  const pull = event as PullRequestEvent;
  const name = previewName(given, pull.number);
  ctx.log(
    `preview: pull request #${pull.number} was ${pull.merged ? 'merged' : (SAID[pull.said] ?? pull.said)}: ${pull.action === 'up' ? `bringing up ${JSON.stringify(name)} at ${pull.headSha.slice(0, 7)}` : `stopping ${JSON.stringify(name)}`}`
  );
  return pull.action === 'down'
    ? takeDown({ given, host, pull, name }, ctx, dryRun)
    : bringUp({ given, host, pull, name }, ctx, dryRun);
}

/** The event's words as a line says them. */
const SAID: Readonly<Record<string, string>> = { synchronize: 'pushed to' };

interface Preview {
  /** task_name, which the previews are named after. */
  given: string;
  host: PullRequests;
  pull: PullRequestEvent;
  name: string;
}

/**
 * Closed: every live task of the preview's name stopped until its state shows it ended (the search is
 * sent again until none is left), then the environment's deployments marked inactive, and the cost said.
 */
async function takeDown(preview: Preview, outer: DeployContext, dryRun: boolean): Promise<StepResult> {
  const { host, pull, name } = preview;
  // Every figure the close sees is kept in the book, those the stop reads included: the platform may
  // delete a task as soon as it has ended.
  const book = new SpendBook();
  const ctx = seeing(outer, name, book);
  const stopped = await stopPreview(name, ctx, dryRun);
  if (dryRun) {
    ctx.log(`dry run: the deployments of pull request #${pull.number} would be marked inactive`);
    return stepResult(NO_PLAN(ctx), ctx, { tasks: stopped });
  }
  const failed = stopped.filter((task) => task.verdict === 'error');
  const stoppedIds = stopped.map((task) => task.id);
  let spend: PreviewSpend | undefined;
  // What it cost kept first, the comment next, the deployments marked inactive last: a deployment left
  // live says that the close's records are unfinished, and preview_sweep finishes them.
  const failure = await recording(ctx, async () => {
    book.keptNow(await host.spentKept(name));
    spend = await spendNow(previewOf(preview), book, ctx, stoppedIds);
    await keepSpend(host, { number: pull.number, name }, spend, book);
    await commentIf(host, ctx, {
      ...view(preview),
      ...lastPushShown(spend, book),
      state: failed.length === 0 ? 'stopped' : 'failed',
      status: failed.length === 0 ? 'stopped' : 'could not be stopped',
      totalCost: readablePoints(spend.total),
      note:
        failed.length === 0
          ? `The pull request was ${pull.merged ? 'merged' : 'closed'}: its preview is stopped.`
          : `Task ${failed.map((t) => t.id).join(', ')} could not be stopped: preview_sweep tries again.`
    });
    const retired = await host.retire(pull.number);
    ctx.log(
      `preview: ${retired.length} deployment(s) of pull request #${pull.number} marked inactive; its previews cost ${readablePoints(spend.total)} in all`
    );
  });
  // GitHub refused what it keeps: what the step saw and the platform still shows is all there is to say.
  spend ??= await spendNow(previewOf(preview), book, ctx, stoppedIds);
  return stepResult(NO_PLAN(ctx), ctx, {
    tasks: withSpend(stopped, spend),
    parts: [
      reportEntry('preview', {
        number: pull.number,
        taskName: name,
        totalPoints: spend.total,
        ...(failure === undefined ? {} : { failure })
      })
    ]
  });
}

/** The newest of the preview's tasks (the largest id: the platform numbers its tasks in order). */
function newestOf(spend: PreviewSpend): PreviewSpend['tasks'][number] | undefined {
  return spend.tasks.reduce<PreviewSpend['tasks'][number] | undefined>(
    (newest, task) => (newest === undefined || BigInt(task.id) > BigInt(newest.id) ? task : newest),
    undefined
  );
}

/**
 * The last push's preview once the previews are stopped (a close, the sweep): the newest task of the
 * name, what it cost (read with the total) and where it ran, as the step's answers said.
 */
export function lastPushShown(
  spend: PreviewSpend,
  book: SpendBook
): Pick<PreviewView, 'gpu' | 'region' | 'pushCost'> {
  const last = newestOf(spend);
  if (last === undefined) return { gpu: undefined, region: undefined, pushCost: undefined };
  return { ...placeShown(book.placeOf(last.id)), pushCost: readablePoints(last.points) };
}

/** What this push's task (`id`) has cost, as the same read of the preview's tasks as the total says it. */
function pushCostOf(spend: PreviewSpend, id: string): string | undefined {
  const task = spend.tasks.find((t) => t.id === id);
  return task === undefined ? undefined : readablePoints(task.points);
}

/** The GPU and region a comment shows, as a line may print them. */
function placeShown(place: TaskPlace | undefined): Pick<PreviewView, 'gpu' | 'region'> {
  const shown = (text: string | undefined) => (text === undefined ? undefined : sanitize(text, 60));
  return { gpu: shown(place?.gpu), region: shown(place?.region) };
}

/**
 * Where a push's preview runs: the resource the step chose by gpu, else (the body names a mark) where the
 * task's detail says it runs.
 */
function placeOfPush(step: StepResult, book: SpendBook, id: string | undefined): TaskPlace | undefined {
  const offer = placementOf(step)?.chosen?.offer;
  if (offer !== undefined)
    return { gpu: offer.gpuName ?? offer.device, region: offer.regionName ?? offer.region };
  return id === undefined ? undefined : book.placeOf(id);
}

/** The comment's view of a preview before anything is known of it. */
function view(preview: Preview): PreviewView {
  return {
    taskName: preview.given,
    number: preview.pull.number,
    state: 'running',
    url: undefined,
    gpu: undefined,
    region: undefined,
    status: undefined,
    sha: preview.pull.headSha,
    pushCost: undefined,
    totalCost: undefined,
    note: undefined
  };
}

/**
 * Opened, pushed to, reopened: refused beyond max_previews, at max_cost, or when what the previews spent
 * cannot be read or kept while max_cost is set; else a deployment in progress, the replace under the
 * preview's name (its wait held to max_cost with all of the pull request's previews counted), and the
 * deployment's end. Every figure the step sees of the preview's tasks is in its book (see SpendBook), and
 * kept on GitHub as soon as it is learnt: before anything is made or stopped, and once the step is over.
 */
async function bringUp(preview: Preview, outer: DeployContext, dryRun: boolean): Promise<StepResult> {
  const { name, pull, host } = preview;
  // What the pull request's previews have spent, GitHub's records beside the platform's details, read
  // before anything is made: GitHub refusing them makes nothing.
  const book = await openBook(host, name);
  const ctx = seeing(outer, name, book);
  const spend = await spendNow(previewOf(preview), book, ctx);
  // Kept before anything is made or stopped: a task the platform deletes once it ends takes its cost along.
  const unkept = dryRun
    ? undefined
    : await recording(ctx, () => keepSpend(host, { number: pull.number, name }, spend, book));
  const refusal =
    (await beyondMaxPreviews(previewOf(preview), ctx)) ??
    (await atCap(preview, spend, ctx, dryRun)) ??
    unheld(preview, spend, ctx, unkept);
  if (refusal !== undefined) return refused(preview, { refusal, spend, book }, ctx, dryRun);
  const settings: DeploySettings = { ...ctx.settings, taskName: name };
  const planned = lentReplace().flow.plan(settings);
  const inner: DeployContext = { ...ctx, settings };
  if (dryRun) {
    await planned.dryRun(inner);
    ctx.log(`dry run: a deployment of pull request #${pull.number} would be recorded`);
    return stepResult(NO_PLAN(ctx), ctx, {});
  }
  // Nothing is made without its record: a token that cannot write deployments fails the step here.
  const deployment = await preview.host.deploying(pull.number, pull.headSha, name);
  ctx.log(`preview: deployment ${deployment} of pull request #${pull.number} is in progress`);
  // max_cost holds all of the pull request's previews at every poll of the wait: what the ended ones
  // spent, and the older ones that bill on while the new one comes up (stopped with it at the cap).
  const step = await lentReplace().run(planned.plan, inner, capBesides(spend));
  // A preview this run added (none ran before) is held to max_previews again, now that it was made.
  const [created] = step.tasks;
  const added = spend.billing.length === 0 && created?.verdict === 'reached';
  const over = added ? await overMaxPreviews(previewOf(preview), created.id, ctx) : undefined;
  const done = { step, deployment, book, also: [...stepTaskIds(step), ...ctx.cleanup.state().created] };
  if (over !== undefined) return undone(preview, { ...done, over }, ctx);
  return finishUp(preview, done, ctx);
}

const previewOf = ({ given, name, pull, host }: Preview) => ({ given, name, number: pull.number, host });

/** The tasks a push's step made or stopped: counted whatever the task search lists. */
const stepTaskIds = (step: StepResult): string[] => [...step.tasks, ...step.replaced].map((task) => task.id);

/** What a push's step did, for its records: its result, its deployment, its book, the tasks it knows of. */
interface PushDone {
  step: StepResult;
  deployment: number;
  book: SpendBook;
  also: readonly string[];
}

/**
 * A preview this run made and then stopped, over max_previews (see overMaxPreviews): its deployment a
 * failure that says why, what it cost kept, and the comment.
 */
async function undone(
  preview: Preview,
  done: PushDone & { over: Refusal },
  ctx: DeployContext
): Promise<StepResult> {
  const { host, pull, name } = preview;
  const { step, deployment, book, over } = done;
  const spend = await spendNow(previewOf(preview), book, ctx, done.also);
  const failure = await recording(ctx, async () => {
    await keepSpend(host, { number: pull.number, name }, spend, book);
    await host.deployed(deployment, { state: 'failure', description: `${name}: stopped, over max_previews` });
    await commentIf(host, ctx, { ...view(preview), ...over.shown, totalCost: readablePoints(spend.total) });
  });
  return withReport({ ...step, tasks: withSpend(over.stopped, spend) }, 'preview', {
    number: pull.number,
    taskName: name,
    totalPoints: spend.total,
    deployment,
    failure: failure === undefined ? over.why : `${over.why}; ${failure}`
  });
}

/**
 * What max_cost counts besides a push's new preview: the ended tasks' cost, and the tasks that bill, which
 * the wait reads itself, their whole cost counted (from their details, or, where those say no cost, from
 * the billing records: see CapGuard).
 */
export function capBesides(spend: PreviewSpend): CapBesides {
  const billing = new Set(spend.billing);
  const before = spend.tasks.filter((task) => !billing.has(task.id)).map((task) => task.points);
  return { spentBefore: sumPoints(before) ?? '0', alongside: [...spend.billing] };
}

/**
 * A preview refused: said, and, but in a dry run, recorded: what the cap stopped kept on GitHub with what
 * it cost, the comment, and the deployments of a preview the cap stopped marked inactive (the environment
 * serves it no more).
 */
async function refused(
  preview: Preview,
  { refusal, spend, book }: { refusal: Refusal; spend: PreviewSpend; book: SpendBook },
  ctx: DeployContext,
  dryRun: boolean
): Promise<StepResult> {
  const { host, pull, name } = preview;
  ctx.log(`preview: ${refusal.why}`);
  // Once stopped, the tasks' details say what they cost in the end (or, deleted at once, the book does).
  const stoppedIds = refusal.stopped.map((task) => task.id);
  const after =
    refusal.stopped.length === 0 || dryRun
      ? spend
      : await spendNow(previewOf(preview), book, ctx, stoppedIds);
  const failure = dryRun
    ? undefined
    : await recording(ctx, async () => {
        await keepSpend(host, { number: pull.number, name }, after, book);
        await commentIf(host, ctx, { ...view(preview), ...refusal.shown });
        // The deployments say it serves no more once all of it is stopped.
        const serves = refusal.stopped.some((task) => task.verdict === 'error');
        if (refusal.stopped.length > 0 && !serves) await host.retire(pull.number);
      });
  return stepResult(NO_PLAN(ctx), ctx, {
    tasks: withSpend(refusal.stopped, after),
    parts: [
      reportEntry('preview', {
        number: pull.number,
        taskName: name,
        totalPoints: after.total,
        failure: failure === undefined ? refusal.why : `${refusal.why}; ${failure}`
      })
    ]
  });
}

const NO_PLAN = (ctx: DeployContext) => ({ operation: ctx.settings.operation, calls: [], wait: undefined });

/**
 * max_cost over all of the pull request's previews: at it (or past it), no new one is made, and the one
 * running is stopped (until its state shows it), as a cap reached stops what it caps.
 */
async function atCap(
  preview: Preview,
  spend: PreviewSpend,
  ctx: DeployContext,
  dryRun: boolean
): Promise<Refusal | undefined> {
  const { maxCost } = ctx.settings;
  const spent = spend.total;
  if (maxCost === undefined || !reachesCap(spent, maxCost)) return undefined;
  const { name } = preview;
  const stopped = await stopPreview(name, ctx, dryRun);
  // What could not be stopped still serves and bills: said so, never "stopped".
  const left = stopped.filter((task) => task.verdict === 'error').map((task) => task.id);
  const why = `the previews of pull request #${preview.pull.number} have cost ${readablePoints(spent)}, which reaches max_cost ${maxCost} yuan: no new preview is made${stopped.length === 0 ? '' : left.length === 0 ? ', and the one running is stopped' : `, but task ${left.join(', ')} could not be stopped: preview_sweep tries again`}`;
  return {
    why,
    shown:
      left.length === 0
        ? {
            state: 'capped',
            status: 'stopped',
            totalCost: readablePoints(spent),
            note: `Stopped at max_cost (${maxCost} yuan).`
          }
        : {
            state: 'failed',
            status: 'could not be stopped',
            totalCost: readablePoints(spent),
            note: `max_cost (${maxCost} yuan) is reached, but task ${left.join(', ')} could not be stopped: preview_sweep tries again.`
          },
    stopped: stopped.map((task) =>
      task.verdict === 'error' ? task : { ...task, verdict: 'capped', message: 'stopped at max_cost' }
    )
  };
}

/**
 * With max_cost set, what the previews have spent must be known and kept before a new preview bills: a
 * task whose cost nothing could read (see PreviewSpend.unread), or a record GitHub refused (`unkept`),
 * refuses a new preview, saying why (the one running is left: it is not known to have reached the cap).
 * Without max_cost the step goes on, the line said.
 */
function unheld(
  preview: Preview,
  spend: PreviewSpend,
  ctx: DeployContext,
  unkept: string | undefined
): Refusal | undefined {
  const { maxCost } = ctx.settings;
  const unread = spend.unread.map((task) => `task ${task.id}: ${task.why}`).join('; ');
  const why =
    spend.unread.length > 0
      ? `what the previews of pull request #${preview.pull.number} have cost cannot be read (${unread})`
      : unkept === undefined
        ? undefined
        : `what the previews of pull request #${preview.pull.number} have cost could not be kept (${unkept})`;
  if (why === undefined) return undefined;
  if (maxCost === undefined) {
    ctx.log(`preview: ${why}; no max_cost is set, so the step goes on`);
    return undefined;
  }
  const note = `max_cost (${maxCost} yuan) cannot be held, so no new preview is made: ${why}.`;
  return {
    why: `${why}: max_cost ${maxCost} yuan cannot be held, so no new preview is made`,
    shown: { state: 'failed', status: undefined, totalCost: `at least ${readablePoints(spend.total)}`, note },
    stopped: []
  };
}

/**
 * The deployment's end, once the replace is over: success with the service's URL (and the earlier
 * deployments of the environment marked inactive), or failure; the cost said, and the comment written.
 * A record GitHub refuses fails the step, saying so; the preview itself is left as the replace left it.
 */
async function finishUp(preview: Preview, done: PushDone, ctx: DeployContext): Promise<StepResult> {
  const { host, pull, name } = preview;
  const { step, deployment, book } = done;
  const [created] = step.tasks;
  const ready = created?.verdict === 'reached';
  const url = created?.urls.find((u) => /^https?:\/\//.test(u));
  const spend = await spendNow(previewOf(preview), book, ctx, done.also);
  const total = spend.total;
  const failure = await recording(ctx, async () => {
    await keepSpend(host, { number: pull.number, name }, spend, book);
    await host.deployed(deployment, {
      state: ready ? 'success' : 'failure',
      description: ready ? `${name} is ready` : `${name}: ${created?.message ?? 'not ready'}`,
      ...(ready && url !== undefined ? { url } : {})
    });
    // Ready, the earlier deployments are superseded; stopped at max_cost with the old preview, nothing serves.
    const nothingServes = !ready && step.replaced.some((task) => task.verdict === 'capped');
    const retired = ready || nothingServes ? await host.retire(pull.number, deployment) : [];
    ctx.log(
      `preview: deployment ${deployment} ${ready ? `is live${url === undefined ? '' : ` at ${url}`}; ${retired.length} earlier one(s) marked inactive` : 'failed'}; the previews of pull request #${pull.number} have cost ${readablePoints(total)} in all`
    );
    await commentIf(host, ctx, {
      ...view(preview),
      ...placeShown(placeOfPush(step, book, created?.id)),
      state: ready ? 'running' : created?.verdict === 'capped' ? 'capped' : 'failed',
      url,
      status: created?.status,
      // Read with the total, at once: the two agree (one preview: the same figure).
      pushCost: created === undefined ? undefined : pushCostOf(spend, created.id),
      totalCost: readablePoints(total),
      note: ready ? undefined : created?.message
    });
  });
  return withReport(step, 'preview', {
    number: pull.number,
    taskName: name,
    totalPoints: total,
    deployment,
    ...(failure === undefined ? {} : { failure: `${failure}; the preview is left as the step made it` })
  });
}
