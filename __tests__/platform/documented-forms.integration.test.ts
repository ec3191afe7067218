import { readFileSync } from 'node:fs';
import { startEmulator, type Emulator } from '../../emulator/index.js';
import { ApiClient } from '../../src/platform/client.js';
import { outputsOf } from '../../src/action/outputs.js';
import { readSettings } from '../../src/deploy/settings.js';
import type { StepResult } from '../../src/deploy/engine/calls/step-result.js';
import { runTestStep, testRuntime, type TestRuntime } from '../helpers/runtime.js';
import { fixtureEmulatorKeys } from '../helpers/fixtures.js';
import { MARK_4090, WEB_BODY } from '../helpers/bodies.js';
import { SHUFFLED_CODES } from '../helpers/platform-client.js';

/**
 * The action as it is set up by default against the emulator as it starts by default (the platform's
 * documented forms, strict about the client's bytes): where the spec and the platform differ, the action
 * sends what the platform documents, and the platform would take it, from either kind of key.
 */
describe('the default forms against the platform as it documents itself', () => {
  let emulator: Emulator;
  let client: ApiClient;

  // An emulator of each test's own: no request of another test (one that timed out, say) is counted.
  beforeEach(async () => {
    emulator = await startEmulator({
      ...SHUFFLED_CODES,
      keys: fixtureEmulatorKeys(),
      strict: true,
      readyAfterSeconds: 0.3
    });
    client = new ApiClient({ userAgent: 'test', timeoutMs: 2000, maxResponseBytes: 16 * 1024 * 1024 });
  });
  afterEach(async () => {
    client.dispose();
    await emulator.stop();
  });
  afterEach(() => {
    emulator.clearFaults();
  });

  async function step(
    inputs: Record<string, string>,
    mode: 'rsa' | 'token'
  ): Promise<{ result: StepResult; runtime: TestRuntime }> {
    const credentials: Record<string, string> =
      mode === 'rsa'
        ? { token: emulator.rsa.token, private_key: readFileSync(emulator.rsa.private_key_file, 'utf8') }
        : { token: emulator.token_mode.token };
    const all: Record<string, string> = {
      base_url: emulator.base_url,
      poll_interval: '1s',
      body: WEB_BODY,
      ...credentials,
      ...inputs
    };
    const settings = readSettings(
      (name) => all[name] ?? '',
      () => undefined
    );
    const runtime = testRuntime(client, { now: Date.now });
    runtime.sleep = (ms) => new Promise((resolve) => setTimeout(resolve, Math.min(ms, 200)));
    return { result: (await runTestStep(settings, runtime)).result, runtime };
  }

  const since = (before: number) => emulator.requests.slice(before);

  it('creates with a token-mode key on the newer plain path, and waits with GET detail until Running', async () => {
    const before = emulator.requests.length;
    const { result } = await step({ operation: 'create', task_name: 'live-token', points: '1' }, 'token');
    expect(outputsOf(result)).toMatchObject({ status: 'Running', msg: 'success', timed_out: 'false' });
    const create = since(before).find((r) => r.path === '/api/task/deployment/create');
    expect(create).toMatchObject({ method: 'POST', applied: true, verdict: { reason: 'ok' } });
    expect(JSON.parse(create?.body ?? '')).toMatchObject({
      task_type: 'Deployment',
      task_name: 'live-token',
      points: 1,
      resources: [{ mark: MARK_4090 }]
    });
    expect(create?.headers).not.toHaveProperty('sign_str');
    // The reference's documented detail.
    const detail = since(before).filter((r) => r.path === '/api/task/deployment/detail');
    expect(detail.length).toBeGreaterThan(0);
    expect(detail.every((r) => r.method === 'GET' && r.body === '' && /\?task_id=\d+$/.test(r.target))).toBe(
      true
    );
  });

  // Regression (issue 60, point 16): every GET carried Content-Type: application/json, which the
  // reference lists "for POST" and the platform's own scripts never send on a GET.
  it('sends a GET with no Content-Type, a plain POST as application/json, as the reference lists them', async () => {
    const before = emulator.requests.length;
    await step({ operation: 'create', task_name: 'live-headers', points: '1' }, 'rsa');
    const sent = since(before);
    const gets = sent.filter((r) => r.method === 'GET');
    expect(gets.length).toBeGreaterThan(0);
    expect(gets.map((r) => [r.path, r.headers['content-type']])).toEqual(
      gets.map((r) => [r.path, undefined])
    );
    const posts = sent.filter((r) => r.method === 'POST');
    expect(posts.map((r) => [r.path, r.headers['content-type']])).toEqual([
      ['/api/task/deployment/create', 'application/json']
    ]);
    expect(sent.every((r) => r.verdict?.reason === 'ok')).toBe(true);
  });

  it('creates with an RSA-mode key on the newer path, signed over the plain body, with no platform key needed', async () => {
    const before = emulator.requests.length;
    const { result } = await step(
      { operation: 'create', task_name: 'live-rsa', points: '1', wait: 'false' },
      'rsa'
    );
    expect(outputsOf(result).code).toBe('0000');
    const create = since(before).find((r) => r.path === '/api/task/deployment/create');
    expect(create).toMatchObject({ applied: true, verdict: { reason: 'ok' } });
    expect(create?.headers.sign_str).toMatch(/^[A-Za-z0-9+/]+=*$/);
    expect(create?.plaintext).toBeUndefined();
  });

  it('after a reset of an applied create, makes exactly one task, searching with the required parameters', async () => {
    const before = emulator.requests.length;
    emulator.inject({ path: '/api/task/deployment/create', apply: true, answer: { kind: 'reset' } });
    const { result, runtime } = await step(
      { operation: 'create', task_name: 'live-ambiguous', points: '1', wait: 'false' },
      'token'
    );
    const made = since(before).flatMap((r) => (r.createdTaskId === undefined ? [] : [r.createdTaskId]));
    expect(made).toHaveLength(1);
    expect(outputsOf(result).task_id).toBe(made[0]);
    expect(runtime.lines).toContain(
      `create: found task ${made[0] ?? ''} named "live-ambiguous", made by the request that failed; adopting it instead of creating another`
    );
    const searches = since(before).filter((r) => r.path === '/api/deployment/task/search');
    expect(searches.length).toBeGreaterThanOrEqual(2);
    for (const search of searches) {
      expect(search.target).toMatch(
        /^\/api\/deployment\/task\/search\?type=Deployment&status=Running,Pending,Paused&search_value=live-ambiguous&page=1&page_size=100$/
      );
      expect(search.verdict?.reason).toBe('ok');
    }
  });

  // Regression: a create without resources was sent, and the platform refused it ("resources is required").
  it.each(['create', 'replace'])(
    'refuses a %s without resources and without gpu before sending, naming both fixes',
    async (operation) => {
      const before = emulator.requests.length;
      await expect(
        step(
          {
            operation,
            task_name: 'no-resources',
            body: '{services: [{service_name: web, service_image: "nginx:1.27", remote_ports: [{service_port: 80}]}]}'
          },
          'token'
        )
      ).rejects.toThrow(
        `body has no resources, but ${operation} needs them (the platform refuses a create without): set gpu to the GPU model, such as gpu: '4090', to have the step pick the resource, or add resources: [{mark: ...}] to body with a regions[].mark.mark from search_resources`
      );
      expect(emulator.requests).toHaveLength(before);
    }
  );
});
