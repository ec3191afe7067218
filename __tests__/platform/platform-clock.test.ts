import { PlatformClock } from '../../src/platform/platform-clock.js';

describe('PlatformClock', () => {
  const local = 1_763_715_600_000;

  it('learns the offset from Date headers and stamps on local time until corrected', () => {
    const clock = new PlatformClock(() => local);
    expect([clock.now(), clock.offsetMs]).toEqual([local, undefined]);
    clock.observe(new Date(local + 600_000).toUTCString(), local);
    expect(clock.offsetMs).toBe(600_500);
    expect(clock.now()).toBe(local);
    expect(clock.correct()).toBe(true);
    expect(clock.now()).toBe(local + 600_500);
    expect(clock.correct()).toBe(false);
  });

  it('stamps every request later than the last, even within one millisecond', () => {
    const clock = new PlatformClock(() => local);
    expect([clock.stamp(), clock.stamp(), clock.stamp()]).toEqual([local, local + 1, local + 2]);
  });

  it('corrects a runner clock ahead of the platform too: stamps move back, then increase again', () => {
    let now = local;
    const clock = new PlatformClock(() => now);
    const before = [clock.stamp(), clock.stamp()];
    expect(before).toEqual([local, local + 1]);
    clock.observe(new Date(local - 600_000).toUTCString(), local);
    expect(clock.correct()).toBe(true);
    const after = [clock.stamp(), clock.stamp()];
    expect(after).toEqual([local - 599_500, local - 599_499]);
    now += 5;
    expect(clock.stamp()).toBe(local - 599_495);
  });

  it('corrects only beyond the platform window of 5 minutes', () => {
    const clock = new PlatformClock(() => local);
    clock.observe(new Date(local - 299_000).toUTCString(), local);
    expect(clock.correct()).toBe(false);
    clock.observe('not a date', local);
    expect(clock.offsetMs).toBe(-298_500);
    expect(new PlatformClock(() => local).correct()).toBe(false);
  });
});
