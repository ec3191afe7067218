import { getEventListeners } from 'node:events';
import { cancellableSleep } from '../../src/deploy/engine/cancellable-sleep.js';

describe('cancellableSleep', () => {
  it('sleeps, and wakes every sleeper with a rejection when the step is cancelled', async () => {
    const cancel = new AbortController();
    const sleep = cancellableSleep(cancel.signal);
    await expect(sleep(1)).resolves.toBeUndefined();
    const sleepers = Array.from({ length: 20 }, () => sleep(60_000));
    cancel.abort();
    const settled = await Promise.allSettled(sleepers);
    expect(settled.map((s) => s.status)).toEqual(Array(20).fill('rejected'));
    await expect(sleep(1)).rejects.toThrow('the step was cancelled');
  });

  it('listens to the signal once, however many sleep at a time', async () => {
    const cancel = new AbortController();
    const sleep = cancellableSleep(cancel.signal);
    const sleepers = Array.from({ length: 50 }, () => sleep(60_000));
    expect(getEventListeners(cancel.signal, 'abort')).toHaveLength(1);
    cancel.abort();
    await Promise.allSettled(sleepers);
  });
});
