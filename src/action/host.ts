/** Why a step failed: a bad input, a wait that timed out, anything else that failed, or a cleanup. */
export type FailReason = 'input' | 'timed_out' | 'failed' | 'cleanup';

/**
 * What the action needs of the runner: GitHub's runner through @actions/core (github-host.ts), or a
 * test's stand-in that records what the action wrote.
 */
export interface ActionHost {
  /** An input as the workflow gave it ('' when unset). */
  input: (name: string) => string;
  env: (name: string) => string | undefined;
  /** State the main step saved for the post step. */
  state: (name: string) => string;
  saveState: (name: string, value: string) => void;
  setOutput: (name: string, value: string) => void;
  /** Masks a secret in every later log line. */
  setSecret: (secret: string) => void;
  info: (line: string) => void;
  warning: (line: string) => void;
  /** An error annotation with a title. */
  error: (line: string, title: string) => void;
  debug: (line: string) => void;
  /** Folds the lines that follow, up to endGroup, under a title. */
  startGroup: (title: string) => void;
  endGroup: () => void;
  /** Fails the step; `reason` says why, for a host whose exit code tells them apart (the CLI). */
  setFailed: (message: string, reason?: FailReason) => void;
  /** Appends markdown to the job summary; rejects when it cannot. */
  appendSummary: (markdown: string) => Promise<void>;
  /** A line per poll of a wait, for a host that shows one (the CLI on a terminal); absent: none. */
  progress?: (line: string) => void;
  /** Calls `listener` when the job is cancelled (SIGINT, SIGTERM); the returned function stops listening. */
  onCancel: (listener: (signal: string) => void) => () => void;
}
