// What dist/ has in place of the tunnel package: src/tsconfig.json maps the name here, for ncc alone
// (tests and type checks see the real package).
//
// @actions/http-client reaches a proxy (https_proxy) through tunnel, whose module loads node:assert,
// about 1 ms of every step's start, though most runners have no proxy. This stand-in loads the real
// tunnel, bundled as it was, the first time a proxy is used: require() inside a function is bundled by
// ncc as a call that evaluates the module then. __tests__/bundle.test.ts checks that this still holds,
// and the end-to-end tests send every request of a step through a CONNECT proxy.
import type { Agent } from 'node:http';

type AgentMaker = (options: unknown) => Agent;
interface Tunnel {
  httpOverHttp: AgentMaker;
  httpsOverHttp: AgentMaker;
  httpOverHttps: AgentMaker;
  httpsOverHttps: AgentMaker;
}

let loaded: Tunnel | undefined;
// eslint-disable-next-line @typescript-eslint/no-require-imports -- a require() ncc bundles, evaluated on first use
const tunnel = (): Tunnel => (loaded ??= require('../node_modules/tunnel/index.js') as Tunnel);

export const httpOverHttp: AgentMaker = (options) => tunnel().httpOverHttp(options);
export const httpsOverHttp: AgentMaker = (options) => tunnel().httpsOverHttp(options);
export const httpOverHttps: AgentMaker = (options) => tunnel().httpOverHttps(options);
export const httpsOverHttps: AgentMaker = (options) => tunnel().httpsOverHttps(options);
