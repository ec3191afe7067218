import { formatDuration } from './inputs.js';
import type { StepResult } from './step.js';

const OUTCOME: Record<string, string> = {
  done: 'done',
  ready: '✅ ready',
  failed: '❌ failed',
  timed_out: '⏱️ timed out',
  cancelled: '⏹️ cancelled',
  error: '❌ error',
  not_found: '❌ not found'
};

/**
 * The job summary: a table per task (id, name, status, URL, elapsed) and the status timeline. Server
 * text is escaped, so a task name cannot inject markup into the summary.
 */
export function renderSummary(step: StepResult, failure: string | undefined): string {
  const lines = [
    `### Elastic deploy: ${step.plan.operation} ${failure === undefined ? 'succeeded' : 'failed'}`,
    ''
  ];
  if (failure !== undefined) lines.push(`> ${escape(failure)}`, '');
  const target = step.criteria === undefined ? '' : ` (waited to be ${step.criteria.target})`;
  if (step.tasks.length > 0) {
    lines.push(`| Task | Name | Status | Outcome${target} | URL | Elapsed |`, '|---|---|---|---|---|---|');
    for (const task of step.tasks) {
      const url =
        task.urls[0] === undefined ? '' : `<a href="${escape(task.urls[0])}">${escape(task.urls[0])}</a>`;
      const cells = [
        task.id,
        escape(task.name ?? ''),
        escape(task.status ?? ''),
        OUTCOME[task.outcome] ?? task.outcome,
        url,
        formatDuration(task.elapsedMs)
      ];
      lines.push(`| ${cells.join(' | ')} |`);
    }
    const timeline = step.tasks.flatMap((task) => task.timeline.map((entry) => ({ ...entry, id: task.id })));
    if (timeline.length > 0) {
      timeline.sort((a, b) => a.atMs - b.atMs);
      lines.push('', '<details><summary>Status timeline</summary>', '');
      for (const entry of timeline)
        lines.push(`- ${formatDuration(entry.atMs)}: task ${entry.id} ${escape(entry.status)}`);
      lines.push('', '</details>');
    }
  } else {
    const [call] = step.calls;
    // A failed call is quoted above; a success envelope whose data says it failed is not a success.
    if (call?.result !== undefined && call.error === undefined) {
      lines.push(
        `code ${escape(call.result.code)}${call.result.msg === '' ? '' : `: ${escape(call.result.msg)}`}`
      );
    }
  }
  return `${lines.join('\n')}\n`;
}

/** HTML-escapes text for the summary, and keeps it on one line and out of table syntax. */
function escape(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;')
    .replace(/\|/g, '&#124;')
    .replace(/[\r\n]+/g, ' ');
}
