// max_cost, watched from each poll's detail: the cap reached exactly, and a warning once when the rate
// seen between two reads would pass it before the wait ends.
import {
  besideCap,
  capAtMs,
  costPoints,
  heldBack,
  pastCap,
  pointsOf,
  seeCost,
  startCap
} from '../../../../src/deploy/engine/wait/spending-cap.js';
import type { TaskSnapshot } from '../../../../src/platform/task-data.js';

const snapshot = (billingValue: string | undefined, forecastValue: string | undefined) =>
  ({ billingValue, forecastValue }) as TaskSnapshot;
const MINUTE = 60_000;

describe('max_cost', () => {
  it('reads yuan as points exactly: a yuan is 1,000,000 points', () => {
    expect(['5', '0.5', '12.25', '0.000001', '3.1234567'].map(pointsOf)).toEqual([
      '5000000',
      '500000',
      '12250000',
      '1',
      '3123456.7'
    ]);
  });

  it('sums billed and not billed yet over the tasks, leaving out those that say neither', () => {
    expect(costPoints([snapshot('1000000', '250000'), snapshot(undefined, '5'), undefined])).toBe('1250005');
    expect(costPoints([snapshot(undefined, undefined)])).toBeUndefined();
  });

  const AHEAD = { endMs: 60 * MINUTE, nextInMs: MINUTE / 2 };
  /** A cap of 5 read at 0.1 yuan a minute: 4.80 at 1 minute, 4.90 at 2 minutes: the cap comes at 3 minutes. */
  const climbingToFive = () =>
    seeCost(seeCost(startCap('5'), '4800000', MINUTE, AHEAD).watch, '4900000', 2 * MINUTE, AHEAD);

  it('is reached at the cap exactly, not a point before, with no rate seen', () => {
    const cap = startCap('2');
    expect(seeCost(cap, '1999999', MINUTE, AHEAD).reached).toBe(false);
    const at = seeCost(cap, '2000000', MINUTE, AHEAD);
    expect(at).toMatchObject({
      reached: true,
      lines: ['cost: 2.00 yuan so far has reached max_cost 2 yuan: stopping what the step waits on']
    });
    expect(besideCap(at.watch)).toBe('2.00 yuan of max_cost 2 yuan');
  });

  // Issue 63, point 8: the projection was a plain line of the log; it is a warning, as the step's others.
  it('warns once, as a warning and not a line of the log, when the rate seen between two reads would pass the cap before the wait ends', () => {
    // 0.1 yuan a minute; the wait ends at 60 minutes; the cap is 5 yuan: passed at 50 minutes.
    const first = seeCost(startCap('5'), '100000', MINUTE, AHEAD);
    expect([first.lines, first.warnings]).toEqual([[], []]);
    const second = seeCost(first.watch, '200000', 2 * MINUTE, AHEAD);
    expect(second.warnings).toEqual([
      'cost: 0.20 yuan so far, growing by 6.00 yuan an hour (as seen between the last two reads), would pass max_cost 5 yuan in about 48m0s, before the wait ends: the step stops it before it does'
    ]);
    expect(second.lines).toEqual([]);
    const third = seeCost(second.watch, '300000', 3 * MINUTE, AHEAD);
    expect([third.lines, third.warnings, third.reached]).toEqual([[], [], false]);
  });

  it('stops before the cap when the next read would be past it, at the rate seen', () => {
    // 0.1 yuan a minute, the next read in 30 s: at 4.96 yuan, the cap of 5 comes before it.
    const before = seeCost(startCap('5'), '4860000', MINUTE, AHEAD).watch;
    const seen = seeCost(before, '4960000', 2 * MINUTE, AHEAD);
    expect(seen).toMatchObject({
      reached: true,
      lines: [
        'cost: 4.96 yuan so far, growing by 6.00 yuan an hour (as seen between the last two reads), would pass max_cost 5 yuan in about 24s, before the next read: stopping what the step waits on'
      ]
    });
    expect(seeCost(before, '4940000', 2 * MINUTE, AHEAD).reached).toBe(false);
  });

  it('does not warn when the wait ends before the cap would be passed, or nothing grew', () => {
    const soon = { endMs: 10 * MINUTE, nextInMs: MINUTE / 2 };
    const cap = seeCost(startCap('5'), '100000', MINUTE, soon).watch;
    expect(seeCost(cap, '200000', 2 * MINUTE, soon).lines).toEqual([]);
    expect(seeCost(cap, '100000', 2 * MINUTE, AHEAD).lines).toEqual([]);
    expect(seeCost(cap, undefined, 2 * MINUTE, AHEAD)).toEqual({
      watch: cap,
      lines: [],
      warnings: [],
      reached: false
    });
  });

  it('sees no rate from two reads at one moment, nor from a cost that went down (a bill set right)', () => {
    const cap = seeCost(startCap('1'), '900000', MINUTE, AHEAD).watch;
    expect(seeCost(cap, '990000', MINUTE, AHEAD)).toMatchObject({ reached: false, lines: [] });
    expect(seeCost(cap, '800000', 2 * MINUTE, AHEAD)).toMatchObject({ reached: false, lines: [] });
  });

  it('takes a cost it cannot read as no cost (no cap reached, no rate), and sums what each detail says', () => {
    expect(seeCost(startCap('1'), 'n/a', MINUTE, AHEAD)).toMatchObject({ reached: false, lines: [] });
    expect(costPoints([snapshot('100', undefined), snapshot(undefined, '7')])).toBe('107');
  });

  // Issue 60, point 1: a read that fails, or is held back, leaves the cap guarded at the last rate seen.
  it('projects from the last reading at the last rate when a round reads no cost, and stops before the cap', () => {
    const read = climbingToFive();
    expect(capAtMs(read.watch)).toBe(3 * MINUTE);
    expect(seeCost(read.watch, undefined, 2 * MINUTE + 20_000, AHEAD)).toMatchObject({
      reached: false,
      lines: []
    });
    expect(seeCost(read.watch, undefined, 2 * MINUTE + 30_000, AHEAD)).toMatchObject({
      reached: true,
      lines: [
        'cost: 4.90 yuan as last read 30s ago, growing by 6.00 yuan an hour (as seen between the last two reads), would pass max_cost 5 yuan in about 30s, before the next read: stopping what the step waits on'
      ]
    });
    // Past the moment already (reads failed for a while): it has likely been reached.
    expect(seeCost(read.watch, undefined, 4 * MINUTE, AHEAD).lines).toEqual([
      'cost: 4.90 yuan as last read 2m0s ago, growing by 6.00 yuan an hour (as seen between the last two reads), has likely reached max_cost 5 yuan by now: stopping what the step waits on'
    ]);
    // A read that shows no growth gives no rate: nothing is projected from it.
    const flat = seeCost(read.watch, '4900000', 2 * MINUTE + 30_000, AHEAD).watch;
    expect(capAtMs(flat)).toBeUndefined();
    expect(seeCost(flat, undefined, 9 * MINUTE, AHEAD)).toMatchObject({ reached: false, lines: [] });
  });

  it('is reached by a read held back past the moment the projection reaches the cap, saying when that was', () => {
    const read = climbingToFive();
    expect(heldBack(read.watch, 'the platform asked for a pause of 2m0s', 2 * MINUTE + 10_000)).toEqual({
      watch: read.watch,
      reached: true,
      warnings: [],
      lines: [
        'cost: the platform asked for a pause of 2m0s, which is later than the cost would reach max_cost 5 yuan (in about 50s, at the rate seen): stopping what the step waits on first, and reading it after'
      ]
    });
  });

  it('takes a seed (what a new task cost when the step began: nothing) so that the first read gives a rate', () => {
    const first = seeCost(startCap('1', { atMs: 0, points: '0' }), '100000', MINUTE, AHEAD);
    expect(capAtMs(first.watch)).toBe(10 * MINUTE);
    expect(first.warnings).toEqual([
      'cost: 0.10 yuan so far, growing by 6.00 yuan an hour (as seen between the last two reads), would pass max_cost 1 yuan in about 9m0s, before the wait ends: the step stops it before it does'
    ]);
  });

  it('says by how much a cost passed the cap, and nothing at or below it', () => {
    const cap = startCap('0.02');
    expect(pastCap(cap, '30000')).toBe('0.03 yuan passed max_cost 0.02 yuan by 0.01 yuan');
    expect(pastCap(cap, '20000')).toBeUndefined();
    expect(pastCap(cap, '1')).toBeUndefined();
  });

  it('says nothing beside the cap before a reading, and reads points it cannot read as none past the cap', () => {
    expect(besideCap(startCap('1'))).toBeUndefined();
    expect(pastCap(startCap('1'), 'n/a')).toBeUndefined();
    expect(heldBack(startCap('1'), 'no answer came', 0).lines).toEqual([
      'cost: no answer came, longer than max_cost 1 yuan can be held while no rate of the cost has been seen (a poll interval at the most): stopping what the step waits on first, and reading it after'
    ]);
    expect(pointsOf('7')).toBe('7000000');
  });
});
