import { InputError } from '../basics/input-error.js';
import { parseCliArgs, type CliCommand } from './cli-args.js';
import type { CliIo } from './cli-io.js';
import { cliLog } from './cli-log.js';
import { EXIT } from './exit-codes.js';
import { StateFileBusy } from './state-lock.js';
import { runCommand } from './run-command.js';
import { cleanupCommand } from './cleanup-command.js';

/**
 * The command-line tool: the action's main step with the command line's inputs, logging plain text to
 * stderr (never a workflow command), its outputs to stdout as JSON or dotenv lines. With --cleanup stop
 * (or pause), what it created is cleaned up as the post step would when the run fails or is interrupted,
 * and an update or a scale up it leaves is finished so whatever --cleanup says; with --state-file,
 * `elastic-deploy cleanup --state-file F` does it later. Answers the exit code.
 */
export async function runCli(io: CliIo): Promise<number> {
  let command: CliCommand;
  try {
    command = parseCliArgs(io.argv);
  } catch (error) {
    if (!(error instanceof InputError)) throw error;
    io.stderr(`error: ${error.message}\n`);
    return EXIT.input;
  }
  switch (command.kind) {
    case 'help': {
      // The help and the inputs' descriptions are a chunk of their own: a run never loads them.
      const { cliHelp, operationHelp } = await import('./cli-help.js');
      io.stdout(
        command.operation === undefined
          ? cliHelp(io.version, command.all)
          : operationHelp(command.operation, io.version, command.all)
      );
      return EXIT.ok;
    }
    case 'usage': {
      const { cliHelp } = await import('./cli-help.js');
      io.stderr(`error: no operation given\n\n${cliHelp(io.version)}`);
      return EXIT.input;
    }
    case 'version':
      io.stdout(`${io.version}\n`);
      return EXIT.ok;
    case 'cleanup':
      return holding(command, io, () => cleanupCommand(command, io));
    case 'run':
      return holding(command, io, () => runCommand(command, io));
  }
}

/**
 * Runs `work` holding the state file, when one is named, for this process alone (see lockStateFile): two
 * runs or cleanups with one state file at once would each write it, and it would name what one of them
 * left. One that another holds is a bad input: nothing is sent.
 */
async function holding(
  command: { stateFile?: string | undefined; debug: boolean },
  io: CliIo,
  work: () => Promise<number>
): Promise<number> {
  const file = command.stateFile;
  if (file === undefined || io.lock === undefined) return work();
  let release: () => void;
  try {
    release = io.lock(file);
  } catch (error) {
    const why =
      error instanceof StateFileBusy
        ? `${error.message}: wait for that run to end, or name another file`
        : `which cannot be written (${(error as NodeJS.ErrnoException).code ?? 'error'}, making its lock ${file}.lock): name a file in a directory that exists and can be written`;
    cliLog(io, command.debug).write(`error: --state-file names ${JSON.stringify(file)}, ${why}`);
    return EXIT.input;
  }
  try {
    return await work();
  } finally {
    release();
  }
}
