import { createPrivateKey } from 'node:crypto';
import { fixtureKey } from '../helpers/fixtures.js';
import { type CallResult, type TestClient, type TestClock } from '../helpers/platform-client.js';
import { useTestEmulator } from './helpers.js';

const SEARCH_PATH = '/api/deployment/resource/search';
/** A resource search as the platform takes it: its two parameters are required. */
const SEARCH = `${SEARCH_PATH}?task_type=Deployment&device_type=GpuDevice`;
const CREATE = '/api/deployment/task/create';
const CREATE_BODY = { task_name: 'sig-test', points: 1 };

interface Cause {
  cause: string;
  reason: string;
  /** What the answer's msg must say. */
  mentions: RegExp;
  send: (client: TestClient, clock: TestClock) => Promise<CallResult>;
}

/** Every cause of a signature error named in spec section 7, made on purpose, with the reason expected. */
const CAUSES: Cause[] = [
  {
    cause: '10-digit timestamp (seconds)',
    reason: 'timestamp_in_seconds',
    mentions: /10 digits \(seconds\)/,
    send: (c, clock) =>
      c.call({ method: 'GET', target: SEARCH, timestamp: String(Math.floor(clock.ms / 1000)) })
  },
  {
    cause: 'version "1" instead of the interface version',
    reason: 'version_mismatch',
    mentions: /version header "1" is not .* "1\.0\.0"/,
    send: (c) => c.call({ method: 'GET', target: SEARCH, version: '1' })
  },
  {
    cause: 'path signed without its leading /',
    reason: 'signed_path_without_slash',
    mentions: /without its leading "\/"/,
    send: (c) =>
      c.call({
        method: 'GET',
        target: SEARCH,
        stringToSign: (f) => [f.target.slice(1), f.version, f.timestamp, f.token, f.body].join('\n')
      })
  },
  {
    cause: 'query left out of the signed path',
    reason: 'signed_path_without_query',
    mentions: /without its query/,
    send: (c) =>
      c.call({
        method: 'GET',
        target: SEARCH,
        stringToSign: (f) => [SEARCH_PATH, f.version, f.timestamp, f.token, f.body].join('\n')
      })
  },
  {
    cause: 'GET body signed as {}',
    reason: 'empty_body_not_empty_string',
    mentions: /signed as "\{\}": .* signs the empty string/,
    send: (c) =>
      c.call({
        method: 'GET',
        target: SEARCH,
        stringToSign: (f) => [f.target, f.version, f.timestamp, f.token, '{}'].join('\n')
      })
  },
  {
    cause: 'GET body signed as null',
    reason: 'empty_body_not_empty_string',
    mentions: /signed as "null"/,
    send: (c) =>
      c.call({
        method: 'GET',
        target: SEARCH,
        stringToSign: (f) => [f.target, f.version, f.timestamp, f.token, 'null'].join('\n')
      })
  },
  {
    cause: 'fields in the wrong order',
    reason: 'signed_fields_out_of_order',
    mentions: /order path, timestamp, version, token, body/,
    send: (c) =>
      c.call({
        method: 'GET',
        target: SEARCH,
        stringToSign: (f) => [f.target, f.timestamp, f.version, f.token, f.body].join('\n')
      })
  },
  {
    cause: 'CRLF instead of LF',
    reason: 'signed_with_crlf',
    mentions: /CRLF/,
    send: (c) =>
      c.call({
        method: 'GET',
        target: SEARCH,
        stringToSign: (f) => [f.target, f.version, f.timestamp, f.token, f.body].join('\r\n')
      })
  },
  {
    cause: 'plaintext signed but ciphertext sent',
    reason: 'signed_plaintext_not_ciphertext',
    mentions: /plaintext JSON was signed/,
    send: (c) =>
      c.call({
        method: 'POST',
        target: CREATE,
        json: CREATE_BODY,
        encrypt: true,
        stringToSign: (f, plaintext) =>
          [f.target, f.version, f.timestamp, f.token, plaintext ?? ''].join('\n')
      })
  },
  {
    cause: 'wrong private key',
    reason: 'signature_key_mismatch',
    mentions: /does not verify with the client public key/,
    send: (c) =>
      c.call({
        method: 'GET',
        target: SEARCH,
        signingKey: createPrivateKey(fixtureKey('other-private-pkcs8.pem'))
      })
  },
  {
    cause: 'expired timestamp',
    reason: 'timestamp_expired',
    mentions: /5m0s behind the platform clock/,
    send: (c, clock) =>
      c.call({ method: 'GET', target: SEARCH, timestamp: String(clock.ms - 5 * 60_000 - 1) })
  },
  {
    cause: 'replayed request',
    reason: 'request_replayed',
    mentions: /already used/,
    send: async (c) => {
      const request = c.build({ method: 'GET', target: SEARCH });
      expect((await c.send(request)).envelope.code).toBe('0000');
      return c.send(request);
    }
  },
  {
    cause: 'RSA-mode key without sign_str',
    reason: 'sign_str_missing',
    mentions: /RSA signature mode/,
    send: (c) => c.call({ method: 'GET', target: SEARCH, omit: ['sign_str'] })
  },
  {
    cause: 'token-mode key on an encrypted endpoint',
    reason: 'token_mode_cannot_encrypt',
    mentions: /token-mode keys cannot call it/,
    send: (c) => c.call({ method: 'POST', target: CREATE, json: CREATE_BODY, encrypt: true, mode: 'token' })
  }
];

describe('signature errors of spec section 7', () => {
  // An emulator of each test's own: what a test reads is its own request's.
  // Spec section 7's causes, on the spec's forms.
  const bench = useTestEmulator({ profile: 'spec' });

  it('gives every cause its own reason', () => {
    const byCause = new Map(CAUSES.map((c) => [c.cause.replace(/ as .*/, ''), c.reason]));
    expect(new Set(byCause.values()).size).toBe(byCause.size);
  });

  it.each(CAUSES.map((c) => [c.cause, c] as const))(
    '%s is refused, naming the cause',
    async (_cause, cause) => {
      const response = await cause.send(bench.client, bench.clock);
      expect(response.status).toBe(200);
      expect(response.envelope.code).not.toBe('0000');
      expect(response.envelope.data).toBeNull();
      expect(response.envelope.msg).toMatch(cause.mentions);
      expect(bench.client.lastReason()).toBe(cause.reason);
      expect(bench.emulator.requests.at(-1)?.applied).toBe(false);
      // A refused create makes no task.
      expect(() => bench.emulator.tasks.get(1229831)).toThrow(/does not exist/);
    }
  );
});
