import { getOctokit } from '@actions/github';
import { retry } from '@octokit/plugin-retry';
import { throttling } from '@octokit/plugin-throttling';
import { sanitize } from '../basics/safe-text.js';
import type { ApiClient } from '../platform/client.js';
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
  const needed = failure.response?.headers?.['x-accepted-github-permissions'];
  const status = failure.status === undefined ? '' : `HTTP ${failure.status}: `;
  const message = sanitize(failure.message ?? 'failed', 300);
  if (failure.status === 403 && needed !== undefined && needed !== '')
    return `${status}${message}: the token lacks ${sanitize(needed.replace('=', ': '), 100)}; grant it in the workflow's permissions (permissions: ${sanitize(needed.replace('=', ': '), 100)})`;
  return `${status}${message}`;
}
