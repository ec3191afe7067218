import { jest } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { startEmulator, type Emulator } from '../../emulator/index.js';
import { ApiClient, ResponseTooLargeError, TransportError } from '../../src/platform/client.js';
import type { PreparedRequest } from '../../src/protocol/request.js';
import { fixtureEmulatorKeys } from '../helpers/fixtures.js';
import { SHUFFLED_CODES } from '../helpers/platform-client.js';

const TLS = new URL('../../emulator/tls/', import.meta.url);

/** A GET of the emulator's app path: no API headers, any answer the fault rules give. */
const get = (baseUrl: string, target = '/api/deployment/task/detail?task_id=1'): PreparedRequest => ({
  method: 'GET',
  url: `${baseUrl}${target}`,
  target,
  headers: {},
  body: '',
  encrypted: false
});

/** How a request failed: its class, and for a transport error its reason and whether it was sent. */
async function failure(answer: Promise<unknown>): Promise<unknown> {
  const error = await answer.then(
    () => undefined,
    (e: unknown) => e
  );
  if (error instanceof TransportError) return { transport: error.reason, sent: error.sent };
  if (error instanceof ResponseTooLargeError) return { tooLarge: error.message };
  return error;
}

/**
 * The HTTPS client against a real server on 127.0.0.1: the emulator, with fault rules for slow and large
 * answers, and a server whose certificate does not name the address asked for.
 */
describe('ApiClient', () => {
  let emulator: Emulator;
  // An emulator of each test's own: no request of another test is counted.
  beforeEach(async () => {
    emulator = await startEmulator({ keys: fixtureEmulatorKeys(), ...SHUFFLED_CODES });
  });
  afterEach(() => emulator.stop());
  afterEach(() => {
    emulator.clearFaults();
  });

  const client = (options: { timeoutMs?: number; maxResponseBytes?: number; cancel?: AbortSignal } = {}) =>
    new ApiClient({
      userAgent: 'client-test',
      timeoutMs: options.timeoutMs ?? 5000,
      maxResponseBytes: options.maxResponseBytes ?? 1024 * 1024,
      ...(options.cancel === undefined ? {} : { cancel: options.cancel })
    });

  /**
   * Only the client's own timers are faked, and each test moves them once the emulator holds the request:
   * a busy machine, however slow its TLS handshakes, cannot make a timer fire before the request is sent.
   */
  const clientTimersOnly = (): void => {
    jest.useFakeTimers({
      doNotFake: [
        'Date',
        'hrtime',
        'nextTick',
        'performance',
        'queueMicrotask',
        'setImmediate',
        'clearImmediate',
        'setInterval',
        'clearInterval'
      ]
    });
  };

  /** The next request held by the emulator until `release` is called (or the emulator stops). */
  const holdNext = (): { release: () => void } => {
    let release = (): void => undefined;
    emulator.inject({
      holdUntil: new Promise<void>((resolve) => {
        release = resolve;
      })
    });
    return {
      release: () => {
        release();
      }
    };
  };

  /** Turns of the event loop, no clock, until the emulator has read `count` requests whole. */
  const received = async (count: number): Promise<void> => {
    while (emulator.requests.length < count) await new Promise((resolve) => setImmediate(resolve));
  };

  it('fails a request that gets no answer within its timeout, as sent (the server may act on it)', async () => {
    const held = holdNext();
    clientTimersOnly();
    const c = client({ timeoutMs: 100 });
    try {
      const answer = failure(c.send(get(emulator.base_url)));
      await received(1);
      jest.advanceTimersByTime(99);
      expect(emulator.requests).toHaveLength(1);
      jest.advanceTimersByTime(1);
      await expect(answer).resolves.toEqual({ transport: 'timeout', sent: true });
    } finally {
      jest.useRealTimers();
      held.release();
      c.dispose();
    }
  });

  it('fails a request that gets no answer by the moment its caller needs it, before request_timeout, as late', async () => {
    const held = holdNext();
    clientTimersOnly();
    const c = client({ timeoutMs: 5000 });
    try {
      const answer = failure(c.send(get(emulator.base_url), { timeoutMs: 100 }));
      await received(1);
      jest.advanceTimersByTime(100);
      await expect(answer).resolves.toEqual({ transport: 'late', sent: true });
    } finally {
      jest.useRealTimers();
      held.release();
      c.dispose();
    }
  });

  it('sends nothing once the step is cancelled, and aborts what is in flight when it is', async () => {
    const cancel = new AbortController();
    const c = client({ cancel: cancel.signal });
    const held = holdNext();
    try {
      const inFlight = c.send(get(emulator.base_url));
      await received(1);
      cancel.abort();
      await expect(failure(inFlight)).resolves.toEqual({ transport: 'cancelled', sent: true });
      const before = emulator.requests.length;
      await expect(failure(c.send(get(emulator.base_url)))).resolves.toEqual({
        transport: 'cancelled',
        sent: false
      });
      expect(emulator.requests.length).toBe(before);
    } finally {
      held.release();
      c.dispose();
    }
  });

  it.each([
    ['a Content-Length over the limit, unread', false],
    ['a chunked answer, once it passes the limit', true]
  ])('refuses an answer larger than max_response_size: %s', async (_what, chunked) => {
    emulator.inject({ answer: { kind: 'large', bytes: 64 * 1024, chunked } });
    const c = client({ maxResponseBytes: 16 * 1024 });
    try {
      await expect(failure(c.send(get(emulator.base_url)))).resolves.toEqual({
        tooLarge: expect.stringMatching(/answered more than 16 KiB \(max_response_size\)/)
      });
    } finally {
      c.dispose();
    }
  });

  describe('with a server whose certificate does not name the address', () => {
    let server: Server;
    let url: string;
    beforeAll(async () => {
      server = createServer({
        key: readFileSync(new URL('server-key.pem', TLS)),
        cert: readFileSync(new URL('server.pem', TLS))
      });
      server.on('request', (_req, res) => res.end('{}'));
      // The certificate names 127.0.0.1; 127.0.0.2 is the same machine under an address it does not name.
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.2', resolve));
      url = `https://127.0.0.2:${(server.address() as AddressInfo).port}`;
    });
    afterAll(
      () =>
        new Promise<void>((resolve) =>
          server.close(() => {
            resolve();
          })
        )
    );

    it('fails as a TLS failure, saying how to trust a private CA', async () => {
      const c = client();
      try {
        const error = await c.send(get(url)).catch((e: unknown) => e);
        expect(error).toBeInstanceOf(TransportError);
        expect((error as TransportError).reason).toBe('tls');
        expect((error as Error).message).toMatch(
          /^GET \/api\/deployment\/task\/detail\?task_id=1 got no answer: .*the server certificate is not trusted; for a private CA, set NODE_EXTRA_CA_CERTS to its PEM file$/
        );
      } finally {
        c.dispose();
      }
    });
  });
});
