import { readSettings } from '../../src/deploy/settings.js';
import { ApiClient, TransportError } from '../../src/platform/client.js';
import { HeldBackError } from '../../src/platform/throttle.js';
import { detailCall } from '../../src/platform/operations/calls.js';
import { openSession } from '../../src/platform/session.js';
import type { PreparedRequest } from '../../src/protocol/request.js';
import { rsaInputs } from '../helpers/emulator-inputs.js';
import { SHUFFLED_CODES, startTestEmulator } from '../helpers/platform-client.js';
import { testRuntime } from '../helpers/runtime.js';

describe('a session', () => {
  // Regression (issue 37): each signature was masked (one ::add-mask:: per request, about 15 MB of them in
  // a 6 h wait); it is kept out of what is read from an answer instead, even one that echoes it.
  it("keeps a request's own signature out of an answer that echoes it, and masks none", async () => {
    const { emulator } = await startTestEmulator({ ...SHUFFLED_CODES });
    const client = new ApiClient({ userAgent: 'test', timeoutMs: 5000, maxResponseBytes: 1024 * 1024 });
    try {
      const inputs: Record<string, string> = { ...rsaInputs(emulator), operation: 'detail', task_id: '1' };
      const settings = readSettings(
        (name) => inputs[name] ?? '',
        () => undefined
      );
      // A hostile server: every answer a refusal quoting the request's signature.
      const echoing = {
        send: async (request: PreparedRequest) => {
          const answer = await client.send(request);
          const message = `signature ${request.headers.sign_str ?? ''} is not valid`;
          return { ...answer, body: JSON.stringify({ code: 'C999', message, data: null }) };
        }
      };
      const runtime = testRuntime(echoing, { now: Date.now });
      const send = openSession(settings, runtime, Date.now() + 60_000);
      const failure = await send(detailCall(settings, '1')).catch((error: unknown) => error as Error);
      expect(failure).toBeInstanceOf(Error);
      const signatures = emulator.requests.map((r) => r.headers.sign_str ?? '');
      expect(signatures.length).toBeGreaterThan(0);
      expect(signatures.every((signature) => signature.length > 20)).toBe(true);
      for (const signature of signatures) expect((failure as Error).message).not.toContain(signature);
      expect((failure as Error).message).toContain('signature <redacted> is not valid');
    } finally {
      client.dispose();
      await emulator.stop();
    }
  });

  // Issue 60, point 1: a read needed by a moment that gets no answer by then is held back, not a timeout.
  it('bounds a request needed by a moment: a client limit that long, no answer by then a HeldBackError', async () => {
    const inputs: Record<string, string> = {
      base_url: 'https://platform.invalid',
      token: 't',
      operation: 'detail',
      task_id: '1'
    };
    const settings = readSettings(
      (name) => inputs[name] ?? '',
      () => undefined
    );
    const limits: (number | undefined)[] = [];
    const late = {
      send: (_request: PreparedRequest, given?: { timeoutMs?: number }) => {
        limits.push(given?.timeoutMs);
        return Promise.reject(
          new TransportError('GET /x got no answer by the moment it was needed', 'ETIMEDOUT', true, 'late')
        );
      }
    };
    const runtime = testRuntime(late);
    const send = openSession(settings, runtime, runtime.now() + 600_000);
    const held = await send(detailCall(settings, '1'), { notAfter: runtime.now() + 7_000 }).catch(
      (error: unknown) => error
    );
    expect(held).toBeInstanceOf(HeldBackError);
    expect((held as HeldBackError).why).toBe('GET /api/task/deployment/detail got no answer');
    expect(limits).toEqual([7_000]);
    // Needed by a moment already past: nothing is sent.
    await expect(send(detailCall(settings, '1'), { notAfter: runtime.now() - 1 })).rejects.toBeInstanceOf(
      HeldBackError
    );
    expect(limits).toEqual([7_000]);
  });
});
