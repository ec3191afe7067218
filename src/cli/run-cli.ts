import { InputError } from '../basics/input-error.js';
import {
  defaultCleanup,
  leavesChange,
  leftovers,
  listRowsOf,
  parseJson,
  toIndentedJson,
  type ListRows
} from '../deploy/engine.js';
import { byHand } from '../action/by-hand.js';
import type { StepHost } from '../action/host.js';
import { runMain } from '../action/main-step.js';
import { savedCleanup } from '../action/saved-cleanup.js';
import { flagOf, parseCliArgs, type CliCommand, type OutputFormat } from './cli-args.js';
import { cliHost } from './cli-host.js';
import { forCleanup, resolveInputs } from './cli-inputs.js';
import type { CliIo } from './cli-io.js';
import { cliLog, type CliLog } from './cli-log.js';
import { dotenvReport } from './dotenv.js';
import { FILE_OUTPUTS, typedOutputs } from './json-outputs.js';
import { EXIT } from './exit-codes.js';
import { StateFileBusy } from './state-lock.js';
import { formatTable, outputsTable } from './table.js';
import {
  forgetLookup,
  INPUTS_KEY,
  markCleaned,
  StateStore,
  stillToClean,
  type StateFileUse
} from './state-store.js';

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
        command.operation === undefined ? cliHelp(io.version) : operationHelp(command.operation, io.version)
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
      return holding(command, io, () => cleanUp(command, io));
    case 'run':
      return holding(command, io, () => run(command, io));
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

async function run(command: Extract<CliCommand, { kind: 'run' }>, io: CliIo): Promise<number> {
  const log = cliLog(io, command.debug);
  let inputs: Record<string, string>;
  try {
    inputs = resolveInputs(command.flags, io, log.mask);
  } catch (error) {
    if (!(error instanceof InputError)) throw error;
    log.write(`error: ${error.message}`);
    return EXIT.input;
  }
  const cleansUp = mayCleanUp(inputs);
  const files = openFiles(command, { inputs, cleansUp }, io, log);
  if (files === undefined) return EXIT.input;
  const { state, appendSummary } = files;
  const dir = runFiles(command.filesDir, io, log);
  if (dir === undefined) return EXIT.input;
  const outputs = new Map<string, string>();
  const main = cliHost({ inputs, io: dir.io, log, state, outputs, appendSummary });
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
      const post = cliHost({ inputs, io: dir.io, log, state, outputs: new Map(), appendSummary });
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

/** Prints the run's outputs, and removes its files but a restore file (see formatOutputs). */
function printOutputs(run: {
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
 * Whether a failed or interrupted run may leave something to clean up: the tasks it created (with cleanup
 * stop or pause, given or the operation's default: a job's is stop), or an update or a scale up to finish,
 * whatever cleanup says.
 */
function mayCleanUp(inputs: Record<string, string>): boolean {
  const operation = (inputs.operation ?? '').trim();
  const cleanup = (inputs.cleanup ?? '').trim() || defaultCleanup(operation);
  return cleanup !== 'none' || leavesChange(operation);
}

/**
 * Where the run's files go (the response, the diagnostics, a restore file, a job's log): --files-dir D,
 * made if missing, where they stay; else a temporary directory of the run's own, removed at exit (`remove`),
 * so that no answer of the platform is left behind in a shared temporary directory. The host finds it as
 * the runner's RUNNER_TEMP. Undefined: D cannot be made (said).
 */
function runFiles(
  filesDir: string | undefined,
  io: CliIo,
  log: CliLog
): { io: CliIo; path: string; remove: (() => void) | undefined } | undefined {
  if (filesDir !== undefined) {
    try {
      io.ensureDir?.(filesDir);
    } catch (error) {
      log.write(
        `error: --files-dir names ${JSON.stringify(filesDir)}, which cannot be made (${(error as NodeJS.ErrnoException).code ?? 'error'}): name a directory that can be written`
      );
      return undefined;
    }
    return { io: withRunnerTemp(io, filesDir), path: filesDir, remove: undefined };
  }
  const made = io.makeRunDir?.();
  if (made === undefined) return { io, path: io.env('RUNNER_TEMP') ?? '', remove: undefined };
  return { io: withRunnerTemp(io, made.path), path: made.path, remove: made.remove };
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

/** `elastic-deploy cleanup --state-file F`: the post step, with the inputs the run saved and the secrets from the environment. */
async function cleanUp(command: Extract<CliCommand, { kind: 'cleanup' }>, io: CliIo): Promise<number> {
  const log = cliLog(io, command.debug);
  let inputs: Record<string, string>;
  const state = new StateStore(io, command.stateFile);
  try {
    state.load();
    const saved = JSON.parse(state.get(INPUTS_KEY) || '{}') as Record<string, string>;
    inputs = resolveInputs(withFlags(saved, command.flags, log), io, log.mask);
  } catch (error) {
    log.write(`error: ${error instanceof Error ? error.message : String(error)}`);
    return EXIT.input;
  }
  const post = cliHost({ inputs, io, log, state, outputs: new Map(), appendSummary: undefined });
  const unshield = shieldCleanup(io, log, command.stateFile, () => true);
  try {
    await postStep(post.host);
  } finally {
    unshield();
  }
  if (post.exitCode() === EXIT.ok) markCleaned(state);
  return post.exitCode();
}

/**
 * The inputs a cleanup runs with: those the state file saved, and the flags given beside them that it
 * does not name. A flag that names another value than the file is said and set aside: the tasks to
 * clean up are where, and as, the run that made them said.
 */
function withFlags(
  saved: Record<string, string>,
  flags: Partial<Record<string, string>>,
  log: CliLog
): Record<string, string> {
  const inputs: Record<string, string> = { ...saved };
  for (const [name, value] of Object.entries(flags)) {
    if (value === undefined) continue;
    const kept = saved[name];
    if (kept === undefined) inputs[name] = value;
    else if (kept !== value)
      log.write(
        `warning: --${flagOf(name)} ${JSON.stringify(value)} is not what the state file saved (${JSON.stringify(kept)}): cleanup uses the state file's`
      );
  }
  return inputs;
}

/**
 * Keeps SIGINT and SIGTERM from ending the process while `cleaning()` says a cleanup runs: a job that
 * is cancelled sends SIGINT, then SIGTERM (GitHub Actions, 7.5 s later), and with no listener the second
 * would kill the process mid-stop, leaving a task billing. The cleanup ends by itself within
 * cleanup_timeout; SIGKILL still ends it at once. Answers the function that stops listening.
 */
function shieldCleanup(
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
 * stop a task by hand). Created empty at once, so a path that cannot be written is found before anything
 * is sent.
 */
function summarySink(io: CliIo, file: string | undefined): ((markdown: string) => void) | undefined {
  if (file === undefined) return undefined;
  io.writeFile(file, '');
  let summary = '';
  return (markdown) => {
    summary += markdown;
    io.writeFile(file, summary);
  };
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

/** The post step: a chunk that a run which needs no cleanup never loads. */
async function postStep(host: StepHost): Promise<void> {
  const { runPost } = await import('../action/post-step.js');
  await runPost(host);
}

/**
 * The outputs that have a value, as a table (the default on a terminal), a JSON object (the default in a
 * pipe), or the lines of a GitLab dotenv report (see dotenv.ts). A listing operation (search_tasks,
 * job_search, nodes, search_resources, billing, task_billing) shows its rows as the table, and its JSON
 * holds them as `rows`; what a column means is said once on stderr beside the table.
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
    return `${toIndentedJson(list === undefined ? typed : { ...typed, rows: list.rows })}\n`;
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
