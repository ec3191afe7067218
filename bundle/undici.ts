// What dist/ has in place of undici: src/tsconfig.json maps the name here, for ncc alone
// (tests and type checks see the real package).
//
// @actions/http-client imports undici for one thing: HttpClient.getAgentDispatcher() makes an undici
// ProxyAgent, a dispatcher for fetch(). The action never calls it. Its requests go through node:https
// with the agent of HttpClient.getAgent(), which reaches a proxy through tunnel. Bundled, undici would be
// 0.9 MB of dist/ (it was of a 1.5 MB dist/index.js once, and compiling it cost every step about 30 ms),
// and a proxied step would compile it. __tests__/bundle.test.ts checks that all of this still
// holds whenever the dependencies change.
// eslint-disable-next-line @typescript-eslint/no-extraneous-class -- a stand-in: undici's name, made to refuse
export class ProxyAgent {
  constructor() {
    throw new Error(
      "undici is left out of this action's bundle (see bundle/undici.ts): HttpClient.getAgentDispatcher() is not available"
    );
  }
}
