import type { ApiClient } from '../platform/client.js';

/**
 * fetch() for GitHub's client, over the action's one HTTPS client (node:https, the runner's proxy through
 * @actions/http-client's agent, NODE_EXTRA_CA_CERTS, request_timeout, max_response_size, the job's
 * cancellation): the action's bundle leaves out undici, whose fetch @actions/github would use.
 */
export function fetchOver(client: ApiClient): typeof globalThis.fetch {
  return async (input, init = {}) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const { pathname, search } = new URL(url);
    const body = init.body;
    if (body !== undefined && body !== null && typeof body !== 'string')
      throw new TypeError('GitHub requests carry JSON text: no other body is sent');
    const answer = await client.exchange({
      method: (init.method ?? 'GET').toUpperCase(),
      url,
      target: `${pathname}${search}`,
      headers: Object.fromEntries(new Headers(init.headers).entries()),
      body: body ?? ''
    });
    const headers = new Headers();
    for (const [name, value] of Object.entries(answer.headers))
      for (const one of value === undefined ? [] : [value].flat()) headers.append(name, one);
    const empty = answer.status === 204 || answer.status === 205 || answer.status === 304;
    const response = new Response(empty ? null : answer.body, { status: answer.status, headers });
    // A Response made here has no URL of its own: GitHub's client names it in its errors.
    Object.defineProperty(response, 'url', { value: url });
    return response;
  };
}
