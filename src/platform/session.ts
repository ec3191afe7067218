import { formatDuration } from '../basics/units.js';
import { ApiError, readEnvelope, type ApiResult, type HttpAnswer } from '../protocol/envelope.js';
import { buildRequest, withoutQuery, type PreparedRequest } from '../protocol/request.js';
import { sanitize } from '../basics/safe-text.js';
import { isRefusal, serverRetryDelay, transientReason } from './failures.js';
import { credentialsProbeCall } from './operations/calls.js';
import type { Call, Resend } from './operations/operation-table.js';
import type { PlatformClock } from './platform-clock.js';
import type { Connection } from './platform-settings.js';
import { DEFAULT_BACKOFF } from './retry.js';
import { signatureDiagnosis } from './signature-diagnosis.js';
import { HeldBackError, Throttle } from './throttle.js';
import { TransportError, type SendLimits } from './client.js';

export interface Transport {
  send: (request: PreparedRequest, limits?: SendLimits) => Promise<HttpAnswer>;
}

/** A success answer: the envelope read, and the body exactly as received. */
export interface Answer {
  result: ApiResult;
  raw: string;
}

/**
 * Sends a call. `notAfter` (local time): its answer is needed by then (a read of a wait held to max_cost);
 * a pause of the platform's, or no answer, that would hold it past then fails it with a HeldBackError.
 */
export type Send = (call: Call, limits?: { notAfter?: number }) => Promise<Answer>;

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
}

/**
 * The request a call makes at `now`: signed, and encrypted where its endpoint says; a GET with no
 * Content-Type in the platform's documented forms (the live profile: its reference lists the header for
 * POST, and its scripts send none on a GET), with one in the interface spec's (5.1: every request).
 */
export function prepareRequest(
  connection: Pick<Connection, 'baseUrl' | 'credentials' | 'apiProfile'>,
  call: Call,
  now: number
): PreparedRequest {
  return buildRequest({
    ...call,
    baseUrl: connection.baseUrl,
    credentials: connection.credentials,
    now,
    contentTypeOnGet: connection.apiProfile !== 'live'
  });
}

/**
 * A session with the API: it sends a call as the spec demands, a fresh timestamp and signature each time,
 * and reads the envelope. At most `concurrency` requests are in flight, and a 429 slows every request down
 * until `deadline`. It learns the platform's clock from each answer's Date header. When the platform
 * refuses a call while the clocks are more than its window apart, the clock is corrected whatever the
 * refusal's code (the platform publishes no code's meaning): a read, or a call harmless to repeat, is sent
 * once more; any other fails with a StaleClockError, for the caller to decide (a create goes through its
 * exactly-once path). A read refused once the key is proven is sent once more with a new timestamp:
 * another run with the token may have sent the same call, so the same timestamp and signature, in the same
 * millisecond. A refusal that comes before the platform has accepted any request of the session, when one
 * read every key may send (the resource search) is refused too, or once the clock was corrected, is
 * explained (once a session) by what this request sent for each cause a key, timestamp or signature can be
 * refused for: what the client can check itself, never a reading of the code.
 */
export function openSession(connection: Connection, runtime: SessionRuntime, deadline: number): Send {
  const warnOfSkew = skewWarning(runtime);
  const proof = new KeyProof();
  const throttle = new Throttle(connection.concurrency, runtime.now, runtime.sleep, deadline);
  const send = async (call: Call, probe = false, notAfter = Infinity): Promise<Answer> => {
    // Sent once more after a clock correction (`resent`), and once after a refusal of a read once the key
    // is proven (`triedAgain`): each its own once.
    let triedAgain = false;
    for (let resent = false; ; resent = true) {
      const { request, answer, onPlatformTime } = await throttle.run(
        () => stampAndSend(connection, call, runtime, notAfter),
        notAfter
      );
      runtime.clock.observe(answer.headers.date, runtime.now());
      // Any answer but a 429 got past the platform's rate limit, a refusal of the call included.
      if (answer.status !== 429) throttle.passed();
      const offset = runtime.clock.offsetMs;
      warnOfSkew(offset);
      runtime.debug?.(`answer: HTTP ${answer.status}, ${Buffer.byteLength(answer.body)} bytes`);
      try {
        const result = readEnvelope(answer);
        proof.accepted();
        return { result, raw: answer.body };
      } catch (error) {
        if (!(error instanceof ApiError)) throw error;
        // A 429 slows every request of the step down, for as long as the server asked.
        if (error.httpStatus === 429) {
          throttle.rateLimited(serverRetryDelay(error, runtime.clock.now()) ?? DEFAULT_BACKOFF.baseMs);
        }
        if (!resent && !onPlatformTime && correctedFor(call, request, error, runtime)) continue;
        // A refusal says nothing of its cause (no code has a published meaning). Once the key is proven,
        // it is not the key's, the clock's or the signature's; until then the causes are listed.
        const proven = (): Promise<boolean> =>
          proof.proven(() => send(credentialsProbeCall(connection), true));
        if (!isRefusal(error) || probe) throw error;
        if ((!resent || triedAgain) && (await proven())) {
          // The key is good, so the refusal may be of this very timestamp and signature: another run with
          // the token sent the same call in the same millisecond. A read is sent once more, with a new
          // stamp, whatever the refusal said (no code has a published meaning). A change of state is not:
          // its caller reads the state and decides, as for any refusal.
          if (triedAgain || call.traits.resend !== 'read') throw error;
          triedAgain = true;
          runtime.debug?.(
            `the platform refused ${refused(request, error)}: sending it once more with a new timestamp`
          );
          continue;
        }
        if (!proof.explainOnce()) throw error;
        throw new ApiError(
          `${error.message}. ${signatureDiagnosis(request, connection.credentials, offset)}`,
          error
        );
      }
    }
  };
  return (call, limits) => send(call, false, limits?.notAfter ?? Infinity);
}

/**
 * Stamps, signs and sends a call, inside the throttle so a wait there cannot age the timestamp; says
 * whether it was stamped on the corrected clock (a refusal of one stamped before may be the skew's).
 */
async function stampAndSend(
  connection: Connection,
  call: Call,
  runtime: SessionRuntime,
  notAfter: number
): Promise<{ request: PreparedRequest; answer: HttpAnswer; onPlatformTime: boolean }> {
  const onPlatformTime = runtime.clock.corrected;
  const request = prepareRequest(connection, call, runtime.clock.stamp());
  runtime.debug?.(describeForDebug(request));
  const answer = await sendBy(request, runtime, notAfter);
  return { request, answer: withoutSignature(answer, request.headers.sign_str), onPlatformTime };
}

/** Sends a request whose answer is needed by `notAfter`: none by then is a HeldBackError. */
async function sendBy(
  request: PreparedRequest,
  runtime: SessionRuntime,
  notAfter: number
): Promise<HttpAnswer> {
  if (notAfter === Infinity) return runtime.transport.send(request);
  const neededInMs = notAfter - runtime.now();
  if (neededInMs <= 0) throw new HeldBackError('the read could not be sent before it was needed', neededInMs);
  try {
    return await runtime.transport.send(request, { timeoutMs: neededInMs });
  } catch (error) {
    if (error instanceof TransportError && error.reason === 'late')
      throw new HeldBackError(`${request.method} ${withoutQuery(request.target)} got no answer`, neededInMs);
    throw error;
  }
}

/**
 * The answer with the request's own signature replaced, should the server echo it (in a refusal's
 * message, say): a signature is used once and never masked (a mask per request would flood the log with
 * ::add-mask:: lines), so it is kept out of everything read from an answer instead. The debug line of a
 * request shows no signature either.
 */
function withoutSignature(answer: HttpAnswer, signature: string | undefined): HttpAnswer {
  if (signature === undefined || signature === '' || !answer.body.includes(signature)) return answer;
  return { ...answer, body: answer.body.replaceAll(signature, '<redacted>') };
}

/**
 * Whether the platform takes this session's key, clock and signatures: proven by any request it accepted;
 * before any, by one read every key may send (the resource search), sent once, when a request is refused.
 */
class KeyProof {
  #accepted = false;
  #explained = false;
  #probe: Promise<boolean> | undefined;

  /** True the first time only: the causes are listed once a session, not under every refusal. */
  explainOnce(): boolean {
    const first = !this.#explained;
    this.#explained = true;
    return first;
  }

  accepted(): void {
    this.#accepted = true;
  }

  proven(probe: () => Promise<unknown>): Promise<boolean> {
    if (this.#accepted) return Promise.resolve(true);
    this.#probe ??= probe().then(
      () => true,
      () => false
    );
    return this.#probe;
  }
}

/**
 * Whether a refused call is sent once more on a clock corrected now, or by a concurrent call whose refusal
 * came first: a read, or a call harmless to repeat. Any other fails with a StaleClockError; a refusal while
 * the clock needs no correction goes on (false).
 */
function correctedFor(
  call: Call,
  request: PreparedRequest,
  error: ApiError,
  runtime: SessionRuntime
): boolean {
  if (!runtime.clock.correct() && !runtime.clock.corrected) return false;
  const offset = runtime.clock.offsetMs ?? 0;
  const again = transientReason(error) === undefined && SENT_AGAIN.has(call.traits.resend);
  runtime.log(
    `the platform refused ${refused(request, error)} while this runner's clock is ${skewText(offset)} it: stamping requests on the platform's time from now on${again ? ', and sending it once more' : ''}`
  );
  if (again) return true;
  throw new StaleClockError(error, offset);
}

/** Warns once a session that the runner's clock is more than a minute off the platform's. */
function skewWarning(runtime: SessionRuntime): (offsetMs: number | undefined) => void {
  let warned = false;
  return (offsetMs) => {
    if (warned || offsetMs === undefined || Math.abs(offsetMs) <= 60_000) return;
    warned = true;
    runtime.warn(
      `this runner's clock is ${skewText(offsetMs)} the platform's (by its Date header): keep it in sync with NTP`
    );
  };
}

/** A refused request as the log names it: its method, path and the refusal's code. */
function refused(request: PreparedRequest, error: ApiError): string {
  return `${request.method} ${withoutQuery(request.target)} (${sanitize(error.code ?? `HTTP ${error.httpStatus}`, 40)})`;
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
