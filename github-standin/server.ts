// The stand-in's HTTP side, as GitHub's REST API answers: token authentication (401 Bad credentials), a
// write without the permission (403, naming it in x-accepted-github-permissions), the primary and the
// secondary rate limits (403 or 429 with x-ratelimit-remaining 0, or retry-after), per_page and page with
// a Link header, and GitHub's headers on every answer. Every request is recorded, its token left out.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { RUNNER_ROUTES } from './runner-routes.js';
import { ROUTES, notFound, type Route, type RouteAnswer } from './routes.js';
import type { Bases } from './shapes.js';
import type { GitHubStore } from './store.js';

export interface RecordedCall {
  readonly method: string;
  readonly path: string;
  readonly query: string;
  readonly body: unknown;
  readonly status: number;
  /** The header that names the API version asked for (X-GitHub-Api-Version), and the user agent. */
  readonly apiVersion: string | undefined;
  readonly userAgent: string | undefined;
}

/** A limit a test has the next requests meet. */
export interface LimitKnob {
  readonly kind: 'primary' | 'secondary';
  /** How many requests in a row meet it. */
  times: number;
  /** 403 (GitHub's usual answer) or 429. */
  readonly status: 403 | 429;
}

/** A failure a test has GitHub answer to the requests that match: a 5xx its servers give at times. */
export interface FaultKnob {
  readonly method: string | undefined;
  /** The request's path (without the query) matches it. */
  readonly path: RegExp;
  readonly status: 500 | 502 | 503 | 504;
  /** How many matching requests meet it (Infinity: every one). */
  times: number;
}

export interface ServerState {
  readonly store: GitHubStore;
  readonly bases: Bases;
  readonly calls: RecordedCall[];
  readonly limits: LimitKnob[];
  readonly faults: FaultKnob[];
}

const DOCS = 'https://docs.github.com/rest';
const MAX_BODY = 1024 * 1024;

/** Each route's path as a pattern, its parameters named. */
const PATTERNS = [...ROUTES, ...RUNNER_ROUTES].map((route) => ({
  route,
  names: [...route.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1] ?? ''),
  pattern: new RegExp(`^${route.path.replace(/\{\w+\}/g, '([^/]+)')}$`)
}));

export async function handle(state: ServerState, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const url = new URL(req.url ?? '/', state.bases.api);
  const raw = await readBody(req);
  let body: unknown = {};
  const send = (status: number, payload: unknown, headers: Record<string, string> = {}): void => {
    state.calls.push({
      method: req.method ?? '',
      path: url.pathname,
      query: url.search.replace(/^\?/, ''),
      body,
      status,
      apiVersion: header(req, 'x-github-api-version'),
      userAgent: header(req, 'user-agent')
    });
    res.writeHead(status, {
      ...githubHeaders(state),
      ...headers,
      'content-type': 'application/json; charset=utf-8'
    });
    res.end(payload === undefined ? '' : JSON.stringify(payload));
  };
  try {
    body = raw === '' ? {} : (JSON.parse(raw) as unknown);
  } catch {
    send(400, { message: 'Problems parsing JSON', documentation_url: DOCS, status: '400' });
    return;
  }
  const grant = state.store.tokens.get(
    /^(?:token|bearer) (.+)$/i.exec(header(req, 'authorization') ?? '')?.[1] ?? ''
  );
  if (grant === undefined) {
    send(401, { message: 'Bad credentials', documentation_url: DOCS, status: '401' });
    return;
  }
  const limit = state.limits.find((l) => l.times > 0);
  if (limit !== undefined) {
    limit.times -= 1;
    send(...limited(limit));
    return;
  }
  const fault = state.faults.find(
    (f) => f.times > 0 && (f.method === undefined || f.method === req.method) && f.path.test(url.pathname)
  );
  if (fault !== undefined) {
    fault.times -= 1;
    send(fault.status, { message: 'Server Error', documentation_url: DOCS, status: String(fault.status) });
    return;
  }
  const match = matchRoute(req.method ?? '', url.pathname);
  const { owner, name } = state.store.repo;
  const known = (params: Record<string, string>): boolean =>
    params.org !== undefined
      ? params.org === owner.login
      : params.owner === owner.login && params.repo === name;
  if (match === undefined || !known(match.params)) {
    send(...answer(notFound(), url));
    return;
  }
  const needs = match.route.needs;
  if (needs !== undefined && !needs.some((permission) => grant.write.has(permission))) {
    send(
      403,
      { message: 'Resource not accessible by integration', documentation_url: DOCS, status: '403' },
      // GitHub's names (pull_requests), each set of permissions that would do separated by a semicolon.
      {
        'x-accepted-github-permissions': needs
          .map((p) => `${p.replace('-', '_')}=${match.route.level ?? 'write'}`)
          .join('; ')
      }
    );
    return;
  }
  const given =
    typeof body === 'object' && body !== null && !Array.isArray(body)
      ? (body as Record<string, unknown>)
      : {};
  send(
    ...answer(
      match.route.handle(
        { params: match.params, query: url.searchParams, body: given },
        state.store,
        state.bases
      ),
      url
    )
  );
}

function matchRoute(
  method: string,
  path: string
): { route: Route; params: Record<string, string> } | undefined {
  for (const { route, names, pattern } of PATTERNS) {
    const found = route.method === method ? pattern.exec(path) : null;
    if (found !== null)
      return {
        route,
        params: Object.fromEntries(names.map((name, i) => [name, decodeURIComponent(found[i + 1] ?? '')]))
      };
  }
  return undefined;
}

/** An answer as sent: a list paged by per_page (30 unless asked, 100 at most) and page, with its Link. */
function answer(result: RouteAnswer, url: URL): [number, unknown, Record<string, string>] {
  if (!('page' in result)) return [result.status, result.body, {}];
  const perPage = Math.min(Math.max(Number(url.searchParams.get('per_page') ?? '30') || 30, 1), 100);
  const page = Math.max(Number(url.searchParams.get('page') ?? '1') || 1, 1);
  const last = Math.max(1, Math.ceil(result.page.length / perPage));
  const link = (n: number, rel: string): string => {
    const target = new URL(url);
    target.searchParams.set('per_page', String(perPage));
    target.searchParams.set('page', String(n));
    return `<${target.toString()}>; rel="${rel}"`;
  };
  const links = [
    ...(page > 1 ? [link(page - 1, 'prev')] : []),
    ...(page < last ? [link(page + 1, 'next'), link(last, 'last')] : []),
    ...(page > 1 ? [link(1, 'first')] : [])
  ];
  const items = result.page.slice((page - 1) * perPage, page * perPage);
  return [
    200,
    result.key === undefined ? items : { total_count: result.page.length, [result.key]: items },
    links.length === 0 ? {} : { link: links.join(', ') }
  ];
}

/** GitHub's answer to a request past a rate limit. */
function limited(limit: LimitKnob): [number, unknown, Record<string, string>] {
  const reset = String(Math.ceil(Date.now() / 1000) + 1);
  if (limit.kind === 'primary')
    return [
      limit.status,
      {
        message: 'API rate limit exceeded for installation ID 4242.',
        documentation_url: `${DOCS}/overview/rate-limits-for-the-rest-api`,
        status: String(limit.status)
      },
      { 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': reset, 'x-ratelimit-used': '5000' }
    ];
  return [
    limit.status,
    {
      message: 'You have exceeded a secondary rate limit. Please wait a few minutes before you try again.',
      documentation_url: `${DOCS}/overview/rate-limits-for-the-rest-api#about-secondary-rate-limits`,
      status: String(limit.status)
    },
    { 'retry-after': '1' }
  ];
}

function githubHeaders(state: ServerState): Record<string, string> {
  return {
    'x-github-api-version-selected': '2022-11-28',
    'x-github-media-type': 'github.v3; format=json',
    'x-github-request-id': `STANDIN:${state.calls.length + 1}`,
    'x-ratelimit-limit': '5000',
    'x-ratelimit-remaining': '4999',
    'x-ratelimit-reset': String(Math.ceil(Date.now() / 1000) + 3600),
    'x-ratelimit-used': '1',
    'x-ratelimit-resource': 'core'
  };
}

const header = (req: IncomingMessage, name: string): string | undefined => {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
};

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY) throw new Error('body too large');
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}
