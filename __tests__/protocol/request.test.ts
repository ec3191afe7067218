import { createPrivateKey, createPublicKey } from 'node:crypto';
import fc from 'fast-check';
import { decryptBody } from '../../emulator/body-decryption.js';
import { checkSignature } from '../../emulator/signature.js';
import { parseJson } from '../../src/protocol/json.js';
import {
  buildRequest,
  encodeQuery,
  RequestError,
  type Credentials,
  type QueryParams
} from '../../src/protocol/request.js';
import { fixtureJson, fixtureKey, type SigningCase } from '../helpers/fixtures.js';

const { cases } = fixtureJson('signing.json') as { cases: SigningCase[] };
const clientKey = createPrivateKey(fixtureKey('client-private-pkcs8.pem'));
const platformPublicKey = createPublicKey(fixtureKey('platform-public.pem'));
const rsa = (token: string): Credentials => ({
  mode: 'rsa',
  token,
  privateKey: clientKey,
  platformPublicKey
});
const BASE = 'https://openapi.example';

describe('buildRequest', () => {
  it.each(cases.filter((c) => c.plaintext === undefined).map((c) => [c.name, c] as const))(
    'reproduces the %s vector from an endpoint, a query map and a body object, with the clock injected',
    (_name, vector) => {
      const [path = '', query = ''] = vector.path.split('?');
      const request = buildRequest({
        baseUrl: BASE,
        endpoint: { method: vector.method as 'GET' | 'POST', path, version: vector.version, encrypt: false },
        query: [...new URLSearchParams(query)],
        body: vector.body === '' ? undefined : (parseJson(vector.body) as Record<string, unknown>),
        credentials: rsa(vector.token),
        now: Number(vector.timestamp)
      });
      expect(request.url).toBe(`${BASE}${vector.path}`);
      expect(request.body).toBe(vector.body);
      expect(request.headers).toEqual({
        token: vector.token,
        version: vector.version,
        timestamp: vector.timestamp,
        'content-type': 'application/json',
        sign_str: vector.sign_str
      });
    }
  );

  it('encrypts first, then signs the Base64 ciphertext that is sent', () => {
    const request = buildRequest({
      baseUrl: BASE,
      endpoint: { method: 'POST', path: '/api/deployment/task/create', version: '1.0.0', encrypt: true },
      query: [],
      body: { task_name: 'ci-部署', points: 2 },
      credentials: rsa('tok'),
      now: 1_763_715_600_000
    });
    expect(request.encrypted).toBe(true);
    expect(request.headers['content-type']).toBe('application/json');
    expect(decryptBody(request.body, createPrivateKey(fixtureKey('platform-private-pkcs8.pem')))).toBe(
      '{"task_name":"ci-部署","points":2}'
    );
    const fields = {
      target: request.target,
      version: '1.0.0',
      timestamp: '1763715600000',
      token: 'tok',
      body: request.body
    };
    expect(() => {
      checkSignature(createPublicKey(clientKey), request.headers.sign_str ?? '', fields);
    }).not.toThrow();
  });

  it('sends no sign_str in token mode and refuses an encrypted endpoint there', () => {
    const endpoint = {
      method: 'POST',
      path: '/api/deployment/task/detail',
      version: '1.0.0',
      encrypt: false
    } as const;
    const token: Credentials = { mode: 'token', token: 'tok' };
    const request = buildRequest({
      baseUrl: BASE,
      endpoint,
      query: [],
      body: { task_id: 1 },
      credentials: token,
      now: 1_763_715_600_000
    });
    expect(Object.keys(request.headers)).toEqual(['token', 'version', 'timestamp', 'content-type']);
    expect(() =>
      buildRequest({
        baseUrl: BASE,
        endpoint: { ...endpoint, encrypt: true },
        query: [],
        body: {},
        credentials: token,
        now: 1_763_715_600_000
      })
    ).toThrow(new RequestError('an encrypted body needs an RSA-mode key and the platform public key'));
  });

  it('refuses a body on a GET endpoint', () => {
    expect(() =>
      buildRequest({
        baseUrl: BASE,
        endpoint: {
          method: 'GET',
          path: '/api/deployment/resource/search',
          version: '1.0.0',
          encrypt: false
        },
        query: [],
        body: {},
        credentials: rsa('tok'),
        now: 1_763_715_600_000
      })
    ).toThrow(/takes no body/);
  });

  it('sends any query as signed: the URL carries exactly the signed target, which decodes to the parameters', () => {
    const params = fc.array(
      fc.tuple(fc.string({ unit: 'grapheme', minLength: 1 }), fc.string({ unit: 'grapheme' })),
      { maxLength: 5 }
    );
    fc.assert(
      fc.property(params, (query: QueryParams) => {
        const request = buildRequest({
          baseUrl: BASE,
          endpoint: { method: 'GET', path: '/api/deployment/task/search', version: '1.0.0', encrypt: false },
          query,
          body: undefined,
          credentials: rsa('tok'),
          now: 1_763_715_600_000
        });
        const url = new URL(request.url);
        expect(url.pathname + url.search).toBe(request.target);
        expect([...url.searchParams]).toEqual(query.map(([k, v]) => [k, v]));
      })
    );
  });
});

describe('encodeQuery', () => {
  it('percent-encodes strictly, so the text survives URL parsing unchanged', () => {
    expect(
      encodeQuery([
        ['status', 'Running,Pending'],
        ['search_value', '测试 svc'],
        ['page', '1']
      ])
    ).toBe('status=Running%2CPending&search_value=%E6%B5%8B%E8%AF%95%20svc&page=1');
    expect(encodeQuery([["it's", '(a)!*~']])).toBe('it%27s=%28a%29%21%2A~');
    expect(encodeQuery([])).toBe('');
  });
});
