// A stand-in of GitHub's REST API for the tests: a real HTTPS server on 127.0.0.1 (the emulator's test CA,
// trusted through NODE_EXTRA_CA_CERTS), answering as GitHub's published OpenAPI description writes its
// answers (held to it by __tests__/contract/github-answers.test.ts and github-runner-answers.test.ts), for
// one repository: its pull requests, deployments and their statuses, its issues' comments, its workflow
// runs, and the self-hosted runners of the repository and its organization, with a simulated runner.
// Independent of src/, as the platform's emulator is: it is the other side.
import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { simulateRunner, type RunnerOptions, type SimulatedRunner } from './runner-simulation.js';
import { handle, type FaultKnob, type LimitKnob, type RecordedCall } from './server.js';
import { BOT, GitHubStore, type Permission } from './store.js';
import { pullRequest, repository, user } from './shapes.js';

export { sha } from './store.js';
export type { RecordedCall } from './server.js';
export { REGISTRATION_DELETED } from './runner-simulation.js';
export type { RunnerExit, RunnerOptions, RunnerPhase, SimulatedRunner } from './runner-simulation.js';

const TLS_DIR = fileURLToPath(new URL('../emulator/tls/', import.meta.url));
/** Every permission a preview's workflow grants its GITHUB_TOKEN. */
const ALL: readonly Permission[] = ['deployments', 'pull-requests', 'issues', 'contents'];
/** What a fine-grained token or a GitHub App may carry besides: the runner endpoints' permissions. */
const RUNNERS: readonly Permission[] = ['administration', 'organization_self_hosted_runners'];

export interface GitHubStandIn {
  /** The API's base, as GITHUB_API_URL gives it (https://127.0.0.1:port). */
  readonly url: string;
  /** The repository, owner/name, as GITHUB_REPOSITORY gives it. */
  readonly repository: string;
  /** A token with every permission a preview's workflow grants. */
  readonly token: string;
  /**
   * A token as a fine-grained token or a GitHub App carries it: every permission of `token`, and the
   * runner endpoints' `administration` and `organization_self_hosted_runners` (GITHUB_TOKEN never has them).
   */
  readonly runnerToken: string;
  readonly store: GitHubStore;
  /** Every request, in order. */
  readonly calls: readonly RecordedCall[];
  /** A token that may write with these permissions only (none: read-only, as a fork's pull request gets). */
  tokenWith(write: readonly Permission[]): string;
  /**
   * The payload GitHub writes to GITHUB_EVENT_PATH for a pull_request event of `action` on the pull
   * request as it stands: the action, the number, the whole pull request, the repository and the sender.
   */
  event(
    number: number,
    action: 'opened' | 'synchronize' | 'reopened' | 'closed' | 'labeled'
  ): Record<string, unknown>;
  /** The next `times` requests meet a rate limit: the primary (its quota spent) or a secondary one. */
  limitNext(kind: 'primary' | 'secondary', times: number, status?: 403 | 429): void;
  /**
   * The requests whose path matches `path` (and `method`, when given) are answered `status` (502 by
   * default), `times` of them (every one by default), as GitHub's servers fail at times: one pull
   * request's read, a deployment status's write.
   */
  failOn(fault: { path: RegExp; method?: string; status?: FaultKnob['status']; times?: number }): void;
  /**
   * Starts a simulated runner with a configuration generate-jitconfig gave (as the runner image's
   * `run.sh --jitconfig` does): online, one job, then it exits; or, the configuration invalid or used,
   * it exits at once with the runner's error. See runner-simulation.ts for its knobs and timings.
   */
  simulateRunner(encodedJitConfig: string, options?: RunnerOptions): SimulatedRunner;
  stop(): Promise<void>;
}

export async function startGitHub(options: { now?: () => number } = {}): Promise<GitHubStandIn> {
  const store = new GitHubStore(options.now ?? Date.now);
  const calls: RecordedCall[] = [];
  const limits: LimitKnob[] = [];
  const faults: FaultKnob[] = [];
  const [cert, key] = await Promise.all([
    readFile(`${TLS_DIR}server.pem`),
    readFile(`${TLS_DIR}server-key.pem`)
  ]);
  const state = { store, calls, limits, faults, bases: { api: '', web: 'https://github.test' } };
  const server: Server = createServer({ cert, key }, (req, res) => {
    handle(state, req, res).catch(() => {
      res.writeHead(500, { 'content-type': 'application/json' });
      res.end('{"message":"Server Error"}');
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  const url = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
  state.bases.api = url;
  let tokens = 0;
  const tokenWith = (write: readonly Permission[]): string => {
    const token = `ghs_standin${String(++tokens).padStart(30, '0')}`;
    store.tokens.set(token, { account: BOT, write: new Set(write) });
    return token;
  };
  return {
    url,
    repository: store.fullName,
    token: tokenWith(ALL),
    runnerToken: tokenWith([...ALL, ...RUNNERS]),
    store,
    calls,
    tokenWith,
    event: (number, action) => {
      const pull = store.pulls.get(number);
      if (pull === undefined) throw new Error(`the stand-in has no pull request #${number}`);
      return {
        action,
        number,
        pull_request: pullRequest(state.bases, pull),
        repository: repository(state.bases, store.repo),
        sender: user(state.bases, pull.author)
      };
    },
    limitNext: (kind, times, status = 403) => {
      limits.push({ kind, times, status });
    },
    failOn: ({ path, method, status = 502, times = Infinity }) => {
      faults.push({ path, method, status, times });
    },
    simulateRunner: (encodedJitConfig, runnerOptions) =>
      simulateRunner(store, encodedJitConfig, runnerOptions),
    stop: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) =>
        server.close(() => {
          resolve();
        })
      );
    }
  };
}
