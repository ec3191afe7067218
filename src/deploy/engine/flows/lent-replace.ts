import type { Plan } from '../../../platform/operations/operation-table.js';
import type { DeployContext } from '../context.js';
import type { StepResult } from '../calls/step-result.js';
import type { Flow } from './flow.js';
import type { CapBesides } from './wait.js';

/**
 * The replace as another capability runs it (a pull request's preview is a replace under the preview's
 * name): planned as the replace operation plans, and run with a cap that also counts what the borrower
 * names besides. A capability never imports another: the deployments' replace reaches the previews
 * through here, lent by the gathering point (deploy/operations.ts), loaded when a step takes it.
 */
export interface LentReplace {
  readonly flow: Flow;
  readonly run: (plan: Plan, ctx: DeployContext, besides?: CapBesides) => Promise<StepResult>;
}

let lender: (() => Promise<LentReplace>) | undefined;
let lent: LentReplace | undefined;

/** Where the replace is loaded from: said once, by the gathering point. */
export function lendReplace(load: () => Promise<LentReplace>): void {
  lender = load;
}

/** Loads the lent replace: a capability's flow loader awaits it before its flow plans with lentReplace. */
export async function borrowReplace(): Promise<LentReplace> {
  if (lent === undefined) {
    if (lender === undefined) throw new Error('no replace is lent: deploy/operations.ts lends it');
    lent = await lender();
  }
  return lent;
}

/** The replace borrowReplace loaded. */
export function lentReplace(): LentReplace {
  if (lent === undefined) throw new Error('the replace is not loaded: await borrowReplace() first');
  return lent;
}
