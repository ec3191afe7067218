import { formatDuration } from '../basics/units.js';
import { sanitize } from '../basics/safe-text.js';
import {
  answerTexts,
  ApiError,
  listRowsOf,
  OUTPUT_NAMES,
  partFailure,
  partOutputs,
  readableYuan,
  sumPoints,
  taskCost,
  yuanOf,
  type AnswerTexts,
  type OutputName,
  type StepResult,
  type TaskResult
} from '../deploy/door.js';

/** The outputs the main step writes itself, once the files they name are written (main-step.ts). */
type FileOutput = 'response_file' | 'restore_file' | 'diagnostics_file';
const FILE_OUTPUTS: ReadonlySet<string> = new Set<FileOutput>([
  'response_file',
  'restore_file',
  'diagnostics_file'
]);

/**
 * Every other output of the step, in action.yml's order (the declarations' order: deploy/engine/outputs/), as the
 * text written to GITHUB_OUTPUT and shown by the CLI, each empty where nothing says it.
 */
const WRITTEN = OUTPUT_NAMES.filter((name) => !FILE_OUTPUTS.has(name));

/** Every output of the step but the files', as the text written to GITHUB_OUTPUT. */
export type Outputs = Record<Exclude<OutputName, FileOutput>, string>;

/**
 * The outputs of a step; written whatever the outcome, so later steps can act on task_id. What a part
 * says of an output (a volume's status, a list's count) stands over what the step's tasks say.
 */
export function outputsOf(step: StepResult): Outputs {
  const values: Readonly<Record<string, string>> = { ...stepOutputs(step), ...partOutputs(step) };
  return Object.fromEntries(WRITTEN.map((name) => [name, values[name] ?? ''])) as Outputs;
}

/** The outputs every step writes, as its calls and tasks say them. */
function stepOutputs(step: StepResult): Partial<Outputs> {
  const failedCall = step.calls.find((c) => c.error instanceof ApiError);
  const apiError = failedCall?.error instanceof ApiError ? failedCall.error : undefined;
  const firstResult = step.calls.find((c) => c.result !== undefined)?.result;
  const statuses = Object.fromEntries(step.tasks.map((t) => [t.id, t.status ?? null]));
  const known = [...new Set(step.tasks.map((t) => t.status))];
  const urls = step.tasks.flatMap((t) => t.urls);
  return {
    code: apiError?.code ?? firstResult?.code ?? '',
    msg: apiError?.description ?? firstResult?.msg ?? '',
    // The platform's answer echoes each service's environment: its values redacted, as every secret field's.
    // A bulk step's is in its file (step.answers), which the host copies.
    data: step.answers === undefined ? oneOrList(finalAnswers(step).map((answer) => answer.data)) : '',
    task_id: step.tasks[0]?.id ?? '',
    task_ids: JSON.stringify(step.tasks.map((t) => t.id)),
    status: known.length === 1 ? (known[0] ?? '') : known.length > 1 ? 'mixed' : '',
    statuses: JSON.stringify(statuses),
    url: urls[0] ?? '',
    urls: JSON.stringify(urls),
    elapsed_seconds: String(Math.round(step.elapsedMs / 1000)),
    timed_out: String(step.timedOut),
    capped: String([...step.tasks, ...step.replaced].some((task) => task.verdict === 'capped')),
    healthy: healthOf(step.tasks),
    count: String(
      listedCount(step) ??
        step.tasks.filter((task) => task.verdict === 'done' || task.verdict === 'reached').length
    ),
    cost: costOf(step),
    billing_value: billingOf(step.tasks),
    replaced_task_ids: JSON.stringify(
      step.replaced
        .filter((task) => task.verdict === 'reached' || task.verdict === 'done')
        .map((task) => task.id)
    )
  };
}

/**
 * How many rows a listing read (an operation of LISTING_OPERATIONS): the rows its table shows and its JSON
 * holds (see listRowsOf), over every answer it read. Undefined for an operation that lists nothing.
 * (volume_list's and transfer_list's are their parts'.)
 */
function listedCount(step: StepResult): number | undefined {
  if (listRowsOf(step.operation, undefined) === undefined) return undefined;
  return step.calls.reduce(
    (sum, call) => sum + (listRowsOf(step.operation, call.result?.data)?.rows.length ?? 0),
    0
  );
}

/**
 * The cost in yuan: of one task, the decimal; of several, a JSON object of task id to cost, a number
 * (null where a task's detail was not read); of billing records, their total, or per task when they are by
 * task; empty when nothing said. Every figure the exact decimal text.
 */
function costOf(step: StepResult): string {
  if (step.tasks.some((task) => taskCost(task) !== undefined)) {
    if (step.tasks.length === 1) return taskCost(step.tasks[0] as TaskResult) ?? '';
    return costsJson(step.tasks.map((task) => [task.id, taskCost(task)]));
  }
  if (step.bills.length === 0) return '';
  const byTask = step.bills.every((bill) => bill.taskId !== undefined);
  if (!byTask) return yuanOf(sumPoints(step.bills.map((bill) => bill.billed)) ?? '') ?? '';
  const ids = [...new Set(step.bills.map((bill) => bill.taskId as string))];
  const billed = (id: string): string =>
    yuanOf(sumPoints(step.bills.filter((bill) => bill.taskId === id).map((bill) => bill.billed)) ?? '') ?? '';
  return costsJson(ids.map((id) => [id, billed(id)]));
}

/**
 * Task id to cost in yuan as a JSON object whose values are numbers, each the exact decimal text (no
 * double between: "6.710950" is written as it is), null where a task's cost is not known.
 */
function costsJson(costs: readonly (readonly [string, string | undefined])[]): string {
  const entries = costs.map(
    ([id, yuan]) => `${JSON.stringify(id)}:${yuan === undefined || yuan === '' ? 'null' : yuan}`
  );
  return `{${entries.join(',')}}`;
}

/**
 * What the log says of money, to the fen (the cost output keeps the exact figure): each task's cost so
 * far and how much of it is billed, or the billing records' totals.
 */
export function costLines(step: StepResult): string[] {
  const tasks = [...step.tasks, ...step.replaced].flatMap((task) => {
    const cost = taskCost(task);
    return cost === undefined ? [] : [`task ${task.id}: cost so far ${readable(cost)}${billedPart(task)}`];
  });
  if (step.bills.length === 0) return tasks;
  const sum = (amounts: string[]): string => readable(yuanOf(sumPoints(amounts) ?? '') ?? '');
  return [
    ...tasks,
    `${step.bills.length} billing records: total billed ${sum(step.bills.map((b) => b.billed))} (billing_coin; the cost output has the exact figure), discount deducted ${sum(step.bills.map((b) => b.discount))} (discount_coin)`
  ];
}

const readable = (yuan: string): string => readableYuan(yuan) ?? '? yuan';

/** " (all billed)", " (not billed yet)" or " (0.30 yuan billed, the rest not billed yet)". */
function billedPart(task: TaskResult): string {
  const used = (points: string | undefined): boolean =>
    points !== undefined && (sumPoints([points]) ?? '0').replace(/[-0.]/g, '') !== '';
  const billed = used(task.billingValue);
  const unbilled = used(task.forecastValue);
  if (!billed && !unbilled) return '';
  if (!unbilled) return ' (all billed)';
  if (!billed) return ' (not billed yet)';
  return ` (${readable(yuanOf(task.billingValue ?? '0') ?? '')} billed, the rest not billed yet)`;
}

/**
 * The platform's billing_value of each task as its details said, in points: the number for one task, a
 * JSON array for several (null where a task's was not read), empty when no detail was read.
 */
function billingOf(tasks: readonly TaskResult[]): string {
  if (!tasks.some((task) => task.billingValue !== undefined)) return '';
  if (tasks.length === 1) return tasks[0]?.billingValue ?? '';
  return `[${tasks.map((task) => task.billingValue ?? 'null').join(',')}]`;
}

/** true when every task checked is healthy, false when one is not, empty when no check was made. */
function healthOf(tasks: readonly TaskResult[]): string {
  const checked = tasks.filter((task) => task.healthy !== undefined);
  return checked.length === 0 ? '' : String(checked.every((task) => task.healthy === true));
}

/** The full last answer(s), for response_file: one answer as received, or a JSON array of them. */
export function responseFileText(step: StepResult): string {
  return oneOrList(finalAnswers(step).map((answer) => answer.response));
}

/** One JSON text as it is, or several as a JSON array of them; null for none. */
function oneOrList(texts: readonly string[]): string {
  return texts.length === 1 ? (texts[0] ?? 'null') : `[${texts.join(',')}]`;
}

/**
 * The last answer for each call, as the outputs keep it: its task's last data (the last detail when the
 * step waited for it), else the call's own answer, whose texts were made as it came; null data for a call
 * that failed.
 */
function finalAnswers(step: StepResult): AnswerTexts[] {
  const tasks = new Map<string, TaskResult>();
  for (const task of step.tasks) if (!tasks.has(task.id)) tasks.set(task.id, task);
  return step.calls.map((c) => {
    const task = c.taskId === undefined ? undefined : tasks.get(c.taskId);
    const data: unknown = task?.data ?? c.result?.data;
    const raw = task?.raw ?? c.raw;
    const { texts } = c;
    return texts !== undefined && data === c.result?.data && raw === c.raw ? texts : answerTexts(data, raw);
  });
}

/** How a step ended: passed, or failed, and why in one line. */
export type StepVerdict = { passed: true } | { passed: false; why: string };

/** Whether the step passed; when it failed, why, in one line. */
export function verdictOf(step: StepResult): StepVerdict {
  const failedWith = (why: string): StepVerdict => ({ passed: false, why });
  const operation = step.operation;
  const failedCalls = step.calls.filter((c) => c.error !== undefined && c.taskId === undefined);
  if (failedCalls.length > 0)
    return failedWith(`${operation} failed: ${failedCalls[0]?.error?.message ?? ''}`);
  const besides = partFailure(step);
  if (besides !== undefined) return failedWith(`${operation}: ${besides}`);
  const failed = [...step.tasks, ...step.replaced].filter(
    (t) => t.verdict !== 'done' && t.verdict !== 'reached'
  );
  if (failed.length === 0) return { passed: true };
  if (step.tasks.length === 1 && failed[0] !== undefined)
    return failedWith(`${operation}: ${describeFailure(failed[0])}`);
  const listed = failed.slice(0, 5).map((t) => `${t.id} (${t.message ?? t.verdict})`);
  const more = failed.length > 5 ? `, and ${failed.length - 5} more` : '';
  return failedWith(
    `${operation}: ${failed.length} of ${step.tasks.length} tasks failed: ${listed.join('; ')}${more}`
  );
}

function describeFailure(task: TaskResult): string {
  const name = task.name === undefined ? '' : ` (${sanitize(task.name, 60)})`;
  switch (task.verdict) {
    case 'failed':
      return `task ${task.id}${name} ${task.message ?? 'failed'} after ${formatDuration(task.elapsedMs)}`;
    case 'not_found':
      return task.message ?? `task ${task.id} not found`;
    case 'timed_out':
    case 'cancelled':
      return `task ${task.id}${name} ${task.message ?? task.verdict}`;
    default:
      return `task ${task.id}${name}: ${task.message ?? 'failed'}`;
  }
}
