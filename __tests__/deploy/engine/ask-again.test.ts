// The persistence policy: send, then ask again until the task's state shows the change, within a deadline.
import { askUntilKnown, sendUntilShown, type Showing } from '../../../src/deploy/engine/ask-again.js';
import { preheatStopCall } from '../../../src/platform/operations/calls.js';
import type { Call } from '../../../src/platform/operations/operation-table.js';
import type { Answer } from '../../../src/platform/session.js';
import { scriptedContext } from '../../helpers/runtime.js';
import { testSettings } from '../../helpers/settings.js';

const settings = testSettings({ cleanupTimeoutMs: 600_000 });
const ok: Answer = { result: { code: '0000', msg: 'success', data: null }, raw: '' };

/** A platform that accepts every request and shows the change at the `shownAt`-th look. */
function platform(shownAt: number) {
  const sent: string[] = [];
  const log: string[] = [];
  const ctx = scriptedContext(
    (call: Call) => {
      sent.push(call.operation);
      return Promise.resolve(ok);
    },
    { settings, log: (line) => log.push(line) }
  );
  let looks = 0;
  const shows = (): Promise<Showing> =>
    Promise.resolve(++looks >= shownAt ? { shown: true, state: 'End' } : { shown: false, state: 'Running' });
  return { ctx, sent, log, shows, looks: () => looks };
}

describe('sendUntilShown', () => {
  it('sends a repeatable request again each round until the state shows it', async () => {
    const p = platform(3);
    const call = preheatStopCall(settings, '7');
    expect(call.traits.resend).toBe('repeatable');
    const outcome = await sendUntilShown(call, 'stop', p.shows, p.ctx);
    expect(outcome).toEqual({ kind: 'shown', accepted: true, state: 'End' });
    expect([p.sent.length, p.looks()]).toEqual([3, 3]);
    expect(p.log.filter((line) => line.includes('asking again'))).toHaveLength(2);
  });

  // Issue 38, point 3: the operation table's re-send trait decides what may be sent again.
  it('sends a request that is not harmless to repeat once, and then only looks again', async () => {
    const p = platform(3);
    const call: Call = {
      ...preheatStopCall(settings, '7'),
      traits: { ...preheatStopCall(settings, '7').traits, resend: 'until_sent' }
    };
    const outcome = await sendUntilShown(call, 'post', p.shows, p.ctx);
    expect(outcome).toEqual({ kind: 'shown', accepted: true, state: 'End' });
    expect([p.sent.length, p.looks()]).toEqual([1, 3]);
    expect(p.log.filter((line) => line.includes('looking again'))).toHaveLength(2);
  });

  it('fails, naming cleanup_timeout and how long it asked, when the state never shows the change', async () => {
    const p = platform(Infinity);
    const outcome = await sendUntilShown(preheatStopCall(settings, '7'), 'stop', p.shows, p.ctx);
    expect(outcome).toEqual({
      kind: 'failed',
      why: 'the platform accepted it, but Running; asked for 10m0s, until cleanup_timeout (10m0s)',
      triedMs: 600_000
    });
    // Asked at the deadline itself.
    expect(p.ctx.time()).toBe(600_000);
  });

  // Regression (issue 48): a cleanup gave up when its next back-off would pass cleanup_timeout (at 9.7 s
  // of 20 s), though the platform applied the stop at 14 s, and then said it had tried "within 20s".
  it('asks until cleanup_timeout itself: a backoff that would pass it is cut short, and the last look made at it', async () => {
    const shortly = testSettings({ cleanupTimeoutMs: 20_000 });
    const at = (showsFrom: number) => {
      const ctx = scriptedContext(() => Promise.resolve(ok), { settings: shortly, log: () => undefined });
      const shows = (): Promise<Showing> =>
        Promise.resolve(
          ctx.time() >= showsFrom ? { shown: true, state: 'End' } : { shown: false, state: 'Running' }
        );
      return { ctx, shows };
    };
    // Whatever the jitter draws, a change that shows at 14 s, or only at the deadline, is seen.
    for (const showsFrom of [14_000, 20_000]) {
      for (const random of [0.001, 0.5, 0.999]) {
        const p = at(showsFrom);
        const ctx = {
          ...p.ctx,
          stopRetries: { ...p.ctx.stopRetries, deps: { ...p.ctx.stopRetries.deps, random: () => random } }
        };
        const outcome = await sendUntilShown(preheatStopCall(shortly, '7'), 'stop', p.shows, ctx);
        expect({ showsFrom, random, outcome }).toEqual({
          showsFrom,
          random,
          outcome: { kind: 'shown', accepted: true, state: 'End' }
        });
      }
    }
  });
});

describe('askUntilKnown', () => {
  it('asks again after a backoff until a read answers, or the stop retries run out', async () => {
    const p = platform(1);
    const answers = [
      { known: false, why: 'HTTP 502' },
      { known: true, value: 'found' }
    ] as const;
    let asked = 0;
    const known = await askUntilKnown(
      () => Promise.resolve(answers[asked++] ?? { known: false, why: 'gone' }),
      'reset',
      p.ctx,
      (why, delay) => `search failed (${why}): again in ${delay}`
    );
    expect(known).toEqual({ known: true, value: 'found' });
    expect(p.log.map((line) => line.replace(/ in [^ ]*$/, ' in ...'))).toEqual([
      'search failed (reset): again in ...',
      'search failed (HTTP 502): again in ...'
    ]);
    const never = await askUntilKnown(
      () => Promise.resolve({ known: false, why: 'HTTP 502' } as const),
      'reset',
      {
        ...p.ctx,
        stopRetries: { ...p.ctx.stopRetries, policy: { ...p.ctx.stopRetries.policy, deadline: 0 } }
      },
      () => ''
    );
    expect(never).toEqual({ known: false, why: 'reset' });
  });
});
