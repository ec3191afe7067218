import { InputError } from '../../../basics/input-error.js';
import { sanitize } from '../../../basics/safe-text.js';
import { kindOf } from '../../../platform/operations/calls.js';
import type { Plan } from '../../../platform/operations/operation-table.js';
import type { DeployContext } from '../context.js';
import { copySides, type CopyPlace, type DataCopy } from '../settings.js';
import type { CopyPhase, StepResult } from '../calls/step-result.js';
import { callOutcome } from '../calls/make-calls.js';
import { checkCopies } from '../storage/check-copies.js';
import { stepResult } from './toolkit.js';
import type { Flow } from './flow.js';

/**
 * A flow whose step copies the data input into its volumes before anything else (a create, a replace):
 * no GPU bills while it copies, and a copy that does not complete makes no task. Unchanged without data.
 */
export function withDataIn(flow: Flow): Flow {
  return {
    plan: (settings) => {
      const planned = flow.plan(settings);
      if (settings.storage.data.length === 0) return planned;
      checkCopies(settings);
      return {
        ...planned,
        run: async (ctx) => {
          const copied = await timedCopying(planned.plan, ctx, 'in');
          return withCopies(copied.failed ?? (await planned.run(ctx)), copied.copies);
        },
        dryRun: (ctx) => {
          sayCopies(ctx);
          return planned.dryRun(ctx);
        }
      };
    }
  };
}

/**
 * Copies the data in (before the task or job is made) or the results out (after a job ended), when the
 * inputs name any: undefined when all copied, else a result whose one call says why they did not. A step
 * cancelled before copies none (the post step stops a transfer under way): nothing is made without its
 * data, and a job's results are left. The copies' code is loaded only by a step that copies.
 */
export async function copying(
  plan: Plan,
  ctx: DeployContext,
  way: 'in' | 'out'
): Promise<StepResult | undefined> {
  const copies = way === 'in' ? ctx.settings.storage.data : ctx.settings.storage.results;
  if (copies.length === 0) return undefined;
  const failed = (why: string): StepResult => {
    const error = new Error(
      way === 'in'
        ? `the data was not copied in, so no ${kindOf(ctx.settings).noun} was made: ${why}`
        : `the results were not copied back: ${why}`
    );
    const [create] = plan.calls;
    if (create === undefined) throw error;
    return stepResult(plan, ctx, { calls: [{ ...callOutcome(create, { error }), taskId: undefined }] });
  };
  if (ctx.runtime.cancelled()) {
    ctx.log(`${way === 'in' ? 'data' : 'results'}: not copied: the step was cancelled`);
    // Nothing is made without its data; a job's results are left, as its run ended anyway.
    return way === 'in' ? failed('the step was cancelled') : undefined;
  }
  try {
    const { copyData } = await import('../storage/copy-data.js');
    await copyData(copies, way, ctx);
    // Cancelled as the last file landed: the copy completed, but nothing is made once the step is cancelled.
    if (way === 'in' && ctx.runtime.cancelled()) {
      ctx.log('data: copied, but the step was cancelled: nothing is made');
      return failed('the step was cancelled once the data was copied');
    }
    return undefined;
  } catch (error) {
    if (error instanceof InputError) throw error;
    return failed(error instanceof Error ? error.message : String(error));
  }
}

/**
 * copying, and when it ran (ms since `step` started: the step's own context, where `ctx` is one of its
 * own for the copies), for the summary's timeline; no phase when there was nothing to copy.
 */
export async function timedCopying(
  plan: Plan,
  ctx: DeployContext,
  way: 'in' | 'out',
  step: Pick<DeployContext, 'startedAt'> = ctx
): Promise<{ failed: StepResult | undefined; copies: CopyPhase[] }> {
  const fromMs = ctx.runtime.now() - step.startedAt;
  const failed = await copying(plan, ctx, way);
  const copies = way === 'in' ? ctx.settings.storage.data : ctx.settings.storage.results;
  if (copies.length === 0) return { failed, copies: [] };
  return {
    failed,
    copies: [{ way, fromMs, toMs: ctx.runtime.now() - step.startedAt, copied: failed === undefined }]
  };
}

/** A step's result with the copies it made (see timedCopying), after any it has. */
export function withCopies(result: StepResult, copies: readonly CopyPhase[]): StepResult {
  return copies.length === 0 ? result : { ...result, copies: [...(result.copies ?? []), ...copies] };
}

/**
 * What a dry run would copy, from where to where, and when: the data before anything is made, the results
 * after the job; a workspace copy over the volume's SFTP session (no session is asked for in a dry run).
 */
export function sayCopies(ctx: DeployContext): void {
  const { data, results } = ctx.settings.storage;
  for (const copy of data) ctx.log(`dry run: data: ${copyText(copy, 'into')} first, before anything is made`);
  for (const copy of results) ctx.log(`dry run: results: ${copyText(copy, 'to')} once the job ended`);
}

/**
 * `v3/ would be copied into volume work:/data`, or a workspace copy's words, for a dry run's line (the copy
 * operation's too).
 */
export function copyText(copy: DataCopy, word: 'into' | 'to'): string {
  const text = (place: CopyPlace): string =>
    place.kind === 'nas'
      ? `volume ${sanitize(place.volume, 40)}:${sanitize(place.path, 200)}`
      : place.kind === 'objects'
        ? sanitize(place.prefix, 200)
        : `the workspace's ${sanitize(place.path, 200)}`;
  const { volume, other } = copySides(copy);
  const sftp =
    other.kind === 'workspace'
      ? ` over volume ${sanitize(volume.volume, 40)}'s SFTP session (opened for the copy, ended after it)`
      : '';
  return `${text(copy.from)} would be copied ${word} ${text(copy.to)}${sftp}`;
}
