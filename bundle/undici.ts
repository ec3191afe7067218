// What dist/ has in place of undici: src/tsconfig.json maps the name here, for ncc alone
// (tests and type checks see the real package).
//
// @actions/http-client imports undici for one thing: HttpClient.getAgentDispatcher() makes an undici
// ProxyAgent, a dispatcher for fetch(). The action's own requests never use one: they go through
// node:https with the agent of HttpClient.getAgent(), which reaches a proxy through tunnel. Bundled, undici
// would be 0.9 MB of dist/ (it was of a 1.5 MB dist/index.js once, and compiling it cost every step about
// 30 ms), and a proxied step would compile it.
//
// @actions/github (the preview steps' GitHub client) makes such a dispatcher when it is loaded, on a runner
// behind a proxy, for a fetch() of undici's the action replaces with its own (src/github/fetch.ts, over the
// same node:https client). So a ProxyAgent here can be made, and refuses to carry a request; undici's
// fetch refuses too. __tests__/bundle.test.ts checks that all of this still holds whenever the
// dependencies change.
const LEFT_OUT = "undici is left out of this action's bundle (see bundle/undici.ts)";

export class ProxyAgent {
  /** Never used: a request through it says why it cannot be sent. */
  dispatch(): never {
    throw new Error(`${LEFT_OUT}: HttpClient.getAgentDispatcher() is not available`);
  }
}

/** undici's fetch, which nothing in the bundle calls: GitHub's client is given the action's own. */
export function fetch(): Promise<never> {
  return Promise.reject(new Error(`${LEFT_OUT}: its fetch() is not available; pass request.fetch`));
}
