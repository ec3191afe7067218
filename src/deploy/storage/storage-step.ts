import { InputError } from '../../basics/input-error.js';
import type { Call, Plan } from '../../platform/operations/operation-table.js';
import type { Answer } from '../../platform/session.js';
import { NO_CLEANUP } from '../engine/cleanup-state.js';
import { callOutcome } from '../engine/calls/make-calls.js';
import type { ReportEntry } from '../engine/calls/step-result.js';
import type { DeployContext } from '../engine/context.js';
import type { DeploySettings } from '../engine/settings.js';
import type { PlannedStep } from '../engine/flows/flow.js';
import { stepResult } from '../engine/flows/toolkit.js';

/** What a storage flow's work gives the step: the call and answer it ends on, and what it did. */
export interface StorageWork {
  readonly call: Call;
  readonly answer?: Answer;
  /** What the step did, as the outputs and the summary read it (a volume, a transfer, a list). */
  readonly did?: ReportEntry;
}

/**
 * The step of a storage flow (volumes, transfers): its work, whose outcome is one call's (its answer the
 * data output); a failure the step's failure, said in one line; an input error thrown, as at planning.
 * What it leaves for the post step, its work records on the ledger as it goes.
 */
export function storageStep(
  settings: DeploySettings,
  work: {
    run: (ctx: DeployContext) => Promise<StorageWork>;
    dryRun: PlannedStep['dryRun'];
    failedCall: (ctx: DeployContext) => Call;
  }
): PlannedStep {
  const plan: Plan = { operation: settings.operation, calls: [], wait: undefined };
  return {
    plan,
    cleanup: NO_CLEANUP,
    run: async (ctx) => {
      try {
        const done = await work.run(ctx);
        const outcome = callOutcome(done.call, {
          ...(done.answer === undefined ? {} : { result: done.answer.result, raw: done.answer.raw })
        });
        return stepResult(plan, ctx, {
          ...(done.did === undefined ? {} : { parts: [done.did] }),
          calls: [outcome]
        });
      } catch (error) {
        if (error instanceof InputError) throw error;
        const failed = error instanceof Error ? error : new Error(String(error));
        return stepResult(plan, ctx, { calls: [callOutcome(work.failedCall(ctx), { error: failed })] });
      }
    },
    dryRun: work.dryRun
  };
}
