import { backoffMs, retryAfterMs, withRetries, type RetryVerdict } from '../../src/platform/retry.js';

function clock() {
  let now = 0;
  const log: string[] = [];
  const slept: number[] = [];
  return {
    log,
    slept,
    deps: {
      now: () => now,
      sleep: (ms: number) => {
        slept.push(ms);
        now += ms;
        return Promise.resolve();
      },
      random: () => 0.5,
      log: (line: string) => log.push(line),
      cancelled: () => false
    }
  };
}

const policy = { maxRetries: 5, baseMs: 1000, capMs: 30_000, deadline: 3_600_000 };
const retryAll = (): RetryVerdict<string> => ({ retry: true, reason: 'HTTP 503' });

describe('withRetries', () => {
  it('retries with exponential backoff and full jitter, logging reason, number and delay', async () => {
    const c = clock();
    let attempts = 0;
    const result = await withRetries(
      'detail',
      () => (++attempts < 4 ? Promise.reject(new Error('x')) : Promise.resolve('ok')),
      retryAll,
      policy,
      c.deps
    );
    expect([result, attempts]).toEqual(['ok', 4]);
    expect(c.slept).toEqual([500, 1000, 2000]);
    expect(c.log).toEqual([
      'detail: HTTP 503; retry 1 of 5 in 0.5s',
      'detail: HTTP 503; retry 2 of 5 in 1.0s',
      'detail: HTTP 503; retry 3 of 5 in 2.0s'
    ]);
  });

  it('retries no more once the step is cancelled, failing with the last error, without sleeping', async () => {
    const c = clock();
    let attempts = 0;
    let cancelled = false;
    const failing = withRetries(
      'detail',
      () => {
        attempts += 1;
        cancelled = attempts === 2;
        return Promise.reject(new Error(`attempt ${attempts}`));
      },
      retryAll,
      policy,
      { ...c.deps, cancelled: () => cancelled }
    );
    await expect(failing).rejects.toThrow('attempt 2');
    expect({ attempts, slept: c.slept, log: c.log }).toEqual({
      attempts: 2,
      slept: [500],
      log: ['detail: HTTP 503; retry 1 of 5 in 0.5s']
    });
  });

  it('caps the backoff and draws the whole range', () => {
    expect(backoffMs(10, () => 0.999, policy)).toBe(29_970);
    expect(backoffMs(3, () => 0, policy)).toBe(0);
    expect(backoffMs(3, () => 0.999, policy)).toBe(3996);
  });

  it("waits as long as the server's Retry-After asks", async () => {
    const c = clock();
    let attempts = 0;
    await withRetries(
      'create',
      () => (++attempts < 2 ? Promise.reject(new Error('429')) : Promise.resolve('ok')),
      () => ({ retry: true, reason: 'HTTP 429', serverDelayMs: 7000 }),
      policy,
      c.deps
    );
    expect(c.log).toEqual(['create: HTTP 429; retry 1 of 5 in 7.0s (as the server asked)']);
  });

  it('says "now" for a retry without a wait, and credits the server only when it asked', async () => {
    const run = async (verdict: { serverDelayMs?: number; now?: boolean }): Promise<string[]> => {
      const c = clock();
      let attempts = 0;
      await withRetries(
        'create',
        () => (++attempts < 2 ? Promise.reject(new Error('x')) : Promise.resolve('ok')),
        () => ({ retry: true, reason: 'why', ...verdict }),
        policy,
        c.deps
      );
      return c.log;
    };
    expect(await run({ now: true })).toEqual(['create: why; retry 1 of 5 now']);
    expect(await run({ serverDelayMs: 0 })).toEqual(['create: why; retry 1 of 5 now (as the server asked)']);
  });

  it('stops after max_retries, on a final error, and before passing the deadline', async () => {
    const failing = () => Promise.reject(new Error('down'));
    const c = clock();
    await expect(withRetries('a', failing, retryAll, { ...policy, maxRetries: 2 }, c.deps)).rejects.toThrow(
      'down'
    );
    expect(c.slept).toHaveLength(2);

    const final = clock();
    await expect(withRetries('a', failing, () => ({ retry: false }), policy, final.deps)).rejects.toThrow(
      'down'
    );
    expect(final.slept).toEqual([]);

    const late = clock();
    await expect(
      withRetries('a', failing, retryAll, { ...policy, deadline: 1600 }, late.deps)
    ).rejects.toThrow('down');
    expect(late.slept).toEqual([500, 1000]);
    expect(late.log.at(-1)).toBe(
      "a: HTTP 503; not retrying, as the next attempt would start after the step's deadline"
    );
  });

  it('settles on a result the judge finds another way', async () => {
    const c = clock();
    expect(
      await withRetries(
        'create',
        () => Promise.reject(new Error('reset')),
        () => ({ result: 'adopted' }),
        policy,
        c.deps
      )
    ).toBe('adopted');
  });
});

describe('retryAfterMs', () => {
  it('reads seconds, and an HTTP date against the server clock', () => {
    expect(retryAfterMs('3', undefined, 0)).toBe(3000);
    expect(retryAfterMs(' 0 ', undefined, 0)).toBe(0);
    const serverNow = 'Sat, 21 Nov 2026 09:00:00 GMT';
    expect(retryAfterMs('Sat, 21 Nov 2026 09:00:30 GMT', serverNow, 0)).toBe(30_000);
    expect(retryAfterMs('Sat, 21 Nov 2026 09:00:30 GMT', undefined, Date.parse(serverNow) + 10_000)).toBe(
      20_000
    );
    expect(retryAfterMs('Sat, 21 Nov 2026 08:00:00 GMT', serverNow, 0)).toBe(0);
    expect(retryAfterMs('soon', serverNow, 0)).toBeUndefined();
    expect(retryAfterMs(undefined, serverNow, 0)).toBeUndefined();
  });
});
