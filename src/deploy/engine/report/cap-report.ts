import { escape } from '../../../basics/markdown-text.js';
import { sumPoints, yuanOf } from '../../../platform/money.js';
import { reportOf, type CapReport, type StepResult } from '../calls/step-result.js';
import { yuanText } from './report-text.js';
import { reportPart } from './report-part.js';

// The cap's part (a capability of the engine's wait, not a kind's: max_cost holds every kind that bills):
// what max_cost held the step to.

export const CAP_PART = reportPart<CapReport>({
  name: 'cap',
  of: (step) => reportOf(step, 'cap'),
  summary: { withTasks: capLine }
});

/**
 * What max_cost held the step to: the cap, what the tasks waited on cost in all, and which ones the cap
 * stopped (their lines say what they cost while the step waited, which is what the cap counts).
 */
function capLine({ maxCost }: CapReport, step: StepResult): string[] {
  const costs = step.tasks.flatMap((task) =>
    task.billingValue === undefined && task.forecastValue === undefined
      ? []
      : [task.billingValue ?? '0', task.forecastValue ?? '0']
  );
  const spent = costs.length === 0 ? 'unknown' : yuanText(yuanOf(sumPoints(costs) ?? ''));
  const capped = step.tasks.filter((task) => task.verdict === 'capped');
  const stopped =
    capped.length === 0
      ? ''
      : ` The cap stopped ${capped.map((task) => `${task.id} (${escape(task.message ?? '')})`).join(', ')}.`;
  return [
    '',
    `max_cost ${escape(maxCost)} yuan, held to what the tasks cost while the step waited; they have cost ${spent} in all.${stopped}`
  ];
}
