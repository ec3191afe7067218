/** Misbehaviours the emulator can be told to show, for testing a client's resilience. */

export interface RetryAfter {
  seconds: number;
  /** `seconds` (default) sends a delta; `http-date` sends the moment as an HTTP date. */
  as?: 'seconds' | 'http-date';
}

/** What to answer instead of the real answer. */
export type FaultAnswer =
  | { kind: 'status'; status: number; retryAfter?: RetryAfter; body?: 'envelope' | 'html' | 'empty' }
  /** Reset the TCP connection: the client sees ECONNRESET or a socket hang-up. */
  | { kind: 'reset' }
  /** HTTP 200 with a JSON body cut short. */
  | { kind: 'malformed_json' }
  /**
   * HTTP 200, a success envelope padded to `bytes` (streamed, never held in memory whole), with its
   * Content-Length, or chunked without one.
   */
  | { kind: 'large'; bytes: number; chunked?: boolean }
  /** HTTP 200, a success envelope whose data nests `depth` objects deep. */
  | { kind: 'deep'; depth: number }
  /**
   * An envelope of the tester's choice: a refusal (`code` other than 0000, `message`) or a success
   * with odd `data` (with `apply: true`, a create that takes effect but answers without its task_id).
   */
  | { kind: 'envelope'; status?: number; code: string; message?: string; data?: unknown };

export interface FaultRule {
  /** Only requests to this path (without query); every path when absent. */
  path?: string;
  method?: 'GET' | 'POST';
  /** How many matching requests the rule applies to (default 1; Infinity for all). */
  times?: number;
  /** Matching requests let through first, untouched, before the rule applies (default 0). */
  skip?: number;
  /** Wait this long before going on (verification and effects happen after the wait). */
  delayMs?: number;
  /**
   * Hold the request until this settles, then go on as the rule says (in process only): a request in
   * flight while a test does something else, such as another run making a volume of the same name.
   */
  holdUntil?: Promise<unknown>;
  /** The answer to give instead of the real one; absent means the real answer (after any delay). */
  answer?: FaultAnswer;
  /** Process the request first (its effects happen), then give `answer`: an ambiguous failure. */
  apply?: boolean;
  /**
   * Give `answer` at once, and process the request this long after (its effects happen then): a request
   * refused, or answered 429, that the platform still applies a few seconds later.
   */
  applyAfterMs?: number;
}

export class FaultRules {
  #rules: (FaultRule & { left: number; skipped: number })[] = [];

  add(rule: FaultRule): void {
    const times = rule.times ?? 1;
    if (!(times > 0)) throw new Error('a fault rule applies to at least one request');
    this.#rules.push({ ...rule, left: times, skipped: 0 });
  }

  clear(): void {
    this.#rules = [];
  }

  /** The first rule matching the request, counted as used. */
  take(method: string, path: string): FaultRule | undefined {
    const rule = this.#rules.find(
      (r) =>
        r.left > 0 &&
        (r.path === undefined || r.path === path) &&
        (r.method === undefined || r.method === method)
    );
    if (rule === undefined) return undefined;
    if (rule.skipped < (rule.skip ?? 0)) {
      rule.skipped += 1;
      return undefined;
    }
    rule.left -= 1;
    if (rule.left === 0) this.#rules = this.#rules.filter((r) => r !== rule);
    return rule;
  }
}

export interface RateLimit {
  ratePerSecond: number;
  burst: number;
  /** Only requests to this path; every API path when absent. */
  path?: string;
  retryAfterAs?: RetryAfter['as'];
}

/** A token bucket over the emulator's clock: `burst` requests at once, refilled at `ratePerSecond`. */
export class TokenBucket {
  #tokens: number;
  #updatedAt: number | undefined;

  constructor(readonly limit: RateLimit) {
    if (!(limit.ratePerSecond > 0) || !(limit.burst >= 1))
      throw new Error('a rate limit needs rate > 0 and burst >= 1');
    this.#tokens = limit.burst;
  }

  /** Takes a token for a request at `now`; when none is left, answers how many ms until one is. */
  take(now: number): { allowed: true } | { allowed: false; waitMs: number } {
    const elapsed = this.#updatedAt === undefined ? 0 : Math.max(0, now - this.#updatedAt);
    this.#tokens = Math.min(this.limit.burst, this.#tokens + (elapsed / 1000) * this.limit.ratePerSecond);
    this.#updatedAt = now;
    if (this.#tokens >= 1) {
      this.#tokens -= 1;
      return { allowed: true };
    }
    return { allowed: false, waitMs: ((1 - this.#tokens) / this.limit.ratePerSecond) * 1000 };
  }
}
