import { HeldBackError, PastDeadlineError, Throttle } from '../../src/platform/throttle.js';

function fakeClock() {
  let now = 0;
  return {
    now: () => now,
    sleep: (ms: number) => {
      now += ms;
      return Promise.resolve();
    }
  };
}

describe('Throttle', () => {
  it('keeps at most `concurrency` requests in flight', async () => {
    const throttle = new Throttle(
      3,
      () => 0,
      () => Promise.resolve()
    );
    let inFlight = 0;
    let most = 0;
    await Promise.all(
      Array.from({ length: 9 }, () =>
        throttle.run(async () => {
          most = Math.max(most, ++inFlight);
          await new Promise((resolve) => setTimeout(resolve, 5));
          inFlight -= 1;
        })
      )
    );
    expect(most).toBe(3);
  });

  it('pauses every request for the Retry-After of a 429', async () => {
    const clock = fakeClock();
    const throttle = new Throttle(4, clock.now, clock.sleep);
    throttle.rateLimited(1000);
    throttle.rateLimited(400);
    await throttle.run(() => Promise.resolve());
    expect(clock.now()).toBe(1000);
  });

  it('learns how many requests a cycle carries, and sends the last of each cycle one at a time', () => {
    const throttle = new Throttle(
      4,
      () => 0,
      () => Promise.resolve()
    );
    for (let i = 0; i < 20; i++) throttle.passed();
    expect(throttle.limit).toBe(4);
    throttle.rateLimited(1000);
    const limits: number[] = [];
    for (let i = 0; i < 20; i++) {
      limits.push(throttle.limit);
      throttle.passed();
    }
    expect(limits).toEqual([...Array<number>(16).fill(4), 1, 1, 1, 1]);
    throttle.rateLimited(1000);
    expect(throttle.limit).toBe(4);
  });

  it('never sleeps a pause past its deadline: the request fails at once, saying how long was asked and left', async () => {
    const clock = fakeClock();
    const throttle = new Throttle(2, clock.now, clock.sleep, 5_000);
    throttle.rateLimited(61_000);
    await expect(throttle.run(() => Promise.resolve('sent'))).rejects.toThrow(
      new PastDeadlineError(61_000, 5_000)
    );
    expect(clock.now()).toBe(0);
    const shorter = new Throttle(2, clock.now, clock.sleep, 5_000);
    shorter.rateLimited(2_000);
    await expect(shorter.run(() => Promise.resolve('sent'))).resolves.toBe('sent');
    expect(clock.now()).toBe(2_000);
  });

  // Issue 60, point 1: a read under max_cost is needed by the moment the cost would reach the cap.
  it('fails a request with a HeldBackError, at once, when the pause would hold it past when it is needed', async () => {
    const clock = fakeClock();
    const throttle = new Throttle(2, clock.now, clock.sleep, 600_000);
    throttle.rateLimited(30_000);
    const held = await throttle.run(() => Promise.resolve('sent'), 8_000).catch((error: unknown) => error);
    expect(held).toBeInstanceOf(HeldBackError);
    expect((held as HeldBackError).why).toBe(
      'the platform asked for a pause of 30s before the next request (429 with Retry-After)'
    );
    expect(clock.now()).toBe(0);
    // Needed after the pause ends: waited out as before.
    await expect(throttle.run(() => Promise.resolve('sent'), 31_000)).resolves.toBe('sent');
    expect(clock.now()).toBe(30_000);
  });
});
