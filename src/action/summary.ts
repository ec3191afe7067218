import { attribute, escape } from '../basics/markdown-text.js';
import { formatDuration } from '../basics/units.js';
import {
  jobRunOf,
  placementOf,
  readableYuan,
  sumPoints,
  yuanOf,
  type Bill,
  type Candidate,
  type ChangeReport,
  type NodeCounts,
  type Offer,
  type Placement,
  type StepResult,
  type TaskResult,
  type WaitTarget,
  VOLUME_DELETED
} from '../deploy/engine.js';
import { gibText, taskCost, type StepVerdict } from './outputs.js';
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
 * status timeline, and the billing records or resource offers a step read. Every value from the server is
 * escaped as text, so a task name or message cannot add a link, an image, emphasis or HTML to the
 * summary; the one link, a task's URL, is a validated http(s) URL. Money is shown in yuan.
 */
export function renderSummary(step: StepResult, verdict: StepVerdict): string {
  const lines = [`### Elastic deploy: ${step.operation} ${verdict.passed ? 'succeeded' : 'failed'}`, ''];
  if (!verdict.passed) lines.push(`> ${escape(verdict.why)}`, '');
  lines.push(...placementTable(placementOf(step)), ...changeTable(step.change), ...jobTable(step));
  lines.push(...previewLines(step));
  if (step.tasks.length > 0) {
    lines.push(...taskTable(step), ...replacedTable(step), ...capLine(step));
    lines.push(...costNote([...step.tasks, ...step.replaced]));
    lines.push(...timeline(step), ...timelineSection(step), ...costSection(step));
  } else if (step.bills.length > 0) {
    lines.push(...billsTable(step.bills));
  } else if (step.offers.length > 0) {
    lines.push(...offersTable(step.offers));
  } else if (step.volume !== undefined || step.volumeList !== undefined) {
    lines.push(...volumesTable(step));
  } else if (step.transfer !== undefined || step.transferList !== undefined) {
    lines.push(...transfersTable(step));
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

/** What a job step read of its job: its own status, its pods, how long its run took, its mode. */
function jobTable(step: StepResult): string[] {
  const job = jobRunOf(step);
  if (job === undefined) return [];
  const count = (n: number | undefined): string => (n === undefined ? '?' : String(n));
  return [
    '#### Job',
    '',
    '| Job status | Pods succeeded | Pods failed | Duration | Mode |',
    '|---|---|---|---|---|',
    `| ${escape(job.status ?? '?')} | ${count(job.succeeded)} | ${count(job.failed)} | ${job.seconds === undefined ? '–' : formatDuration(job.seconds * 1000)} | ${job.mode === 'spot' ? 'Spot' : 'on demand'} |`,
    '',
    ...(step.logFile === undefined
      ? []
      : [
          "<sub>The job's log: in the step's log as it ran, and every line in the file of the `log_file` output, which `actions/upload-artifact` keeps.</sub>",
          ''
        ])
  ];
}

/** What a change to a running task did: each field before and after, the nodes, the rollback. */
function changeTable(change: ChangeReport | undefined): string[] {
  if (change === undefined) return [];
  const lines = ['#### Change', ''];
  if (!change.changed) lines.push('Nothing to change: nothing was sent.', '');
  if (change.fields.length > 0) {
    lines.push('| Field | Before | After |', '|---|---|---|');
    for (const field of change.fields)
      lines.push(`| ${escape(field.path)} | ${escape(field.before)} | ${escape(field.after)} |`);
    lines.push('');
  }
  if (change.nodes.length > 0) lines.push(`Nodes replaced: ${change.nodes.map(escape).join(', ')}`, '');
  if (change.pointsBefore !== undefined || change.pointsAfter !== undefined)
    lines.push(`Nodes running: ${change.pointsBefore ?? '?'} before, ${change.pointsAfter ?? '?'} after`, '');
  if (change.rolledBack) lines.push('**Rolled back**: the task was set back as it was.', '');
  if (change.restore !== undefined)
    lines.push(
      `**Not rolled back**: task ${escape(change.restore.taskId)} may still be on the failed configuration. The configuration to restore (secrets redacted) is in the file the \`restore_file\` output names.`,
      ''
    );
  return lines;
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

/**
 * What max_cost held the step to: the cap, what the tasks waited on cost in all, and which ones the cap
 * stopped (their lines say what they cost while the step waited, which is what the cap counts).
 */
function capLine(step: StepResult): string[] {
  if (step.maxCost === undefined) return [];
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
    `max_cost ${escape(step.maxCost)} yuan, held to what the tasks cost while the step waited; they have cost ${spent} in all.${stopped}`
  ];
}

/**
 * A preview's pull request and what its previews cost in all; a preview sweep's table of what it stopped,
 * why, and what each cost.
 */
function previewLines(step: StepResult): string[] {
  const { preview } = step;
  if (preview === undefined) return [];
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

/**
 * The volume a volume step left (found, made, grown, deleted), or the volumes a volume_list read with what
 * they come to: sizes in GiB (a used size the storage cannot say is unknown, never 0), prices in the
 * platform's own units, never through the tasks' points-to-yuan rule.
 */
function volumesTable(step: StepResult): string[] {
  const one = step.volume;
  const volumes = one === undefined ? (step.volumeList?.volumes ?? []) : [one.volume];
  const size = (bytes: number | undefined): string =>
    bytes === undefined ? 'unknown' : `${gibText(bytes)} GiB`;
  const lines = [
    '| Volume | Name | Region | Class | Status | Size | Used | Price (yuan per GB a month) | Mounted in |',
    '|---|---|---|---|---|---|---|---|---|',
    ...volumes.map(
      (v) =>
        `| ${escape(v.id)} | ${escape(v.name)} | ${orUnknown(v.region)} | ${orUnknown(v.storageClass)} | ${orUnknown(one?.deleted === true ? VOLUME_DELETED : v.status)} | ${size(v.totalBytes)} | ${size(v.usedBytes)} | ${decimalText(v.displayUnitPrice)} | ${v.mounts} task(s) |`
    ),
    ''
  ];
  if (one !== undefined) {
    const did = one.deleted
      ? 'Deleted: no list shows it.'
      : one.created
        ? 'Made by this step.'
        : one.adopted
          ? "Found by name after this step's create went unanswered: nothing proves this step made it, so no cleanup deletes it."
          : one.grownFrom === undefined
            ? 'Found as it was.'
            : `Grown from ${size(one.grownFrom)}.`;
    return [...lines, did];
  }
  const summary = step.volumeList?.summary;
  if (summary === undefined) return lines;
  return [
    ...lines,
    `${summary.count ?? '?'} volume(s) counted (Creating, Active, Expanding), ${size(summary.totalBytes)} in all, ${size(summary.usedBytes)} used; estimated cost ${summary.perTenMinutes ?? '?'} points per 10 minutes (coin_sum_slice, in the points of unit_price, as the reference's own example counts them: 3 GiB at 120 is 360; the storage's points, never turned into yuan by the tasks' rule).`
  ];
}

/** Text the platform gave, escaped; `?` where it gave none. */
function orUnknown(value: string | undefined): string {
  return value === undefined ? '?' : escape(value);
}

/** A decimal the platform gave (a price), as it is when it is one; anything else escaped. */
function decimalText(value: string | undefined): string {
  if (value === undefined) return '?';
  return /^\d{1,12}(\.\d{1,12})?$/.test(value) ? value : escape(value);
}

/**
 * The transfer a transfer step followed (or read, or stopped), or the transfers a transfer_list read: each
 * one's status, files and GiB copied of all (totals of 0 are still being counted), and for a step that
 * followed one, how long it took and its rate.
 */
function transfersTable(step: StepResult): string[] {
  const one = step.transfer;
  const transfers = one === undefined ? (step.transferList ?? []) : [one.transfer];
  const gib = (bytes: number | undefined): string =>
    `${bytes === undefined ? '0' : (bytes / 1024 ** 3).toFixed(2)} GiB`;
  const lines = [
    '| Transfer | Direction | Status | Files | Copied | Error |',
    '|---|---|---|---|---|---|',
    ...transfers.map((t) => {
      const files =
        t.filesTotal === undefined
          ? `${t.filesDone ?? 0} (counting)`
          : `${t.filesDone ?? 0} of ${t.filesTotal}`;
      const bytes =
        t.bytesTotal === undefined ? gib(t.bytesDone) : `${gib(t.bytesDone)} of ${gib(t.bytesTotal)}`;
      const direction =
        t.direction === 'to_volume'
          ? 'to the volume'
          : t.direction === 'to_object_storage'
            ? 'to object storage'
            : '?';
      const error =
        t.errorCode === undefined && t.errorMessage === undefined
          ? ''
          : `${t.errorCode ?? ''} ${t.errorMessage ?? ''}`.trim();
      return `| ${escape(t.id)} | ${direction} | ${orUnknown(t.status)} | ${files} | ${bytes} | ${escape(error)} |`;
    }),
    ''
  ];
  if (one?.elapsedMs === undefined) return lines;
  const seconds = one.elapsedMs / 1000;
  const rate =
    seconds > 0 ? `${((one.transfer.bytesDone ?? 0) / seconds / 1024 ** 2).toFixed(1)} MiB/s` : '–';
  return [
    ...lines,
    `Copied in ${escape(formatDuration(one.elapsedMs))} (${rate} on average)${one.retries > 0 ? `, after ${one.retries} retries` : ''}; files already at the destination are not copied again, as \`overwrite_policy\` says.`
  ];
}

/**
 * How a create that picked its resource by gpu chose it: the regions of the device it considered, best
 * first, each with its price, stock and what became of it (created on, refused, left out and why).
 */
function placementTable(placement: Placement | undefined): string[] {
  if (placement === undefined) return [];
  const { chosen, refused, considered } = placement;
  const outcome = (candidate: Candidate): string => {
    if (candidate === chosen) return 'chosen';
    const refusal = refused.find((r) => r.candidate === candidate);
    if (refusal !== undefined) return `refused: ${refusal.why}`;
    return candidate.excluded ?? 'not needed';
  };
  const lines = [
    `#### Resource: ${placement.points} node(s) of ${escape(placement.wish.gpu)}`,
    '',
    '| Region | Device | GPUs | Price | Stock | Outcome |',
    '|---|---|---|---|---|---|'
  ];
  for (const candidate of considered) {
    const { offer } = candidate;
    const region =
      offer.regionName === undefined ? offer.region : `${offer.region ?? ''} (${offer.regionName})`;
    const cells = [
      region,
      offer.device,
      offer.gpuCount,
      candidate.price,
      offer.inventory,
      outcome(candidate)
    ];
    lines.push(`| ${cells.map((cell) => escape(cell ?? '')).join(' | ')} |`);
  }
  const warmed = placement.preheated;
  return [
    ...lines,
    ...(warmed === undefined
      ? []
      : [
          '',
          `Preheated: ${warmed.mode === 'region' ? 'the images cached in' : 'nodes prepared in'} ${escape(warmed.region)} in ${escape(formatDuration(warmed.elapsedMs))} (preheat task ${escape(warmed.taskId)}); a preheat is not a reservation.`
        ]),
    '',
    `<sub>Price: the resource search's discount_price, else its price: the platform's number for one node of the device, shown and compared as given (no unit is published)${placement.wish.maxPrice === undefined ? '' : `; max_price ${escape(placement.wish.maxPrice)}`}. ${placement.searches} resource search(es).</sub>`,
    ''
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

/** An amount in yuan with its unit, or nothing. */
/** Yuan to the fen ("less than 0.01 yuan" below one); the exact figure is the cost output's. */
function yuanText(yuan: string | undefined): string {
  return yuan === undefined ? '' : escape(readableYuan(yuan) ?? `${yuan} yuan`);
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
