import type { Plan } from '../../platform/operations/operation-table.js';
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
  /** The step picks a resource by gpu (a create, or a preheat); gpu is refused for any other. */
  readonly usesCapacity?: boolean;
  /** The step copies the data input in before it creates (a job, a create, a replace); refused for any other. */
  readonly copiesData?: boolean;
  /** The step copies the results input out after what it made ended (a job); refused for any other. */
  readonly copiesResults?: boolean;
  /** The step mounts the volumes input into a running task (an update), as a create mounts them in a new one. */
  readonly mountsVolumes?: boolean;
  /** The step holds max_cost itself, beside any wait (the preview sweep: what each pull request's previews cost). */
  readonly capsCost?: boolean;
  /** Does the step's work. */
  run: (ctx: DeployContext) => Promise<StepResult>;
  /**
   * Prints what the step would do, sending nothing that changes state (a read may be sent, to say what
   * would change); answers a result where the dry run has one to report.
   */
  dryRun: (ctx: DeployContext) => Promise<StepResult | undefined>;
}

/** What happens over time for an operation: one module per flow, named by the table in index.ts. */
export interface Flow {
  plan: (settings: DeploySettings) => PlannedStep;
}
