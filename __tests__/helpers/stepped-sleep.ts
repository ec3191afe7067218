// A sleep the test drives: each wait it is asked for holds until the test lets it go (`release`), so a
// simulated process (the GitHub stand-in's runner) moves one step at a time, whatever the machine's load.

export interface SteppedSleep {
  readonly sleep: (ms: number) => Promise<void>;
  /** The waits asked for, in ms, in order. */
  readonly asked: readonly number[];
  /** Lets the oldest wait go, once one is asked for. */
  release(): Promise<void>;
}

export function steppedSleep(): SteppedSleep {
  const pending: (() => void)[] = [];
  const arrivals: (() => void)[] = [];
  const asked: number[] = [];
  return {
    asked,
    sleep: (ms) =>
      new Promise<void>((resolve) => {
        asked.push(ms);
        pending.push(resolve);
        for (const arrival of arrivals.splice(0)) arrival();
      }),
    release: async () => {
      while (pending.length === 0) await new Promise<void>((resolve) => arrivals.push(resolve));
      pending.shift()?.();
    }
  };
}
