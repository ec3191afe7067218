import { isTaskKind, kindOf, TASK_KINDS } from '../deploy/door.js';
import type { StepHost } from './host.js';

/**
 * The elastic-deploy commands that stop a task, or sweep a name, by hand, against this run's platform
 * (to be run with this run's ELASTIC_DEPLOY_* variables, which hold its credentials).
 */
export function byHand(inputs: Record<string, string>): NonNullable<StepHost['byHand']> {
  const where = (['base_url', 'api_profile'] as const)
    .filter((name) => (inputs[name] ?? '').trim() !== '')
    .map((name) => `--${name.replace('_', '-')} ${shellQuote(inputs[name] ?? '')}`);
  const run = (words: string[]): string => [...words, ...where].join(' ');
  // The stop of the kind the run's operation concerns: a job's is job-stop, and a sweep finds no job: the
  // jobs of a name are listed (job-search), each to stop by hand. The steps of other kinds leave no task
  // of a kind of their own to stop by id: a deployment's commands, as ever.
  const concerned = kindOf({ operation: inputs.operation?.trim() ?? '' });
  const kind = isTaskKind(concerned) ? concerned : TASK_KINDS.deployment;
  const command = (operation: string): string => `elastic-deploy ${operation.replaceAll('_', '-')}`;
  return {
    stop: (taskId) => run([`${command(kind.stop)} --task-id`, taskId]),
    sweep: (taskName, keep) =>
      kind.sweep === undefined
        ? run([`${command(kind.search)} --task-name`, shellQuote(taskName)])
        : run([
            `${command(kind.sweep)} --task-name`,
            shellQuote(taskName),
            ...(keep.length > 0 ? ['--task-id', shellQuote(keep.join(', '))] : [])
          ])
  };
}

/** A word a POSIX shell reads back as `text`: single-quoted, a quote inside written '\''. */
export function shellQuote(text: string): string {
  return /^[\w@%+=:,./-]+$/.test(text) ? text : `'${text.replaceAll("'", "'\\''")}'`;
}
