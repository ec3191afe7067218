import {
  applyChanges,
  checkChanges,
  configurationOf,
  diffConfigurations,
  imagesOf,
  servicesDiffer
} from '../../../../src/deploy/engine/tasks/configuration.js';
import { parseJson } from '../../../../src/protocol/json.js';
import { redactFields } from '../../../../src/deploy/engine/secret-fields.js';

/** A detail as the platform's reference gives it (numbers kept exact, as the action parses them). */
const DETAIL = parseJson(
  JSON.stringify({
    task_id: 1229831,
    task_type: 'Deployment',
    task_name: 'web',
    namespace: null,
    repository_username: null,
    repository_password: null,
    status: 'Running',
    points: 2,
    runing_points: 2,
    billing_points: 2,
    billing_value: 120000,
    forecast_value: 3000,
    load_balance: { type: 'RoundRobin', params: null },
    resources: [{ resource: null, region_name: '北京一区', mark: 'm-1' }],
    services: [
      {
        service_id: 7,
        service_name: 'api',
        service_image: 'app:1',
        env: 'API_KEY=s3cret',
        remote_ports: [{ url: 'https://t1-80.example', service_port: 80 }],
        health_checks: null,
        start_script_v2: null
      },
      {
        service_id: 8,
        service_name: 'sidecar',
        service_image: 'proxy:1',
        remote_ports: [],
        health_checks: null
      }
    ]
  })
) as Record<string, unknown>;

describe('configurationOf', () => {
  // Regression: status, counters and URLs were dropped, where the reference (task-edit) says the body must
  // match the detail's structure and missing system fields can fail validation.
  it("keeps the detail's structure unchanged, system fields included, and drops only the write-only fields", () => {
    const configuration = configurationOf(DETAIL);
    expect(Object.keys(configuration).sort()).toEqual(
      Object.keys(DETAIL)
        .filter((name) => !['repository_username', 'repository_password'].includes(name))
        .sort()
    );
    expect(configuration).toMatchObject({ status: 'Running', runing_points: expect.anything() });
    expect(configuration.services).toEqual(DETAIL.services);
  });

  it('compares configurations by what a task is set to, not by what the platform fills', () => {
    const later = { ...configurationOf(DETAIL), status: 'Pending', runing_points: 0, billing_value: 99 };
    expect(diffConfigurations(configurationOf(DETAIL), later)).toEqual([]);
  });

  it('refuses a detail without services', () => {
    expect(() => configurationOf({ task_name: 'x' })).toThrow('carries no services list');
    expect(() => configurationOf(null)).toThrow('carries no services list');
  });

  it('keeps services that are not objects, and ports that are not objects, as they are', () => {
    const configuration = configurationOf({ services: ['odd', { service_name: 'a', remote_ports: [3] }] });
    expect(configuration.services).toEqual(['odd', { service_name: 'a', remote_ports: [3] }]);
  });
});

describe('checkChanges', () => {
  it.each([
    [{}, 'body is empty, but update needs the changes'],
    [
      { repository_password: 'x' },
      'body sets repository_password, which the platform takes only when a task is created'
    ],
    [{ task_id: 1 }, 'body sets task_id, which an update cannot change'],
    [{ runing_points: 1 }, 'body sets runing_points, which an update cannot change'],
    [{ services: { service_name: 'a' } }, 'body services is not a list'],
    [{ services: ['a'] }, 'body services[0] names no service_name'],
    [{ services: [{ service_name: '' }] }, 'body services[0] names no service_name']
  ])('refuses %j', (changes, message) => {
    expect(() => {
      checkChanges(changes);
    }).toThrow(message);
  });

  it('takes top-level fields and services named by service_name', () => {
    expect(() => {
      checkChanges({ points: 3, services: [{ service_name: 'api', service_image: 'app:2' }] });
    }).not.toThrow();
  });
});

describe('applyChanges and diffConfigurations', () => {
  const before = configurationOf(DETAIL);

  it('replaces top-level fields and the fields of each service named, leaving the others', () => {
    const after = applyChanges(before, {
      points: 3,
      load_balance: { type: 'IpHash', params: null },
      services: [
        { service_name: 'api', service_image: 'app:2' },
        { service_name: 'api', env: 'API_KEY=n3w' }
      ]
    });
    const services = after.services as Record<string, unknown>[];
    expect(services.map((s) => [s.service_name, s.service_image, s.env])).toEqual([
      ['api', 'app:2', 'API_KEY=n3w'],
      ['sidecar', 'proxy:1', undefined]
    ]);
    expect(diffConfigurations(before, after)).toEqual([
      { path: 'points', before: '2', after: '3' },
      { path: 'load_balance.type', before: '"RoundRobin"', after: '"IpHash"' },
      { path: 'services[api].service_image', before: '"app:1"', after: '"app:2"' },
      { path: 'services[api].env', before: '<redacted>', after: '<redacted>' }
    ]);
    expect(servicesDiffer(before, after)).toBe(true);
    expect(imagesOf(after)).toEqual(
      new Map([
        ['api', 'app:2'],
        ['sidecar', 'proxy:1']
      ])
    );
  });

  it('finds nothing to change when the changes repeat the configuration', () => {
    const after = applyChanges(before, { services: [{ service_name: 'api', service_image: 'app:1' }] });
    expect(diffConfigurations(before, after)).toEqual([]);
    expect(servicesDiffer(before, after)).toBe(false);
  });

  it('says when a field or a whole service appears or goes, redacting credential-looking fields', () => {
    const services = before.services as Record<string, unknown>[];
    const after = {
      ...before,
      api_token: 'tok-123456',
      services: [...services.slice(0, 1), { ...services[1], service_name: 'worker', env: 'SECRET=w0rker' }]
    };
    const changes = diffConfigurations(before, after);
    expect(changes.map(({ path, after: now }) => [path, now.slice(0, 20)])).toEqual([
      ['services[sidecar]', '(none)'],
      ['services[worker]', '{"service_id":8,"ser'],
      ['api_token', '<redacted>']
    ]);
    expect(JSON.stringify(changes)).not.toContain('w0rker');
    expect(changes[1]?.after).toContain('"env":"<redacted>"');
  });

  it('compares lists other than services whole', () => {
    const after = { ...before, resources: [{ resource: null, region_name: '广东-T1', mark: 'm-2' }] };
    expect(diffConfigurations(before, after).map((c) => c.path)).toEqual(['resources']);
  });

  it('refuses a service the task has not, naming those it has', () => {
    expect(() => applyChanges(before, { services: [{ service_name: 'db' }] })).toThrow(
      'body services names "db", but the task has no such service: use one of "api", "sidecar"'
    );
    expect(() => applyChanges({ services: 'none' }, { services: [{ service_name: 'db' }] })).toThrow(
      'use one of '
    );
  });
});

describe('odd configurations', () => {
  it('leaves services that are not objects as they are, and finds no image in them', () => {
    const odd = { services: ['odd', { service_name: 'a', service_image: 'a:1' }] };
    expect(applyChanges(odd, { services: [{ service_name: 'a', service_image: 'a:2' }] }).services).toEqual([
      'odd',
      { service_name: 'a', service_image: 'a:2' }
    ]);
    expect(imagesOf(odd)).toEqual(new Map([['a', 'a:1']]));
    expect(imagesOf({ services: 'none' })).toEqual(new Map());
  });
});

// The one field redactor (secret-fields.ts) redacts a configuration to restore, as every file's.
describe('a configuration redacted to be written', () => {
  it('redacts every env and credential-looking field, keeping numbers and the rest', () => {
    const redacted = redactFields({ ...configurationOf(DETAIL), registry_secret: { a: 1 } }) as Record<
      string,
      unknown
    >;
    expect(JSON.stringify(redacted)).not.toContain('s3cret');
    expect(redacted.registry_secret).toEqual({ a: '<redacted>' });
    expect((redacted.services as Record<string, unknown>[])[0]?.env).toBe('<redacted>');
    expect((redacted.services as Record<string, unknown>[])[1]?.env).toBeUndefined();
    expect(String(redacted.points)).toBe('2');
  });
});
