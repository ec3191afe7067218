import { isSecretName, REDACTED, redactFields, secretValues } from '../../src/deploy/secret-fields.js';
import { exactInteger } from '../../src/protocol/json.js';

describe('isSecretName', () => {
  it.each([
    'AccessKeyId',
    'api_key',
    'apiKey',
    'sk',
    'SK',
    'oss_sk',
    'secretSk',
    'ak',
    'oss-ak',
    'auth',
    'Authorization',
    'password',
    'passwd',
    'repository_password',
    'repository_username',
    'credential',
    'client_secret',
    'token',
    'signature'
  ])('%s is a credential', (name) => {
    expect(isSecretName(name)).toBe(true);
  });

  it.each(['task_name', 'points', 'task', 'mask', 'disk', 'break', 'services', 'remote_ports', 'image'])(
    '%s is not',
    (name) => {
      expect(isSecretName(name)).toBe(false);
    }
  );
});

describe('redactFields and secretValues', () => {
  const body = {
    task_name: 'svc',
    env: { API_KEY: 'abcd1234', MODE: 'prod' },
    auth: { user: 'me', pin: 1234, enabled: true },
    ak: exactInteger('9007199254740993'),
    keys: ['k1-long', 'k2']
  };

  it('replaces every value under a secret name, at any depth, and keeps the rest', () => {
    expect(redactFields(body)).toEqual({
      task_name: 'svc',
      // Every value of an environment, whatever its name: it often holds credentials under any name.
      env: { API_KEY: '<redacted>', MODE: '<redacted>' },
      auth: { user: '<redacted>', pin: '<redacted>', enabled: '<redacted>' },
      ak: '<redacted>',
      keys: ['<redacted>', '<redacted>']
    });
  });

  it('lists the values to mask: strings and numbers of 4 characters or more, never booleans', () => {
    expect(secretValues(body)).toEqual(['abcd1234', '1234', '9007199254740993', 'k1-long']);
  });

  it('redacts every value of an environment, its names kept, and masks a value whose entry names a credential', () => {
    const body = {
      services: [
        {
          env: [
            { name: 'HF_TOKEN', value: 'hf_secret_value', value_from: null },
            { name: 'MODE', value: 'production' }
          ]
        },
        { env: 'API_KEY=abcd1234\nMODE=production' }
      ]
    };
    expect(redactFields(body)).toEqual({
      services: [
        {
          env: [
            { name: 'HF_TOKEN', value: REDACTED, value_from: null },
            { name: 'MODE', value: REDACTED }
          ]
        },
        { env: REDACTED }
      ]
    });
    expect(secretValues(body)).toEqual(['hf_secret_value']);
  });

  // Redaction copies what holds something to redact, and keeps the rest as it is: a bulk step redacts a
  // thousand answers, and no caller changes what it gets back.
  it('copies only what holds something to redact, and never changes the body it is given', () => {
    const body = {
      task_id: 1,
      services: [{ env: 'A=1', ports: [{ port: 80 }] }],
      resources: [{ mark: 'm' }]
    };
    const before = JSON.stringify(body);
    const redacted = redactFields(body) as typeof body;
    expect(JSON.stringify(body)).toBe(before);
    expect(redacted).not.toBe(body);
    expect(redacted.services[0]?.env).toBe('<redacted>');
    expect(redacted.services[0]?.ports).toBe(body.services[0]?.ports);
    expect(redacted.resources).toBe(body.resources);
    const clean = { task_id: 2, resources: [{ mark: 'm' }] };
    expect(redactFields(clean)).toBe(clean);
  });
});
