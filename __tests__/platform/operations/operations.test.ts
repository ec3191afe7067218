import { cleanupCall, detailCall, searchByNameCall } from '../../../src/platform/operations/calls.js';
import { planCalls } from '../../../src/platform/operations/plan-calls.js';
import { inputsFromFields } from '../../../src/platform/operations/calls.js';
import { JOB_BODY } from '../../helpers/bodies.js';
import type { Call } from '../../../src/platform/operations/operation-table.js';
import type { Settings } from '../../../src/deploy/settings.js';
import { SERVICE_BODY, testSettings } from '../../helpers/settings.js';

const plan = (s: Partial<Settings>) => planCalls(testSettings(s));
const endpointOf = (s: Partial<Settings>) => plan(s).calls[0]?.endpoint;

describe('planCalls', () => {
  it('follows the spec: create and storage check are encrypted POSTs, detail is a POST with {task_id}', () => {
    expect(endpointOf({ operation: 'create', taskName: 'a', points: 1 })).toEqual({
      method: 'POST',
      path: '/api/deployment/task/create',
      version: '1.0.0',
      encrypt: true
    });
    expect(endpointOf({ operation: 'storage_check', body: { a: 1 } })).toMatchObject({
      path: '/api/storage/encrypt/check',
      encrypt: true
    });
    const [detail] = plan({ operation: 'detail', taskIds: ['9007199254740993'], apiVersion: '2.1.0' }).calls;
    expect(detail?.endpoint).toEqual({
      method: 'POST',
      path: '/api/deployment/task/detail',
      version: '2.1.0',
      encrypt: false
    });
    expect(String((detail?.body as { task_id: unknown }).task_id)).toBe('9007199254740993');
  });

  it('sends search_resources with the two parameters the platform requires, unless the query sets them', () => {
    const [call] = plan({ operation: 'search_resources', query: [['page', '1']] }).calls;
    expect(call).toMatchObject({
      endpoint: { method: 'GET', path: '/api/deployment/resource/search' },
      query: [
        ['task_type', 'Deployment'],
        ['device_type', 'GpuDevice'],
        ['page', '1']
      ],
      body: undefined
    });
    expect(
      plan({ operation: 'search_resources', query: [['device_type', 'CpuDevice']] }).calls[0]?.query
    ).toEqual([
      ['task_type', 'Deployment'],
      ['device_type', 'CpuDevice']
    ]);
  });

  it.each([
    ['billing', '/api/billing/get_billing_record'],
    ['task_billing', '/api/billing/get_task_billing_record']
  ] as const)('sends %s as GET %s with the window the platform requires', (operation, path) => {
    const [call] = plan({ operation }).calls;
    expect(call).toMatchObject({
      endpoint: { method: 'GET', path },
      query: [
        ['range', 'day'],
        ['start_time', '2026-11-17T09:00:00Z'],
        ['end_time', '2026-11-24T09:00:00Z']
      ],
      body: undefined
    });
    expect(call?.traits).toMatchObject({ answers: 'bills', pages: true });
  });

  it('sends the tasks to bill as task_ids, and refuses a window set differently in the query', () => {
    expect(plan({ operation: 'billing', taskIds: ['7', '9007199254740993'] }).calls[0]?.query).toContainEqual(
      ['task_ids', '7,9007199254740993']
    );
    expect(() => plan({ operation: 'billing', query: [['range', 'hour']] })).toThrow(
      'query sets range "hour", but the billing_range input says day: set it in one place, or the same value in both'
    );
    expect(() => plan({ operation: 'task_billing', taskIds: ['7'] })).toThrow(
      'task_id is set, but task_billing concerns no particular task: remove task_id'
    );
  });

  it('leaves points out of a create that does not set it: the platform makes 1 node', () => {
    const [call] = plan({ operation: 'create', taskName: 'a' }).calls;
    expect(call?.body).toEqual({ task_name: 'a' });
  });

  // Regression (issue 49, point 6): a job body copied from the reference (each of its examples has points)
  // was refused as "body sets points, which has its own input" though points was the same.
  it('takes a field the body or query says again with the same value, and sends it once, as the input says', () => {
    const jobBody = { points: '2', task_name: 'j', ...(JSON.parse(JOB_BODY) as Record<string, unknown>) };
    const [job] = plan({
      operation: 'job',
      jobType: 'on_demand',
      taskName: 'j',
      points: 2,
      body: jobBody
    }).calls;
    expect(job?.body).toMatchObject({ task_name: 'j', points: 2 });
    const [search] = plan({
      operation: 'job_search',
      taskName: 'train',
      taskStatuses: ['Running', 'End'],
      query: [
        ['search_value', 'train'],
        ['status', 'Running, End']
      ]
    }).calls;
    expect(search?.query.filter(([name]) => name === 'search_value' || name === 'status')).toEqual([
      ['status', 'Running,End'],
      ['search_value', 'train']
    ]);
    expect(() => plan({ operation: 'job_search', taskName: 'a', query: [['search_value', 'b']] })).toThrow(
      'query sets search_value "b", but the task_name input says a: set it in one place, or the same value in both'
    );
  });

  it('gives an empty input the value a body or query copied from the reference sets for it', () => {
    expect(inputsFromFields('job', { points: 4, task_name: 'train', job_support: {} }, [])).toEqual(
      new Map([
        ['task_name', 'train'],
        ['points', '4']
      ])
    );
    expect(inputsFromFields('job_search', {}, [['search_value', 'train']])).toEqual(
      new Map([['task_name', 'train']])
    );
    // Only where the operation sets the field from that input: a request's body is its own.
    expect(inputsFromFields('request', { points: 4 }, [])).toEqual(new Map());
    expect(inputsFromFields('update', { task_name: 'x' }, [])).toEqual(new Map());
    expect(inputsFromFields('create', { points: { n: 1 } }, [])).toEqual(new Map());
    // A list of statuses is the input's comma list; a list of mappings, or nothing, is no input.
    expect(inputsFromFields('job_search', {}, [['status', '']])).toEqual(new Map());
    expect(inputsFromFields('create', { task_name: ['a', 'b'], points: [{ n: 1 }] }, [])).toEqual(
      new Map([['task_name', 'a,b']])
    );
    expect(inputsFromFields('create', { task_name: null, points: true }, [])).toEqual(new Map());
  });

  it.each([
    [{ mark: { resource: {}, mark: 'abc' } }, 'an object (the whole regions[].mark of the resource search)'],
    [{ resource: {} }, 'missing'],
    [{ mark: 7 }, 'a number']
  ])(
    'refuses a create whose resources[0] is %j before sending, saying which string it needs',
    (entry, what) => {
      expect(() => plan({ operation: 'create', taskName: 'a', body: { resources: [entry] } })).toThrow(
        `body resources[0].mark is ${what}, but a create needs the string inside it: set resources[0].mark to regions[].mark.mark of the resource search (search_resources shows it in the job summary)`
      );
      expect(() =>
        plan({ operation: 'create', taskName: 'a', body: { resources: [{ mark: 'abc' }] } })
      ).not.toThrow();
    }
  );

  it.each([
    ['stop', '/api/deployment/task/stop', 'ended'],
    ['pause', '/api/deployment/task/pause', 'paused'],
    ['recover', '/api/deployment/task/recover', 'ready']
  ] as const)('sends %s as a POST {task_id} per task, and waits by default', (operation, path, target) => {
    const planned = plan({ operation, taskIds: ['1', '2'] });
    expect(planned.calls.map((c) => [c.endpoint.method, c.endpoint.path, c.body])).toEqual([
      ['POST', path, { task_id: expect.anything() }],
      ['POST', path, { task_id: expect.anything() }]
    ]);
    expect(planned.calls.map((c) => String((c.body as { task_id: unknown }).task_id))).toEqual(['1', '2']);
    expect(planned.wait).toBe(target);
  });

  it('sends change_points as {task_id, points} and nodes as GET ?task_id= with the query after it', () => {
    expect(plan({ operation: 'change_points', taskIds: ['7'], points: 3 }).calls[0]?.body).toEqual({
      task_id: expect.anything(),
      points: 3
    });
    const [nodes] = plan({ operation: 'nodes', taskIds: ['7'], query: [['status', 'Running']] }).calls;
    expect(nodes).toMatchObject({
      endpoint: { method: 'GET', path: '/api/deployment/task/points' },
      query: [
        ['task_id', '7'],
        ['status', 'Running']
      ]
    });
  });

  it('waits where the operation does by default, or when wait says so', () => {
    expect(plan({ operation: 'create', taskName: 'a', points: 1 }).wait).toBe('ready');
    expect(plan({ operation: 'detail', taskIds: ['1'] }).wait).toBeUndefined();
    expect(
      plan({ operation: 'detail', taskIds: ['1'], wait: { ...testSettings().wait, mode: 'true' } }).wait
    ).toBe('ready');
    expect(
      plan({ operation: 'create', taskName: 'a', points: 1, wait: { ...testSettings().wait, mode: 'false' } })
        .wait
    ).toBeUndefined();
  });

  it('follows endpoints overrides: detail as GET puts task_id in the query', () => {
    const [call] = plan({
      operation: 'detail',
      taskIds: ['9007199254740993'],
      endpoints: { detail: { method: 'GET' } }
    }).calls;
    expect(call).toMatchObject({
      endpoint: { method: 'GET', path: '/api/deployment/task/detail' },
      query: [['task_id', '9007199254740993']],
      body: undefined
    });
    const [create] = plan({
      operation: 'create',
      taskName: 'a',
      points: 1,
      endpoints: { create: { path: '/api/task/deployment/create', version: '2.0.0' } }
    }).calls;
    expect(create?.endpoint).toEqual({
      method: 'POST',
      path: '/api/task/deployment/create',
      version: '2.0.0',
      encrypt: true
    });
  });

  it('polls and cleans up with the detail, stop and pause endpoints, overrides included, without the step inputs', () => {
    const settings = testSettings({
      operation: 'create',
      body: { services: [] },
      endpoints: { detail: { method: 'GET' } }
    });
    expect(detailCall(settings, '5')).toMatchObject({
      endpoint: { method: 'GET' },
      query: [['task_id', '5']]
    });
    expect(cleanupCall(settings, '5', 'stop')).toMatchObject({
      endpoint: { path: '/api/deployment/task/stop' },
      body: { task_id: expect.anything() }
    });
    expect(cleanupCall(settings, '5', 'pause').body).not.toHaveProperty('services');
  });

  it('puts task_name and points first in the create body, then the body input', () => {
    const [call] = plan({
      operation: 'create',
      taskName: 'svc',
      points: 2,
      body: { services: [], resources: [] }
    }).calls;
    expect(Object.keys(call?.body ?? {})).toEqual(['task_name', 'points', 'services', 'resources']);
  });

  it('sends the request operation where method, path and encrypt say', () => {
    const [call] = plan({
      operation: 'request',
      method: 'POST',
      path: '/api/task/deployment/update',
      encrypt: true,
      body: { x: 1 },
      query: [['a', 'b']]
    }).calls;
    expect(call).toMatchObject({
      endpoint: { method: 'POST', path: '/api/task/deployment/update', encrypt: true },
      body: { x: 1 },
      query: [['a', 'b']]
    });
  });

  it.each([
    [
      { operation: 'create', points: 1 },
      'task_name is empty, but create needs it: set task_name to the name of the new task'
    ],
    [
      { operation: 'create', taskName: 'a', points: 1, taskIds: ['5'] },
      'task_id is set, but create makes a new task: remove task_id'
    ],
    [
      { operation: 'create', taskName: 'a', points: 1, body: { points: 3 } },
      'body sets points 3, but the points input says 1: set it in one place, or the same value in both'
    ],
    [
      { operation: 'nodes', taskIds: ['1'], query: [['task_id', '2']] },
      'query sets task_id "2", but the task_id input says 1: set it in one place, or the same value in both'
    ],
    [{ operation: 'detail' }, 'task_id is empty, but detail needs it: set task_id to the id of the task'],
    [
      { operation: 'change_points', taskIds: ['1', '2'], points: 2 },
      'task_id lists 2 tasks, but change_points takes one: set task_id to a single id'
    ],
    [
      { operation: 'change_points', taskIds: ['1'] },
      'points is empty, but change_points needs it: set points to the new number of nodes, such as 2'
    ],
    [
      { operation: 'search_tasks', body: { a: 1 } },
      'body is set, but search_tasks is a GET and sends no body: put parameters in query instead'
    ],
    [
      { operation: 'search_tasks', taskIds: ['1'] },
      'task_id is set, but search_tasks concerns no particular task: remove task_id'
    ],
    [
      { operation: 'search_tasks', wait: { ...testSettings().wait, mode: 'true' } },
      'wait is true, but search_tasks has nothing to wait for: waiting works with create, replace, detail, preview, stop, pause, recover, scale, update, replace_node'
    ],
    [{ operation: 'storage_check' }, /^body is empty, but storage_check needs the storage fields/],
    [
      { operation: 'request', path: '/x' },
      'method is empty, but request needs it: set method to GET or POST'
    ],
    [{ operation: 'request', method: 'GET' }, /^path is empty, but request needs it/],
    [
      { operation: 'request', method: 'GET', path: '/x', encrypt: true },
      'encrypt is true, but a GET request has no body to encrypt: use method POST'
    ],
    [
      { operation: 'create', taskName: 'a', points: 1, credentials: { mode: 'token', token: 't' } },
      'create sends an encrypted body in api_profile spec, which needs an RSA-mode key and platform_public_key: set api_profile: live, where create sends a plain signed body that token-mode keys can send, or set private_key and platform_public_key'
    ],
    [
      {
        operation: 'storage_check',
        body: { a: 1 },
        apiProfile: 'live',
        credentials: { mode: 'token', token: 't' }
      },
      'storage_check needs an RSA-mode key and platform_public_key: it sends an encrypted body, so set private_key and platform_public_key (token-mode keys cannot encrypt)'
    ],
    [
      { operation: 'search_tasks', query: [['status', 'End']] },
      'query sets status "End", but the task_status input says Running,Pending,Paused: set it in one place, or the same value in both'
    ],
    [
      { operation: 'search_tasks', query: [['type', 'Job']] },
      'query sets type "Job", but the operation sets type itself to Deployment: remove it from there'
    ],
    [
      {
        operation: 'detail',
        taskIds: ['1'],
        endpoints: { detail: { encrypt: true } },
        credentials: { mode: 'token', token: 't' }
      },
      /needs an RSA-mode key and platform_public_key: it sends an encrypted body/
    ]
  ] as [Partial<Settings>, string | RegExp][])('refuses %j before sending', (overrides, message) => {
    expect(() => plan(overrides)).toThrow(message);
  });
});

const problemOf = (call: Call, data: unknown) => call.traits.check(data, call);
/** The check that finds `problem`, or none. */
const found = (problem: string | undefined) =>
  problem === undefined ? { ok: true } : { ok: false, problem };

describe('traits.check: a success envelope whose data says the operation failed', () => {
  const storage = plan({ operation: 'storage_check', body: { a: 1 } }).calls[0];
  const create = plan({ operation: 'create', taskName: 'web-1', points: 1 }).calls[0];
  if (storage === undefined || create === undefined) throw new Error('no calls planned');

  it.each([
    [{ pass: true, message: 'ok' }, undefined],
    [
      { pass: false, message: 'bucket not found\n::error::x' },
      "the storage did not pass the platform's check: bucket not found ::error::x"
    ],
    [{ pass: false }, "the storage did not pass the platform's check"],
    [{ pass: 'true' }, 'the answer carries no pass field, so the check cannot be taken as passed'],
    [null, 'the answer carries no pass field, so the check cannot be taken as passed']
  ])('storage check %j: %s', (data, problem) => {
    expect(problemOf(storage, data)).toEqual(found(problem));
  });

  it('a create answered without a readable task_id', () => {
    expect(problemOf(create, { task_id: 1229831 })).toEqual(found(undefined));
    for (const data of [{}, null, { task_id: 'abc' }, { task_id: null }]) {
      expect(problemOf(create, data)).toEqual(
        found(
          'the platform accepted the create (code 0000) but its answer carries no task_id, so the task cannot be followed: a task named "web-1" may exist; look for it before running the job again'
        )
      );
    }
  });

  it('other operations take any data', () => {
    expect(problemOf(plan({ operation: 'detail', taskIds: ['1'] }).calls[0] ?? storage, null)).toEqual(
      found(undefined)
    );
  });
});

describe('the profiles', () => {
  const live = (s: Partial<Settings>) => planCalls(testSettings({ apiProfile: 'live', ...s }));

  it('live: create is the newer plain POST with task_type first, which a token-mode key can send', () => {
    const [call] = live({
      operation: 'create',
      taskName: 'web',
      points: 1,
      body: SERVICE_BODY,
      credentials: { mode: 'token', token: 't' }
    }).calls;
    expect(call?.endpoint).toEqual({
      method: 'POST',
      path: '/api/task/deployment/create',
      version: '1.0.0',
      encrypt: false
    });
    expect(Object.keys(call?.body ?? {})).toEqual(['task_type', 'task_name', 'points', 'services']);
    expect(call?.body?.task_type).toBe('Deployment');
    const given = live({
      operation: 'create',
      taskName: 'w',
      points: 1,
      body: { task_type: 'Deployment', ...SERVICE_BODY }
    }).calls[0];
    expect(Object.keys(given?.body ?? {})).toEqual(['task_name', 'points', 'task_type', 'services']);
  });

  it('live: detail is the documented GET /api/task/deployment/detail?task_id=; spec: a POST with {task_id}', () => {
    expect(live({ operation: 'detail', taskIds: ['7'] }).calls[0]).toMatchObject({
      endpoint: { method: 'GET', path: '/api/task/deployment/detail' },
      query: [['task_id', '7']],
      body: undefined
    });
    // The older path public clients use stays reachable.
    const older = live({
      operation: 'detail',
      taskIds: ['7'],
      endpoints: { detail: { path: '/api/deployment/task/detail' } }
    });
    expect(older.calls[0]?.endpoint).toMatchObject({ method: 'GET', path: '/api/deployment/task/detail' });
    expect(plan({ operation: 'detail', taskIds: ['7'] }).calls[0]?.endpoint.method).toBe('POST');
    expect(detailCall(testSettings({ apiProfile: 'live' }), '7').endpoint.method).toBe('GET');
  });

  it.each([
    [{}, 'body has no services, but a create needs them'],
    [{ services: { service_name: 'web' } }, 'body has services that are not a list, but a create needs them'],
    [
      { services: [{ service_name: 'web', service_image: 'nginx:1.27' }] },
      'body services[0] has no remote_ports, but a create needs each service to have service_name, service_image and a remote_ports list'
    ],
    [
      { services: [SERVICE_BODY.services[0], { service_image: '', remote_ports: [] }] },
      'body services[1] has no service_name, service_image, but a create needs each service'
    ]
  ])(
    'live: refuses a create whose body is %j before sending: the reference requires its services',
    (body, why) => {
      for (const operation of ['create', 'replace'] as const)
        expect(() => live({ operation, taskName: 'w', body })).toThrow(why);
      expect(() => live({ operation: 'create', taskName: 'w', body: SERVICE_BODY })).not.toThrow();
      // The spec's create requires no list: its form stays reachable as it is.
      expect(() => plan({ operation: 'create', taskName: 'w', body })).not.toThrow();
    }
  );

  it('endpoints overrides apply on top of a profile', () => {
    const [call] = live({
      operation: 'create',
      taskName: 'w',
      points: 1,
      body: SERVICE_BODY,
      endpoints: { create: { path: '/api/deployment/task/create', encrypt: true } }
    }).calls;
    expect(call?.endpoint).toMatchObject({ path: '/api/deployment/task/create', encrypt: true });
  });

  it.each(['spec', 'live'] as const)(
    '%s: every task search carries type and status, search_tasks from task_status, the lookup with pages',
    (apiProfile) => {
      const settings = testSettings({ apiProfile, taskStatuses: ['End'] });
      expect(
        planCalls({ ...settings, operation: 'search_tasks', query: [['page', '2']] }).calls[0]?.query
      ).toEqual([
        ['type', 'Deployment'],
        ['status', 'End'],
        ['page_size', '10'],
        ['page', '2']
      ]);
      expect(planCalls({ ...settings, operation: 'search_tasks' }).calls[0]?.query).toEqual([
        ['type', 'Deployment'],
        ['status', 'End'],
        ['page', '1'],
        ['page_size', '10']
      ]);
      expect(searchByNameCall(settings, 'web-1', 3).query).toEqual([
        ['type', 'Deployment'],
        ['status', 'Running,Pending,Paused'],
        ['search_value', 'web-1'],
        ['page', '3'],
        ['page_size', '100']
      ]);
    }
  );
});

describe('the endpoint an override leaves', () => {
  it.each([
    [
      'create as a GET, still encrypted',
      { operation: 'create', taskName: 'a', points: 1, endpoints: { create: { method: 'GET' } } },
      'endpoints.create sets method GET, but create sends an encrypted body, which only a POST carries: remove method, or set encrypt: false as well if the endpoint takes create unencrypted'
    ],
    [
      'storage_check as a GET, unencrypted',
      {
        operation: 'storage_check',
        body: { a: 1 },
        endpoints: { storage_check: { method: 'GET', encrypt: false } }
      },
      'endpoints.storage_check sets method GET, but storage_check sends its body, which only a POST carries: remove method'
    ]
  ] as const)('is refused as a whole: %s', (_what, settings, message) => {
    expect(() => plan(settings as Partial<Settings>)).toThrow(message);
  });

  it('may make detail a GET: it has no body to carry', () => {
    expect(endpointOf({ taskIds: ['1'], endpoints: { detail: { method: 'GET' } } })?.method).toBe('GET');
  });
});

describe('operation traits', () => {
  const traitsOf = (s: Partial<Settings>) => plan(s).calls[0]?.traits;

  it('say how each operation is sent again, what its answer is, and when it has nothing left to do', () => {
    expect(traitsOf({ operation: 'create', taskName: 'a', points: 1 })).toMatchObject({
      resend: 'create_once',
      answers: 'new_task',
      alreadyDone: []
    });
    expect(traitsOf({ taskIds: ['1'] })).toMatchObject({ resend: 'read', answers: 'task', alreadyDone: [] });
    expect(traitsOf({ operation: 'stop', taskIds: ['1'] })).toMatchObject({
      resend: 'repeatable',
      answers: 'other',
      alreadyDone: ['End']
    });
    expect(traitsOf({ operation: 'pause', taskIds: ['1'] })?.alreadyDone).toEqual(['Paused', 'End']);
    expect(traitsOf({ operation: 'recover', taskIds: ['1'] })?.resend).toBe('repeatable');
    expect(traitsOf({ operation: 'change_points', taskIds: ['1'], points: 2 })?.resend).toBe('repeatable');
    expect(traitsOf({ operation: 'search_tasks' })?.resend).toBe('read');
  });

  it('send a request POST again only while it certainly had no effect; a GET always', () => {
    expect(traitsOf({ operation: 'request', method: 'POST', path: '/api/x' })?.resend).toBe('until_sent');
    expect(traitsOf({ operation: 'request', method: 'GET', path: '/api/x' })?.resend).toBe('read');
  });
});

describe('replace', () => {
  it('sends a create, with the create endpoint', () => {
    const replace = plan({ operation: 'replace', taskName: 'a', points: 1 });
    expect([replace.operation, replace.wait, replace.calls[0]?.operation]).toEqual([
      'replace',
      'ready',
      'create'
    ]);
    expect(() => plan({ operation: 'replace', points: 1 })).toThrow(
      'task_name is empty, but replace needs it: set task_name to the name of the new task'
    );
  });
});
