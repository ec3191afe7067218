import { escape } from '../basics/markdown-text.js';
import { ganttDiagram, lineDiagram, mermaidBlock, type GanttBar } from '../basics/mermaid.js';
import { formatDuration } from '../basics/units.js';
import { partCostTitle, readableYuan, yuanOf, type StepResult, type TaskResult } from '../deploy/door.js';

// The job summary's pictures (issue 63, point 9): where the time went, a gantt of the phases the step saw
// each task go through, and what it cost over time, a line of what the wait read at each poll. Every time
// is one the step observed on its injected clock (a status change, a read of the detail, a health check,
// a copy), recorded in the step's result: nothing is guessed. Beside each diagram, the same in plain text
// for hosts that do not render Mermaid.

/** A phase of a task or of the step, as the plain table and the gantt show it (ms since the step started). */
interface Phase {
  readonly section: string;
  readonly what: string;
  readonly fromMs: number;
  readonly toMs: number;
}

/** Phases drawn at the most (and rows of the table beside them). */
const MOST_PHASES = 120;

/** Values the cost line has at the most: the reads are resampled onto a grid this fine. */
const MOST_POINTS = 30;

/** "task 7 web": a task as the diagrams name it (made diagram text by the builder). */
const sectionOf = (task: Pick<TaskResult, 'id' | 'name'>): string =>
  `task ${task.id}${task.name === undefined ? '' : ` ${task.name}`}`;

/** When the step last knew of the task: its wait's end, its last status, its last read. */
function endOf(task: TaskResult): number {
  return Math.max(task.elapsedMs, task.timeline.at(-1)?.atMs ?? 0, task.samples.at(-1)?.atMs ?? 0);
}

/** The spans of a list of moments: each from its moment to the next one's, the last to `end`. */
function spans<T extends { atMs: number }>(marks: readonly T[], end: number): (T & { toMs: number })[] {
  return marks.map((mark, i) => ({ ...mark, toMs: Math.max(mark.atMs, marks[i + 1]?.atMs ?? end) }));
}

/** Each phase the step saw a task go through: its statuses, a Spot job's queue, a job's pods, its health check. */
export function taskPhases(task: TaskResult): Phase[] {
  const section = sectionOf(task);
  const end = endOf(task);
  const phase = (what: string, fromMs: number, toMs: number): Phase => ({ section, what, fromMs, toMs });
  const statuses = spans(task.timeline, end).map((s) => phase(s.status, s.atMs, s.toMs));
  // A run of reads that said Queued, to the first that did not.
  const queueMarks = task.samples.filter(
    (s, i) => (s.queued ?? false) !== (task.samples[i - 1]?.queued ?? false)
  );
  const queued = spans(queueMarks, end)
    .filter((s) => s.queued === true)
    .map((s) => phase('queued (Spot)', s.atMs, s.toMs));
  const podMarks = task.samples.filter(
    (s, i) => s.pods !== undefined && s.pods !== task.samples[i - 1]?.pods
  );
  const pods = spans(podMarks, end).map((s) => phase(`pods ${s.pods ?? ''}`, s.atMs, s.toMs));
  const health =
    task.healthCheck === undefined
      ? []
      : [
          phase(
            `health check${task.healthy === false ? ' (failed)' : ''}`,
            task.healthCheck.fromMs,
            task.healthCheck.toMs
          )
        ];
  return [...queued, ...statuses, ...pods, ...health];
}

/** The step's phases: its copies, a Spot job's queue, then each task's (those it waited on, then those it replaced). */
export function stepPhases(step: StepResult): Phase[] {
  const { queue } = step;
  const queued =
    queue === undefined
      ? []
      : [
          {
            section: sectionOf({
              id: queue.taskId,
              name: step.tasks.find((task) => task.id === queue.taskId)?.name
            }),
            what: queue.fellBack ? 'queued (Spot), then stopped for on demand' : 'queued (Spot)',
            fromMs: queue.fromMs,
            toMs: queue.toMs
          }
        ];
  const copies = (step.copies ?? []).map((copy) => ({
    section: 'copies',
    what: `${copy.way === 'in' ? 'data copied in' : 'results copied back'}${copy.copied ? '' : ' (failed)'}`,
    fromMs: copy.fromMs,
    toMs: copy.toMs
  }));
  return [...copies, ...queued, ...[...step.tasks, ...step.replaced].flatMap(taskPhases)];
}

/**
 * "Where the time went": a gantt of the step's phases on the clock of the step's start, and the same as a
 * table (each phase's start and end counted from the step's start, and how long it took).
 */
export function timelineSection(step: StepResult): string[] {
  const all = stepPhases(step);
  if (all.length === 0) return [];
  // A bounded summary: a wait of many tasks, or of a job whose pods moved often, draws its first phases.
  const phases = all.slice(0, MOST_PHASES);
  const left = all.length - phases.length;
  const start = step.startedAt ?? 0;
  const bars: GanttBar[] = phases.map((p) => ({
    section: p.section,
    text: p.what,
    fromMs: start + p.fromMs,
    toMs: start + p.toMs
  }));
  return [
    '',
    '#### Where the time went',
    ...mermaidBlock(ganttDiagram('Phases of the step, as it saw them', bars)),
    '| Task | Phase | From | To | Took |',
    '|---|---|---|---|---|',
    ...phases.map(
      (p) =>
        `| ${escape(p.section)} | ${escape(p.what)} | ${formatDuration(p.fromMs)} | ${formatDuration(p.toMs)} | ${formatDuration(p.toMs - p.fromMs)} |`
    ),
    ...(left === 0
      ? []
      : ['', `${left} more phases, not drawn: the status timeline above lists every status.`]),
    '',
    "<sub>From and To count from the step's start; a task's phase begins when a read of it first showed it (the wait reads every poll_interval).</sub>"
  ];
}

/** A task's reads of its cost, in yuan, each at its moment (ms since the step started). */
function costReads(task: TaskResult): { atMs: number; yuan: number }[] {
  return task.samples.flatMap((s) => {
    const yuan = s.points === undefined ? undefined : yuanOf(s.points);
    return yuan === undefined ? [] : [{ atMs: s.atMs, yuan: Number(yuan) }];
  });
}

/**
 * What the tasks had cost together at each of `count` moments evenly from `from` to `to`: each task at its
 * last read at or before the moment (nothing before its first read).
 */
export function costGrid(
  reads: readonly (readonly { atMs: number; yuan: number }[])[],
  from: number,
  to: number,
  count: number
): { atMs: number; yuan: number }[] {
  return Array.from({ length: count }, (_, i) => {
    const atMs = count === 1 ? to : from + ((to - from) * i) / (count - 1);
    const yuan = reads.reduce((sum, task) => sum + (task.filter((r) => r.atMs <= atMs).at(-1)?.yuan ?? 0), 0);
    return { atMs, yuan };
  });
}

/**
 * "What it cost over time": a line of what the tasks the step waited on had cost together, read at each
 * poll, from the first read to the last (when the step read it at two moments at least), and a short table
 * of the same. For a preview, its title says it is this push's preview, as the step watched it.
 */
export function costSection(step: StepResult): string[] {
  const read = step.tasks.filter((task) => costReads(task).length > 0);
  const reads = read.map(costReads);
  const moments = [...new Set(reads.flat().map((r) => r.atMs))].sort((a, b) => a - b);
  // A read like the one before is not kept: the cost stood until the step last knew of the task.
  const [from, to] = [moments[0], Math.max(...moments, ...read.map(endOf))];
  if (from === undefined || to <= from) return [];
  const grid = costGrid(reads, from, to, Math.min(MOST_POINTS, Math.max(2, moments.length)));
  const what =
    partCostTitle(step) ??
    `What the ${reads.length === 1 ? 'task' : `${reads.length} tasks`} cost while the step waited`;
  const minutes = (ms: number): number => ms / 60_000;
  const shown = grid.filter((_, i) => i % Math.ceil(grid.length / 6) === 0 || i === grid.length - 1);
  return [
    '',
    '#### What it cost over time',
    ...mermaidBlock(
      lineDiagram({
        title: `${what} (yuan)`,
        xTitle: 'minutes since the step started',
        xFrom: minutes(from),
        xTo: minutes(to),
        yTitle: 'yuan',
        values: grid.map((g) => g.yuan)
      })
    ),
    '| After | Cost |',
    '|---|---|',
    ...shown.map((g) => `| ${formatDuration(g.atMs)} | ${escape(readableYuan(g.yuan.toFixed(6)) ?? '?')} |`),
    '',
    `<sub>${escape(what)}: billing_value plus forecast_value, as each read of the detail said (a task counts from its first read).</sub>`
  ];
}
