import { ENV_PREFIX } from './cli-args.js';
import { DOTENV_PREFIX } from './dotenv.js';
import { INPUT_NAMES, SECRET_INPUTS } from '../action/input-names.js';

/** `elastic-deploy --help`: the commands, every input as a flag, the secrets' variables, the exit codes. */
export function cliHelp(): string {
  const flags = INPUT_NAMES.filter((name) => name !== 'operation' && !SECRET_INPUTS.includes(name)).map(
    (name) => `  --${name.replaceAll('_', '-')}`
  );
  const secrets = SECRET_INPUTS.map(
    (name) =>
      `  ${ENV_PREFIX}${name.toUpperCase()}, or ${ENV_PREFIX}${name.toUpperCase()}_FILE (a file holding it)`
  );
  return [
    'elastic-deploy: create, inspect, change and stop elastic deployment tasks from any CI system.',
    '',
    'Usage:',
    '  elastic-deploy <operation> [--input value]... [--output json|dotenv] [--state-file F] [--summary-file F] [--debug]',
    '  elastic-deploy cleanup --state-file F',
    '',
    "The operations and inputs are the GitHub Action's (see docs/reference.md). An operation may be written",
    'with dashes (search-tasks); each input is a flag with dashes (--task-name web), or the variable',
    `${ENV_PREFIX}<INPUT> (${ENV_PREFIX}TASK_NAME=web). Inputs:`,
    ...flags,
    '',
    'Secrets come from the environment or a file, never from a flag:',
    ...secrets,
    '',
    'Logs go to stderr as plain text; the outputs to stdout, as a JSON object, or with --output dotenv as',
    `${DOTENV_PREFIX}<OUTPUT>=value lines (a GitLab dotenv report).`,
    '',
    'Cleanup: with --cleanup stop (or pause), what the run created is stopped when it fails or is',
    'interrupted (SIGINT, SIGTERM), and left running when it succeeds. With --state-file F, a later',
    '`elastic-deploy cleanup --state-file F` stops it (a GitLab after_script, a Jenkins post { always }).',
    'An update or a scale up that fails or is interrupted is rolled back, or set back if a new node',
    'fails, whatever --cleanup says.',
    '',
    'Exit codes: 0 success; 1 failed; 2 bad input (nothing was sent); 3 a wait timed out;',
    '4 a cleanup failed (a task may be left running; this outranks 1, 3 and 130); 130 interrupted.',
    ''
  ].join('\n');
}
