import { isLosslessNumber } from 'lossless-json';
import { sanitize } from '../basics/safe-text.js';
import {
  parseJsonAsWritten,
  partMoney,
  readablePoints,
  readableYuan,
  type ListRows
} from '../deploy/door.js';
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

/**
 * The outputs that have a value (see hasValue), as a table of two columns: OUTPUT and VALUE; money as a
 * person reads it everywhere (see moneyShown), the JSON keeping the exact figure.
 */
export function outputsTable(outputs: ReadonlyMap<string, string>): string {
  const rows = [...outputs].filter(([, value]) => hasValue(value));
  if (rows.length === 0) return '(no outputs)\n';
  return alignedLines([
    ['OUTPUT', 'VALUE'],
    ...rows.map(([name, value]) => [name, safeCell(moneyShown(name, value) ?? value)])
  ]);
}

/**
 * How each output that holds money reads: yuan, the platform's points, or a price in yuan as given (those
 * every step writes, then those of the report parts: a preview's total_cost, a volume's volume_price).
 */
const MONEY_OUTPUTS: Readonly<Record<string, (figure: string) => string | undefined>> = {
  cost: readableYuan,
  billing_value: readablePoints,
  ...partMoney()
};

/**
 * An output that holds money as a person reads it: yuan to the fen with its unit ("less than 0.01 yuan"
 * under a fen); of several tasks (a JSON object of task id to figure, or a list), each so ("7: 6.71 yuan,
 * 8: unknown"). Undefined for any other output, or a value that is no figure.
 */
function moneyShown(name: string, value: string): string | undefined {
  const shown = MONEY_OUTPUTS[name];
  if (shown === undefined) return undefined;
  if (!/^[[{]/.test(value)) return shown(value);
  let figures: unknown;
  try {
    figures = parseJsonAsWritten(value);
  } catch {
    return undefined;
  }
  // Each figure as written (parseJsonAsWritten keeps a number's own text); anything else is no figure.
  const one = (figure: unknown): string => {
    if (figure === null) return 'unknown';
    const text = isLosslessNumber(figure) ? figure.toString() : typeof figure === 'string' ? figure : '?';
    return shown(text) ?? sanitize(text, 40);
  };
  if (Array.isArray(figures)) return figures.map(one).join(', ');
  if (typeof figures !== 'object' || figures === null) return undefined;
  return Object.entries(figures)
    .map(([id, figure]) => `${id}: ${one(figure)}`)
    .join(', ');
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
