import type { Emulator } from '../../emulator/index.js';
import {
  parseEnvelope,
  send,
  startTestEmulator,
  type TestClient,
  type TestClock
} from '../helpers/platform-client.js';
import { until } from '../helpers/until.js';
import { shuffledCodes } from '../../emulator/rejection.js';
import { MARK_4090, WEB_SERVICE } from '../helpers/bodies.js';
import { SEARCH, SEARCH_PATH } from './helpers.js';

// The platform's documented forms (the emulator's default profile): a plain create, GET detail.
const CREATE = '/api/task/deployment/create';
const NEW_TASK = { task_name: 'svc', points: 1, resources: [{ mark: MARK_4090 }], services: [WEB_SERVICE] };
const detailOf = (id: number): string => `/api/task/deployment/detail?task_id=${id}`;

/** The code (or message) of the error a request failed with. */
async function connectionError(request: Promise<unknown>): Promise<string> {
  const error = (await request.then(
    () => ({ message: 'the request succeeded' }),
    (e: unknown) => e
  )) as NodeJS.ErrnoException;
  return error.code ?? error.message;
}

describe('configurable behaviours', () => {
  let emulator: Emulator;
  let client: TestClient;
  let clock: TestClock;

  beforeEach(async () => {
    ({ emulator, client, clock } = await startTestEmulator());
  });
  afterEach(() => emulator.stop());

  /** A correct request, sent raw (a fault answer need not be JSON). */
  function raw(
    target = SEARCH,
    options: { method?: string; json?: unknown; encrypt?: boolean; headers?: Record<string, string> } = {}
  ) {
    clock.advance(0.001);
    return send(
      emulator.base_url,
      emulator.ca_file,
      client.build({ method: options.method ?? 'GET', target, ...options })
    );
  }
  const createTask = () => raw(CREATE, { method: 'POST', json: NEW_TASK });

  it('answers the next N requests with 429 and Retry-After in seconds, then serves again', async () => {
    emulator.inject({ times: 2, answer: { kind: 'status', status: 429, retryAfter: { seconds: 3 } } });
    for (let i = 0; i < 2; i++) {
      const limited = await raw();
      expect([limited.status, limited.headers['retry-after']]).toEqual([429, '3']);
      expect(parseEnvelope(limited.text)).toEqual({
        code: 'C010',
        message: 'too many requests: retry later',
        data: null
      });
    }
    expect((await raw()).status).toBe(200);
    expect(emulator.requests.map((r) => r.fault ?? 'none')).toEqual([
      'HTTP 429 (Retry-After 3s)',
      'HTTP 429 (Retry-After 3s)',
      'none'
    ]);
  });

  it('sends Retry-After as an HTTP date on the platform clock', async () => {
    emulator.setClockOffset(120);
    emulator.inject({
      answer: { kind: 'status', status: 429, retryAfter: { seconds: 30, as: 'http-date' } }
    });
    const limited = await raw();
    expect(Date.parse(String(limited.headers['retry-after']))).toBe(
      Math.floor(clock.ms / 1000) * 1000 + 150_000
    );
  });

  it('enforces a token-bucket rate limit on the emulator clock', async () => {
    emulator.setRateLimit({ ratePerSecond: 2, burst: 3 });
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) statuses.push((await raw()).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
    const limited = await raw();
    expect(limited.headers['retry-after']).toBe('1');
    clock.advance(0.5);
    expect((await raw()).status).toBe(200);
    emulator.setRateLimit(undefined);
    expect((await raw()).status).toBe(200);
  });

  it.each([
    [500, 'application/json; charset=utf-8', /"code":"C999"/],
    [502, 'text/html', /<title>502 Bad Gateway<\/title>/],
    [503, 'text/html', /503 Service Temporarily Unavailable/],
    [504, 'text/html', /504 Gateway Time-out/]
  ])('answers HTTP %i', async (status, contentType, body) => {
    emulator.inject({ path: SEARCH_PATH, answer: { kind: 'status', status } });
    const response = await raw();
    expect([response.status, response.headers['content-type']]).toEqual([status, contentType]);
    expect(response.text).toMatch(body);
  });

  it('answers an HTML error page or an empty body where asked', async () => {
    emulator.inject({ answer: { kind: 'status', status: 500, body: 'html' } });
    emulator.inject({ answer: { kind: 'status', status: 503, body: 'empty' } });
    expect((await raw()).text).toMatch(/<h1>500 Internal Server Error<\/h1>/);
    expect(await raw()).toMatchObject({ status: 503, text: '' });
  });

  it('resets the connection before answering, and the request has no effect', async () => {
    emulator.inject({ path: CREATE, answer: { kind: 'reset' } });
    expect(await connectionError(createTask())).toMatch(/ECONNRESET|EPIPE|socket hang up/);
    expect(emulator.requests.at(-1)).toMatchObject({ fault: 'reset', applied: false });
    expect(() => emulator.tasks.get(1229831)).toThrow(/does not exist/);
  });

  it('applies a create and then resets the connection: an ambiguous failure', async () => {
    emulator.inject({ path: CREATE, apply: true, answer: { kind: 'reset' } });
    expect(await connectionError(createTask())).toMatch(/ECONNRESET|EPIPE|socket hang up/);
    expect(emulator.requests.at(-1)).toMatchObject({ fault: 'reset', applied: true });
    expect(emulator.tasks.get(1229831)).toMatchObject({ task_name: 'svc', status: 'Pending' });
  });

  it('applies a create and answers 502: also ambiguous', async () => {
    emulator.inject({ path: CREATE, apply: true, answer: { kind: 'status', status: 502 } });
    expect((await createTask()).status).toBe(502);
    expect(emulator.tasks.get(1229831).task_name).toBe('svc');
  });

  it('answers a 429 or a refusal at once, and applies the create seconds later, on its clock', async () => {
    emulator.inject({ path: CREATE, answer: { kind: 'status', status: 429 }, applyAfterMs: 3000 });
    expect((await createTask()).status).toBe(429);
    expect(() => emulator.tasks.get(1229831)).toThrow(/does not exist/);
    clock.advance(2);
    expect(() => emulator.tasks.get(1229831)).toThrow(/does not exist/);
    clock.advance(1);
    expect(emulator.tasks.get(1229831)).toMatchObject({ task_name: 'svc' });
    expect(emulator.requests.at(-1)).toMatchObject({ applied: true, createdTaskId: '1229831' });
  });

  it('delays the answer, then answers for real', async () => {
    emulator.inject({ path: SEARCH_PATH, delayMs: 2000 });
    // The answer waits for the delay's timer: no answer yet after the request arrived, then the real one.
    let answered = false;
    const pending = raw().then((response) => {
      answered = true;
      return response;
    });
    await until(() => emulator.requests.length > 0, 'the request to arrive');
    expect(answered).toBe(false);
    expect(parseEnvelope((await pending).text).code).toBe('0000');
  });

  it('stops promptly while an answer is delayed', async () => {
    emulator.inject({ delayMs: 60_000 });
    const before = emulator.requests.length;
    const pending = connectionError(raw());
    await until(() => emulator.requests.length > before, 'the request to arrive');
    await emulator.stop();
    expect(await pending).toMatch(/ECONNRESET|socket hang up/);
  });

  it('answers malformed JSON', async () => {
    emulator.inject({ answer: { kind: 'malformed_json' } });
    const response = await raw();
    expect(response.status).toBe(200);
    expect(() => JSON.parse(response.text) as unknown).toThrow(SyntaxError);
  });

  it('scopes a fault to its path and method, for as many requests as asked', async () => {
    emulator.inject({
      path: CREATE,
      method: 'POST',
      times: Infinity,
      answer: { kind: 'status', status: 503 }
    });
    for (let i = 0; i < 3; i++) expect((await createTask()).status).toBe(503);
    expect((await raw()).status).toBe(200);
    emulator.clearFaults();
    expect((await createTask()).status).toBe(200);
  });

  it("answers the envelope variants: code as the number 0, the spec's msg instead of message", async () => {
    emulator.setEnvelope({ code: 'number', messageField: 'msg' });
    expect((await raw()).text).toMatch(/^\{"code":0,"msg":"success","data":\{/);
    const refused = await raw(detailOf(1));
    expect(parseEnvelope(refused.text)).toEqual({ code: 'C007', msg: 'task 1 does not exist', data: null });
    emulator.inject({ answer: { kind: 'deep', depth: 2 } });
    expect((await raw()).text).toBe('{"code":0,"msg":"success","data":{"a":{"a":1}}}');
  });

  it('shows a clock offset in the Date header and judges timestamps by it', async () => {
    emulator.setClockOffset(600);
    const response = await raw();
    expect(Date.parse(String(response.headers.date))).toBe(Math.floor((clock.ms + 600_000) / 1000) * 1000);
    expect(parseEnvelope(response.text).message).toMatch(/10m0s behind the platform clock/);
    const corrected = await client.call({
      method: 'GET',
      target: SEARCH,
      timestamp: String(clock.ms + 600_000)
    });
    expect(corrected.envelope.code).toBe('0000');
  });

  it('carries arbitrary text in the message and in task names', async () => {
    const text = '::error::pwned\n::add-mask::x %0A <script>';
    await createTask();
    emulator.setText({ msg: text, taskName: text });
    const detail = await raw(detailOf(1229831));
    expect(parseEnvelope(detail.text)).toMatchObject({ message: text, data: { task_name: text } });
    emulator.setText({ msg: undefined, taskName: undefined });
    const restored = await raw(detailOf(1229831));
    expect(parseEnvelope(restored.text)).toMatchObject({ message: 'success', data: { task_name: 'svc' } });
  });

  it('deletes ended tasks where asked, so that calls about them answer that they do not exist', async () => {
    await createTask();
    emulator.tasks.setEndedTasksGone(true);
    await raw('/api/deployment/task/stop', { method: 'POST', json: { task_id: 1229831 } });
    const detail = await raw(detailOf(1229831));
    expect(parseEnvelope(detail.text)).toEqual({
      code: 'C007',
      message: 'task 1229831 does not exist',
      data: null
    });
  });

  it('configures the interface version per endpoint', async () => {
    emulator.setVersion(SEARCH_PATH, '2.0.0');
    expect(parseEnvelope((await raw()).text).message).toMatch(
      /version header "1.0.0" is not this endpoint's interface version "2.0.0"/
    );
    const v2 = await client.call({ method: 'GET', target: SEARCH, version: '2.0.0' });
    expect(v2.envelope.code).toBe('0000');
    expect(() => {
      emulator.setVersion('/api/unknown', '1');
    }).toThrow(/no endpoint/);
  });

  it('streams a large answer of the size asked, with its Content-Length', async () => {
    emulator.inject({ answer: { kind: 'large', bytes: 40 * 1024 * 1024 } });
    const response = await raw();
    expect([response.status, response.headers['content-length']]).toEqual([200, String(40 * 1024 * 1024)]);
    expect(Buffer.byteLength(response.text)).toBe(40 * 1024 * 1024);
    expect(response.text.slice(0, 55)).toBe('{"code":"0000","message":"success","data":{"padding":"x');
    expect(response.text.endsWith('xx"}}')).toBe(true);
    expect(emulator.requests.at(-1)).toMatchObject({ fault: 'large (41943040 bytes)' });
    emulator.inject({ answer: { kind: 'large', bytes: 3 * 1024 * 1024, chunked: true } });
    const chunked = await raw();
    expect([chunked.headers['content-length'], chunked.headers['transfer-encoding']]).toEqual([
      undefined,
      'chunked'
    ]);
    expect(Buffer.byteLength(chunked.text)).toBe(3 * 1024 * 1024);
  });

  it('answers data nested as deep as asked', async () => {
    emulator.inject({ answer: { kind: 'deep', depth: 3000 } });
    const response = await raw();
    expect(response.text).toBe(
      `{"code":"0000","message":"success","data":${'{"a":'.repeat(3000)}1${'}'.repeat(3000)}}`
    );
  });

  it("answers an envelope of the tester's choice: a refusal, or a create applied without its task_id", async () => {
    emulator.inject({ answer: { kind: 'envelope', code: 'C004', message: 'API Key不存在' } });
    expect(parseEnvelope((await raw()).text)).toEqual({ code: 'C004', message: 'API Key不存在', data: null });
    emulator.inject({ path: CREATE, apply: true, answer: { kind: 'envelope', code: '0000', data: {} } });
    expect(parseEnvelope((await createTask()).text)).toEqual({ code: '0000', message: 'success', data: {} });
    expect(emulator.requests.at(-1)).toMatchObject({ applied: true, fault: 'envelope (code 0000)' });
    expect(emulator.tasks.get(1229831).task_name).toBe('svc');
  });

  it("shows service URLs of the tester's choice", async () => {
    emulator.tasks.setServiceUrl('javascript:alert({task_id})//{port}');
    await createTask();
    clock.advance(10);
    const detail = await raw(detailOf(1229831));
    expect(parseEnvelope(detail.text)).toMatchObject({
      data: { services: [{ remote_ports: [{ url: 'javascript:alert(1229831)//80' }] }] }
    });
  });

  it("takes a 20 KB query (no 431) and decrypts a 1 MiB encrypted body (the spec's create)", async () => {
    const long = await raw(`${SEARCH}&note=${'a'.repeat(20_000)}`);
    expect([long.status, parseEnvelope(long.text).code]).toEqual([200, '0000']);
    // Sent as the platform's documented forms send an encrypted body (the default profile, live): text/plain.
    const big = await raw('/api/deployment/task/create', {
      method: 'POST',
      json: { ...NEW_TASK, note: 'n'.repeat(1024 * 1024) },
      encrypt: true,
      headers: { 'content-type': 'text/plain' }
    });
    expect([big.status, parseEnvelope(big.text).code]).toEqual([200, '0000']);
    expect(emulator.requests.at(-1)?.plaintext?.length).toBeGreaterThan(1024 * 1024);
  });

  it('shuffles its refusal codes where asked: each answered as another of the published set, by seed', async () => {
    const published = [
      'C001',
      'C002',
      'C004',
      'C005',
      'C006',
      'C007',
      'C008',
      'C009',
      'C010',
      'C999',
      'Z001'
    ];
    for (const seed of [1, 7, 42]) {
      const codes = shuffledCodes(seed);
      expect([...codes.keys()].sort()).toEqual(published);
      expect([...codes.values()].sort()).toEqual(published);
      expect([...codes].filter(([code, as]) => code === as)).toEqual([]);
      expect(shuffledCodes(seed)).toEqual(codes);
    }
    const code = async (): Promise<unknown> => parseEnvelope((await raw(detailOf(5))).text).code;
    const unshuffled = await code();
    emulator.shuffleCodes(7);
    expect([unshuffled, await code()]).toEqual(['C007', shuffledCodes(7).get('C007')]);
    emulator.setRefusalCodes({ task_not_found: 'C001' });
    expect(await code()).toBe('C001');
    emulator.shuffleCodes(undefined);
    emulator.setRefusalCodes({});
    expect(await code()).toBe('C007');
  });

  it('gives every answer a request id and records every request', async () => {
    const first = await raw();
    const second = await raw();
    expect([first.headers['x-request-id'], second.headers['x-request-id']]).toEqual(['emu-1', 'emu-2']);
    expect(emulator.requests).toHaveLength(2);
    emulator.clearRequests();
    expect(emulator.requests).toHaveLength(0);
  });
});
