import type { HealthSettings, StatusRanges } from '../settings.js';
import { formatDuration } from '../../../basics/units.js';
import { TransportError } from '../../../platform/client.js';
import { describeError } from '../../../platform/failures.js';
import { HEARTBEAT_MS, pollUntil, timeLeft } from '../poll.js';

/** Accepted HTTP statuses: inclusive ranges, such as [[200, 299], [401, 401]]. */
export interface HealthDeps {
  /** GETs a URL (no API credentials) and answers its HTTP status; rejects on a network or TLS error. */
  probe: (url: string) => Promise<number>;
  now: () => number;
  sleep: (ms: number) => Promise<void>;
  /** Whether the step was cancelled: the check ends, not healthy. */
  cancelled: () => boolean;
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
  runtime: Pick<HealthDeps, 'probe' | 'now' | 'sleep' | 'cancelled'>;
  log: (line: string) => void;
}): HealthDeps {
  const { runtime } = ctx;
  return {
    probe: runtime.probe,
    now: runtime.now,
    sleep: runtime.sleep,
    cancelled: runtime.cancelled,
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
 * check at the deadline. It says what it waits for first, each change of answer, and, while nothing
 * changes, once a minute what it still waits for, the time left and the last answer. A cancelled step
 * ends the check, not healthy.
 */
async function checkOne(
  url: string,
  health: HealthSettings,
  limits: { deadline: number; intervalMs: number; startedAt: number },
  deps: HealthDeps
): Promise<Health> {
  let last = '';
  const since = (): string => formatDuration(deps.now() - limits.startedAt);
  const left = (): string => timeLeft(limits.deadline, deps.now());
  const wanted = `HTTP ${describeRanges(health.accepted)}`;
  deps.log(`health: checking ${url} until it answers ${wanted} (${left()})`);
  const polled = await pollUntil<Health>(
    async () => {
      const answer = await probeOnce(url, health, deps);
      if (answer.kind === 'healthy') {
        deps.log(`health: ${url} answered HTTP ${answer.status} after ${since()}: healthy`);
        return { kind: 'done', value: { healthy: true } };
      }
      if (answer.kind === 'final') return { kind: 'done', value: { healthy: false, why: answer.why } };
      const said = answer.said;
      const changed = said !== last;
      if (changed) deps.log(`health: ${url} ${said} after ${since()} (${left()})`);
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
      lastLookAtDeadline: true,
      heartbeat: {
        everyMs: HEARTBEAT_MS,
        line: () =>
          `health: still waiting after ${since()} (${left()}) for ${url} to answer ${wanted}; it last ${last}`
      }
    },
    deps
  );
  if (polled.kind === 'done') return polled.value;
  if (polled.kind === 'cancelled')
    return { healthy: false, why: `the step was cancelled while checking ${url}: it last ${last}` };
  return {
    healthy: false,
    why: `the health check of ${url} did not pass within wait_timeout: it last ${last}`
  };
}

/** One check of a URL: healthy (an accepted status), what it answered instead, or why no check can pass. */
async function probeOnce(
  url: string,
  health: HealthSettings,
  deps: HealthDeps
): Promise<
  { kind: 'healthy'; status: number } | { kind: 'final'; why: string } | { kind: 'not_yet'; said: string }
> {
  try {
    const status = await deps.probe(url);
    return isAccepted(status, health.accepted)
      ? { kind: 'healthy', status }
      : { kind: 'not_yet', said: `answered HTTP ${status}` };
  } catch (error) {
    const message = deps.describeError(error);
    return deps.isFinal(error)
      ? { kind: 'final', why: `the health check of ${url} cannot be made: ${message}` }
      : { kind: 'not_yet', said: noAnswer(message) };
  }
}

/**
 * A failed request as the health check says it: "gave no answer: getaddrinfo ENOTFOUND ...", from the
 * client's "GET /health got no answer: ..." (which names the path the line names already).
 */
function noAnswer(message: string): string {
  const rest = /^\S+ \S+ got no answer(.*)$/s.exec(message)?.[1];
  return rest === undefined ? `failed: ${message}` : `gave no answer${rest}`;
}

/** [[200, 299], [401, 401]] as "200-299, 401". */
function describeRanges(ranges: StatusRanges): string {
  return ranges.map(([low, high]) => (low === high ? `${low}` : `${low}-${high}`)).join(', ');
}
