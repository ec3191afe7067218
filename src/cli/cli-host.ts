import { byHand } from '../action/by-hand.js';
import type { StepHost, FailReason } from '../action/host.js';
import type { CliIo } from './cli-io.js';
import { inCliWords } from './cli-words.js';
import type { CliLog } from './cli-log.js';
import { EXIT, EXIT_OF } from './exit-codes.js';
import type { StateStore } from './state-store.js';
import { readPrivateFile } from '../host/private-file.js';

/** The largest output the command reads back from a file of its run (a bulk step's data). */
const MOST_OUTPUT_FILE_BYTES = 256 * 1024 * 1024;

/** What a CLI host is made of: the run's inputs, io, log, state file, outputs and summary file. */
interface CliHostParts {
  inputs: Record<string, string>;
  io: CliIo;
  /** When RUNNER_TEMP (in `io`) is the run's own directory: the names its files took there (see StepHost). */
  ownDir?: Map<string, number> | undefined;
  log: CliLog;
  state: StateStore;
  outputs: Map<string, string>;
  /** Where the summary goes (--summary-file); without one, no summary is rendered. */
  appendSummary: ((markdown: string) => void) | undefined;
}

/** The host the engine runs on from the command line, and how its run ended. */
export function cliHost(how: CliHostParts): {
  host: StepHost;
  exitCode: () => number;
  interrupted: () => boolean;
} {
  const { inputs, io, log, state, outputs, appendSummary } = how;
  let reason: FailReason | undefined;
  let interrupted = false;
  const host: StepHost = {
    input: (name) => inputs[name] ?? '',
    env: io.env,
    state: (name) => state.get(name),
    saveState: (values) => {
      state.set(values);
    },
    setOutputs: (values, files = {}) => {
      for (const [name, value] of Object.entries(values)) outputs.set(name, value);
      // A bulk step's data, from the file it wrote as its answers came: the command prints it whole.
      for (const [name, path] of Object.entries(files))
        outputs.set(name, readPrivateFile(path, MOST_OUTPUT_FILE_BYTES));
    },
    setSecrets: (secrets) => {
      secrets.forEach(log.mask);
    },
    info: log.write,
    warning: (line) => {
      log.write(`warning: ${inCliWords(line)}`);
    },
    error: (line, title) => {
      log.write(`error: ${title}: ${inCliWords(line)}`);
    },
    ...(log.debug === undefined ? {} : { debug: log.debug }),
    ...(io.isTerminal ? { progress: log.write } : {}),
    startGroup: log.write,
    endGroup: () => undefined,
    setFailed: (message, why = 'failed') => {
      reason ??= why;
      log.write(`error: ${inCliWords(message)}`);
    },
    ...(appendSummary === undefined ? {} : { appendSummary }),
    // The workspace rule is the action's: a command line's user names their own files.
    readsAnyFile: true,
    // RUNNER_TEMP is the run's own directory (see runFiles): its files take stable names there.
    ...(how.ownDir === undefined ? {} : { ownFilesDir: how.ownDir }),
    byHand: byHand(inputs),
    onCancel: (listener) =>
      io.onSignal((signal) => {
        interrupted = true;
        listener(signal);
      })
  };
  return {
    host,
    exitCode: () => (reason === undefined ? EXIT.ok : EXIT_OF[reason]),
    interrupted: () => interrupted
  };
}
