import type { NodeDiagnostics, TaskDiagnostics } from '../deploy/door.js';
import type { Redact } from './masker.js';
import { escape } from './summary.js';

/**
 * Every line of server text is printed after this prefix, so that none can begin with `::` and run as a
 * workflow command, whatever the platform or the application logged.
 */
const PREFIX = '│ ';

/** A title and the lines of a log group for one task's diagnostics (or its nodes, for logs and events). */
export function diagnosticsLog(
  d: TaskDiagnostics,
  redact: Redact,
  what: string = 'diagnostics'
): { title: string; lines: string[] } {
  return {
    title: `${what} of task ${d.taskId}: ${describeCounts(d)}`,
    lines: bodyLines(d).map((line) => `${PREFIX}${redact(line)}`)
  };
}

/**
 * The job summary's part: a collapsible section per node, as the log's group has them. A failed job's
 * says why it failed and shows its first failed pod open (exit code, reason, events, last log lines).
 */
export function diagnosticsSummary(all: readonly TaskDiagnostics[], redact: Redact): string {
  const parts = all.flatMap((d) => [
    ...titleLines(d, redact),
    ...d.nodes.flatMap((node, i) => [
      `<details${d.failedNodes !== undefined && i === 0 ? ' open' : ''}><summary>${escape(heading(node))}</summary>`,
      '',
      '<pre>',
      ...nodeLines(node).map((line) => escape(redact(line))),
      '</pre>',
      '',
      '</details>',
      ''
    ]),
    ...[...d.unread, ...(d.moreNodes > 0 ? [`${d.moreNodes} more nodes, not shown`] : [])].map(
      (line) => `${escape(redact(line))}\n`
    )
  ]);
  return parts.length === 0 ? '' : `\n${parts.join('\n')}\n`;
}

/** "Why task 7 is not ready: 2 nodes not running, 1 running"; for a job, why it failed and its pods. */
function titleLines(d: TaskDiagnostics, redact: Redact): string[] {
  if (d.failedNodes === undefined)
    return [`#### Why task ${d.taskId} is not ready: ${escape(describeCounts(d))}`, ''];
  return [
    `#### Why job ${d.taskId} ${d.reason === undefined ? 'did not finish' : 'failed'}: ${escape(describeCounts(d))}`,
    '',
    ...(d.reason === undefined ? [] : [`${escape(redact(capitalized(d.reason)))}.`, ''])
  ];
}

const capitalized = (text: string): string => `${text[0]?.toUpperCase() ?? ''}${text.slice(1)}`;

/** The diagnostics file: JSON, secrets replaced. */
export function diagnosticsJson(all: readonly TaskDiagnostics[], redact: Redact): string {
  return `${redact(JSON.stringify({ tasks: all }, null, 2))}\n`;
}

function describeCounts(d: TaskDiagnostics): string {
  const stuck = d.notRunningNodes;
  if (d.unread.length > 0 && stuck === 0) return 'its nodes could not be read';
  const pods = d.notRunningNodes + d.runningNodes;
  if (d.failedNodes !== undefined)
    return `${d.failedNodes} of its ${pods} pod${pods === 1 ? '' : 's'} failed or restarted`;
  return `${stuck} node${stuck === 1 ? '' : 's'} not running, ${d.runningNodes} running`;
}

function bodyLines(d: TaskDiagnostics): string[] {
  return [
    ...d.nodes.flatMap((node) => [heading(node), ...nodeLines(node).map((line) => `  ${line}`)]),
    ...d.unread.map((why) => `could not read ${why}`),
    ...(d.moreNodes > 0 ? [`${d.moreNodes} more nodes, not shown`] : [])
  ];
}

/** "node 7001 (Running): container web CrashLoopBackOff, ...", or "node 7001 (Pending)". */
function heading(node: NodeDiagnostics): string {
  return node.problem ?? `node ${node.pointId} (${node.status})`;
}

function nodeLines(node: NodeDiagnostics): string[] {
  const lines = [`events (the last ${node.events.length}):`];
  for (const e of node.events) {
    lines.push(
      `  ${[e.time, e.type, e.reason, e.service === '' ? '' : `(${e.service})`].filter((p) => p !== '').join(' ')}: ${e.message}`
    );
  }
  for (const log of node.logs) {
    const before = log.omitted > 0 ? `, ${log.omitted} before them not shown` : '';
    const when = log.whileRunning === true ? ', as the step read them while the job ran' : '';
    lines.push(`log of ${log.service} (the last ${log.lines.length} lines${before}${when}):`);
    lines.push(...log.lines.map((line) => `  ${line}`));
  }
  lines.push(...node.unread.map((why) => `could not read ${why}`));
  return lines;
}
