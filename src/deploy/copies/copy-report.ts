import { escape } from '../../basics/markdown-text.js';
import { formatDuration } from '../../basics/units.js';
import { reportOf, type CopiedLine, type CopiedReport } from '../engine/calls/step-result.js';
import { reportPart } from '../engine/report/report-part.js';

// The copies' part: what a copy step copied, copy by copy (files, GiB, skipped, how it went), and why it
// failed; its outputs count them all.

export const COPIED_PART = reportPart<CopiedReport>({
  name: 'copied',
  of: (step) => reportOf(step, 'copied'),
  summary: { alone: copiesTable },
  outputs: ['files', 'bytes', 'skipped_files', 'duration', 'rate'],
  values: copiedOutputs,
  failure: (report) => report.failure
});

/** The totals of the copies that completed: files and bytes copied, files skipped, seconds, bytes a second. */
function copiedOutputs({ copies }: CopiedReport): Record<string, string> {
  const sum = (of: (line: CopiedLine) => number | undefined): number =>
    copies.reduce((all, line) => all + (of(line) ?? 0), 0);
  const bytes = sum((line) => line.bytes);
  const elapsedMs = sum((line) => line.elapsedMs);
  return {
    files: String(sum((line) => line.files)),
    bytes: String(bytes),
    skipped_files: String(sum((line) => line.skipped)),
    duration: String(Math.round(elapsedMs / 1000)),
    rate: elapsedMs > 0 ? String(Math.round((bytes * 1000) / elapsedMs)) : ''
  };
}

const OUTCOMES: Readonly<Record<CopiedLine['outcome'], string>> = {
  copied: 'copied',
  failed: 'failed',
  left: 'not tried (an earlier copy failed)'
};

/**
 * A table of the copies: each one's two sides (as written, escaped), how it went, over what, the files and
 * GiB it copied, the files it skipped as already there (a transfer does not count them), how long it took;
 * then why the copies stopped, when one failed.
 */
function copiesTable({ copies, failure }: CopiedReport): string[] {
  const lines = [
    '#### Copies',
    '',
    '| From | To | Via | Result | Files | Copied | Skipped | Took |',
    '|---|---|---|---|---|---|---|---|',
    ...copies.map(copyRow),
    ''
  ];
  return failure === undefined ? lines : [...lines, `Failed: ${escape(failure)}`, ''];
}

function copyRow(line: CopiedLine): string {
  const via = line.via === 'sftp' ? 'SFTP session' : 'transfer';
  const gib = line.bytes === undefined ? '' : `${(line.bytes / 1024 ** 3).toFixed(2)} GiB`;
  const skipped = line.outcome !== 'copied' ? '' : line.skipped === undefined ? '–' : String(line.skipped);
  const took = line.elapsedMs === undefined ? '' : escape(formatDuration(line.elapsedMs));
  return `| ${escape(line.from)} | ${escape(line.to)} | ${via} | ${OUTCOMES[line.outcome]} | ${line.files ?? ''} | ${gib} | ${skipped} | ${took} |`;
}
