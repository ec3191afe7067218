import { HttpClient } from '@actions/http-client';
import type { HttpAnswer } from './protocol/envelope.js';
import type { PreparedRequest } from './protocol/request.js';

/** The request did not get an HTTP answer (connection refused or reset, TLS failure, timeout). */
export class TransportError extends Error {
  constructor(
    message: string,
    readonly errorCode: string | undefined
  ) {
    super(message);
    this.name = 'TransportError';
  }
}

const TLS_CODES = new Set([
  'SELF_SIGNED_CERT_IN_CHAIN',
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'CERT_HAS_EXPIRED',
  'ERR_TLS_CERT_ALTNAME_INVALID'
]);

/**
 * The one HTTPS client of the action. @actions/http-client honours the runner's proxy variables, and
 * Node trusts extra CAs from NODE_EXTRA_CA_CERTS. Redirects are not followed (they would carry the
 * token elsewhere and change the signed path), and nothing is retried here.
 */
export class ApiClient {
  readonly #http: HttpClient;

  constructor(options: { userAgent: string; timeoutMs: number }) {
    this.#http = new HttpClient(options.userAgent, [], {
      allowRedirects: false,
      allowRetries: false,
      keepAlive: true,
      socketTimeout: options.timeoutMs
    });
  }

  async send(request: PreparedRequest): Promise<HttpAnswer> {
    const headers: Record<string, string> = { ...request.headers };
    if (request.method === 'POST') headers['content-length'] = String(Buffer.byteLength(request.body));
    try {
      const response = await this.#http.request(
        request.method,
        request.url,
        request.body === '' ? null : request.body,
        headers
      );
      const body = await response.readBody();
      return { status: response.message.statusCode ?? 0, headers: response.message.headers, body };
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      const hint =
        code !== undefined && TLS_CODES.has(code)
          ? ': the server certificate is not trusted; for a private CA, set NODE_EXTRA_CA_CERTS to its PEM file'
          : '';
      throw new TransportError(
        `${request.method} ${request.target} got no answer: ${(error as Error).message}${hint}`,
        code
      );
    }
  }

  dispose(): void {
    this.#http.dispose();
  }
}
