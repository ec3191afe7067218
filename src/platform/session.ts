import { formatDuration } from '../basics/units.js';
import { ApiError, readEnvelope, type ApiResult, type HttpAnswer } from '../protocol/envelope.js';
import { buildRequest, withoutQuery, type PreparedRequest } from '../protocol/request.js';
import { sanitize } from '../basics/safe-text.js';
import { isSignatureRefusal, serverRetryDelay, transientReason } from './failures.js';
import type { Call, Resend } from './operations.js';
import type { PlatformClock } from './platform-clock.js';
import type { Connection } from './platform-settings.js';
import { DEFAULT_BACKOFF } from './retry.js';
import { signatureDiagnosis } from './signature-diagnosis.js';
import { Throttle } from './throttle.js';

export interface Transport {
  send: (request: PreparedRequest) => Promise<HttpAnswer>;
}

/** A success answer: the envelope read, and the body exactly as received. */
export interface Answer {
  result: ApiResult;
  raw: string;
}

export type Send = (call: Call) => Promise<Answer>;

/** What a session needs of its surroundings. */
export interface SessionRuntime {
  transport: Transport;
  /** Local time: elapsed times and deadlines. */
  now: () => number;
  /** The time requests are stamped with, corrected for clock skew when the platform insists. */
  clock: PlatformClock;
  /** Waits; rejects at once when the step is cancelled. */
  sleep: (ms: number) => Promise<void>;
  log: (line: string) => void;
  warn: (line: string) => void;
  /** Absent when the log keeps no debug lines: then none is even composed. */
  debug?: (line: string) => void;
  mask: (secret: string) => void;
}

/** The request a call makes at `now`: signed, and encrypted where its endpoint says. */
export function prepareRequest(
  connection: Pick<Connection, 'baseUrl' | 'credentials'>,
  call: Call,
  now: number
): PreparedRequest {
  return buildRequest({ ...call, baseUrl: connection.baseUrl, credentials: connection.credentials, now });
}

/**
 * A session with the API: it sends a call as the spec demands, a fresh timestamp and signature each time,
 * and reads the envelope. At most `concurrency` requests are in flight, and a 429 slows every request
 * down until `deadline`. It learns the platform's clock from each answer's Date header. When the platform
 * refuses a call while the clocks are more than its window apart, the clock is corrected whatever the
 * refusal's code (the platform publishes no code's meaning): a read, or a call harmless to repeat, is sent
 * once more; any other fails with a StaleClockError, for the caller to decide (a create goes through its
 * exactly-once path). A refusal whose code error_codes names as a signature one is explained.
 */
export function openSession(connection: Connection, runtime: SessionRuntime, deadline: number): Send {
  let warnedSkew = false;
  const throttle = new Throttle(connection.concurrency, runtime.now, runtime.sleep, deadline);
  return async (call) => {
    for (let resent = false; ; resent = true) {
      // Stamped and signed once through the throttle, so a wait there cannot age the timestamp. Whether it
      // was stamped on the corrected clock: a refusal of one stamped before may be the skew's.
      const { request, answer, onPlatformTime } = await throttle.run(async () => {
        const corrected = runtime.clock.corrected;
        const prepared = prepareRequest(connection, call, runtime.clock.stamp());
        if (prepared.headers.sign_str !== undefined) runtime.mask(prepared.headers.sign_str);
        runtime.debug?.(describeForDebug(prepared));
        return {
          request: prepared,
          answer: await runtime.transport.send(prepared),
          onPlatformTime: corrected
        };
      });
      runtime.clock.observe(answer.headers.date, runtime.now());
      // Any answer but a 429 got past the platform's rate limit, a refusal of the call included.
      if (answer.status !== 429) throttle.passed();
      const offset = runtime.clock.offsetMs;
      if (!warnedSkew && offset !== undefined && Math.abs(offset) > 60_000) {
        warnedSkew = true;
        runtime.warn(
          `this runner's clock is ${skewText(offset)} the platform's (by its Date header): keep it in sync with NTP`
        );
      }
      runtime.debug?.(`answer: HTTP ${answer.status}, ${Buffer.byteLength(answer.body)} bytes`);
      try {
        return { result: readEnvelope(answer), raw: answer.body };
      } catch (error) {
        if (!(error instanceof ApiError)) throw error;
        // A 429 slows every request of the step down, for as long as the server asked.
        if (error.httpStatus === 429) {
          throttle.rateLimited(serverRetryDelay(error, runtime.clock.now()) ?? DEFAULT_BACKOFF.baseMs);
        }
        // Corrected now, or by a concurrent call whose refusal came first.
        if (!resent && !onPlatformTime && (runtime.clock.correct() || runtime.clock.corrected)) {
          const which = `${request.method} ${withoutQuery(request.target)}`;
          const again = transientReason(error) === undefined && SENT_AGAIN.has(call.traits.resend);
          runtime.log(
            `the platform refused ${which} (${sanitize(error.code ?? `HTTP ${error.httpStatus}`, 40)}) while this runner's clock is ${skewText(offset ?? 0)} it: stamping requests on the platform's time from now on${again ? ', and sending it once more' : ''}`
          );
          if (again) continue;
          throw new StaleClockError(error, offset ?? 0);
        }
        if (!isSignatureRefusal(error, connection.errorCodes) && !resent) throw error;
        throw new ApiError(
          `${error.message}. ${signatureDiagnosis(request, connection.credentials, offset)}`,
          error
        );
      }
    }
  };
}

/** Calls a session sends once more after correcting its clock: reads, and state changes harmless to repeat. */
const SENT_AGAIN: ReadonlySet<Resend> = new Set(['read', 'repeatable']);

/**
 * A refusal that came while the runner's clock was beyond the platform's window, of a call the session
 * does not send again by itself (it may change state). The clock is corrected by now: the caller may send
 * it again where that is safe (a create, once no task of its name has appeared).
 */
export class StaleClockError extends ApiError {
  constructor(refusal: ApiError, offsetMs: number) {
    super(
      `${refusal.message}; this runner's clock was ${skewText(offsetMs)} the platform's, and is corrected now`,
      refusal
    );
    this.name = 'StaleClockError';
  }
}

function skewText(offsetMs: number): string {
  return `${formatDuration(Math.abs(offsetMs))} ${offsetMs > 0 ? 'behind' : 'ahead of'}`;
}

/** The request for debug logs: header names, never their secret values, and no body text. */
function describeForDebug(request: PreparedRequest): string {
  const shown = new Set(['version', 'timestamp', 'content-type']);
  const headers = Object.entries(request.headers).map(
    ([name, value]) => `${name}=${shown.has(name) ? value : '<redacted>'}`
  );
  const body =
    request.body === ''
      ? 'no body'
      : `body of ${Buffer.byteLength(request.body)} bytes${request.encrypted ? ', encrypted' : ''}`;
  return `request: ${request.method} ${withoutQuery(request.url)} (${headers.join(', ')}; ${body})`;
}
