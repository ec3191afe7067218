import { describeError } from '../../platform/failures.js';
import type { DeployContext } from '../engine/context.js';
import type { PreviewView } from '../engine/pull-requests.js';
import type { TaskResult } from '../engine/wait/task-result.js';
import { everyTaskOf, livePreviews, stopPreview } from './preview-tasks.js';

/** Why a preview is not brought up (or is undone), what the comment shows of it, and what was stopped for it. */
export interface Refusal {
  why: string;
  shown: Partial<PreviewView>;
  stopped: TaskResult[];
}

/** A pull request's preview, as max_previews asks of it. */
export interface PreviewOf {
  /** task_name, which the previews are named after. */
  readonly given: string;
  /** Its preview's name (web-pr-42). */
  readonly name: string;
  readonly number: number;
}

/**
 * max_previews, before anything is made: the previews of task_name that run for other pull requests, when
 * there are that many already and this pull request has none running (its own new push replaces its own).
 */
export async function beyondMaxPreviews(
  preview: PreviewOf,
  ctx: DeployContext
): Promise<Refusal | undefined> {
  const live = await livePreviews(preview.given, ctx);
  const names = [...new Set(live.map((task) => task.name))].sort();
  const most = ctx.settings.previews.maxPreviews;
  if (names.includes(preview.name) || names.length < most) return undefined;
  const running = names.map((name) => JSON.stringify(name)).join(', ');
  return {
    why: `max_previews is ${most}, and ${names.length} preview(s) of ${JSON.stringify(preview.given)} run (${running}): no preview is made for pull request #${preview.number}; close one of those pull requests, or raise max_previews`,
    shown: {
      state: 'refused',
      note: `No preview: max_previews (${most}) previews run already: ${names.join(', ')}.`
    },
    stopped: []
  };
}

/**
 * max_previews, once the preview a run added is up (its pull request had none running): runs started
 * together (Dependabot opens pull requests by the batch) each found fewer than max_previews running before
 * the create, and each made one. So each looks again: another preview that runs counts ahead of this one
 * when its oldest task (stopped ones too, as far as the platform lists them) is older than the task this
 * run made; with max_previews of them ahead, this run's is the newest over the limit, and it is stopped
 * (until its state shows it). Of two runs the later-made one always counts the earlier, so that no more
 * than max_previews are left. A search that fails leaves the limit unproven: the preview is stopped then too.
 */
export async function overMaxPreviews(
  preview: PreviewOf,
  createdId: string,
  ctx: DeployContext
): Promise<Refusal | undefined> {
  const most = ctx.settings.previews.maxPreviews;
  let ahead: string[];
  try {
    ahead = await previewsAhead(preview, BigInt(createdId), ctx);
  } catch (error) {
    return undo(
      preview,
      `max_previews is ${most}, and the previews of ${JSON.stringify(preview.given)} that run could not be read again once this one was made (${describeError(error)}): it is stopped, as the limit cannot be shown to hold; push again to retry`,
      ctx
    );
  }
  if (ahead.length < most) return undefined;
  const running = ahead.map((name) => JSON.stringify(name)).join(', ');
  return undo(
    preview,
    `max_previews is ${most}, and ${ahead.length} preview(s) of ${JSON.stringify(preview.given)} made before this one run (${running}): another run made them at the same time, so the preview of pull request #${preview.number} is stopped; close one of those pull requests, or raise max_previews`,
    ctx,
    ahead
  );
}

/** The other previews that run and count ahead of the task `created` (see overMaxPreviews), sorted. */
async function previewsAhead(preview: PreviewOf, created: bigint, ctx: DeployContext): Promise<string[]> {
  const live = await livePreviews(preview.given, ctx);
  const others = [...new Set(live.map((task) => task.name))].filter((name) => name !== preview.name).sort();
  if (others.length < ctx.settings.previews.maxPreviews) return [];
  const ahead: string[] = [];
  for (const name of others) {
    const oldest = (await everyTaskOf(name, ctx))
      .map((task) => BigInt(task.id))
      .reduce<bigint | undefined>((least, id) => (least === undefined || id < least ? id : least), undefined);
    if (oldest !== undefined && oldest < created) ahead.push(name);
  }
  return ahead;
}

/** This run's preview stopped, over max_previews: why, and what the comment shows. */
async function undo(
  preview: PreviewOf,
  why: string,
  ctx: DeployContext,
  ahead: readonly string[] = []
): Promise<Refusal> {
  ctx.log(`preview: ${why}`);
  const stopped = await stopPreview(preview.name, ctx, false);
  const most = ctx.settings.previews.maxPreviews;
  return {
    why,
    shown: {
      state: 'refused',
      status: 'stopped',
      note:
        ahead.length === 0
          ? `No preview: max_previews (${most}) could not be checked once it was made.`
          : `No preview: max_previews (${most}) previews run already: ${ahead.join(', ')}.`
    },
    stopped: stopped.map((task) =>
      task.verdict === 'error' ? task : { ...task, message: 'stopped: max_previews' }
    )
  };
}
