// The one poll loop of a step, on a fake clock: when rounds come, and how a poll ends.
import { nextDue, pollUntil, type PollOptions, type Round } from '../../../src/deploy/engine/poll.js';

/** A fake clock whose sleeps pass at once; `roundMs`: how long each round takes. */
function harness(roundMs = 0) {
  let now = 0;
  const rounds: number[] = [];
  const log: string[] = [];
  let cancelled = false;
  const deps = {
    now: () => now,
    sleep: (ms: number) => {
      now += ms;
      return cancelled ? Promise.reject(new Error('the step was cancelled')) : Promise.resolve();
    },
    cancelled: () => cancelled,
    log: (line: string) => log.push(`${now / 1000}s ${line}`)
  };
  const look =
    <T>(answer: (round: number, at: number) => Round<T>) =>
    (round: number): Promise<Round<T>> => {
      rounds.push(now / 1000);
      const at = now;
      now += roundMs;
      return Promise.resolve(answer(round, at));
    };
  return { deps, rounds, log, look, cancel: () => (cancelled = true), time: () => now };
}

const options = (overrides: Partial<PollOptions> = {}): PollOptions => ({
  deadline: 60_000,
  schedule: { kind: 'fixed_rate', intervalMs: 10_000 },
  failureBudget: Infinity,
  lastLookAtDeadline: true,
  ...overrides
});

describe('pollUntil', () => {
  // Issue 38, point 7: the period drifted by each round's own time (10.1 to 10.2 s at 10 s polls).
  it('keeps a fixed rate whatever a round takes: round k comes k intervals after the first', async () => {
    const h = harness(700);
    const end = await pollUntil(
      h.look((round) => (round === 4 ? { kind: 'done', value: 'ready' } : { kind: 'waiting' })),
      options(),
      h.deps
    );
    expect(end).toEqual({ kind: 'done', value: 'ready', rounds: 5 });
    expect(h.rounds).toEqual([0, 10, 20, 30, 40]);
  });

  it('skips the slots a round overran, rather than sending a burst to catch up', async () => {
    const h = harness(25_000);
    await pollUntil(
      h.look(() => ({ kind: 'waiting' })),
      options({ deadline: 90_000 }),
      h.deps
    );
    expect(h.rounds).toEqual([0, 30, 60, 90]);
  });

  it('looks once more at the deadline, then ends timed out; or ends when no round fits, if asked', async () => {
    const h = harness();
    const end = await pollUntil(
      h.look(() => ({ kind: 'waiting' })),
      options({ deadline: 25_000 }),
      h.deps
    );
    expect(end).toEqual({ kind: 'timed_out', rounds: 4, unread: undefined });
    expect(h.rounds).toEqual([0, 10, 20, 25]);
    const strict = harness();
    await pollUntil(
      strict.look(() => ({ kind: 'waiting' })),
      options({ deadline: 25_000, lastLookAtDeadline: false }),
      strict.deps
    );
    expect(strict.rounds).toEqual([0, 10, 20]);
  });

  it('ends after failureBudget unread rounds in a row; a round that reads starts the count again', async () => {
    const h = harness();
    const script: Round<never>['kind'][] = ['unread', 'unread', 'waiting', 'unread', 'unread', 'unread'];
    const end = await pollUntil(
      h.look((round) =>
        script[round] === 'unread' ? { kind: 'unread', why: `HTTP 502 (${round})` } : { kind: 'waiting' }
      ),
      options({ failureBudget: 3 }),
      h.deps
    );
    expect(end).toEqual({ kind: 'unread', why: 'HTTP 502 (5)', rounds: 6 });
  });

  it('says when it timed out on an unread round', async () => {
    const h = harness();
    const end = await pollUntil(
      h.look(() => ({ kind: 'unread', why: 'reset' })),
      options({ deadline: 15_000 }),
      h.deps
    );
    expect(end).toEqual({ kind: 'timed_out', rounds: 3, unread: 'reset' });
  });

  it('ends cancelled when the step is cancelled in a sleep or between rounds', async () => {
    const h = harness();
    const end = await pollUntil(
      h.look((round) => {
        if (round === 1) h.cancel();
        return { kind: 'waiting' };
      }),
      options(),
      h.deps
    );
    expect(end).toEqual({ kind: 'cancelled', rounds: 2, unread: undefined });
    expect(h.rounds).toEqual([0, 10]);
  });

  it('logs a heartbeat when nothing was said for a minute, even with a long interval', async () => {
    const h = harness();
    await pollUntil(
      h.look((round) => ({ kind: 'waiting', said: round === 0 })),
      options({
        deadline: 300_000,
        schedule: { kind: 'fixed_rate', intervalMs: 150_000 },
        heartbeat: { everyMs: 60_000, line: () => 'still waiting' }
      }),
      h.deps
    );
    expect(h.rounds).toEqual([0, 150, 300]);
    expect(h.log).toEqual([
      '60s still waiting',
      '120s still waiting',
      '180s still waiting',
      '240s still waiting',
      '300s still waiting'
    ]);
  });

  it('gives each round its progress for a terminal, and grows a backoff up to its most', async () => {
    const h = harness();
    const shown: string[] = [];
    await pollUntil(
      h.look((round) => ({ kind: 'waiting', progress: `round ${round}` })),
      options({ deadline: 20_000, schedule: { kind: 'backoff', firstMs: 1000, factor: 2, mostMs: 5000 } }),
      { ...h.deps, progress: (line) => shown.push(line) }
    );
    expect(h.rounds).toEqual([0, 1, 3, 7, 12, 17, 20]);
    expect(shown.slice(0, 2)).toEqual(['round 0', 'round 1']);
  });

  // Regression: a timer that fired a millisecond early (as Node's may, against Date.now) ended the rest
  // before the deadline, so the last look came before it, and a create's search said "cut" for "none".
  it('makes the round due at the deadline at it, when timers fire a millisecond early', async () => {
    expect(nextDue({ kind: 'fixed_rate', intervalMs: 10_000 }, 1000, 1000, 0)).toBe(11_000);
    expect(nextDue({ kind: 'fixed_rate', intervalMs: 10_000 }, 1000, 10_999, 0)).toBe(11_000);
    expect(nextDue({ kind: 'fixed_rate', intervalMs: 10_000 }, 1000, 11_000, 0)).toBe(21_000);
    let now = 0;
    const looks: number[] = [];
    await pollUntil(
      () => {
        looks.push(now);
        return Promise.resolve<Round<never>>({ kind: 'waiting' });
      },
      options({ deadline: 25_000 }),
      {
        now: () => now,
        sleep: (ms) => {
          now += ms > 1 ? ms - 1 : ms;
          return Promise.resolve();
        },
        cancelled: () => false,
        log: () => undefined
      }
    );
    expect(looks).toEqual([0, 10_000, 20_000, 25_000]);
  });
});
