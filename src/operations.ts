import { InputError } from './inputs.js';
import { exactInteger } from './protocol/json.js';
import { NEEDS_RSA, type Endpoint, type QueryParams } from './protocol/request.js';
import type { OperationName, Settings } from './settings.js';

/** One call to the API: what to send where. */
export interface Call {
  operation: OperationName;
  endpoint: Endpoint;
  query: QueryParams;
  body: Record<string, unknown> | undefined;
}

interface OperationSpec {
  endpoint: (settings: Settings) => Omit<Endpoint, 'version'>;
  /** The query and body, from the inputs; throws InputError when a required input is missing. */
  build: (settings: Settings) => { query: QueryParams; body: Record<string, unknown> | undefined };
}

/** Endpoint defaults follow the spec: detail is a POST with a JSON body; create and storage check are encrypted. */
const OPERATIONS: Record<OperationName, OperationSpec> = {
  create: {
    endpoint: () => ({ method: 'POST', path: '/api/deployment/task/create', encrypt: true }),
    build: (s) => {
      for (const field of ['task_name', 'points'] as const) {
        if (field in s.body) {
          throw new InputError(
            `body sets ${field}, which has its own input: set it with the ${field} input only`
          );
        }
      }
      return {
        query: [],
        body: {
          task_name: required(s.taskName, 'task_name', 'create', 'the name of the new task'),
          points: required(s.points, 'points', 'create', 'the number of nodes, such as 1'),
          ...s.body
        }
      };
    }
  },
  detail: {
    endpoint: () => ({ method: 'POST', path: '/api/deployment/task/detail', encrypt: false }),
    build: (s) => ({
      query: [],
      body: { task_id: exactInteger(required(s.taskId, 'task_id', 'detail', 'the id of the task')) }
    })
  },
  search_tasks: {
    endpoint: () => ({ method: 'GET', path: '/api/deployment/task/search', encrypt: false }),
    build: (s) => {
      refuseBody(s, 'search_tasks');
      return { query: s.query, body: undefined };
    }
  },
  search_resources: {
    endpoint: () => ({ method: 'GET', path: '/api/deployment/resource/search', encrypt: false }),
    build: (s) => {
      refuseBody(s, 'search_resources');
      return { query: s.query, body: undefined };
    }
  },
  storage_check: {
    endpoint: () => ({ method: 'POST', path: '/api/storage/encrypt/check', encrypt: true }),
    build: (s) => {
      if (Object.keys(s.body).length === 0) {
        throw new InputError(
          'body is empty, but storage_check needs the storage fields: set body to storage_name, bucket, dir, endpoint, access_key, secret_key and <engine>_region_id'
        );
      }
      return { query: [], body: s.body };
    }
  },
  request: {
    endpoint: (s) => ({
      method: required(s.method, 'method', 'request', 'GET or POST'),
      path: required(s.path, 'path', 'request', 'the endpoint path, such as /api/deployment/task/search'),
      encrypt: s.encrypt
    }),
    build: (s) => {
      if (s.method === 'GET') {
        if (s.encrypt)
          throw new InputError('encrypt is true, but a GET request has no body to encrypt: use method POST');
        refuseBody(s, 'a GET request');
        return { query: s.query, body: undefined };
      }
      return { query: s.query, body: s.body };
    }
  }
};

/** Plans the call an operation makes, checking every input it needs before anything is sent. */
export function planCall(settings: Settings): Call {
  const spec = OPERATIONS[settings.operation];
  const endpoint: Endpoint = { ...spec.endpoint(settings), version: settings.apiVersion };
  const { query, body } = spec.build(settings);
  if (
    endpoint.encrypt &&
    (settings.credentials.mode !== 'rsa' || settings.credentials.platformPublicKey === undefined)
  ) {
    throw new InputError(
      `${NEEDS_RSA}: ${settings.operation} sends an encrypted body, so set private_key and platform_public_key (token-mode keys cannot encrypt)`
    );
  }
  return { operation: settings.operation, endpoint, query, body };
}

function required<T>(value: T | undefined, name: string, operation: string, what: string): T {
  if (value === undefined)
    throw new InputError(`${name} is empty, but ${operation} needs it: set ${name} to ${what}`);
  return value;
}

/** A GET sends no body: a body input given anyway is refused rather than ignored. */
function refuseBody(settings: Settings, what: string): void {
  if (Object.keys(settings.body).length > 0) {
    throw new InputError(`body is set, but ${what} sends no body: put parameters in query instead`);
  }
}
