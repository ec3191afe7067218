import type { KeyObject } from 'node:crypto';
import { encryptBody } from './encryption.js';
import { toCompactJson } from './json.js';
import { signRequest, timestampHeader } from './signing.js';

/** What the spec says about one endpoint. */
export interface Endpoint {
  method: 'GET' | 'POST';
  /** Starts with "/"; relative to the base URL. */
  path: string;
  /** The endpoint's interface version (not the platform feature version). */
  version: string;
  /** Whether the body must be sent encrypted (spec 5.4). */
  encrypt: boolean;
  /**
   * The Content-Type of the body where it is not application/json: the platform's S3 storage check takes
   * its encrypted body "as text/plain".
   */
  contentType?: 'text/plain';
}

export type Credentials =
  | { mode: 'token'; token: string }
  | { mode: 'rsa'; token: string; privateKey: KeyObject; platformPublicKey: KeyObject | undefined };

/** Query parameters in the order they are sent. */
export type QueryParams = readonly (readonly [name: string, value: string])[];

export interface PreparedRequest {
  method: 'GET' | 'POST';
  url: string;
  /** Path and query exactly as in the URL, and as signed. */
  target: string;
  headers: Record<string, string>;
  /** The body text exactly as sent and signed. */
  body: string;
  encrypted: boolean;
}

/** A request that cannot be built as the spec demands; nothing was sent. */
/** A request target or URL without its query: how logs and diagnoses name the endpoint. */
export const withoutQuery = (target: string): string => target.replace(/\?.*$/s, '');

export class RequestError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RequestError';
  }
}

/**
 * Percent-encodes a query once, as the platform's own examples send it: RFC 3986 unreserved characters,
 * and the `,` `:` `/` a query may hold as they are (`status=Running,Pending`,
 * `start_time=2026-11-24T09:00:00%2B08:00`); everything else, `+` `&` `=` `#` `%`, spaces and non-ASCII
 * included, percent-encoded. URL parsers leave such text as it is, so the text is the same in the URL as
 * sent and in the signature.
 */
export function encodeQuery(params: QueryParams): string {
  const encode = (text: string): string =>
    encodeURIComponent(text)
      .replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)
      .replace(/%2C|%3A|%2F/g, (c) => decodeURIComponent(c));
  return params.map(([name, value]) => `${encode(name)}=${encode(value)}`).join('&');
}

/**
 * Builds exactly the request the spec demands (5.3): body as compact JSON, encrypted where the endpoint
 * requires it, then the string to sign over the body as sent, and the headers. The spec gives every
 * request a Content-Type (5.1); `contentTypeOnGet: false` leaves it off a GET, which carries no body, as
 * the platform's reference lists it ("for POST") and its own scripts send a GET.
 */
export function buildRequest(args: {
  baseUrl: string;
  endpoint: Endpoint;
  query: QueryParams;
  body: Record<string, unknown> | undefined;
  credentials: Credentials;
  now: number;
  contentTypeOnGet?: boolean;
}): PreparedRequest {
  const { endpoint, credentials } = args;
  if (endpoint.method === 'GET' && args.body !== undefined) {
    throw new RequestError(
      `${endpoint.path} is a GET endpoint and takes no body: send parameters in the query`
    );
  }
  const query = encodeQuery(args.query);
  const target = query === '' ? endpoint.path : `${endpoint.path}?${query}`;
  const plaintext = args.body === undefined ? '' : toCompactJson(args.body);
  let body = plaintext;
  if (endpoint.encrypt) {
    if (credentials.mode !== 'rsa' || credentials.platformPublicKey === undefined)
      throw new RequestError('an encrypted body needs an RSA-mode key and the platform public key');
    body = encryptBody(plaintext, credentials.platformPublicKey);
  }
  const timestamp = timestampHeader(args.now);
  const headers: Record<string, string> = {
    token: credentials.token,
    version: endpoint.version,
    timestamp
  };
  if (endpoint.method !== 'GET' || args.contentTypeOnGet !== false)
    headers['content-type'] = endpoint.contentType ?? 'application/json';
  if (credentials.mode === 'rsa') {
    headers.sign_str = signRequest(credentials.privateKey, {
      target,
      version: endpoint.version,
      timestamp,
      token: credentials.token,
      body
    });
  }
  const url = `${args.baseUrl}${target}`;
  const parsed = new URL(url);
  if (parsed.pathname + parsed.search !== target) {
    throw new RequestError(
      `the path ${endpoint.path} would not be sent as signed: use only unreserved characters in paths`
    );
  }
  return { method: endpoint.method, url, target, headers, body, encrypted: endpoint.encrypt };
}
