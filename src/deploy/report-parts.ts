import type { StepResult } from './engine/calls/step-result.js';
import { CAP_PART } from './engine/report/cap-report.js';
import { CHANGE_PART } from './deployments/change-report.js';
import { COPIED_PART } from './copies/copy-report.js';
import { JOB_PART } from './jobs/job-report.js';
import { PLACEMENT_PART } from './engine/report/placement-report.js';
import { PREHEAT_PART } from './preheat/preheat-report.js';
import { PREVIEW_PART } from './previews/preview-report.js';
import { RUNNER_PART } from './runners/runner-report.js';
import type { StepPart } from './engine/report/report-part.js';
import { TRANSFER_PART } from './storage/transfer-report.js';
import { VOLUME_PART } from './storage/volume-report.js';

// Every report part, in one place: the summary, the outputs and the CLI ask each of them, in this order,
// what the step holds of it. A new kind or capability registers its part here.

/**
 * The parts, in the order their lines come in the summary (each in its place: above the tasks, under
 * them, or in place of them); an output two parts write is the first's that says it.
 */
export const REPORT_PARTS: readonly StepPart[] = [
  PLACEMENT_PART,
  CHANGE_PART,
  JOB_PART,
  PREVIEW_PART,
  RUNNER_PART,
  CAP_PART,
  VOLUME_PART,
  TRANSFER_PART,
  COPIED_PART,
  PREHEAT_PART
];

/** What the parts say of their outputs, each output the first part's that says it. */
export function partOutputs(step: StepResult): Readonly<Record<string, string>> {
  const values: Record<string, string> = {};
  for (const part of REPORT_PARTS)
    for (const [name, value] of Object.entries(part.values(step))) values[name] ??= value;
  return values;
}

/** Why the step fails beside its tasks, as the first part that says so says it. */
export function partFailure(step: StepResult): string | undefined {
  for (const part of REPORT_PARTS) {
    const failure = part.failure(step);
    if (failure !== undefined) return failure;
  }
  return undefined;
}

/** What the cost-over-time diagram calls what the step's tasks cost, as the first part that names it says. */
export function partCostTitle(step: StepResult): string | undefined {
  for (const part of REPORT_PARTS) {
    const title = part.costTitle(step);
    if (title !== undefined) return title;
  }
  return undefined;
}

/** How the CLI's table shows each part's money outputs to a person. */
export function partMoney(): Readonly<Record<string, (figure: string) => string | undefined>> {
  return Object.assign({}, ...REPORT_PARTS.map((part) => part.money)) as Readonly<
    Record<string, (figure: string) => string | undefined>
  >;
}
