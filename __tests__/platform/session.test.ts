import { readSettings } from '../../src/action/settings.js';
import { ApiClient } from '../../src/platform/client.js';
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
});
