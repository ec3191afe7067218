// The outputs on stdout: a table at a terminal, JSON in a pipe, or a GitLab dotenv report.
import { listRowsOf, parseJson, toIndentedJson, type ListRows } from '../deploy/door.js';
import { type CliCommand, type OutputFormat } from './cli-args.js';
import type { CliIo } from './cli-io.js';
import { type CliLog } from './cli-log.js';
import { dotenvReport } from './dotenv.js';
import { FILE_OUTPUTS, typedOutputs, typedRows } from './json-outputs.js';
import { EXIT } from './exit-codes.js';
import { formatTable, outputsTable } from './table.js';

/** Prints the run's outputs, and removes its files but a restore file (see formatOutputs). */
export function printOutputs(run: {
  command: Extract<CliCommand, { kind: 'run' }>;
  io: CliIo;
  log: CliLog;
  dir: { path: string; remove?: () => void };
  outputs: ReadonlyMap<string, string>;
  code: number;
  operation: string;
}): void {
  const { command, io, log, dir, outputs } = run;
  // A restore file is what a person needs to set a task back by hand: never removed.
  const restore = (outputs.get('restore_file') ?? '') !== '';
  if (dir.remove !== undefined && restore) log.write(`kept ${dir.path}: it holds the restore file`);
  const kept = dir.remove === undefined || restore;
  // A bad input ran nothing, and prints nothing, wherever it was found (the flags print nothing either).
  if (run.code !== EXIT.input || outputs.size > 0) {
    const how = {
      ...command,
      output: outputFormat(command.output, io),
      files: kept,
      operation: run.operation
    };
    io.stdout(formatOutputs(outputs, how, log));
  }
  if (!kept) dir.remove?.();
}

/**
 * The outputs that have a value, as a table (the default on a terminal), a JSON object (the default in a
 * pipe), or the lines of a GitLab dotenv report (see dotenv.ts). A listing operation (one whose platform
 * row reads its answer as rows: LISTING_OPERATIONS) shows its rows as the table, and its JSON holds them
 * as `rows` (as many as `count` says); what a column means is said once on stderr beside the table.
 */
function formatOutputs(
  outputs: ReadonlyMap<string, string>,
  how: {
    output: OutputFormat;
    withData: boolean;
    files: boolean;
    dotenvOutputs: string[] | undefined;
    operation: string;
  },
  log: CliLog
): string {
  // The paths of files removed at exit name nothing: left out.
  const shown = new Map([...outputs].filter(([name]) => how.files || !FILE_OUTPUTS.has(name)));
  if (how.output === 'dotenv')
    return dotenvReport(
      shown,
      (line) => {
        log.write(`warning: ${line}`);
      },
      how.dotenvOutputs
    );
  const list = rowsOf(how.operation, outputs.get('data') ?? '');
  if (how.output === 'json') {
    const typed = typedOutputs(shown, { withData: how.withData, files: how.files });
    return `${toIndentedJson(list === undefined ? typed : { ...typed, rows: typedRows(list) })}\n`;
  }
  if (list === undefined) return outputsTable(shown);
  if (list.note !== undefined && list.rows.length > 0) log.write(`note: ${list.note}`);
  return formatTable(list);
}

/** --output, or its default: a table for a person at a terminal, JSON for a pipe or a file (as today). */
function outputFormat(given: OutputFormat | undefined, io: Pick<CliIo, 'stdoutIsTerminal'>): OutputFormat {
  return given ?? (io.stdoutIsTerminal === true ? 'table' : 'json');
}

/** The rows of a listing operation's answer (the data output), or undefined. */
function rowsOf(operation: string, data: string): ListRows | undefined {
  if (data === '') return listRowsOf(operation, undefined);
  try {
    return listRowsOf(operation, parseJson(data));
  } catch {
    return undefined;
  }
}
