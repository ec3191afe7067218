import { constants, createPrivateKey, createPublicKey, verify } from 'node:crypto';
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

/**
 * The vectors whose query is written as the platform's examples write it (get-encoded-query percent-encodes
 * its commas: its string to sign is reproduced by signing.test.ts, and by the case below written our way).
 */
const asWeWriteThem = cases.filter((c) => {
  const query = c.path.split('?')[1] ?? '';
  return c.plaintext === undefined && encodeQuery([...new URLSearchParams(query)]) === query;
});

describe('buildRequest', () => {
  it('holds every plain vector but the one whose commas are percent-encoded', () => {
    expect(
      cases.filter((c) => c.plaintext === undefined && !asWeWriteThem.includes(c)).map((c) => c.name)
    ).toEqual(['get-encoded-query']);
  });

  it('signs the query of get-encoded-query as sent, its commas as they are', () => {
    const request = buildRequest({
      baseUrl: BASE,
      endpoint: { method: 'GET', path: '/api/deployment/task/search', version: '1.0.0', encrypt: false },
      query: [
        ['status', 'Running,Pending'],
        ['search_value', '测试 svc'],
        ['page', '1']
      ],
      body: undefined,
      credentials: rsa('tok'),
      now: 1_763_715_600_000
    });
    expect(request.target).toBe(
      '/api/deployment/task/search?status=Running,Pending&search_value=%E6%B5%8B%E8%AF%95%20svc&page=1'
    );
    const signed = [request.target, '1.0.0', '1763715600000', 'tok', ''].join('\n');
    const key = { key: createPublicKey(clientKey), padding: constants.RSA_PKCS1_PADDING };
    expect(
      verify('sha256', Buffer.from(signed), key, Buffer.from(request.headers.sign_str ?? '', 'base64'))
    ).toBe(true);
  });

  it.each(asWeWriteThem.map((c) => [c.name, c] as const))(
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

  // Issue 60, point 16: the platform's reference lists Content-Type "for POST"; the spec (5.1) gives it to
  // every request. The header is not signed: leaving it off changes no signature.
  it('leaves Content-Type off a GET when asked, and never off a POST', () => {
    const args = {
      baseUrl: BASE,
      query: [['task_id', '1']] as const,
      credentials: rsa('tok'),
      now: 1_763_715_600_000
    };
    const get = {
      method: 'GET',
      path: '/api/task/deployment/detail',
      version: '1.0.0',
      encrypt: false
    } as const;
    const bare = buildRequest({ ...args, endpoint: get, body: undefined, contentTypeOnGet: false });
    const spec = buildRequest({ ...args, endpoint: get, body: undefined });
    expect(Object.keys(bare.headers)).toEqual(['token', 'version', 'timestamp', 'sign_str']);
    expect(spec.headers['content-type']).toBe('application/json');
    expect(bare.headers.sign_str).toBe(spec.headers.sign_str);
    const post = buildRequest({
      ...args,
      query: [],
      endpoint: { ...get, method: 'POST', path: '/api/deployment/task/stop' },
      body: { task_id: 1 },
      contentTypeOnGet: false
    });
    expect(post.headers['content-type']).toBe('application/json');
  });

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
  // Regression: `,` and `:` were percent-encoded (status=Running%2CPending), where the platform's own
  // examples send them as they are.
  it("encodes as the vendor's examples send a query: , : / as they are, the rest that needs it encoded", () => {
    expect(
      encodeQuery([
        ['status', 'Running,Pending'],
        ['search_value', '测试 svc'],
        ['start_time', '2026-11-24T09:00:00+08:00'],
        ['prefix', 'models/llm-42'],
        ['page', '1']
      ])
    ).toBe(
      'status=Running,Pending&search_value=%E6%B5%8B%E8%AF%95%20svc&start_time=2026-11-24T09:00:00%2B08:00&prefix=models/llm-42&page=1'
    );
    expect(encodeQuery([['q', 'a&b=c#d%e+f g']])).toBe('q=a%26b%3Dc%23d%25e%2Bf%20g');
    expect(encodeQuery([["it's", '(a)!*~']])).toBe('it%27s=%28a%29%21%2A~');
    expect(encodeQuery([])).toBe('');
  });

  it.each([
    ['status', 'Running,Pending,Paused,End'],
    ['t', '09:00:00+08:00'],
    ['p', '/a/b?c'],
    ['x', '%2C,%3A'],
    ['name', 'ci-部署 ✓ a+b']
  ])('keeps %s=%s the same through URL parsing, and reads back as given', (name, value) => {
    const query = encodeQuery([[name, value]]);
    const url = new URL(`https://openapi.example/api/x?${query}`);
    expect(url.search).toBe(`?${query}`);
    expect([...url.searchParams]).toEqual([[name, value]]);
  });
});
