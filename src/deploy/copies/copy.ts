import { InputError } from '../../basics/input-error.js';
import { sanitize } from '../../basics/safe-text.js';
import type { Plan } from '../../platform/operations/operation-table.js';
import { reportEntry, type CopiedLine, type StepResult } from '../engine/calls/step-result.js';
import { NO_CLEANUP } from '../engine/cleanup-state.js';
import type { DeployContext } from '../engine/context.js';
import { copyText } from '../engine/flows/copying.js';
import type { Flow } from '../engine/flows/flow.js';
import { stepResult } from '../engine/flows/toolkit.js';
import type { CopyPlace, DataCopy } from '../engine/settings.js';
import { checkCopies } from '../engine/storage/check-copies.js';
import type { CopyDone } from '../engine/storage/copy-data.js';

/**
 * operation copy: each line of copies, one after the other, into a volume or out of one: a workspace path
 * over the volume's SFTP session (opened for the copy, destroyed after it, whatever happens), an object
 * prefix as a platform transfer. Every line is checked before anything is sent (the syntax, the workspace
 * paths, the object storage's inputs when a line names a prefix); the first copy that does not complete
 * fails the step, and those after it are not tried. A dry run says what it would copy, and sends nothing.
 */
export const copyFlow: Flow = {
  plan: (settings) => {
    if (settings.storage.copies.length === 0)
      throw new InputError(
        'copies is empty, but copy copies what it names: write one copy a line, such as ./dataset/ -> datasets:/data (an upload) or datasets:/out -> ./results/ (a download)'
      );
    checkCopies(settings);
    const plan: Plan = { operation: settings.operation, calls: [], wait: undefined };
    return {
      plan,
      cleanup: NO_CLEANUP,
      run: (ctx) => runCopies(plan, ctx),
      dryRun: (ctx) => {
        for (const copy of ctx.settings.storage.copies)
          ctx.log(`dry run: copies: ${copyText(copy, wayOf(copy) === 'in' ? 'into' : 'to')}`);
        ctx.log('dry run: nothing was sent');
        return Promise.resolve(undefined);
      }
    };
  }
};

/** Into a volume (an upload, or a transfer from object storage), or out of one. */
const wayOf = (copy: DataCopy): 'in' | 'out' => (copy.to.kind === 'nas' ? 'in' : 'out');

/**
 * The copies, one after the other (copyData's, one line at a time, each its own way): what each did, for
 * the outputs and the summary, and why the step failed, at the first that did not complete.
 */
async function runCopies(plan: Plan, ctx: DeployContext): Promise<StepResult> {
  const { copies } = ctx.settings.storage;
  const lines: CopiedLine[] = copies.map((copy) => ({
    from: placeText(copy.from),
    to: placeText(copy.to),
    via: copy.from.kind === 'objects' || copy.to.kind === 'objects' ? 'transfer' : 'sftp',
    outcome: 'left'
  }));
  const { copyData } = await import('../engine/storage/copy-data.js');
  let failure: string | undefined;
  for (const [index, copy] of copies.entries()) {
    const line = lines[index];
    if (line === undefined) break;
    const which = copies.length === 1 ? 'the copy' : `copy ${index + 1} of ${copies.length}`;
    if (ctx.runtime.cancelled()) {
      failure = `the step was cancelled before ${which}`;
      break;
    }
    try {
      await copyData([copy], wayOf(copy), ctx, undefined, {
        what: ctx.settings.operation,
        done: (done) => {
          lines[index] = { ...line, outcome: 'copied', ...counts(done) };
        }
      });
    } catch (error) {
      if (error instanceof InputError) throw error;
      lines[index] = { ...line, outcome: 'failed' };
      failure = `${which} did not complete: ${error instanceof Error ? sanitize(error.message, 500) : 'failed'}`;
      break;
    }
  }
  return stepResult(plan, ctx, { parts: [reportEntry('copied', { copies: lines, failure })] });
}

/** A side of a copy as written: `./dataset/`, `datasets:/data`, `prefix/`. */
function placeText(place: CopyPlace): string {
  if (place.kind === 'nas') return `${place.volume}:${place.path}`;
  return place.kind === 'objects' ? place.prefix : place.path;
}

/** What a completed copy moved: a workspace copy counts the files it skipped; a transfer does not say. */
function counts(done: CopyDone): Pick<CopiedLine, 'files' | 'bytes' | 'skipped' | 'elapsedMs'> {
  if (done.via === 'sftp') {
    const { copied, bytes, skipped, elapsedMs } = done.report;
    return { files: copied, bytes, skipped, elapsedMs };
  }
  const { transfer, elapsedMs } = done.report;
  return { files: transfer.filesDone ?? 0, bytes: transfer.bytesDone ?? 0, elapsedMs };
}
