// What the run and the cleanup commands both use: the post step, the summary file, the shield that
// keeps a signal from killing a cleanup.
import type { StepHost } from '../action/host.js';
import type { CliIo } from './cli-io.js';
import { type CliLog } from './cli-log.js';
import { readableMarkdown } from './readable-markdown.js';

/**
 * Keeps SIGINT and SIGTERM from ending the process while `cleaning()` says a cleanup runs: a job that
 * is cancelled sends SIGINT, then SIGTERM (GitHub Actions, 7.5 s later), and with no listener the second
 * would kill the process mid-stop, leaving a task billing. The cleanup ends by itself within
 * cleanup_timeout; SIGKILL still ends it at once. Answers the function that stops listening.
 */
export function shieldCleanup(
  io: CliIo,
  log: CliLog,
  stateFile: string | undefined,
  cleaning: () => boolean
): () => void {
  const then =
    stateFile === undefined ? '' : `; if it is killed, run elastic-deploy cleanup --state-file ${stateFile}`;
  return io.onSignal((signal) => {
    if (cleaning())
      log.write(
        `cleanup: received ${signal}; the cleanup goes on until it ends, within cleanup_timeout${then}`
      );
  });
}

/**
 * The summary file, written whole at every append: the run's summary, then its cleanup's (the steps that
 * stop a task by hand), as Markdown a person reads raw (see readableMarkdown). Created empty at once, so a
 * path that cannot be written is found before anything is sent.
 */
export function summarySink(io: CliIo, file: string | undefined): ((markdown: string) => void) | undefined {
  if (file === undefined) return undefined;
  io.writeFile(file, '');
  let summary = '';
  return (markdown) => {
    summary += readableMarkdown(markdown);
    io.writeFile(file, summary);
  };
}

/** The post step: a chunk that a run which needs no cleanup never loads. */
export async function postStep(host: StepHost): Promise<void> {
  const { runPost } = await import('../action/post-step.js');
  await runPost(host);
}
