import type { Plan } from '../../../platform/operations/operation-table.js';
import type { CleanupState } from '../cleanup-state.js';
import type { DeployContext } from '../context.js';
import type { StepResult } from '../calls/step-result.js';
import type { DeploySettings } from '../settings.js';

/**
 * A step, planned by its flow: every input it needs checked (an InputError before anything is sent), its
 * calls, and what it leaves for the post step before it starts.
 */
export interface PlannedStep {
  readonly plan: Plan;
  /** What the post step is left before anything is sent (a replace: to stop its new task, until ready). */
  readonly cleanup: CleanupState;
  /** Does the step's work. */
  run: (ctx: DeployContext) => Promise<StepResult>;
  /**
   * Prints what the step would do, sending nothing that changes state (a read may be sent, to say what
   * would change); answers a result where the dry run has one to report.
   */
  dryRun: (ctx: DeployContext) => Promise<StepResult | undefined>;
}

/** What happens over time for an operation: one module per flow, named by its operation's declaration (deploy/<capability>/operations.ts). */
export interface Flow {
  plan: (settings: DeploySettings) => PlannedStep;
}
