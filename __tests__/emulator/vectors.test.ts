import { createPrivateKey } from 'node:crypto';
import { decryptBody } from '../../emulator/body-decryption.js';
import { startEmulator, type Emulator } from '../../emulator/index.js';
import { fixtureJson, fixtureKey, type EncryptionCase, type SigningCase } from '../helpers/fixtures.js';
import { parseEnvelope, send, TestClient } from '../helpers/platform-client.js';

const signing = fixtureJson('signing.json') as { cases: SigningCase[] };
const encryption = fixtureJson('encryption.json') as { cases: EncryptionCase[] };
const VECTOR_TIME = Number(signing.cases[0]?.timestamp);
/** Vectors signed for a resource search without the query the platform requires (task_type, device_type). */
const LACKS_REQUIRED_PARAMETERS = new Set(['/api/deployment/resource/search']);

describe('signing.json replayed against the emulator', () => {
  let emulator: Emulator;

  // An emulator of each test's own: a vector is never taken for a replay of another test's.
  beforeEach(async () => {
    const [first, ...others] = [...new Set(signing.cases.map((c) => c.token))];
    emulator = await startEmulator({
      profile: 'spec',
      now: () => VECTOR_TIME,
      keys: {
        rsa: {
          token: first,
          clientPrivateKey: fixtureKey('client-private-pkcs8.pem'),
          platformPrivateKey: fixtureKey('platform-private-pkcs8.pem')
        }
      }
    });
    for (const token of others) {
      emulator.addKey({
        mode: 'rsa',
        token,
        clientPublicKey: fixtureKey('client-public.pem'),
        platformPrivateKey: fixtureKey('platform-private-pkcs8.pem')
      });
    }
    // The tasks the detail vectors ask about, including one beyond 2^53.
    for (const id of ['1229831', '9007199254740993', '7']) {
      emulator.tasks.add({ task_id: id, task_name: `vector-${id}`, points: 1 });
    }
  });
  afterEach(() => emulator.stop());

  it.each(signing.cases.map((c) => [c.name, c] as const))('%s is accepted', async (_name, vector) => {
    emulator.setVersion(vector.path.split('?')[0] ?? '', vector.version);
    const response = await send(emulator.base_url, emulator.ca_file, {
      method: vector.method,
      target: vector.path,
      headers: {
        token: vector.token,
        version: vector.version,
        timestamp: vector.timestamp,
        'content-type': 'application/json',
        sign_str: vector.sign_str
      },
      body: vector.body
    });
    const record = emulator.requests.at(-1);
    if (LACKS_REQUIRED_PARAMETERS.has(vector.path)) {
      // The signature is verified; the platform's reference then refuses the search for its missing
      // task_type and device_type, and so does the emulator.
      expect(record?.verdict).toEqual(expect.objectContaining({ code: 'C005', reason: 'invalid_parameter' }));
      return;
    }
    expect(record?.verdict).toEqual({ code: '0000', reason: 'ok', message: 'success' });
    expect(response.status).toBe(200);
    expect(parseEnvelope(response.text).code).toBe('0000');
    if (vector.plaintext !== undefined) expect(record?.plaintext).toBe(vector.plaintext);
    emulator.setVersion(vector.path.split('?')[0] ?? '', '1.0.0');
  });

  it('answers the detail of a task id beyond 2^53 with its exact digits', async () => {
    const client = new TestClient(emulator, () => VECTOR_TIME + 1);
    const response = await client.call({
      method: 'POST',
      target: '/api/deployment/task/detail',
      token: emulator.rsa.token,
      body: '{"task_id":9007199254740993}'
    });
    expect(response.envelope.code).toBe('0000');
    expect(response.text).toContain('"task_id":9007199254740993,');
  });
});

describe('encryption.json fixtures', () => {
  const platformKey = createPrivateKey(fixtureKey('platform-private-pkcs8.pem'));

  it.each(encryption.cases.map((c) => [c.name, c] as const))(
    '%s decrypts to its plaintext',
    (_name, fixture) => {
      expect(Buffer.from(fixture.ciphertext_base64, 'base64')).toHaveLength(fixture.chunks * 256);
      expect(decryptBody(fixture.ciphertext_base64, platformKey)).toBe(fixture.plaintext);
    }
  );
});
