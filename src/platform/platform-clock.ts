/**
 * How far ahead of the clock a stamp may be drawn (well inside the platform's five-minute window): two
 * runs with one token that send the same call in the same millisecond would otherwise sign it alike, and
 * the platform refuses a timestamp and signature it has seen.
 */
export const STAMP_SPREAD_MS = 1000;

/** The skew beyond which a refused timestamp is corrected (the platform's window, spec 8). */
export const CORRECTABLE_SKEW_MS = 5 * 60_000;

/**
 * The time requests are stamped with. It learns the platform's clock from the Date header of each
 * answer; once a request has been refused for its timestamp while the skew is beyond the platform's
 * window, it stamps requests on the platform's time instead of the local one.
 */
export class PlatformClock {
  #offsetMs: number | undefined;
  #correctionMs = 0;
  #lastStamp = 0;

  /**
   * `random` spreads each stamp over the next STAMP_SPREAD_MS; without it stamps are the clock's own
   * time (what tests of exact stamps want).
   */
  constructor(
    private readonly local: () => number,
    private readonly random: () => number = () => 0
  ) {}

  now(): number {
    return this.local() + this.#correctionMs;
  }

  /**
   * The timestamp for the next request: the current time, but always later than the last one, so no
   * two requests (a quick retry, concurrent calls) share a timestamp and, with it, a signature. A
   * correction starts the sequence again on the platform's time, backwards too (a runner clock ahead of
   * the platform): stamps stay strictly increasing from there on. Each is drawn at random up to
   * STAMP_SPREAD_MS ahead, so two processes stamping the same call at one instant differ.
   */
  stamp(): number {
    const spread = Math.floor(this.random() * STAMP_SPREAD_MS);
    this.#lastStamp = Math.max(this.now() + spread, this.#lastStamp + 1);
    return this.#lastStamp;
  }

  /** The platform's clock minus the local one, as last measured; undefined before any Date header. */
  get offsetMs(): number | undefined {
    return this.#offsetMs;
  }

  get corrected(): boolean {
    return this.#correctionMs !== 0;
  }

  /**
   * Learns the offset from an answer's Date header, received at local time `at`. The header counts
   * whole seconds, so it is read as the middle of its second.
   */
  observe(dateHeader: string | string[] | undefined, at: number): void {
    const serverTime = typeof dateHeader === 'string' ? Date.parse(dateHeader) : Number.NaN;
    if (!Number.isNaN(serverTime)) this.#offsetMs = serverTime + 500 - at;
  }

  /** Starts stamping on the platform's time when the skew is beyond its window; true if it did. */
  correct(): boolean {
    if (this.corrected || this.#offsetMs === undefined || Math.abs(this.#offsetMs) <= CORRECTABLE_SKEW_MS)
      return false;
    this.#correctionMs = this.#offsetMs;
    // The stamps so far were on the refused clock: keeping them as a floor would undo a correction back.
    this.#lastStamp = 0;
    return true;
  }
}
