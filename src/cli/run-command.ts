// elastic-deploy <operation>: the action's main step with the command line's inputs, its files, its
// cleanup when it fails or is interrupted, and its outputs printed.
import { InputError } from '../basics/input-error.js';
import { leftovers, mayCleanUp } from '../deploy/door.js';
import { byHand } from '../action/by-hand.js';
import { runMain } from '../action/main-step.js';
import { savedCleanup } from '../action/saved-cleanup.js';
import { type CliCommand } from './cli-args.js';
import { cliHost } from './cli-host.js';
import { forCleanup, resolveInputs } from './cli-inputs.js';
import type { CliIo } from './cli-io.js';
import { cliLog, type CliLog } from './cli-log.js';
import { inCliWords } from './cli-words.js';
import { EXIT } from './exit-codes.js';
import {
  forgetLookup,
  INPUTS_KEY,
  markCleaned,
  StateStore,
  stillToClean,
  type StateFileUse
} from './state-store.js';
import { postStep, shieldCleanup, summarySink } from './command-support.js';
import { printOutputs } from './print-outputs.js';

export async function runCommand(command: Extract<CliCommand, { kind: 'run' }>, io: CliIo): Promise<number> {
  const log = cliLog(io, command.debug);
  let inputs: Record<string, string>;
  try {
    inputs = resolveInputs(command.flags, io, log.mask);
  } catch (error) {
    if (!(error instanceof InputError)) throw error;
    log.write(`error: ${error.message}`);
    return EXIT.input;
  }
  let cleansUp: boolean;
  try {
    cleansUp = mayCleanUp((name) => inputs[name] ?? '');
  } catch (error) {
    if (!(error instanceof InputError)) throw error;
    log.write(`error: ${inCliWords(error.message)}`);
    return EXIT.input;
  }
  const files = openFiles(command, { inputs, cleansUp }, io, log);
  if (files === undefined) return EXIT.input;
  const { state, appendSummary } = files;
  const dir = runFiles(command.filesDir, io, log);
  if (dir === undefined) return EXIT.input;
  const outputs = new Map<string, string>();
  const hostWith = (kept: Map<string, string>): ReturnType<typeof cliHost> =>
    cliHost({ inputs, io: dir.io, ownDir: dir.names, log, state, outputs: kept, appendSummary });
  const main = hostWith(outputs);
  let cleaning = false;
  // Listening from the start leaves no moment between the run and its cleanup when a signal would kill.
  const unshield = cleansUp ? shieldCleanup(io, log, command.stateFile, () => cleaning) : undefined;
  let code: number;
  try {
    await runMain(main.host);
    code = main.interrupted() ? EXIT.interrupted : main.exitCode();
    const left = savedCleanup(main.host);
    if (code !== EXIT.ok && leftovers(left).length > 0) {
      cleaning = true;
      log.write(
        `cleanup: the run ${main.interrupted() ? 'was interrupted' : 'failed'}; cleaning up what it left`
      );
      const post = hostWith(new Map());
      await postStep(post.host);
      // A cleanup that failed may have left a task billing: that outranks how the run itself ended.
      if (post.exitCode() !== EXIT.ok) code = EXIT.cleanup;
      else markCleaned(state);
    } else if (code !== EXIT.ok && code !== EXIT.input) {
      sayStillRunning(left.created, byHand(inputs), log);
    } else if (code === EXIT.ok && left.lookup !== undefined) {
      cleaning = true;
      if (await settleLateCreate({ inputs, io: dir.io, log, state, appendSummary })) forgetLookup(state);
      else code = EXIT.cleanup;
    }
  } finally {
    unshield?.();
  }
  printOutputs({ command, io, log, dir, outputs, code, operation: inputs.operation ?? '' });
  return code;
}

/**
 * Where the run's files go (the response, the diagnostics, a restore file, a job's log): --files-dir D,
 * made if missing, where they stay; else a temporary directory of the run's own, removed at exit (`remove`),
 * so that no answer of the platform is left behind in a shared temporary directory. The host finds it as
 * the runner's RUNNER_TEMP; `names`, when the directory is the run's: the names its files took there
 * (stable ones, see StepHost.ownFilesDir). Undefined: D, or the run's own directory, cannot be made (said).
 */
function runFiles(
  filesDir: string | undefined,
  io: CliIo,
  log: CliLog
):
  | { io: CliIo; path: string; remove: (() => void) | undefined; names: Map<string, number> | undefined }
  | undefined {
  if (filesDir !== undefined) {
    try {
      io.ensureDir?.(filesDir);
    } catch (error) {
      log.write(
        `error: --files-dir names ${JSON.stringify(filesDir)}, which cannot be made (${(error as NodeJS.ErrnoException).code ?? 'error'}): name a directory that can be written`
      );
      return undefined;
    }
    return { io: withRunnerTemp(io, filesDir), path: filesDir, remove: undefined, names: new Map() };
  }
  let made: ReturnType<NonNullable<CliIo['makeRunDir']>> | undefined;
  try {
    made = io.makeRunDir?.();
  } catch (error) {
    // Found before anything is sent: the run's files are written once the task was made and waited on.
    log.write(
      `error: the run's own directory for its files cannot be made in the system's temporary directory (${(error as NodeJS.ErrnoException).code ?? 'error'}): set TMPDIR to a directory that can be written, or name one with --files-dir`
    );
    return undefined;
  }
  if (made === undefined)
    return { io, path: io.env('RUNNER_TEMP') ?? '', remove: undefined, names: undefined };
  return { io: withRunnerTemp(io, made.path), path: made.path, remove: made.remove, names: new Map() };
}

const withRunnerTemp = (io: CliIo, dir: string): CliIo => ({
  ...io,
  env: (name) => (name === 'RUNNER_TEMP' ? dir : io.env(name))
});

/**
 * The state file and the summary file, each written before anything is sent. A path that cannot be
 * written, or a state file that a later cleanup would find nothing to do with, is a bad input: logged,
 * and answered as undefined.
 */
function openFiles(
  command: Extract<CliCommand, { kind: 'run' }>,
  run: { inputs: Record<string, string>; cleansUp: boolean },
  io: CliIo,
  log: CliLog
): { state: StateStore; appendSummary: ((markdown: string) => void) | undefined } | undefined {
  const { inputs, cleansUp } = run;
  if (command.stateFile !== undefined && !cleansUp) {
    // A later `cleanup --state-file F` would stop nothing, and say nothing: the task would bill on.
    log.write(
      'error: --state-file keeps what --cleanup is to stop later, but --cleanup is none: add --cleanup stop (or pause), or leave --state-file out'
    );
    return undefined;
  }
  const unwritable = (flag: string, path: string | undefined, error: unknown): void => {
    log.write(
      `error: ${flag} names ${JSON.stringify(path)}, which cannot be written (${(error as NodeJS.ErrnoException).code ?? 'error'}): name a file in a directory that exists and can be written`
    );
  };
  const state = new StateStore(io, command.stateFile);
  const use: StateFileUse =
    command.stateFile === undefined ? { free: true } : stillToClean(command.stateFile, io);
  if (!use.free) {
    log.write(`error: --state-file names ${JSON.stringify(command.stateFile)}, ${use.why}`);
    return undefined;
  }
  try {
    state.set({ [INPUTS_KEY]: JSON.stringify(forCleanup(inputs)) });
  } catch (error) {
    unwritable('--state-file', command.stateFile, error);
    return undefined;
  }
  try {
    return { state, appendSummary: summarySink(io, command.summaryFile) };
  } catch (error) {
    unwritable('--summary-file', command.summaryFile, error);
    return undefined;
  }
}

/**
 * A run that failed, timed out or was interrupted with --cleanup none: the tasks it created are left as
 * they are, and may bill on. Says so, with the command that stops each.
 */
function sayStillRunning(created: readonly string[], commands: ReturnType<typeof byHand>, log: CliLog): void {
  for (const id of created)
    log.write(
      `warning: task ${id} may still be running, and billing: --cleanup is none, so this run leaves it as it is. Stop it with: ${commands.stop(id)}`
    );
}

/**
 * A run that succeeded while an earlier attempt of its create may still land (it was sent again): no post
 * step follows a command, so the run looks for that attempt's task itself, until it can no longer appear,
 * and stops it, leaving the task it reports running whatever --cleanup says. The post step does it on the
 * saved state with cleanup none, in memory: the state file keeps what a later cleanup is to stop. Answers
 * whether it was settled (a twin found is stopped, or none can land any more).
 */
async function settleLateCreate(run: {
  inputs: Record<string, string>;
  io: CliIo;
  log: CliLog;
  state: StateStore;
  appendSummary: ((markdown: string) => void) | undefined;
}): Promise<boolean> {
  const { inputs, io, log, appendSummary } = run;
  log.write(
    'cleanup: an earlier attempt of the create may still land; looking for its task until it can no longer appear, to stop it'
  );
  const state = run.state.inMemory();
  state.set({ cleanup: 'none' });
  const post = cliHost({ inputs, io, log, state, outputs: new Map(), appendSummary });
  await postStep(post.host);
  return post.exitCode() === EXIT.ok;
}
