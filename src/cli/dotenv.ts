/**
 * The dotenv report's names: ELASTIC_DEPLOY_OUTPUT_<OUTPUT>. GitLab hands a dotenv report's variables
 * to every job of later stages, and elastic-deploy reads its inputs from ELASTIC_DEPLOY_<INPUT>: with
 * that prefix, the task_id and gpu outputs would become a later job's inputs (its create refused, with a
 * task_id nobody gave it; its sweep keeping a task).
 */
export const DOTENV_PREFIX = 'ELASTIC_DEPLOY_OUTPUT_';

/** The largest dotenv report GitLab takes, on every plan (its `dotenv_size` limit): 5 KiB. */
export const DOTENV_MAX_BYTES = 5120;

/**
 * Outputs a dotenv report never holds: `data`, the platform's whole answer, is often over the limit by
 * itself (and carries the task's configuration); it stays in `response_file` and in `--output json`.
 */
const LEFT_OUT: ReadonlySet<string> = new Set(['data']);

/**
 * The outputs as dotenv lines (`ELASTIC_DEPLOY_OUTPUT_TASK_ID=1229831`) for a GitLab dotenv report: one line
 * each, the whole within GitLab's limit, which refuses a larger report outright. Left out, each with a
 * warning: a value that spans lines, which a line cannot hold, and then, while the report is over the
 * limit, the longest values (a bulk step's JSON maps), rather than every variable.
 */
export function dotenvReport(outputs: ReadonlyMap<string, string>, warn: (line: string) => void): string {
  const lines = new Map<string, string>();
  for (const [name, value] of outputs) {
    if (LEFT_OUT.has(name)) continue;
    if (/[\r\n]/.test(value)) warn(`output ${name} spans lines, which a dotenv line cannot hold: left out`);
    else lines.set(name, `${DOTENV_PREFIX}${name.toUpperCase()}=${value}\n`);
  }
  const sized = [...lines].map(([name, line]) => ({ name, bytes: Buffer.byteLength(line) }));
  let bytes = sized.reduce((sum, line) => sum + line.bytes, 0);
  // Longest first; of two as long, the one listed first (the sort is stable).
  for (const line of sized.sort((a, b) => b.bytes - a.bytes)) {
    if (bytes <= DOTENV_MAX_BYTES) break;
    lines.delete(line.name);
    bytes -= line.bytes;
    warn(
      `output ${line.name} (${line.bytes} bytes) left out: GitLab refuses a dotenv report over 5 KiB; --output json and response_file hold it`
    );
  }
  return [...lines.values()].join('');
}
