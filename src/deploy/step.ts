import { InputError } from '../basics/input-error.js';
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
  const planned = FLOWS[settings.operation].plan(settings);
  checkCapacity(planned, settings);
  return planned;
}

/** gpu picks the resource of a new task: a step that creates none, or whose body names one, is refused. */
function checkCapacity(planned: PlannedStep, settings: DeploySettings): void {
  if (settings.capacity === undefined) return;
  const create = planned.plan.calls.find((call) => call.traits.resend === 'create_once');
  if (create === undefined) {
    throw new InputError(
      `gpu is set, but ${settings.operation} creates no task: gpu picks the resource of a new task; remove gpu`
    );
  }
  if (create.body !== undefined && 'resources' in create.body) {
    throw new InputError(
      'gpu is set, and the body names resources too: remove resources from the body to have the step pick the resource by gpu, or remove gpu to use the resources given'
    );
  }
}

/** Runs a planned step with its one deploy context, or its dry run: the one place a step is dispatched. */
export function runStep(
  planned: PlannedStep,
  ctx: DeployContext,
  options: { dryRun?: boolean } = {}
): Promise<StepResult | undefined> {
  return options.dryRun === true ? planned.dryRun(ctx) : planned.run(ctx);
}
