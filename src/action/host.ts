/**
 * Why a step failed: a bad input, a wait that timed out, max_cost reached (what it waited on stopped at
 * the cap), anything else that failed, or a cleanup.
 */
export type FailReason = 'input' | 'timed_out' | 'capped' | 'failed' | 'cleanup';

/**
 * What a step needs of where it runs: GitHub's runner through its workflow commands (github-host.ts), the command
 * line (cli/cli-host.ts: flags and environment in, plain lines on stderr, a state file), or a test's
 * stand-in that records what the step wrote.
 */
export interface StepHost {
  /** An input as the workflow gave it ('' when unset). */
  input: (name: string) => string;
  env: (name: string) => string | undefined;
  /** State the main step saved for the post step. */
  state: (name: string) => string;
  /** Saves values for the post step, all at once (GitHub's runner: one write of its state file). */
  saveState: (values: Readonly<Record<string, string>>) => void;
  /**
   * Keeps a value too large for the saved state (the runner hands it to the post step as an environment
   * variable, 128 KiB at most) in a new file only this user can read, in the job's temporary directory,
   * and answers its path. Absent: the host's saved state holds any value (the CLI's state file).
   */
  stash?: (name: string, content: string) => string;
  /**
   * Sets the step's outputs, all at once (GitHub's runner: one write of its output file); `files` names
   * the outputs whose values are in files the step wrote (a bulk step's data), read from there as they are
   * copied, never held whole. Their text is masked already: the step wrote it through its masker.
   */
  setOutputs: (outputs: Readonly<Record<string, string>>, files?: Readonly<Record<string, string>>) => void;
  /** Masks secrets in every later log line (GitHub's runner: their ::add-mask:: lines in one write). */
  setSecrets: (secrets: readonly string[]) => void;
  info: (line: string) => void;
  warning: (line: string) => void;
  /** An error annotation with a title. */
  error: (line: string, title: string) => void;
  /** Absent when the log keeps no debug lines (GitHub's runner drops them unless debug logging is on). */
  debug?: (line: string) => void;
  /** Folds the lines that follow, up to endGroup, under a title. */
  startGroup: (title: string) => void;
  endGroup: () => void;
  /** Fails the step; `reason` says why, for a host whose exit code tells them apart (the CLI). */
  setFailed: (message: string, reason?: FailReason) => void;
  /**
   * Appends markdown to the job summary; throws when it cannot. Absent: the host shows no summary (the CLI
   * without --summary-file), and none is rendered.
   */
  appendSummary?: (markdown: string) => void;
  /**
   * How a person stops a task, or sweeps a name, by hand where this host runs, when a cleanup could not:
   * the CLI's elastic-deploy command, run with the run's ELASTIC_DEPLOY_* variables. Absent: the
   * runner, whose job summary shows a workflow step.
   */
  byHand?: {
    stop: (taskId: string) => string;
    sweep: (taskName: string, keep: readonly string[]) => string;
  };
  /**
   * Whether a file input (body_file) may name any file its user can read: the command line's (a Jenkins
   * job reads shared configuration from outside its workspace). Absent: only a file inside the workspace
   * or RUNNER_TEMP (the runner's: a workflow must not read the runner's own files into a request).
   */
  readsAnyFile?: boolean;
  /**
   * Present when RUNNER_TEMP is the run's own directory (the command line's: --files-dir, or one made for
   * the run): the names its files took there so far. They go straight in it, named as they are
   * (job-1962287.log, job.json), for an artifact glob. Absent: in a new directory of their own under it
   * (the runner's, which steps share).
   */
  ownFilesDir?: Map<string, number>;
  /** A line per poll of a wait, for a host that shows one (the CLI on a terminal); absent: none. */
  progress?: (line: string) => void;
  /** Calls `listener` when the job is cancelled (SIGINT, SIGTERM); the returned function stops listening. */
  onCancel: (listener: (signal: string) => void) => () => void;
}
