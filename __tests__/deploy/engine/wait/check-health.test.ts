import { checkHealth, healthUrl, isAccepted } from '../../../../src/deploy/engine/wait/check-health.js';

/** A clock that moves only when the check sleeps, and probes that answer by URL, one answer per call. */
function harness(answers: Record<string, (number | Error)[]>, cancelAt = Infinity) {
  let now = 0;
  const log: string[] = [];
  const probed: [string, number][] = [];
  const slept: number[] = [];
  const deps = {
    probe: (url: string) => {
      probed.push([url, now / 1000]);
      const queue = answers[url] ?? [];
      // Each answer once, the last one for good.
      const answer = (queue.length > 1 ? queue.shift() : queue[0]) ?? 0;
      return answer instanceof Error ? Promise.reject(answer) : Promise.resolve(answer);
    },
    now: () => now,
    // As the runtime's cancellable sleep: one that reaches the cancellation ends there, rejecting.
    sleep: (ms: number) => {
      slept.push(ms);
      if (now + ms >= cancelAt) {
        now = cancelAt;
        return Promise.reject(new Error('the step was cancelled'));
      }
      now += ms;
      return Promise.resolve();
    },
    cancelled: () => now >= cancelAt,
    log: (line: string) => log.push(line),
    describeError: (error: unknown) => (error as Error).message,
    // A TypeError is the client's own: the URL cannot be requested at all.
    isFinal: (error: unknown) => error instanceof TypeError
  };
  return { deps, log, probed, slept };
}

const HEALTH = { path: '/health', accepted: [[200, 299]] as const };
const limits = (deadline = 60_000) => ({ deadline, intervalMs: 10_000, startedAt: 0 });

describe('checkHealth', () => {
  it('waits through a warm-up, backing off 1 s, 2 s, 4 s..., until the app answers 2xx', async () => {
    const h = harness({ 'https://a/health': [503, new Error('ECONNREFUSED'), 503, 503, 200] });
    expect(await checkHealth(['https://a'], HEALTH, limits(), h.deps)).toEqual({ healthy: true });
    expect(h.slept).toEqual([1000, 2000, 4000, 8000]);
    expect(h.log).toEqual([
      'health: checking https://a/health until it answers HTTP 200-299 (1m0s left)',
      'health: https://a/health answered HTTP 503 after 0s (1m0s left)',
      'health: https://a/health failed: ECONNREFUSED after 1s (59s left)',
      'health: https://a/health answered HTTP 503 after 3s (57s left)',
      'health: https://a/health answered HTTP 200 after 15s: healthy'
    ]);
  });

  // Regression (issue 49, point 1): an address that did not resolve was retried for the whole 15 minutes
  // with no line after the first, and that one read "answered GET /health got no answer".
  it('says what it waits for once a minute while nothing changes, with the time left and the last error', async () => {
    const unresolved = new Error('GET /health got no answer: getaddrinfo ENOTFOUND t1-80.apps.example');
    const h = harness({ 'https://a/health': [unresolved] });
    const health = await checkHealth(['https://a'], HEALTH, limits(200_000), h.deps);
    expect(health).toEqual({
      healthy: false,
      why: 'the health check of https://a/health did not pass within wait_timeout: it last gave no answer: getaddrinfo ENOTFOUND t1-80.apps.example'
    });
    expect(h.log).toEqual([
      'health: checking https://a/health until it answers HTTP 200-299 (3m20s left)',
      'health: https://a/health gave no answer: getaddrinfo ENOTFOUND t1-80.apps.example after 0s (3m20s left)',
      'health: still waiting after 1m0s (2m20s left) for https://a/health to answer HTTP 200-299; it last gave no answer: getaddrinfo ENOTFOUND t1-80.apps.example',
      'health: still waiting after 2m0s (1m20s left) for https://a/health to answer HTTP 200-299; it last gave no answer: getaddrinfo ENOTFOUND t1-80.apps.example',
      'health: still waiting after 3m0s (20s left) for https://a/health to answer HTTP 200-299; it last gave no answer: getaddrinfo ENOTFOUND t1-80.apps.example'
    ]);
    expect(h.log.join('\n')).not.toContain('answered GET');
  });

  it('fails at the deadline, naming the URL and its last answer, and never sleeps past it', async () => {
    const h = harness({ 'https://a/health': [500] });
    expect(await checkHealth(['https://a/'], HEALTH, limits(20_000), h.deps)).toEqual({
      healthy: false,
      why: 'the health check of https://a/health did not pass within wait_timeout: it last answered HTTP 500'
    });
    expect(h.slept.reduce((a, b) => a + b, 0)).toBe(20_000);
    expect(h.probed.at(-1)).toEqual(['https://a/health', 20]);
  });

  it('ends when the step is cancelled, not healthy, saying so and what the URL last answered', async () => {
    const h = harness({ 'https://a/health': [503] }, 5500);
    const health = await checkHealth(['https://a'], HEALTH, limits(), h.deps);
    expect(health).toEqual({
      healthy: false,
      why: 'the step was cancelled while checking https://a/health: it last answered HTTP 503'
    });
    // Checks at 0, 1 s and 3 s; the sleep of 4 s was cut short at 5.5 s, and nothing was checked after.
    expect(h.probed.map(([, at]) => at)).toEqual([0, 1, 3]);
  });

  it('checks every URL, and accepts the statuses it is told', async () => {
    const h = harness({ 'https://a/health': [401], 'https://b/health': [204] });
    expect(
      await checkHealth(
        ['https://a', 'https://b'],
        {
          path: '/health',
          accepted: [
            [200, 299],
            [401, 401]
          ]
        },
        limits(),
        h.deps
      )
    ).toEqual({ healthy: true });
    expect(isAccepted(302, [[200, 299]])).toBe(false);
    expect(healthUrl('https://h/_app/1/80', '/v1/models?x=1')).toBe('https://h/_app/1/80/v1/models?x=1');
  });

  // Regression (issue 37): a check the client cannot make (an http:// URL it had no agent for) was asked
  // again until wait_timeout, and a replace or update then rolled a healthy release back.
  it('ends at once, with its message, on an error of the client itself', async () => {
    const h = harness({
      'http://a/health': [new TypeError('Protocol "http:" not supported. Expected "https:"')]
    });
    expect(await checkHealth(['http://a'], HEALTH, limits(), h.deps)).toEqual({
      healthy: false,
      why: 'the health check of http://a/health cannot be made: Protocol "http:" not supported. Expected "https:"'
    });
    expect([h.probed.length, h.slept]).toEqual([1, []]);
  });
});
