import { createPrivateKey, createPublicKey } from 'node:crypto';
import { fixtureKey } from './helpers/fixtures.js';
import { planCall } from '../src/operations.js';
import type { Settings } from '../src/settings.js';

const rsa: Settings['credentials'] = {
  mode: 'rsa',
  token: 'tok',
  privateKey: createPrivateKey(fixtureKey('client-private-pkcs8.pem')),
  platformPublicKey: createPublicKey(fixtureKey('platform-public.pem'))
};

function settings(overrides: Partial<Settings>): Settings {
  return {
    operation: 'detail',
    baseUrl: 'https://openapi.example',
    apiVersion: '1.0.0',
    credentials: rsa,
    taskName: undefined,
    points: undefined,
    taskId: undefined,
    body: {},
    query: [],
    method: undefined,
    path: undefined,
    encrypt: false,
    ...overrides
  };
}

const endpointOf = (s: Partial<Settings>) => planCall(settings(s)).endpoint;

describe('planCall', () => {
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
    const detail = planCall(
      settings({ operation: 'detail', taskId: '9007199254740993', apiVersion: '2.1.0' })
    );
    expect(detail.endpoint).toEqual({
      method: 'POST',
      path: '/api/deployment/task/detail',
      version: '2.1.0',
      encrypt: false
    });
    expect(String((detail.body as { task_id: unknown }).task_id)).toBe('9007199254740993');
    expect(endpointOf({ operation: 'search_tasks' })).toMatchObject({
      method: 'GET',
      path: '/api/deployment/task/search'
    });
    expect(endpointOf({ operation: 'search_resources' })).toMatchObject({
      method: 'GET',
      path: '/api/deployment/resource/search'
    });
  });

  it('puts task_name and points first in the create body, then the body input', () => {
    const call = planCall(
      settings({ operation: 'create', taskName: 'svc', points: 2, body: { services: [], resources: [] } })
    );
    expect(Object.keys(call.body ?? {})).toEqual(['task_name', 'points', 'services', 'resources']);
  });

  it('sends the request operation where method, path and encrypt say', () => {
    const call = planCall(
      settings({
        operation: 'request',
        method: 'POST',
        path: '/api/task/deployment/update',
        encrypt: true,
        body: { x: 1 },
        query: [['a', 'b']]
      })
    );
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
      { operation: 'create', taskName: 'a' },
      'points is empty, but create needs it: set points to the number of nodes, such as 1'
    ],
    [
      { operation: 'create', taskName: 'a', points: 1, body: { points: 3 } },
      'body sets points, which has its own input: set it with the points input only'
    ],
    [{ operation: 'detail' }, 'task_id is empty, but detail needs it: set task_id to the id of the task'],
    [
      { operation: 'search_tasks', body: { a: 1 } },
      'body is set, but search_tasks sends no body: put parameters in query instead'
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
      { operation: 'request', method: 'GET', path: '/x', body: { a: 1 } },
      'body is set, but a GET request sends no body: put parameters in query instead'
    ],
    [
      { operation: 'create', taskName: 'a', points: 1, credentials: { mode: 'token', token: 't' } },
      'this operation needs an RSA-mode key and platform_public_key: create sends an encrypted body, so set private_key and platform_public_key (token-mode keys cannot encrypt)'
    ],
    [
      { operation: 'storage_check', body: { a: 1 }, credentials: { ...rsa, platformPublicKey: undefined } },
      /^this operation needs an RSA-mode key and platform_public_key/
    ]
  ] as [Partial<Settings>, string | RegExp][])('refuses %j before sending', (overrides, message) => {
    expect(() => planCall(settings(overrides))).toThrow(message);
  });
});
