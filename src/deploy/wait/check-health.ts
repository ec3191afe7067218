import type { HealthSettings, StatusRanges } from '../settings.js';
import { formatDuration } from '../../basics/units.js';
import { TransportError } from '../../platform/client.js';
import { describeError } from '../../platform/failures.js';
import { pollUntil } from '../poll-loop.js';

/** Accepted HTTP statuses: inclusive ranges, such as [[200, 299], [401, 401]]. */
export interface HealthDeps {
  /** GETs a URL (no API credentials) and answers its HTTP status; rejects on a network or TLS error. */
  probe: (url: string) => Promise<number>;
  now: () => number;
  sleep: (ms: number) => Promise<void>;
  log: (line: string) => void;
  describeError: (error: unknown) => string;
  /**
   * Whether a failed check would fail again, whatever the wait: an error of the client itself (a URL it
   * cannot request), not of the network or the app. It ends the check at once, with its message.
   */
  isFinal: (error: unknown) => boolean;
}

/**
 * The checks as a step makes them: through its runtime's client (http:// or https://), on its clocks,
 * into its log. Only a network failure (refused, reset, timed out, TLS) may pass with time.
 */
export function healthDeps(ctx: {
  runtime: Pick<HealthDeps, 'probe' | 'now' | 'sleep'>;
  log: (line: string) => void;
}): HealthDeps {
  const { runtime } = ctx;
  return {
    probe: runtime.probe,
    now: runtime.now,
    sleep: runtime.sleep,
    log: ctx.log,
    describeError,
    isFinal: (error) => !(error instanceof TransportError)
  };
}

/** The first wait between checks of a URL; each next one twice as long, up to the poll interval. */
const FIRST_DELAY_MS = 1000;

/** What the health checks found: every URL healthy, or why one is not (the URL, its last status or error). */
export type Health = { healthy: true } | { healthy: false; why: string };

/**
 * Checks that the app behind each URL answers: GET `<url><path>` until it answers an accepted status,
 * waiting 1 s, 2 s, 4 s... (at most `intervalMs`) between checks, and never past `deadline`.
 */
export async function checkHealth(
  urls: readonly string[],
  health: HealthSettings & { path: string },
  limits: { deadline: number; intervalMs: number; startedAt: number },
  deps: HealthDeps
): Promise<Health> {
  const checks = await Promise.all(
    urls.map((url) => checkOne(healthUrl(url, health.path), health, limits, deps))
  );
  return checks.find((check) => !check.healthy) ?? { healthy: true };
}

/** The URL to check: the service URL and the path, with one slash between them. */
export function healthUrl(url: string, path: string): string {
  return `${url.replace(/\/+$/, '')}${path}`;
}

export function isAccepted(status: number, accepted: StatusRanges): boolean {
  return accepted.some(([low, high]) => status >= low && status <= high);
}

/**
 * Checks one URL in the poll loop, on a backoff of 1 s doubling up to the poll interval, with a last
 * check at the deadline. A sleep that fails (the step cancelled) ends the check with that failure.
 */
async function checkOne(
  url: string,
  health: HealthSettings,
  limits: { deadline: number; intervalMs: number; startedAt: number },
  deps: HealthDeps
): Promise<Health> {
  let last = '';
  const since = (): string => formatDuration(deps.now() - limits.startedAt);
  const polled = await pollUntil<Health>(
    async () => {
      let said: string;
      try {
        const status = await deps.probe(url);
        if (isAccepted(status, health.accepted)) {
          deps.log(`health: ${url} answered HTTP ${status} after ${since()}: healthy`);
          return { kind: 'done', value: { healthy: true } };
        }
        said = `HTTP ${status}`;
      } catch (error) {
        said = deps.describeError(error);
        if (deps.isFinal(error))
          return {
            kind: 'done',
            value: { healthy: false, why: `the health check of ${url} cannot be made: ${said}` }
          };
      }
      const changed = said !== last;
      if (changed) deps.log(`health: ${url} answered ${said} after ${since()}`);
      last = said;
      return { kind: 'waiting', said: changed };
    },
    {
      deadline: limits.deadline,
      schedule: {
        kind: 'backoff',
        firstMs: FIRST_DELAY_MS,
        factor: 2,
        mostMs: Math.max(FIRST_DELAY_MS, limits.intervalMs)
      },
      failureBudget: Infinity,
      lastLookAtDeadline: true
    },
    { ...deps, cancelled: () => false }
  );
  if (polled.kind === 'done') return polled.value;
  return {
    healthy: false,
    why: `the health check of ${url} did not pass within wait_timeout: its last answer was ${last}`
  };
}
