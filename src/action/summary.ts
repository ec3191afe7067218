import { attribute, escape } from '../basics/markdown-text.js';
import { formatDuration } from '../basics/units.js';
import {
  REPORT_PARTS,
  sumPoints,
  taskCost,
  yuanOf,
  yuanText,
  type Bill,
  type NodeCounts,
  type Offer,
  type StepResult,
  type TaskResult,
  type WaitTarget
} from '../deploy/door.js';
import type { StepVerdict } from './outputs.js';
import { costSection, timelineSection } from './summary-timeline.js';

/** The wait reached its target: said as the target, so a stop's summary never reads "ready". */
const REACHED: Record<WaitTarget, string> = {
  ready: '✅ ready',
  paused: '✅ paused',
  ended: '✅ stopped',
  finished: '✅ complete'
};

const OUTCOME: Record<string, string> = {
  done: 'done',
  failed: '❌ failed',
  timed_out: '⏱️ timed out',
  cancelled: '⏹️ cancelled',
  error: '❌ error',
  not_found: '❌ not found'
};

/**
 * The job summary: a table per task (id, name, status, URL, elapsed, cost), the replaced tasks, the
 * status timeline, and the billing records or resource offers a step read; what each report part adds
 * (the report parts, gathered in deploy/report-parts.ts: a placement, a change, a job, a preview above the tasks, the cap under them, a volume or
 * a transfer in their place) where the part puts it, in the parts' order. Every value from the server is
 * escaped as text, so a task name or message cannot add a link, an image, emphasis or HTML to the
 * summary; the one link, a task's URL, is a validated http(s) URL. Money is shown in yuan.
 */
export function renderSummary(step: StepResult, verdict: StepVerdict): string {
  const lines = [`### Elastic deploy: ${step.operation} ${verdict.passed ? 'succeeded' : 'failed'}`, ''];
  if (!verdict.passed) lines.push(`> ${escape(verdict.why)}`, '');
  lines.push(...REPORT_PARTS.flatMap((part) => part.lead(step)));
  if (step.tasks.length > 0) {
    lines.push(...taskTable(step), ...replacedTable(step));
    lines.push(...REPORT_PARTS.flatMap((part) => part.withTasks(step)));
    lines.push(...costNote([...step.tasks, ...step.replaced]));
    lines.push(...timeline(step), ...timelineSection(step), ...costSection(step));
  } else {
    lines.push(...withoutTasks(step));
  }
  return `${lines.join('\n')}\n`;
}

/**
 * What a step with no tasks shows: the billing records or the resource offers it read, else what a part
 * shows in place of the tasks (the first that shows anything), else its answer's code.
 */
function withoutTasks(step: StepResult): string[] {
  if (step.bills.length > 0) return billsTable(step.bills);
  if (step.offers.length > 0) return offersTable(step.offers);
  for (const part of REPORT_PARTS) {
    const lines = part.alone(step);
    if (lines.length > 0) return lines;
  }
  const [call] = step.calls;
  // A failed call is quoted above; a success envelope whose data says it failed is not a success.
  if (call?.result === undefined || call.error !== undefined) return [];
  return [`code ${escape(call.result.code)}${call.result.msg === '' ? '' : `: ${escape(call.result.msg)}`}`];
}

function taskTable(step: StepResult): string[] {
  const target = step.criteria === undefined ? '' : ` (waited to be ${step.criteria.target})`;
  const lines = [
    `| Task | Name | Status | Outcome${target} | URL | Elapsed | Cost |`,
    '|---|---|---|---|---|---|---|'
  ];
  for (const task of step.tasks) {
    const url =
      task.urls[0] === undefined ? '' : `<a href="${attribute(task.urls[0])}">${escape(task.urls[0])}</a>`;
    const outcome =
      task.verdict === 'reached' ? REACHED[step.criteria?.target ?? 'ready'] : (OUTCOME[task.verdict] ?? '');
    const cells = [
      task.id,
      escape(task.name ?? ''),
      escape(`${task.status ?? ''}${step.criteria?.requireAllNodes === true ? nodesText(task.nodes) : ''}`),
      outcome,
      url,
      formatDuration(task.elapsedMs),
      yuanText(taskCost(task))
    ];
    lines.push(`| ${cells.join(' | ')} |`);
  }
  return [...lines, ...total(`these ${step.tasks.length} tasks`, step.tasks)];
}

function replacedTable(step: StepResult): string[] {
  if (step.replaced.length === 0) return [];
  const lines = ['', '#### Replaced', '', '| Task | Status | Outcome | Cost |', '|---|---|---|---|'];
  for (const task of step.replaced) {
    const outcome = task.verdict === 'reached' ? REACHED.ended : (OUTCOME[task.verdict] ?? '');
    lines.push(`| ${task.id} | ${escape(task.status ?? '')} | ${outcome} | ${yuanText(taskCost(task))} |`);
  }
  return [...lines, ...total('the tasks replaced', step.replaced, 1)];
}

/** "Total cost of …: 0.003300 yuan", when at least `least` of the tasks said their cost. */
function total(what: string, tasks: readonly TaskResult[], least = 2): string[] {
  const costs = tasks.flatMap((task) => {
    const { billingValue, forecastValue } = task;
    return billingValue === undefined && forecastValue === undefined
      ? []
      : [billingValue ?? '0', forecastValue ?? '0'];
  });
  if (costs.length / 2 < least) return [];
  return ['', `Total cost of ${what}: ${yuanText(yuanOf(sumPoints(costs) ?? ''))}`];
}

/** What the cost figures are, under a table that shows some. */
function costNote(tasks: readonly TaskResult[]): string[] {
  if (!tasks.some((task) => taskCost(task) !== undefined)) return [];
  return [
    '',
    '<sub>Cost: what the platform has billed (billing_value) plus what the task has used since and not been billed yet (forecast_value); the platform bills every 5 minutes and counts in points, 1 yuan = 1,000,000 points.</sub>'
  ];
}

function timeline(step: StepResult): string[] {
  const entries = step.tasks.flatMap((task) => task.timeline.map((entry) => ({ ...entry, id: task.id })));
  if (entries.length === 0) return [];
  entries.sort((a, b) => a.atMs - b.atMs);
  return [
    '',
    '<details><summary>Status timeline</summary>',
    '',
    ...entries.map((entry) => `- ${formatDuration(entry.atMs)}: task ${entry.id} ${escape(entry.status)}`),
    '',
    '</details>'
  ];
}

/** Billing records: by time, or by task; the total and the discount in yuan, and their sums. */
function billsTable(bills: readonly Bill[]): string[] {
  const byTask = bills.every((bill) => bill.taskId !== undefined);
  const lines = byTask
    ? [
        '| Task | Name | Type | Total (billing_coin) | Discount deducted (discount_coin) |',
        '|---|---|---|---|---|'
      ]
    : ['| From | To | Total (billing_coin) | Discount deducted (discount_coin) |', '|---|---|---|---|'];
  for (const bill of bills) {
    const money = [yuanText(yuanOf(bill.billed)), yuanText(yuanOf(bill.discount))];
    const first = byTask
      ? [bill.taskId ?? '', escape(bill.taskName ?? ''), escape(bill.taskType ?? '')]
      : [escape(bill.start ?? ''), escape(bill.end ?? '')];
    lines.push(`| ${[...first, ...money].join(' | ')} |`);
  }
  const sum = (amounts: string[]): string => yuanText(yuanOf(sumPoints(amounts) ?? ''));
  return [
    ...lines,
    '',
    `Total billed: ${sum(bills.map((b) => b.billed))}; discount deducted: ${sum(bills.map((b) => b.discount))}. The output cost is the total billed.`,
    '',
    "<sub>As the platform's reference has them: billing_coin is the total, discount_coin the discount deducted; both in points, 1 yuan = 1,000,000 points.</sub>"
  ];
}

/** What a resource search found: each device's regions, their price as the platform gives it, and stock. */
function offersTable(offers: readonly Offer[]): string[] {
  const lines = [
    '| Device | GPU | Count | Region | Price | Discount price | Stock |',
    '|---|---|---|---|---|---|---|'
  ];
  for (const offer of offers) {
    const cells = [
      offer.device,
      offer.gpuName,
      offer.gpuCount,
      offer.regionName ?? offer.region,
      offer.price,
      offer.discountPrice,
      offer.inventory
    ];
    lines.push(`| ${cells.map((cell) => escape(cell ?? '')).join(' | ')} |`);
  }
  const marks = offers.filter((offer) => offer.mark !== undefined);
  return [
    ...lines,
    '',
    '<sub>Price and discount price as the platform gives them, for one node of the device (no unit is published; the platform bills by the discount price). max_price is compared with the discount price, else the price.</sub>',
    ...(marks.length === 0
      ? []
      : [
          '',
          '<details><summary>Marks: the resources[].mark a create takes (regions[].mark.mark)</summary>',
          '',
          ...marks.map(
            (offer) =>
              `- ${escape(`${offer.device ?? ''} in ${offer.regionName ?? offer.region ?? ''}`)}: <code>${escape(offer.mark ?? '')}</code>`
          ),
          '',
          '</details>'
        ])
  ];
}

export { escape } from '../basics/markdown-text.js';

/** ", 2/3 nodes running" while some nodes do not run yet, for a wait until ready; nothing once all do. */
function nodesText(nodes: NodeCounts | undefined): string {
  return nodes === undefined || nodes.running >= nodes.total
    ? ''
    : `, ${nodes.running}/${nodes.total} nodes running`;
}

/**
 * A fenced code block of the summary, and the blank line after it. Its fence is longer than any run of
 * backquotes in the code (a task name may hold some), which could otherwise close it early.
 */
export function fenced(language: string, code: string): string[] {
  const longest = Math.max(0, ...(code.match(/`+/g) ?? []).map((run) => run.length));
  const fence = '`'.repeat(Math.max(3, longest + 1));
  return ['', fence + language, code, fence, ''];
}
