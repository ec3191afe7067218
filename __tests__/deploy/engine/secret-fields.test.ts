import {
  answerSecrets,
  envTextSecrets,
  isSecretName,
  REDACTED,
  redactFields,
  secretValues
} from '../../../src/deploy/engine/secret-fields.js';
import { exactInteger } from '../../../src/protocol/json.js';

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
    // Both forms alike (issue 60, point 13): a job's {name, value} and a deployment's NAME=value text.
    expect(secretValues(body)).toEqual(['hf_secret_value', 'abcd1234']);
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

// Regression (issue 60, point 13): a deployment service's env is a string (the reference types it so) of
// NAME=value lines; its secret values were never masked, where a job's {name, value} entries were.
describe("a deployment's env text", () => {
  it.each([
    ['API_KEY=s3cr3t\nOTHER=x', ['s3cr3t']],
    ['API_KEY=s3cr3t\r\nDB_PASSWORD=hunter22', ['s3cr3t', 'hunter22']],
    ['export HF_TOKEN="hf_quoted_1"\nMODE=production', ['hf_quoted_1']],
    ["  AWS_SECRET_ACCESS_KEY = 'wJalr/K7MDENG'  ", ['wJalr/K7MDENG']],
    ['PASSWORD=a=b=c=d', ['a=b=c=d']],
    ['MODE=production\nLOG_LEVEL=debug', []],
    ['API_KEY=abc\n# a comment\n\nnot a variable', []],
    ['', []]
  ])('%j masks %j', (text, values) => {
    expect(envTextSecrets(text)).toEqual(values);
  });

  it('is masked as a body gives it, and as an answer of the platform names it', () => {
    const service = { service_name: 'web', env: 'API_KEY=s3cr3t\nOTHER=x' };
    expect(secretValues({ services: [service] })).toEqual(['s3cr3t']);
    const detail = JSON.stringify({ code: '0000', message: 'success', data: { services: [service] } });
    expect(answerSecrets(detail)).toEqual(['s3cr3t']);
    const job = JSON.stringify({ data: { services: [{ env: [{ name: 'HF_TOKEN', value: 'hf_x_1234' }] }] } });
    expect(answerSecrets(job)).toEqual(['hf_x_1234']);
    // An answer that names no environment and no credential is not even parsed; one that is no JSON names none.
    expect(answerSecrets('{"code":"0000","data":{"env":null,"task_id":1}}')).toEqual([]);
    expect(answerSecrets('<html>env: API_KEY=x</html>"env": "API_KEY=s3cr3t"')).toEqual([]);
  });
});
