import type { KindName } from '../../../platform/task-kinds.js';
import type { StepResult } from '../calls/step-result.js';

// A report part: what a kind or a capability adds to what a step reports (the summary's lines, the
// outputs' values, how the CLI's table shows its money), asked by the hosts through REPORT_PARTS.

/** The lines a part adds to the job summary (markdown, every server text escaped), by where they go. */
export interface SummaryLines<D> {
  /** Above the tasks' table: what the step did beside its tasks (a placement, a change, a job, a preview). */
  readonly lead?: (data: D, step: StepResult) => string[];
  /** Under the tasks' tables, for a step with tasks (the cap). */
  readonly withTasks?: (data: D, step: StepResult) => string[];
  /** In place of the tasks' table, for a step with no tasks (a volume's table, a transfer's). */
  readonly alone?: (data: D, step: StepResult) => string[];
  /** What the cost-over-time diagram calls what the step's tasks cost, when the part names it. */
  readonly costTitle?: (data: D) => string | undefined;
}

/** A kind's or a capability's part of what a step reports, over what the step holds of it (D). */
export interface ReportPart<D> {
  readonly name: string;
  /** The kind whose part it is, when it is a kind's (every kind has one). */
  readonly kind?: KindName;
  /** What the step holds for the part; undefined when nothing (the part adds nothing then). */
  readonly of: (step: StepResult) => D | undefined;
  readonly summary?: SummaryLines<D>;
  /** The outputs the part writes: each empty when the step holds nothing the part says. */
  readonly outputs?: readonly string[];
  /** What the part says of its outputs (those it leaves out stay empty, or as the step says). */
  readonly values?: (data: D, step: StepResult) => Readonly<Record<string, string>>;
  /** Why the step fails beside its tasks, when the part says it does. */
  readonly failure?: (data: D) => string | undefined;
  /** How the CLI's table shows a money output of the part's, to a person. */
  readonly money?: Readonly<Record<string, (figure: string) => string | undefined>>;
}

/** A part as the hosts ask it: each answer empty when the step holds nothing of the part. */
export interface StepPart {
  readonly name: string;
  readonly kind: KindName | undefined;
  readonly outputs: readonly string[];
  readonly money: Readonly<Record<string, (figure: string) => string | undefined>>;
  lead(step: StepResult): string[];
  withTasks(step: StepResult): string[];
  alone(step: StepResult): string[];
  costTitle(step: StepResult): string | undefined;
  values(step: StepResult): Readonly<Record<string, string>>;
  failure(step: StepResult): string | undefined;
}

/** A part, for the registry: its questions asked of a step. */
export function reportPart<D>(part: ReportPart<D>): StepPart {
  const ask =
    <T>(answer: ((data: D, step: StepResult) => T) | undefined, none: T) =>
    (step: StepResult): T => {
      const data = part.of(step);
      return data === undefined || answer === undefined ? none : answer(data, step);
    };
  const { failure } = part;
  const costTitle = part.summary?.costTitle;
  return {
    name: part.name,
    kind: part.kind,
    outputs: part.outputs ?? [],
    money: part.money ?? {},
    lead: ask(part.summary?.lead, []),
    withTasks: ask(part.summary?.withTasks, []),
    alone: ask(part.summary?.alone, []),
    costTitle: ask(costTitle === undefined ? undefined : (data) => costTitle(data), undefined),
    values: ask(part.values, {}),
    failure: ask(failure === undefined ? undefined : (data) => failure(data), undefined)
  };
}
