import { constants, createPublicKey } from 'node:crypto';
import type { Emulator } from '../../emulator/index.js';
import { fixtureKey } from '../helpers/fixtures.js';
import {
  encryptText,
  startTestEmulator,
  type CallOptions,
  type TestClient
} from '../helpers/platform-client.js';
import { SEARCH, SEARCH_PATH } from './helpers.js';

const CREATE = '/api/deployment/task/create';
const DETAIL = '/api/deployment/task/detail';

describe('request verification', () => {
  let emulator: Emulator;
  let client: TestClient;
  const log: string[] = [];

  // An emulator of each test's own: the reason a test reads is its own request's.
  beforeEach(async () => {
    log.length = 0;
    // The spec's letter: its encrypted create, its POST detail, its envelope.
    ({ emulator, client } = await startTestEmulator({
      profile: 'spec',
      strict: true,
      firstTaskId: 9007199254740993n,
      log: (line) => log.push(line)
    }));
  });
  afterEach(() => emulator.stop());

  const refusals: [string, CallOptions, string, RegExp][] = [
    [
      'no token header',
      { method: 'GET', target: SEARCH, omit: ['token'] },
      'header_missing',
      /header: token/
    ],
    [
      'no version header',
      { method: 'GET', target: SEARCH, omit: ['version'] },
      'header_missing',
      /header: version/
    ],
    [
      'no timestamp header',
      { method: 'GET', target: SEARCH, omit: ['timestamp'] },
      'header_missing',
      /header: timestamp/
    ],
    [
      'no Content-Type',
      { method: 'GET', target: SEARCH, omit: ['content-type'] },
      'header_missing',
      /content-type/
    ],
    [
      'Content-Type text/plain (as the vendor script sends)',
      {
        method: 'POST',
        target: CREATE,
        json: { task_name: 'x', points: 1 },
        encrypt: true,
        headers: { 'content-type': 'text/plain' }
      },
      'content_type_not_json',
      /application\/json/
    ],
    [
      'a timestamp that is not a number',
      { method: 'GET', target: SEARCH, timestamp: '17637156000x0' },
      'timestamp_malformed',
      /13-digit/
    ],
    [
      'an unknown token',
      { method: 'GET', target: SEARCH, mode: 'token', token: 'nobody' },
      'token_unknown',
      /unknown token/
    ],
    [
      'a token-mode key that sends sign_str',
      { method: 'GET', target: SEARCH, mode: 'token', headers: { sign_str: 'c2ln' } },
      'sign_str_in_token_mode',
      /token mode/
    ],
    [
      'a sign_str that is not Base64',
      { method: 'GET', target: SEARCH, headers: { sign_str: 'not base64!' } },
      'sign_str_malformed',
      /Base64/
    ],
    [
      'a SHA-1 signature',
      { method: 'GET', target: SEARCH, signAlgorithm: 'sha1' },
      'signature_not_sha256',
      /not an RSA-SHA256 signature/
    ],
    [
      'a trailing LF in the string to sign',
      {
        method: 'GET',
        target: SEARCH,
        stringToSign: (f) => `${[f.target, f.version, f.timestamp, f.token, f.body].join('\n')}\n`
      },
      'signed_with_trailing_lf',
      /ended with a line feed/
    ],
    [
      'a query signed decoded but sent encoded',
      {
        method: 'GET',
        target: '/api/deployment/task/search?search_value=a%20b',
        stringToSign: (f) =>
          ['/api/deployment/task/search?search_value=a b', f.version, f.timestamp, f.token, f.body].join('\n')
      },
      'signed_query_encoding_differs',
      /exactly as in the request URL/
    ],
    [
      'a body that was not signed',
      {
        method: 'POST',
        target: DETAIL,
        json: { task_id: 1 },
        stringToSign: (f) => [f.target, f.version, f.timestamp, f.token, ''].join('\n')
      },
      'body_not_signed',
      /exactly as sent/
    ],
    [
      'a string to sign with another mistake',
      {
        method: 'GET',
        target: SEARCH,
        stringToSign: (f) => [f.target, f.version, f.timestamp, f.token.toUpperCase(), f.body].join('\n')
      },
      'signature_string_mismatch',
      /right key over a different string/
    ],
    ['a GET with a body', { method: 'GET', target: SEARCH, body: '{}' }, 'get_with_body', /carries no body/],
    [
      'plaintext JSON on an encrypted endpoint',
      { method: 'POST', target: CREATE, json: { task_name: 'x', points: 1 } },
      'plaintext_on_encrypted_endpoint',
      /Base64 ciphertext/
    ],
    [
      'no body on an encrypted endpoint',
      { method: 'POST', target: CREATE },
      'encrypted_body_missing',
      /none was sent/
    ],
    [
      'URL-safe Base64',
      { method: 'POST', target: CREATE, body: 'ab-_' },
      'encrypted_body_not_base64',
      /standard Base64/
    ],
    [
      'a partial block',
      { method: 'POST', target: CREATE, body: Buffer.alloc(100, 1).toString('base64') },
      'encrypted_body_partial_block',
      /100 bytes/
    ],
    [
      'a body encrypted with the client key instead of the platform key',
      {
        method: 'POST',
        target: CREATE,
        body: encryptText(createPublicKey(fixtureKey('client-public.pem')), '{"task_name":"x","points":1}')
      },
      'encrypted_block_undecryptable',
      /block 1 does not decrypt/
    ],
    [
      'a body encrypted with OAEP',
      {
        method: 'POST',
        target: CREATE,
        body: encryptText(
          createPublicKey(fixtureKey('platform-public.pem')),
          '{"task_name":"x"}',
          190,
          constants.RSA_PKCS1_OAEP_PADDING
        )
      },
      'encrypted_block_undecryptable',
      /not OAEP/
    ],
    [
      'an encrypted body that is not JSON',
      {
        method: 'POST',
        target: CREATE,
        body: encryptText(createPublicKey(fixtureKey('platform-public.pem')), 'task_name=x')
      },
      'plaintext_not_json',
      /not JSON/
    ],
    [
      'a plain body that is not JSON',
      { method: 'POST', target: DETAIL, body: 'task_id=1' },
      'body_not_json',
      /not JSON/
    ],
    [
      'a body that is not an object',
      { method: 'POST', target: DETAIL, json: [1] },
      'invalid_parameter',
      /JSON object/
    ],
    [
      'task_id as a string',
      { method: 'POST', target: DETAIL, json: { task_id: '1' } },
      'invalid_parameter',
      /task_id must be an integer, got "1"/
    ],
    [
      'task_id missing',
      { method: 'POST', target: DETAIL, json: {} },
      'invalid_parameter',
      /task_id is required/
    ],
    [
      'points of 0',
      { method: 'POST', target: CREATE, json: { task_name: 'x', points: 0 }, encrypt: true },
      'invalid_parameter',
      /points must be a positive integer/
    ],
    [
      'no task_name',
      { method: 'POST', target: CREATE, json: { points: 1 }, encrypt: true },
      'invalid_parameter',
      /task_name must be a non-empty string/
    ],
    [
      'an unknown task',
      { method: 'POST', target: DETAIL, json: { task_id: 42 } },
      'task_not_found',
      /task 42 does not exist/
    ]
  ];

  it.each(refusals)('refuses %s', async (_what, options, reason, mentions) => {
    const response = await client.call(options);
    expect(client.lastReason()).toBe(reason);
    expect(response.status).toBe(200);
    expect(response.envelope.code).toMatch(/^C\d{3}$/);
    expect(response.envelope.msg).toMatch(mentions);
    expect(response.envelope.data).toBeNull();
    expect(log.at(-1)).toBe(
      `#${emulator.requests.length} ${options.method} ${options.target} -> ${String(response.envelope.code)} ${reason}: ${response.envelope.msg ?? ''}`
    );
  });

  it('answers an unknown path with 404 and a wrong method with 405', async () => {
    const unknown = await client.call({ method: 'GET', target: '/api/nothing' });
    expect([unknown.status, unknown.envelope.code, client.lastReason()]).toEqual([
      404,
      'Z001',
      'no_such_endpoint'
    ]);
    const wrong = await client.call({ method: 'GET', target: CREATE });
    expect([wrong.status, wrong.envelope.code, client.lastReason()]).toEqual([
      405,
      'C009',
      'method_not_allowed'
    ]);
    expect(wrong.envelope.msg).toMatch(/takes POST, not GET/);
  });

  it('accepts token mode without sign_str on plain endpoints', async () => {
    const response = await client.call({
      method: 'GET',
      target: `${SEARCH_PATH}?task_type=Deployment&device_type=CpuDevice`,
      mode: 'token'
    });
    expect(response.envelope.code).toBe('0000');
  });

  it('accepts Content-Type application/json with a UTF-8 charset', async () => {
    const response = await client.call({
      method: 'GET',
      target: SEARCH,
      headers: { 'content-type': 'application/json; charset=UTF-8' }
    });
    expect(response.envelope.code).toBe('0000');
  });

  it('keeps task ids beyond 2^53 exact in both directions and records the plaintext', async () => {
    const created = await client.call({
      method: 'POST',
      target: CREATE,
      json: { task_name: 'big', points: 1 },
      encrypt: true
    });
    expect(created.text).toContain('"data":{"task_id":9007199254740993}');
    const record = emulator.requests.at(-1);
    expect(record?.plaintext).toBe('{"task_name":"big","points":1}');
    expect(record?.headers).not.toHaveProperty('token');
    expect(record?.headers).toHaveProperty('sign_str');
    const detail = await client.call({
      method: 'POST',
      target: DETAIL,
      body: '{"task_id":9007199254740993}'
    });
    expect(detail.text).toContain('"task_id":9007199254740993,');
    const missing = await client.call({
      method: 'POST',
      target: DETAIL,
      body: '{"task_id":9007199254740992}'
    });
    expect(missing.envelope.msg).toMatch(/task 9007199254740992 does not exist/);
  });
});
