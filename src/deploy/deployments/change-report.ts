import { escape } from '../../basics/markdown-text.js';
import { TASK_KINDS } from '../../platform/task-kinds.js';
import { reportOf, type ChangeReport } from '../engine/calls/step-result.js';
import { countText } from '../engine/report/report-text.js';
import { reportPart } from '../engine/report/report-part.js';

// The deployment's part: what a change to a running deployment did (update, scale, replace_node).

export const CHANGE_PART = reportPart<ChangeReport>({
  name: 'change',
  kind: TASK_KINDS.deployment.name,
  of: (step) => reportOf(step, 'change'),
  summary: { lead: changeTable },
  outputs: ['changed', 'rolled_back', 'points_before', 'points_after'],
  values: (change) => ({
    changed: String(change.changed),
    rolled_back: String(change.rolledBack),
    points_before: countText(change.pointsBefore),
    points_after: countText(change.pointsAfter)
  })
});

/** What a change to a running task did: each field before and after, the nodes, the rollback. */
function changeTable(change: ChangeReport): string[] {
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
