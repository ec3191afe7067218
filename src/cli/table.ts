import { sanitize } from '../basics/safe-text.js';
import { readableYuan, type ListRows } from '../deploy/engine.js';
import { hasValue } from './json-outputs.js';
import { width } from './terminal-summary.js';

/** The widest a cell is shown in a table (a mark, a URL); the JSON holds it whole. */
const MOST_CELL = 80;

/**
 * A table as a terminal shows it, as kubectl and gcloud do: a header of the column names in capitals, then
 * a line per row, the columns aligned with two spaces and no box drawing; every cell made safe to print
 * (server text is never raw) and cut at 80 characters; money to the fen. No rows: one line that says so.
 */
export function formatTable(list: ListRows): string {
  if (list.rows.length === 0) return '(no rows)\n';
  const cell = (row: Readonly<Record<string, string>>, column: string): string => {
    const value = row[column] ?? '';
    const shown = list.money.includes(column) && value !== '' ? (readableYuan(value) ?? value) : value;
    return safeCell(shown);
  };
  return alignedLines([
    list.columns.map((column) => column.toUpperCase()),
    ...list.rows.map((row) => list.columns.map((column) => cell(row, column)))
  ]);
}

/** The outputs that have a value (see hasValue), as a table of two columns: OUTPUT and VALUE. */
export function outputsTable(outputs: ReadonlyMap<string, string>): string {
  const rows = [...outputs].filter(([, value]) => hasValue(value));
  if (rows.length === 0) return '(no outputs)\n';
  return alignedLines([['OUTPUT', 'VALUE'], ...rows.map(([name, value]) => [name, safeCell(value)])]);
}

/**
 * A cell made safe to print: on one line, cut at 80 characters, and quoted when it begins with "::", so
 * that no line of the table (whose first cell may be the server's text) runs as a workflow command.
 */
function safeCell(text: string): string {
  const flat = sanitize(text, MOST_CELL);
  return flat.startsWith('::') ? JSON.stringify(flat) : flat;
}

function alignedLines(lines: readonly (readonly string[])[]): string {
  const widths = (lines[0] ?? []).map((_, i) => Math.max(...lines.map((cells) => width(cells[i] ?? ''))));
  return lines
    .map((cells) =>
      cells
        .map((text, i) => (i === cells.length - 1 ? text : text + ' '.repeat((widths[i] ?? 0) - width(text))))
        .join('  ')
        .trimEnd()
    )
    .join('\n')
    .concat('\n');
}
