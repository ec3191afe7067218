import type { DeployContext } from './context.js';
import { FLOWS } from './flows/index.js';
import type { PlannedStep } from './flows/flow.js';
import type { StepResult } from './result.js';
import type { DeploySettings } from './task-status.js';

export type { PlannedStep } from './flows/flow.js';

/**
 * Plans a step by its operation's flow (see flows/index.ts): every input it needs is checked here, and an
 * InputError thrown, before anything is sent.
 */
export function planStep(settings: DeploySettings): PlannedStep {
  return FLOWS[settings.operation].plan(settings);
}

/** Runs a planned step with its one deploy context, or its dry run: the one place a step is dispatched. */
export function runStep(
  planned: PlannedStep,
  ctx: DeployContext,
  options: { dryRun?: boolean } = {}
): Promise<StepResult | undefined> {
  return options.dryRun === true ? planned.dryRun(ctx) : planned.run(ctx);
}
