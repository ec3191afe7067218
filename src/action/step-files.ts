import { randomUUID } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { toCompactJson } from '../deploy/door.js';
import type { StepHost } from './host.js';
import type { Redact } from './masker.js';
import { createPrivateFile, privateFiles, probeDirectory } from '../host/private-file.js';
import { InputError } from '../basics/input-error.js';

// What a step writes besides its outputs and log, the main step's and the post step's alike: its files
// under RUNNER_TEMP (each readable by the job's user alone, every secret masked), the restore file of an
// update that could not be rolled back, and the job summary.

/**
 * An update that could not be rolled back: its configuration before the update (redacted) written to a
 * file, and an error annotation naming the task, why, and the file; answers the file's path.
 */
export function notRolledBack(
  host: StepHost,
  restore: { taskId: string; configuration: unknown },
  why: string,
  redact: Redact
): string {
  const file = writeTempFile(host, `restore-${restore.taskId}`, toCompactJson(restore.configuration), redact);
  host.error(
    `task ${restore.taskId} may still be on the configuration that failed: ${why}. Restore it by hand: its configuration before the update (secrets redacted) is in ${file}`,
    'Update not rolled back'
  );
  return file;
}

/**
 * Refuses, before anything is sent, a RUNNER_TEMP (the CLI's files directory) in which the step cannot make
 * its files: it writes them (the response_file, a job's log, the diagnostics) once the task was made and
 * waited on, too late to find out then.
 */
export function checkFilesDirectory(host: StepHost): void {
  const dir = host.env('RUNNER_TEMP') ?? tmpdir();
  try {
    probeDirectory(dir);
  } catch (error) {
    throw new InputError(
      `RUNNER_TEMP is ${JSON.stringify(dir)}, which cannot be written (${(error as NodeJS.ErrnoException).code ?? 'error'}), but the step writes its files there once the task is made (the response_file, a job's log, the diagnostics): nothing was sent; give the job a RUNNER_TEMP it can write (with elastic-deploy, --files-dir)`
    );
  }
}

/** A file of the step's own under RUNNER_TEMP, readable by the job's user alone, every secret masked. */
export function writeTempFile(host: StepHost, what: string, text: string, redact: Redact): string {
  const dir = host.env('RUNNER_TEMP') ?? tmpdir();
  // The run's own directory (the command line's) takes a stable name; the runner's, shared, a unique one.
  if (host.ownFilesDir !== undefined)
    return privateFiles(() => dir, host.ownFilesDir)(`${what}.json`, redact(text));
  const path = join(dir, `elastic-deploy-${what}-${randomUUID()}.json`);
  createPrivateFile(path, redact(text));
  return path;
}

/**
 * Renders the summary and appends it, where the host shows one. A summary that cannot be written is worth a
 * warning, never a failed step.
 */
export function writeSummary(host: StepHost, render: () => string): void {
  if (host.appendSummary === undefined) return;
  try {
    host.appendSummary(render());
  } catch (error) {
    host.warning(
      `could not write the job summary: ${error instanceof Error ? error.message : String(error)}`
    );
  }
}
