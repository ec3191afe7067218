import { escape } from '../../basics/markdown-text.js';
import { readableYuan, yuanOf } from '../../platform/money.js';
import { reportOf, type PreviewReport, type StepResult } from '../engine/calls/step-result.js';
import { taskCost, yuanText } from '../engine/report/report-text.js';
import { reportPart } from '../engine/report/report-part.js';

// The previews' part (a capability over deployments, not a kind: a preview's tasks are deployments): a
// preview's pull request and what its previews cost, a sweep's table, and why either failed beside its tasks.

export const PREVIEW_PART = reportPart<PreviewReport>({
  name: 'preview',
  of: (step) => reportOf(step, 'preview'),
  summary: {
    lead: previewLines,
    costTitle: (preview) =>
      preview.number === undefined ? undefined : "What this push's preview cost while the step waited"
  },
  outputs: ['total_cost'],
  values: (preview) => ({
    total_cost: preview.totalPoints === undefined ? '' : (yuanOf(preview.totalPoints) ?? '')
  }),
  failure: (preview) => preview.failure,
  money: { total_cost: readableYuan }
});

/**
 * A preview's pull request and what its previews cost in all; a preview sweep's table of what it stopped,
 * why, and what each cost.
 */
function previewLines(preview: PreviewReport, step: StepResult): string[] {
  const total = preview.totalPoints === undefined ? 'unknown' : yuanText(yuanOf(preview.totalPoints) ?? '');
  if (preview.number !== undefined)
    return [
      `Preview ${escape(preview.taskName)} of pull request #${preview.number}: its previews have cost ${total} in all.`,
      ''
    ];
  if (step.tasks.length === 0) return [`No preview of ${escape(preview.taskName)} was stopped.`, ''];
  return [
    `#### Previews of ${escape(preview.taskName)} stopped`,
    '',
    '| Task | Name | Why | Cost |',
    '|---|---|---|---|',
    ...step.tasks.map(
      (task) =>
        `| ${task.id} | ${escape(task.name ?? '')} | ${escape(task.message ?? '')} | ${yuanText(taskCost(task))} |`
    ),
    '',
    `They have cost ${total} in all.`,
    ''
  ];
}
