import { DOTENV_ORDER as DOTENV_RANKED } from '../deploy/door.js';
import { hasValue } from './json-outputs.js';

/**
 * The dotenv report's names: ELASTIC_DEPLOY_OUTPUT_<OUTPUT>. GitLab hands a dotenv report's variables
 * to every job of later stages, and elastic-deploy reads its inputs from ELASTIC_DEPLOY_<INPUT>: with
 * that prefix, the task_id and gpu outputs would become a later job's inputs (its create refused, with a
 * task_id nobody gave it; its sweep keeping a task).
 */
export const DOTENV_PREFIX = 'ELASTIC_DEPLOY_OUTPUT_';

/** The largest dotenv report GitLab takes, on every plan (its `dotenv_size` limit): 5 KiB. */
export const DOTENV_MAX_BYTES = 5120;

/** The most variables a dotenv report may hold: GitLab refuses more than 20 on older plans and fresh installs. */
export const DOTENV_MAX_VARIABLES = 20;

/**
 * The outputs a dotenv report holds by default, the most useful to a later stage first (their
 * declarations' dotenvRank): which task, how it stands, where it serves, what it cost; then a job's
 * verdict, the wait's, the lists, and the rest. `data`, the platform's whole answer, is never one: often
 * over the limit by itself, it carries the task's configuration (--output json --with-data prints it).
 */
export const DOTENV_ORDER: readonly string[] = DOTENV_RANKED;

/**
 * The outputs as dotenv lines (`ELASTIC_DEPLOY_OUTPUT_TASK_ID=1229831`) for a GitLab dotenv report, as
 * every GitLab takes one: only the outputs that have a value (not empty, nor an empty list), in the order of `names` (DOTENV_ORDER
 * unless --dotenv-outputs names them), at most DOTENV_MAX_VARIABLES, the whole within 5 KiB. Left out,
 * with a warning: a value that spans lines, which a line cannot hold; a value that would pass 5 KiB (the
 * next ones may fit); and, in one line, the outputs --dotenv-outputs named past the twentieth. By default
 * the least useful past the twentieth (for a job, code and msg: its verdict is the exit code) are left out
 * without a word: a warning on every run that nobody can act on is noise.
 */
export function dotenvReport(
  outputs: ReadonlyMap<string, string>,
  warn: (line: string) => void,
  named?: readonly string[]
): string {
  const names = named ?? DOTENV_ORDER;
  const lines: string[] = [];
  const over: string[] = [];
  let bytes = 0;
  for (const name of names) {
    const value = outputs.get(name) ?? '';
    // An empty list or object says nothing, as an empty value does (REPLACED_TASK_IDS=[] would be a line).
    if (!hasValue(value)) continue;
    if (/[\r\n]/.test(value)) {
      warn(`output ${name} spans lines, which a dotenv line cannot hold: left out`);
      continue;
    }
    const line = `${DOTENV_PREFIX}${name.toUpperCase()}=${value}\n`;
    const size = Buffer.byteLength(line);
    if (bytes + size > DOTENV_MAX_BYTES) {
      warn(
        `output ${name} (${size} bytes) left out: GitLab refuses a dotenv report over 5 KiB; --output json holds it`
      );
      continue;
    }
    if (lines.length === DOTENV_MAX_VARIABLES) {
      over.push(name);
      continue;
    }
    lines.push(line);
    bytes += size;
  }
  if (over.length > 0 && named !== undefined)
    warn(
      `outputs ${over.join(', ')} left out: GitLab takes at most ${DOTENV_MAX_VARIABLES} variables in a dotenv report; name those you need with --dotenv-outputs`
    );
  return lines.join('');
}
