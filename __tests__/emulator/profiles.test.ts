import type { Emulator } from '../../emulator/index.js';
import { startTestEmulator, type TestClient, type TestClock } from '../helpers/platform-client.js';
import { MARK_4090, WEB_SERVICE } from '../helpers/bodies.js';

const SEARCH = '/api/deployment/task/search';
/** The task search as the reference requires it: type and status. */
const FULL_SEARCH = `${SEARCH}?type=Deployment&status=Running,Pending,Paused`;
const CREATE = '/api/deployment/task/create';
const NEW_CREATE = '/api/task/deployment/create';
const DETAIL = '/api/task/deployment/detail';
const STOP = '/api/deployment/task/stop';

// Issue 60, point 16: the Content-Type each profile takes. The platform's reference lists the header "for
// POST" and takes an encrypted body as text/plain (its scripts send both forms); the interface spec gives
// every request application/json, an encrypted body's too. The live profile held an encrypted body sent as
// application/json to the reference only when strict; --strict now holds each profile to its own document.
describe('the Content-Type each profile takes, strict or not', () => {
  const encrypted = (contentType: string) =>
    ({
      method: 'POST',
      target: CREATE,
      json: { task_name: 'vendor', points: 1 },
      encrypt: true,
      headers: { 'content-type': contentType }
    }) as const;
  const requests = {
    'a GET without Content-Type': { method: 'GET', target: FULL_SEARCH, omit: ['content-type'] },
    'a GET with application/json': { method: 'GET', target: FULL_SEARCH },
    'an encrypted body as text/plain': encrypted('text/plain'),
    'an encrypted body as application/json': encrypted('application/json'),
    'a plain body as text/plain': {
      method: 'POST',
      target: STOP,
      json: { task_id: 1 },
      headers: { 'content-type': 'text/plain' }
    }
  } as const;
  type Case = [keyof typeof requests, 'live' | 'spec', boolean, 'taken' | 'refused'];
  const cases: Case[] = [
    ['a GET without Content-Type', 'live', false, 'taken'],
    ['a GET without Content-Type', 'live', true, 'taken'],
    ['a GET without Content-Type', 'spec', false, 'taken'],
    ['a GET without Content-Type', 'spec', true, 'refused'],
    ['a GET with application/json', 'live', true, 'taken'],
    ['a GET with application/json', 'spec', true, 'taken'],
    ['an encrypted body as text/plain', 'live', false, 'taken'],
    ['an encrypted body as text/plain', 'live', true, 'taken'],
    ['an encrypted body as text/plain', 'spec', false, 'taken'],
    ['an encrypted body as text/plain', 'spec', true, 'refused'],
    ['an encrypted body as application/json', 'live', false, 'refused'],
    ['an encrypted body as application/json', 'live', true, 'refused'],
    ['an encrypted body as application/json', 'spec', false, 'taken'],
    ['an encrypted body as application/json', 'spec', true, 'taken'],
    ['a plain body as text/plain', 'live', false, 'refused'],
    ['a plain body as text/plain', 'spec', false, 'refused']
  ];

  it.each(cases)('%s, profile %s, strict %s: %s', async (what, profile, strict, verdict) => {
    const { emulator, client } = await startTestEmulator({ profile, strict });
    try {
      const request = requests[what];
      const answer = await client.call({ ...request, omit: 'omit' in request ? [...request.omit] : [] });
      const reason = emulator.requests.at(-1)?.verdict?.reason;
      const refusedForIt = ['content_type_not_json', 'header_missing'].includes(reason ?? '');
      expect([answer.envelope.code, refusedForIt]).toEqual(
        verdict === 'taken' ? ['0000', false] : ['C001', true]
      );
    } finally {
      await emulator.stop();
    }
  });
});

describe("the default profile (live): the platform's reference where it differs from the spec", () => {
  let emulator: Emulator;
  let client: TestClient;
  let clock: TestClock;
  beforeEach(async () => {
    ({ emulator, client, clock } = await startTestEmulator({ readyAfterSeconds: 1 }));
  });
  afterEach(() => emulator.stop());

  it('refuses a task search without type and status, naming them, and answers with message', async () => {
    const bare = await client.call({ method: 'GET', target: `${SEARCH}?search_value=x&page_size=100` });
    expect(bare.envelope).toEqual({
      code: 'C005',
      message:
        'parameter error: type and status are required (type=Deployment, status a comma list of Running, Pending, Paused, End)',
      data: null
    });
    const onlyType = await client.call({ method: 'GET', target: `${SEARCH}?type=Deployment` });
    expect(onlyType.envelope.message).toMatch(/^parameter error: status is required/);
    const full = await client.call({ method: 'GET', target: FULL_SEARCH });
    expect(full.envelope).toEqual({ code: '0000', message: 'success', data: { count: 0, results: [] } });
  });

  it('creates on the newer path with a plain JSON body, from a token-mode key too, and serves detail as GET', async () => {
    const body = { resources: [{ mark: MARK_4090 }], services: [WEB_SERVICE] };
    const created = await client.call({
      method: 'POST',
      target: NEW_CREATE,
      mode: 'token',
      json: { task_type: 'Deployment', task_name: 'live', points: 1, ...body }
    });
    expect(created.envelope).toMatchObject({ code: '0000', data: { task_id: 1229831 } });
    const signed = await client.call({
      method: 'POST',
      target: NEW_CREATE,
      json: { task_name: 'rsa', points: 1, ...body }
    });
    expect(signed.envelope.code).toBe('0000');
    const bare = await client.call({
      method: 'POST',
      target: NEW_CREATE,
      json: { task_name: 'bare', points: 1 }
    });
    expect(bare.envelope).toMatchObject({
      code: 'C005',
      message: 'parameter error: resources is required and must be an array'
    });
    clock.advance(2);
    const detail = await client.call({
      method: 'GET',
      target: `${DETAIL}?task_id=1229831`,
      omit: ['content-type']
    });
    expect(detail.envelope).toMatchObject({ code: '0000', data: { task_name: 'live', status: 'Running' } });
    // The same task model as the spec's encrypted create (its body as text/plain, as the reference sends one).
    const old = await client.call({
      method: 'POST',
      target: CREATE,
      json: { task_name: 'old', points: 1 },
      encrypt: true,
      headers: { 'content-type': 'text/plain' }
    });
    expect(old.envelope).toMatchObject({ code: '0000', data: { task_id: 1229833 } });
  });

  it("ignores a token-mode key's sign_str, as the reference says it needs none; strict refuses it", async () => {
    const stray = {
      method: 'GET',
      target: FULL_SEARCH,
      mode: 'token',
      headers: { sign_str: 'c2lnbg==' }
    } as const;
    expect((await client.call(stray)).envelope).toMatchObject({ code: '0000' });
    const strict = await startTestEmulator({ strict: true });
    try {
      expect((await strict.client.call(stray)).envelope).toMatchObject({
        code: 'C004',
        message: expect.stringMatching(/^this key was created in token mode, which takes no signature/)
      });
    } finally {
      await strict.emulator.stop();
    }
  });
});

describe('--profile spec', () => {
  it('has no newer create path, takes a search without type and status, and answers with msg', async () => {
    const { emulator, client } = await startTestEmulator({ profile: 'spec' });
    try {
      const created = await client.call({
        method: 'POST',
        target: NEW_CREATE,
        json: { task_name: 'x', points: 1 }
      });
      expect([created.status, created.envelope.code]).toEqual([404, 'Z001']);
      // The answer names the profile that serves the path.
      expect(created.envelope.msg).toContain(
        'it is served in profile live (start the emulator with --profile live'
      );
      const search = await client.call({ method: 'GET', target: `${SEARCH}?search_value=x` });
      expect(search.envelope).toMatchObject({ code: '0000', msg: 'success' });
      const stray = await client.call({
        method: 'GET',
        target: FULL_SEARCH,
        mode: 'token',
        headers: { sign_str: 'c2lnbg==' }
      });
      expect(stray.envelope.code).toBe('C004');
    } finally {
      await emulator.stop();
    }
  });
});
