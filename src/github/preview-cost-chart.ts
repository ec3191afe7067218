import { escape } from '../basics/markdown-text.js';
import { lineDiagram, mermaidBlock } from '../basics/mermaid.js';
import { readableYuan, yuanOf } from '../deploy/door.js';

/** What a pull request's previews had cost in all when a record was made (ms since the epoch, points). */
export interface SpendPoint {
  readonly atMs: number;
  readonly points: string;
}

/** Values the line has at the most, and rows of the table beside it. */
const MOST_POINTS = 30;
const MOST_ROWS = 6;

/**
 * What the previews of a pull request have cost over time, for its comment (issue 63, point 9): a line of
 * the total each record kept (one a push and a close at least), from the first record to the last, each
 * moment at the last record made by then; beside it, a table of the last records in plain text for hosts
 * that do not render Mermaid. Nothing from fewer than two records made at different moments.
 */
export function previewCostChart(history: readonly SpendPoint[]): string[] {
  const records = history.filter((point) => yuanOf(point.points) !== undefined);
  const [first, last] = [records[0], records.at(-1)];
  if (first === undefined || last === undefined || last.atMs <= first.atMs) return [];
  const count = Math.min(MOST_POINTS, records.length);
  const values = Array.from({ length: count }, (_, i) => {
    const at = first.atMs + ((last.atMs - first.atMs) * i) / (count - 1);
    const kept = records.filter((point) => point.atMs <= at).at(-1) ?? first;
    return Number(yuanOf(kept.points) ?? '0');
  });
  const when = (atMs: number): string => `${new Date(atMs).toISOString().slice(0, 16).replace('T', ' ')} UTC`;
  return [
    '<details><summary>What the previews of this pull request have cost over time</summary>',
    ...mermaidBlock(
      lineDiagram({
        title: 'All previews of this pull request, as each record kept it (yuan)',
        xTitle: 'hours since the first record',
        xFrom: 0,
        xTo: (last.atMs - first.atMs) / 3_600_000,
        yTitle: 'yuan',
        values
      })
    ),
    '| Recorded | All previews |',
    '|---|---|',
    ...records
      .slice(-MOST_ROWS)
      .map(
        (point) => `| ${when(point.atMs)} | ${escape(readableYuan(yuanOf(point.points) ?? '0') ?? '?')} |`
      ),
    '',
    '</details>'
  ];
}
