import { execFileSync } from 'node:child_process';
import { createPrivateKey } from 'node:crypto';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { publicKeyFingerprint, signatureDiagnosis } from '../../src/platform/signature-diagnosis.js';
import { buildRequest, type PreparedRequest } from '../../src/protocol/request.js';
import { fixtureKey } from '../helpers/fixtures.js';
import { RSA_CREDENTIALS } from '../helpers/settings.js';

const KEYS = fileURLToPath(new URL('../fixtures/keys/', import.meta.url));

describe('signature diagnostics', () => {
  it("gives the private key's fingerprint as openssl prints it for the uploaded public key", () => {
    const der = execFileSync('openssl', [
      'pkey',
      '-pubin',
      '-in',
      join(KEYS, 'client-public.pem'),
      '-outform',
      'DER'
    ]);
    const expected = execFileSync('openssl', ['dgst', '-sha256', '-binary'], { input: der }).toString(
      'base64'
    );
    expect(publicKeyFingerprint(createPrivateKey(fixtureKey('client-private-pkcs8.pem')))).toBe(
      `SHA256:${expected}`
    );
  });

  it('names each cause of spec section 7 with what was sent', () => {
    const request = buildRequest({
      baseUrl: 'https://openapi.example',
      endpoint: { method: 'POST', path: '/api/deployment/task/create', version: '1.0.0', encrypt: true },
      query: [['a', 'b c']],
      body: { task_name: 'x', points: 1 },
      credentials: RSA_CREDENTIALS,
      now: 1_763_715_600_000
    });
    const text = signatureDiagnosis(request, RSA_CREDENTIALS, -7_000);
    expect(text).toMatch(
      /^The platform refused POST \/api\/deployment\/task\/create before it had accepted any request of this step; should it have refused the key, the timestamp or the signature, this is what was sent for each cause: RSA mode/
    );
    expect(text).toContain(
      "timestamp 1763715600000 (13 digits, milliseconds; the platform's clock differs from this runner's by -7s"
    );
    expect(text).toContain('version header "1.0.0"');
    expect(text).toContain('signed path "/api/deployment/task/create?a=b%20c"');
    expect(text).toContain(
      'an encrypted body of 344 bytes, signed as the Base64 ciphertext sent, after encrypting'
    );
    expect(text).toContain(
      publicKeyFingerprint(
        RSA_CREDENTIALS.mode === 'rsa'
          ? RSA_CREDENTIALS.privateKey
          : createPrivateKey(fixtureKey('client-private-pkcs8.pem'))
      )
    );
    expect(text).not.toMatch(/\n/);
    expect(signatureDiagnosis(request, { mode: 'token', token: 't' }, undefined)).toMatch(
      /token mode, .*not measured.*version header/
    );
  });
});

describe('signature diagnostics of each kind of body', () => {
  const request = (method: 'GET' | 'POST', body: string, encrypted = false): PreparedRequest => ({
    method,
    url: 'https://openapi.example/api/deployment/task/stop',
    target: '/api/deployment/task/stop',
    headers: { version: '1.0.0', timestamp: '1763715600000' },
    body,
    encrypted
  });

  it('says a body that is not encrypted is signed exactly as sent, and an empty one as the empty string', () => {
    expect(signatureDiagnosis(request('POST', '{"task_id":1}'), RSA_CREDENTIALS, 120_000)).toContain(
      "clock differs from this runner's by +2m"
    );
    expect(signatureDiagnosis(request('POST', '{"task_id":1}'), RSA_CREDENTIALS, 0)).toContain(
      'a JSON body of 13 bytes, signed exactly as sent'
    );
    expect(signatureDiagnosis(request('GET', ''), RSA_CREDENTIALS, 0)).toContain(
      'no body, signed as the empty string'
    );
  });

  it('says what was missing when a header was not sent at all', () => {
    const bare = { ...request('GET', ''), headers: {} };
    const text = signatureDiagnosis(bare, RSA_CREDENTIALS, undefined);
    expect(text).toContain('timestamp  (0 digits, milliseconds;');
    expect(text).toContain('version header ""');
  });
});
