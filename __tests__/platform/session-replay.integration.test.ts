// Two runs with one token that send the same call in the same millisecond send the same timestamp and
// signature; the platform may refuse the second as reused. Against the emulator over real HTTPS, which
// refuses a timestamp and signature it has seen (with shuffled codes: no outcome may rest on one).
import { readSettings } from '../../src/deploy/settings.js';
import { ApiClient } from '../../src/platform/client.js';
import { ApiError } from '../../src/protocol/envelope.js';
import type { PreparedRequest } from '../../src/protocol/request.js';
import { OPERATION_TABLE } from '../../src/platform/operations/operation-table.js';
import { callFor, searchByNameCall } from '../../src/platform/operations/calls.js';
import { openSession } from '../../src/platform/session.js';
import { WEB_BODY } from '../helpers/bodies.js';
import { rsaInputs } from '../helpers/emulator-inputs.js';
import { SHUFFLED_CODES, startTestEmulator } from '../helpers/platform-client.js';
import { testRuntime } from '../helpers/runtime.js';

const SEARCH = '/api/deployment/task/search';
const CREATE = '/api/task/deployment/create';

describe('two runs with one token that send one call at one instant', () => {
  let bench: Awaited<ReturnType<typeof startTestEmulator>>;
  let client: ApiClient;
  beforeEach(async () => {
    bench = await startTestEmulator({ ...SHUFFLED_CODES });
    client = new ApiClient({ userAgent: 'test', timeoutMs: 5000, maxResponseBytes: 1024 * 1024 });
  });
  afterEach(async () => {
    client.dispose();
    await bench.emulator.stop();
  });

  function settingsOf(inputs: Record<string, string>) {
    const all: Record<string, string> = { ...rsaInputs(bench.emulator), ...inputs };
    return readSettings(
      (name) => all[name] ?? '',
      () => undefined
    );
  }

  /** A run's session: its own clock, standing still at the emulator's instant, as two runs' may. */
  function run(transport = { send: (request: PreparedRequest) => client.send(request) }) {
    const runtime = testRuntime(transport, { now: bench.clock.now });
    return {
      runtime,
      send: openSession(settingsOf({ operation: 'search_tasks' }), runtime, bench.clock.now() + 600_000)
    };
  }

  const pathsAndVerdicts = () =>
    bench.emulator.requests.map((r) => `${r.path} ${r.verdict?.code === '0000' ? 'accepted' : 'refused'}`);

  it('reads in both: the read refused as a replay is sent once more with a new timestamp', async () => {
    const settings = settingsOf({ operation: 'search_tasks' });
    const first = run();
    const second = run();
    await first.send(searchByNameCall(settings, 'web'));
    const answer = await second.send(searchByNameCall(settings, 'web'));
    expect(answer.result.code).toBe('0000');
    const [a, b, c] = bench.emulator.requests;
    expect(a?.headers.timestamp).toBe(b?.headers.timestamp);
    expect(c?.headers.timestamp).not.toBe(b?.headers.timestamp);
    // The second run's key was not proven yet: the resource search proves it, then the read goes again.
    expect(pathsAndVerdicts()).toEqual([
      `${SEARCH} accepted`,
      `${SEARCH} refused`,
      '/api/deployment/resource/search accepted',
      `${SEARCH} accepted`
    ]);
    expect(second.runtime.debugLines).toContainEqual(
      expect.stringMatching(
        /^the platform refused GET \/api\/deployment\/task\/search \(C\d+\): sending it once more with a new timestamp$/
      )
    );
    expect(second.runtime.lines).toEqual([]);
  });

  it('once the key is proven, sends the refused read again without a probe', async () => {
    const settings = settingsOf({ operation: 'search_tasks' });
    const first = run();
    const second = run();
    await first.send(searchByNameCall(settings, 'one'));
    await second.send(searchByNameCall(settings, 'other'));
    await first.send(searchByNameCall(settings, 'web'));
    await second.send(searchByNameCall(settings, 'web'));
    expect(pathsAndVerdicts().slice(2)).toEqual([
      `${SEARCH} accepted`,
      `${SEARCH} refused`,
      `${SEARCH} accepted`
    ]);
  });

  it('does not send a create again: the refusal goes to the caller, and one task is made', async () => {
    const settings = settingsOf({ operation: 'create', task_name: 'web', body: WEB_BODY });
    const create = callFor(settings, 'create', OPERATION_TABLE.create, undefined);
    const first = run();
    const second = run();
    await first.send(create);
    const refusal = await second.send(create).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(ApiError);
    // The key was proven by the probe: the refusal is not explained as the key's, clock's or signature's.
    expect((refusal as ApiError).message).not.toMatch(/fingerprint/);
    expect(pathsAndVerdicts()).toEqual([
      `${CREATE} accepted`,
      `${CREATE} refused`,
      '/api/deployment/resource/search accepted'
    ]);
  });

  it('fails on a read refused again: sent twice, not more, and not explained as the key', async () => {
    // A platform that refuses every task search, whatever its stamp.
    const refusing = {
      send: async (request: PreparedRequest) => {
        const answer = await client.send(request);
        if (!request.target.startsWith(SEARCH)) return answer;
        return { ...answer, body: JSON.stringify({ code: 'C123', message: 'refused', data: null }) };
      }
    };
    const { send } = run(refusing);
    const failure = await send(searchByNameCall(settingsOf({ operation: 'search_tasks' }), 'web')).catch(
      (error: unknown) => error
    );
    expect(failure).toBeInstanceOf(ApiError);
    expect((failure as ApiError).message).not.toMatch(/fingerprint/);
    expect(bench.emulator.requests.map((r) => r.path)).toEqual([
      SEARCH,
      '/api/deployment/resource/search',
      SEARCH
    ]);
  });
});
