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

  constructor(private readonly local: () => number) {}

  now(): number {
    return this.local() + this.#correctionMs;
  }

  /**
   * The timestamp for the next request: the current time, but always later than the last one, so no
   * two requests (a quick retry, concurrent calls) share a timestamp and, with it, a signature. A
   * correction starts the sequence again on the platform's time, backwards too (a runner clock ahead of
   * the platform): stamps stay strictly increasing from there on.
   */
  stamp(): number {
    this.#lastStamp = Math.max(this.now(), this.#lastStamp + 1);
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
