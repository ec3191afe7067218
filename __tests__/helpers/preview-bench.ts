// The bench of the preview tests: the platform's emulator on the fake clock (a step bench) and GitHub's
// stand-in on the same clock, and GitHub as a step on a pull request's event sees it, through the
// toolkit's client over real HTTPS.
import { startGitHub, type GitHubStandIn } from '../../github-standin/index.js';
import type { EmulatorOptions } from '../../emulator/index.js';
import { githubClient } from '../../src/github/client.js';
import { previewRecords } from '../../src/github/preview-records.js';
import { pullEventOf } from '../../src/github/pull-event.js';
import type { PullRequests } from '../../src/deploy/engine/pull-requests.js';
import { WEB_SERVICE_YAML } from './bodies.js';
import { useStepBench, type StepBench, type StepOptions } from './emulator-step.js';

/** The inputs every preview test's step starts from. */
export const PREVIEW_INPUTS = {
  operation: 'preview',
  task_name: 'web',
  body: WEB_SERVICE_YAML,
  gpu: '4090',
  poll_interval: '5s',
  github_token: 'ghs_test'
} as const;

export type PullAction = 'opened' | 'synchronize' | 'closed';

/** How GitHub is seen from a step: its token, its run's address, whether the event's base branch is passed. */
export interface PullView {
  /** The token (GitHub's stand-in's, with every permission, unless given). */
  token?: string;
  runUrl?: string;
  baseRef?: boolean;
  userAgent?: string;
}

export interface PreviewBench extends StepBench {
  /** GitHub's stand-in of the current test, on the bench's clock. */
  readonly github: GitHubStandIn;
  /** A client of GitHub's stand-in (a new one each time, as a new runner has). */
  readonly octokit: (view?: PullView) => ReturnType<typeof githubClient>;
  /** The pull requests' host of a step on `number`'s `action` event (no event: a schedule's run). */
  readonly records: (number: number | undefined, action?: PullAction, view?: PullView) => PullRequests;
  /** The step options that run a step on `number`'s `action` event (see records). */
  readonly on: (
    number: number | undefined,
    action?: PullAction,
    view?: PullView
  ) => { pullRequests: () => Promise<PullRequests> };
  /** Runs a step a second later (no two runs stamp alike) on `number`'s `action` event. */
  readonly stepOn: (
    inputs: Record<string, string>,
    number: number | undefined,
    action?: PullAction,
    options?: StepOptions,
    view?: PullView
  ) => ReturnType<StepBench['step']>;
}

/**
 * Registers the hooks of a preview test: a step bench (readyAfterSeconds 5, strict, then `emulator`) with
 * PREVIEW_INPUTS under `inputs`, and GitHub's stand-in started on its clock before each test, stopped after.
 */
export function usePreviewBench(
  options: { emulator?: EmulatorOptions; inputs?: Record<string, string> } = {}
): PreviewBench {
  const bench = useStepBench(
    { readyAfterSeconds: 5, strict: true, ...options.emulator },
    { ...PREVIEW_INPUTS, ...options.inputs }
  );
  let current: GitHubStandIn | undefined;
  const github = (): GitHubStandIn => {
    if (current === undefined) throw new Error("GitHub's stand-in is used outside a test");
    return current;
  };
  beforeEach(async () => {
    // GitHub's times on the clock the emulator and the step share: a deployment's age is the step's to read.
    current = await startGitHub({ now: () => bench.clock.now() });
  });
  afterEach(async () => {
    const stopping = github();
    current = undefined;
    await stopping.stop();
  });
  const octokit = (view: PullView = {}) =>
    githubClient({
      token: view.token ?? github().token,
      apiUrl: github().url,
      userAgent: view.userAgent ?? 'elastic-deploy-action/test',
      http: bench.client,
      deadline: Date.now() + 120_000,
      now: Date.now,
      log: () => undefined
    });
  const records = (number: number | undefined, action: PullAction = 'opened', view: PullView = {}) => {
    const event =
      number === undefined
        ? undefined
        : pullEventOf('pull_request', github().event(number, action), 'acme/app');
    if (event !== undefined && 'none' in event) throw new Error(event.none);
    return previewRecords(octokit(view), {
      repo: { owner: 'acme', repo: 'app' },
      runUrl: view.runUrl,
      event,
      ...(view.baseRef === true && event !== undefined ? { baseRef: event.baseRef } : {})
    });
  };
  const on: PreviewBench['on'] = (number, action, view) => {
    const host = records(number, action, view);
    return { pullRequests: () => Promise.resolve(host) };
  };
  return {
    get emulator() {
      return bench.emulator;
    },
    get clock() {
      return bench.clock;
    },
    get client() {
      return bench.client;
    },
    get log() {
      return bench.log;
    },
    get github() {
      return github();
    },
    step: bench.step,
    sent: bench.sent,
    cleanup: bench.cleanup,
    octokit,
    records,
    on,
    stepOn: (inputs, number, action, stepOptions = {}, view) => {
      bench.clock.advance(1);
      return bench.step(inputs, { ...on(number, action, view), ...stepOptions });
    }
  };
}
