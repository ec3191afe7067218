import type { DeployContext } from '../engine/context.js';
import { PullRequestsRefusal, type PreviewView, type PullRequests } from '../engine/pull-requests.js';
import type { SpendBook } from './preview-book.js';
import { worthKeeping, type PreviewSpend } from './preview-spend.js';

/**
 * Records on GitHub once the platform's part is done: a refusal is said, and fails the step, but leaves
 * what was done on the platform as it is (a stop made, a preview up). Its message, or undefined.
 */
export async function recording(
  ctx: DeployContext,
  records: () => Promise<void>
): Promise<string | undefined> {
  try {
    await records();
    return undefined;
  } catch (error) {
    if (!(error instanceof PullRequestsRefusal)) throw error;
    ctx.log(`${ctx.settings.operation}: ${error.message}`);
    return error.message;
  }
}

/** Writes the comment when the comment input asks for one. */
export async function commentIf(host: PullRequests, ctx: DeployContext, shown: PreviewView): Promise<void> {
  if (!ctx.settings.previews.comment) return;
  await host.comment(shown);
  ctx.log(`preview: the comment on pull request #${shown.number} says ${shown.state}`);
}

/**
 * Keeps on GitHub what the preview's tasks have cost, when GitHub does not keep it all already: the
 * figures outlive the tasks (the platform may delete ended ones) and the runner. The book knows it kept.
 */
export async function keepSpend(
  host: PullRequests,
  pull: { number: number; name: string },
  spend: PreviewSpend,
  book: SpendBook
): Promise<void> {
  const worth = worthKeeping(spend, book.kept());
  if (worth === undefined) return;
  await host.keepSpent(pull.number, pull.name, worth);
  book.keptNow(worth);
}
