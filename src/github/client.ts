import { getOctokit } from '@actions/github';
import { retry } from '@octokit/plugin-retry';
import { throttling } from '@octokit/plugin-throttling';
import { sanitize } from '../basics/safe-text.js';
import { ApiClient } from '../platform/client.js';
import { fetchOver } from './fetch.js';

/**
 * GitHub's REST API through its own toolkit client (@actions/github), with the retry plugin (5xx and
 * network failures, asked again) and the throttling plugin (GitHub's primary and secondary rate limits:
 * waited out as GitHub's answer says, unless the wait would pass the step's deadline). Loaded only by the
 * steps that talk to GitHub (see githubSession), so the others start as fast as without it.
 */
export type Octokit = ReturnType<typeof getOctokit>;

export interface GitHubConnection {
  /** The token (GITHUB_TOKEN), masked before anything is logged. */
  readonly token: string;
  /** GITHUB_API_URL: https://api.github.com, or a GitHub Enterprise Server's /api/v3. */
  readonly apiUrl: string;
  readonly userAgent: string;
  /** The HTTPS client every request goes through (see fetchOver). */
  readonly http: ApiClient;
  /** When the step must be done by (ms since the epoch, on `now`'s clock). */
  readonly deadline: number;
  readonly now: () => number;
  readonly log: (line: string) => void;
}

/** What a step opens GitHub with: the token, where the API is, and the step's own limits. */
export interface StepGitHub {
  readonly token: string;
  /** GITHUB_API_URL: https://api.github.com when unset, or a GitHub Enterprise Server's /api/v3. */
  readonly apiUrl: string | undefined;
  readonly userAgent: string;
  readonly deadline: number;
  readonly log: (line: string) => void;
  /** request_timeout and max_response_size, and the job's cancellation, as the platform's requests have. */
  readonly requests: { timeoutMs: number; maxResponseBytes: number; cancel: AbortSignal };
}

/** GitHub's client for a step: over a client of its own with the step's limits, bounded by its deadline. */
export function stepGitHubClient(connection: StepGitHub): Octokit {
  return githubClient({
    token: connection.token,
    apiUrl: connection.apiUrl ?? 'https://api.github.com',
    userAgent: connection.userAgent,
    http: new ApiClient({ userAgent: connection.userAgent, ...connection.requests }),
    deadline: connection.deadline,
    now: Date.now,
    log: connection.log
  });
}

/** Times a request that met a rate limit is asked again, at the most. */
const MOST_LIMIT_RETRIES = 3;

export function githubClient(connection: GitHubConnection): Octokit {
  const onLimit =
    (which: string) =>
    (retryAfter: number, options: { method: string; url: string }, _octokit: unknown, retryCount: number) => {
      const waitMs = retryAfter * 1000;
      const within = connection.now() + waitMs <= connection.deadline;
      const again = retryCount < MOST_LIMIT_RETRIES && within;
      connection.log(
        `github: ${options.method} ${sanitize(options.url, 200)} met GitHub's ${which} rate limit: ${again ? `asking again in ${retryAfter}s` : within ? `asked ${retryCount + 1} times, giving up` : `its wait of ${retryAfter}s would pass the step's deadline, giving up`}`
      );
      return again;
    };
  return getOctokit(
    connection.token,
    {
      baseUrl: connection.apiUrl.replace(/\/+$/, ''),
      userAgent: connection.userAgent,
      throttle: { onRateLimit: onLimit('primary'), onSecondaryRateLimit: onLimit('secondary') },
      retry: { retries: 2 },
      // Every request through the action's own client (the defaults' fetch is undici's, left out of dist/).
      request: { fetch: fetchOver(connection.http) }
    },
    retry,
    throttling
  );
}

/** What a request GitHub refused says, for a line: its status, message and the permission it needed. */
export function describeGitHubError(error: unknown): string {
  if (typeof error !== 'object' || error === null) return String(error);
  const failure = error as {
    status?: number;
    message?: string;
    response?: { headers?: Record<string, string> };
  };
  const needed = permissionsNeeded(failure.response?.headers?.['x-accepted-github-permissions'] ?? '');
  const status = failure.status === undefined ? '' : `HTTP ${failure.status}: `;
  const message = sanitize(failure.message ?? 'failed', 300);
  const [grant, ...others] = needed;
  if (failure.status === 403 && grant !== undefined) {
    const or = others.length === 0 ? '' : ` (or ${others.join(', or ')})`;
    return `${status}${message}: the token lacks ${grant}${or}; grant it in the workflow's permissions (permissions: ${grant})`;
  }
  return `${status}${message}`;
}

/** The permissions the action's docs grant: of GitHub's alternatives, the one a 403 asks for first. */
const GRANTED = ['pull-requests', 'deployments'];

/**
 * GitHub's x-accepted-github-permissions (`issues=write; pull_requests=write`: sets that would each do,
 * split by semicolons, a set's permissions by commas, in the API's names) as a workflow's permissions:
 * block writes each set (`pull-requests: write`), the set the docs grant first.
 */
export function permissionsNeeded(header: string): string[] {
  const sets = permissionSets(header).map((set) =>
    set.map(({ name, level }) => ({ name: name.replace(/_/g, '-'), level }))
  );
  const granted = (set: readonly { name: string }[]) => set.some((p) => GRANTED.includes(p.name));
  return [...sets.filter(granted), ...sets.filter((set) => !granted(set))].map((set) =>
    set.map((p) => `${p.name}: ${p.level}`).join(', ')
  );
}

/**
 * GitHub's x-accepted-github-permissions read: sets that would each do (split by semicolons), each set's
 * permissions (split by commas) in the API's names, `administration=write` as {administration, write}.
 */
export function permissionSets(header: string): { name: string; level: string }[][] {
  return header
    .split(';')
    .map((set) =>
      set
        .split(',')
        .map((permission) => /^\s*([a-z_]+)\s*=\s*([a-z]+)\s*$/.exec(permission))
        .filter((found) => found !== null)
        .map(([, name = '', level = '']) => ({ name, level }))
    )
    .filter((set) => set.length > 0);
}
