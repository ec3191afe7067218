/**
 * GitHub's side of a GPU runner, as the runner capability asks it (the action and the CLI give it, from
 * src/github/): the workflow run the step is in, and the self-hosted runners of the repository or its
 * organization. The engine holds the shape only; nothing here talks to GitHub.
 */

/** Where runners register, as runner_scope says: the repository's, or its owner's organization's. */
export type RunnerScopeName = 'repo' | 'org';

/** The workflow run a step is in, and whether what triggered it may run on a self-hosted runner. */
export interface RunnerRun {
  /** GITHUB_REPOSITORY: owner/name. */
  readonly repository: string;
  /** GITHUB_RUN_ID and GITHUB_RUN_ATTEMPT, as digits; undefined outside a workflow run. */
  readonly id: string | undefined;
  readonly attempt: string | undefined;
  /** The run's page (a validated http(s) URL), if the variables make one. */
  readonly url: string | undefined;
  /** GITHUB_EVENT_NAME. */
  readonly eventName: string;
  /** The event's pull request comes from a fork (pull_request, pull_request_target). */
  readonly fromFork: boolean;
}

/** A just-in-time runner GitHub registered: its configuration is a secret, masked before it is given. */
export interface JitRunner {
  readonly runnerId: number;
  readonly name: string;
  readonly labels: readonly string[];
  readonly encodedJitConfig: string;
}

/** A runner as GitHub lists it. */
export interface HostRunner {
  readonly id: number;
  readonly name: string;
  /** GitHub's word: online or offline. */
  readonly status: string;
  readonly online: boolean;
  readonly busy: boolean;
  readonly labels: readonly string[];
}

/** What a removal found, read from what GitHub lists after it (never from its answer's code). */
export type RunnerRemovalOutcome =
  | { readonly outcome: 'removed' }
  | { readonly outcome: 'gone' }
  | { readonly outcome: 'busy'; readonly refusal: string | undefined }
  | { readonly outcome: 'kept'; readonly refusal: string | undefined };

/** A workflow run as GitHub reads it: whether it is over. */
export interface RunState {
  readonly status: string;
  readonly conclusion: string | null;
  readonly completed: boolean;
}

/**
 * GitHub for a runner step: each call fails with one line that names what GitHub refused (a 403 names the
 * permission and the tokens that carry it).
 */
export interface RunnerHost {
  readonly run: RunnerRun;
  /** The scope as a line names it: "repository owner/name", "organization owner". */
  readonly scopeText: string;
  /** Registers an ephemeral just-in-time runner (never asked twice: it may have registered). */
  register: (name: string, labels: readonly string[]) => Promise<JitRunner>;
  /** The scope's runners with the label (case aside), every page. */
  list: (label: string) => Promise<readonly HostRunner[]>;
  /** Every runner of the scope, every page. */
  listAll: () => Promise<readonly HostRunner[]>;
  /** Removes a runner, and says what GitHub lists after. */
  remove: (id: number) => Promise<RunnerRemovalOutcome>;
  /** A workflow run of the repository; undefined when GitHub knows none of that id. */
  runState: (runId: string) => Promise<RunState | undefined>;
}

/** Opens GitHub for a runner step with the scope runner_scope says; absent where the host has no GitHub. */
export type RunnerHostOpener = (scope: RunnerScopeName) => Promise<RunnerHost>;
