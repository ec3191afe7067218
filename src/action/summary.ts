import { formatDuration } from '../basics/units.js';
import type { StepResult, TaskResult } from '../deploy/result.js';
import type { WaitTarget } from '../platform/operations.js';

/** The wait reached its target: said as the target, so a stop's summary never reads "ready". */
const REACHED: Record<WaitTarget, string> = { ready: '✅ ready', paused: '✅ paused', ended: '✅ stopped' };

const OUTCOME: Record<string, string> = {
  done: 'done',
  failed: '❌ failed',
  timed_out: '⏱️ timed out',
  cancelled: '⏹️ cancelled',
  error: '❌ error',
  not_found: '❌ not found'
};

/**
 * The job summary: a table per task (id, name, status, URL, elapsed) and the status timeline. Every
 * value from the server is escaped as text, so a task name or message cannot add a link, an image,
 * emphasis or HTML to the summary; the one link, a task's URL, is a validated http(s) URL.
 */
export function renderSummary(step: StepResult, failure: string | undefined): string {
  const lines = [
    `### Elastic deploy: ${step.operation} ${failure === undefined ? 'succeeded' : 'failed'}`,
    ''
  ];
  if (failure !== undefined) lines.push(`> ${escape(failure)}`, '');
  const target = step.criteria === undefined ? '' : ` (waited to be ${step.criteria.target})`;
  if (step.tasks.length > 0) {
    lines.push(
      `| Task | Name | Status | Outcome${target} | URL | Elapsed | Cost |`,
      '|---|---|---|---|---|---|---|'
    );
    for (const task of step.tasks) {
      const url =
        task.urls[0] === undefined ? '' : `<a href="${attribute(task.urls[0])}">${escape(task.urls[0])}</a>`;
      const outcome =
        task.verdict === 'reached'
          ? REACHED[step.criteria?.target ?? 'ready']
          : (OUTCOME[task.verdict] ?? '');
      const cells = [
        task.id,
        escape(task.name ?? ''),
        escape(`${task.status ?? ''}${step.criteria?.requireAllNodes === true ? nodesText(task.nodes) : ''}`),
        outcome,
        url,
        formatDuration(task.elapsedMs),
        escape(task.billingValue ?? '')
      ];
      lines.push(`| ${cells.join(' | ')} |`);
    }
    const costs = step.tasks.flatMap((task) =>
      task.billingValue === undefined ? [] : [Number(task.billingValue)]
    );
    if (costs.length > 1) {
      const total = Number(costs.reduce((sum, cost) => sum + cost, 0).toFixed(6));
      lines.push('', `Total cost of these ${costs.length} tasks: ${escape(String(total))}`);
    }
    if (step.replaced.length > 0) {
      lines.push('', '#### Replaced', '', '| Task | Status | Outcome | Cost |', '|---|---|---|---|');
      for (const task of step.replaced) {
        const outcome = task.verdict === 'reached' ? REACHED.ended : (OUTCOME[task.verdict] ?? '');
        lines.push(
          `| ${task.id} | ${escape(task.status ?? '')} | ${outcome} | ${escape(task.billingValue ?? '')} |`
        );
      }
      const spent = step.replaced.flatMap((task) =>
        task.billingValue === undefined ? [] : [Number(task.billingValue)]
      );
      if (spent.length > 0) {
        const total = Number(spent.reduce((sum, cost) => sum + cost, 0).toFixed(6));
        lines.push('', `Total cost of the tasks replaced: ${escape(String(total))}`);
      }
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

/**
 * Text as the summary shows it: on one line, and every character but letters, digits, spaces and
 * "-,/" written as a numeric character reference. Markdown and HTML see no syntax at all in it (no
 * brackets, "!", "*", "_", backticks, "<", "|", nor the ":" "." "@" of an autolink), and it reads the same.
 */
export function escape(text: string): string {
  let escaped = '';
  for (const char of text.replace(/[\r\n]+/g, ' ')) {
    escaped += /[\p{L}\p{N}\p{M} ,/-]/u.test(char) ? char : `&#${char.codePointAt(0) ?? 0};`;
  }
  return escaped;
}

/** A validated URL inside an HTML attribute. */
function attribute(url: string): string {
  return url
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/** ", 2/3 nodes running" while some nodes do not run yet, for a wait until ready; nothing once all do. */
function nodesText(nodes: TaskResult['nodes']): string {
  return nodes === undefined || nodes.running >= nodes.total
    ? ''
    : `, ${nodes.running}/${nodes.total} nodes running`;
}
