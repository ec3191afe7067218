import { formatDuration } from '../basics/units.js';

/** The platform asked for a pause that would end at or after the deadline: waiting for it is pointless. */
export class PastDeadlineError extends Error {
  constructor(
    readonly pauseMs: number,
    readonly leftMs: number
  ) {
    super(
      `the platform asked for a pause of ${formatDuration(pauseMs)} before the next request (429 with Retry-After), longer than the ${formatDuration(leftMs)} left before the deadline`
    );
    this.name = 'PastDeadlineError';
  }
}

/**
 * A read asked to be answered by a moment (a wait held to max_cost: the moment the cost reaches the cap)
 * would be held back past it: by the platform's pause after a 429 (its Retry-After), or by no answer in
 * time. Waiting for it would let the cost pass the cap unseen: the caller acts first (stops what bills),
 * and reads after.
 */
export class HeldBackError extends Error {
  constructor(
    /** Why the read would come late, as a line says it. */
    readonly why: string,
    /** How long before it the read was needed by, from when it was held back. */
    readonly neededInMs: number
  ) {
    super(`${why}, past the moment it was needed by (in ${formatDuration(Math.max(0, neededInMs))})`);
    this.name = 'HeldBackError';
  }
}

/**
 * Paces one step's requests to the platform. At most `concurrency` are in flight. When the platform
 * answers 429, every request waits out its Retry-After, and the throttle learns how many requests a
 * cycle between two such answers carries; in later cycles it sends the last few of them one at a time,
 * so that a single request, not every request in flight, meets the exhausted limit. Bulk steps under a
 * rate limit so run at the platform's rate with about one 429 per cycle.
 */
export class Throttle {
  #inFlight = 0;
  #pausedUntil = 0;
  #cycleSuccesses = 0;
  /** Requests that went through in the last cycle that ended in a 429. */
  #capacity: number | undefined;
  readonly #waiting: (() => void)[] = [];

  constructor(
    readonly concurrency: number,
    private readonly now: () => number,
    private readonly sleep: (ms: number) => Promise<void>,
    /** No pause is slept through past this time: the request fails with PastDeadlineError instead. */
    private readonly deadline = Infinity
  ) {}

  /** How many requests may be in flight now. */
  get limit(): number {
    const nearTheEnd =
      this.#capacity !== undefined && this.#cycleSuccesses + this.concurrency >= this.#capacity;
    return nearTheEnd ? 1 : this.concurrency;
  }

  /**
   * Runs `request` when the pace allows. `notAfter`: the request is needed by then; a pause that would
   * hold it past that fails it with a HeldBackError instead of being slept through.
   */
  async run<T>(request: () => Promise<T>, notAfter = Infinity): Promise<T> {
    await this.#acquire(notAfter);
    try {
      return await request();
    } finally {
      this.#inFlight -= 1;
      // Every waiter looks again: the limit may have risen as well as a place freed.
      for (const wake of this.#waiting.splice(0)) wake();
    }
  }

  /** The platform asked to slow down: everyone waits `pauseMs`, and a new cycle begins. */
  rateLimited(pauseMs: number): void {
    if (this.#cycleSuccesses > 0) this.#capacity = this.#cycleSuccesses;
    this.#cycleSuccesses = 0;
    this.#pausedUntil = Math.max(this.#pausedUntil, this.now() + pauseMs);
  }

  /** A request got past the platform's rate limit. */
  passed(): void {
    this.#cycleSuccesses += 1;
  }

  async #acquire(notAfter: number): Promise<void> {
    for (;;) {
      const now = this.now();
      const pause = this.#pausedUntil - now;
      if (pause > 0) {
        if (this.#pausedUntil >= this.deadline) throw new PastDeadlineError(pause, this.deadline - now);
        if (this.#pausedUntil > notAfter)
          throw new HeldBackError(
            `the platform asked for a pause of ${formatDuration(pause)} before the next request (429 with Retry-After)`,
            notAfter - now
          );
        await this.sleep(pause);
      } else if (this.#inFlight < this.limit) {
        this.#inFlight += 1;
        return;
      } else {
        await new Promise<void>((resolve) => this.#waiting.push(resolve));
      }
    }
  }
}
