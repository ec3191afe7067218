import { Agent as HttpAgent, request as httpRequest, type IncomingMessage } from 'node:http';
import { Agent, request as httpsRequest } from 'node:https';
import type { HttpClient } from '@actions/http-client';
import { getProxyUrl } from '@actions/http-client/lib/proxy';
import { formatDuration, formatSize } from '../basics/units.js';
import type { HttpAnswer } from '../protocol/envelope.js';
import type { PreparedRequest } from '../protocol/request.js';

/** The request got no HTTP answer: refused, reset, timed out, cancelled, or a TLS failure. */
export class TransportError extends Error {
  constructor(
    message: string,
    readonly errorCode: string | undefined,
    /** The whole request reached the socket: the server may have acted on it. */
    readonly sent: boolean,
    /** `late`: no answer by the moment the caller needed it (see SendLimits), before request_timeout. */
    readonly reason: 'network' | 'timeout' | 'late' | 'cancelled' | 'tls'
  ) {
    super(message);
    this.name = 'TransportError';
  }
}

/** The answer was larger than the action reads (max_response_size); the request may have had its effect. */
export class ResponseTooLargeError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ResponseTooLargeError';
  }
}

const TLS_CODES = new Set([
  'SELF_SIGNED_CERT_IN_CHAIN',
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'CERT_HAS_EXPIRED',
  'CERT_NOT_YET_VALID',
  'ERR_TLS_CERT_ALTNAME_INVALID'
]);

/**
 * The one HTTPS client of the action (and of plain HTTP, for a health check of an http:// service URL). The runner's proxy settings (https_proxy, no_proxy) apply as
 * @actions/http-client reads them: a URL they send through a proxy goes through the agent HttpClient
 * makes for it (loaded then, and only then: most steps have no proxy), any other through one keep-alive
 * agent, as HttpClient's own. Node trusts extra CAs from NODE_EXTRA_CA_CERTS. Each request is bounded
 * by the request timeout and by the step's cancellation; redirects are not followed (they would carry
 * the token elsewhere and change the signed path).
 */
/** A request as the client sends it: the API's (a PreparedRequest), or another's with any method. */
export type Outgoing = Pick<PreparedRequest, 'url' | 'target' | 'headers' | 'body'> & { method: string };

/** What bounds one request beyond the client's own request timeout. */
export interface SendLimits {
  /** The answer is needed within this: a request that gets none by then fails as `late`. */
  timeoutMs?: number;
}

export class ApiClient {
  /** The agent of requests that no proxy setting names, made on the first. */
  #direct: Agent | undefined;
  /** The same for http:// URLs (a health check of a service served over plain HTTP), made on the first. */
  #directHttp: HttpAgent | undefined;
  /** The HttpClient whose agents reach the proxy, made on the first request that goes through one. */
  #proxied: HttpClient | undefined;
  readonly #userAgent: string;
  readonly #timeoutMs: number;
  readonly #maxResponseBytes: number;
  readonly #cancel: AbortSignal | undefined;
  /** The requests in flight, aborted together when the step is cancelled (one listener, not one each). */
  readonly #inFlight = new Set<AbortController>();
  readonly #abortAll = (): void => {
    for (const request of this.#inFlight) request.abort();
  };

  constructor(options: {
    userAgent: string;
    timeoutMs: number;
    /** Answers larger than this are not read: the request fails, naming the limit. */
    maxResponseBytes: number;
    cancel?: AbortSignal;
  }) {
    this.#userAgent = options.userAgent;
    this.#timeoutMs = options.timeoutMs;
    this.#maxResponseBytes = options.maxResponseBytes;
    this.#cancel = options.cancel;
    this.#cancel?.addEventListener('abort', this.#abortAll, { once: true });
  }

  async send(request: PreparedRequest, limits: SendLimits = {}): Promise<HttpAnswer> {
    return this.#sendWith(request, await this.#agentFor(request.url), limits.timeoutMs);
  }

  /**
   * Any request of another API (GitHub's, for the preview steps), under the same rules: proxy, CAs,
   * timeout, cancellation, size bound, no redirect followed.
   */
  async exchange(request: Outgoing): Promise<HttpAnswer> {
    return this.#sendWith(request, await this.#agentFor(request.url));
  }

  /** The agent for a URL: HttpClient's, through the proxy, where the proxy settings say so. */
  async #agentFor(url: string): Promise<HttpAgent> {
    const parsed = new URL(url);
    if (getProxyUrl(parsed) === undefined) {
      if (parsed.protocol === 'http:') return (this.#directHttp ??= new HttpAgent({ keepAlive: true }));
      return (this.#direct ??= new Agent({ keepAlive: true }));
    }
    const { HttpClient } = await import('@actions/http-client');
    this.#proxied ??= new HttpClient(this.#userAgent, [], { keepAlive: true });
    return this.#proxied.getAgent(url);
  }

  #sendWith(request: Outgoing, agent: HttpAgent, neededInMs = Infinity): Promise<HttpAnswer> {
    // The client's user agent, unless the request names its own (GitHub's client adds its own parts).
    const headers: Record<string, string> = { 'user-agent': this.#userAgent, ...request.headers };
    if (request.method !== 'GET') headers['content-length'] = String(Buffer.byteLength(request.body));
    // One controller per request, its timer cleared and its place in #inFlight freed as soon as it settles.
    const abort = new AbortController();
    // The caller's limit, when it comes first, makes a request with no answer by then a late one.
    const late = neededInMs < this.#timeoutMs;
    let timedOut = false;
    const timer = setTimeout(
      () => {
        timedOut = true;
        abort.abort();
      },
      Math.max(0, Math.min(neededInMs, this.#timeoutMs))
    );
    this.#inFlight.add(abort);
    if (this.#cancel?.aborted === true) abort.abort();
    const settle = (): void => {
      clearTimeout(timer);
      this.#inFlight.delete(abort);
    };
    return new Promise<HttpAnswer>((resolve, reject) => {
      let sent = false;
      const fail = (error: Error): void => {
        settle();
        reject(
          this.#transportError(request, error, sent, timedOut ? (late ? 'late' : 'timeout') : undefined)
        );
      };
      // The API is https:// only (base_url is checked); a health check may be http://.
      const send = request.url.startsWith('http:') ? httpRequest : httpsRequest;
      const outgoing = send(
        request.url,
        { method: request.method, headers, agent, signal: abort.signal },
        (response) => {
          this.#read(request, response, {
            settle,
            resolve,
            fail,
            tooLarge: (error) => {
              settle();
              outgoing.destroy();
              reject(error);
            }
          });
        }
      );
      outgoing.on('finish', () => {
        sent = true;
      });
      outgoing.on('error', fail);
      outgoing.end(request.body === '' ? undefined : request.body);
    });
  }

  /** Reads an answer up to max_response_size: a larger one is not read, and fails the request. */
  #read(
    request: Outgoing,
    response: IncomingMessage,
    done: {
      settle: () => void;
      resolve: (answer: HttpAnswer) => void;
      fail: (error: Error) => void;
      tooLarge: (error: ResponseTooLargeError) => void;
    }
  ): void {
    const chunks: Buffer[] = [];
    let size = 0;
    const tooLarge = (): void => {
      done.tooLarge(
        new ResponseTooLargeError(
          `${request.method} ${request.target} answered more than ${formatSize(this.#maxResponseBytes)} (max_response_size): the answer was not read; raise max_response_size if an answer that large is expected`
        )
      );
    };
    if (Number(response.headers['content-length'] ?? 0) > this.#maxResponseBytes) {
      tooLarge();
      return;
    }
    response.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > this.#maxResponseBytes) tooLarge();
      else chunks.push(chunk);
    });
    response.on('error', done.fail);
    response.on('end', () => {
      done.settle();
      done.resolve({
        status: response.statusCode ?? 0,
        headers: response.headers,
        body: Buffer.concat(chunks).toString('utf8')
      });
    });
  }

  /**
   * GETs a URL that is not the API (a health check): http:// or https://, no API headers, the same proxy,
   * CA and TLS rules, timeout and size bound. Answers the HTTP status.
   */
  async probe(url: string): Promise<number> {
    const { pathname, search } = new URL(url);
    const target = `${pathname}${search}`;
    const answer = await this.send({ method: 'GET', url, target, headers: {}, body: '', encrypted: false });
    return answer.status;
  }

  dispose(): void {
    this.#cancel?.removeEventListener('abort', this.#abortAll);
    this.#direct?.destroy();
    this.#directHttp?.destroy();
    this.#proxied?.dispose();
  }

  #transportError(
    request: Outgoing,
    error: Error,
    sent: boolean,
    timedOut: 'timeout' | 'late' | undefined
  ): TransportError {
    const code = (error as NodeJS.ErrnoException).code;
    const what = `${request.method} ${request.target} got no answer`;
    if (timedOut === 'late')
      return new TransportError(`${what} by the moment it was needed`, 'ETIMEDOUT', sent, 'late');
    if (timedOut === 'timeout') {
      return new TransportError(
        `${what} within ${formatDuration(this.#timeoutMs)} (request_timeout)`,
        'ETIMEDOUT',
        sent,
        'timeout'
      );
    }
    if (this.#cancel?.aborted === true)
      return new TransportError(`${what}: the step was cancelled`, code, sent, 'cancelled');
    if (code !== undefined && TLS_CODES.has(code)) {
      return new TransportError(
        `${what}: ${error.message}: the server certificate is not trusted; for a private CA, set NODE_EXTRA_CA_CERTS to its PEM file`,
        code,
        sent,
        'tls'
      );
    }
    return new TransportError(`${what}: ${error.message}`, code, sent, 'network');
  }
}
