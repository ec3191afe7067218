import {
  InputError,
  parseBaseUrl,
  parseBoolean,
  parseChoice,
  parseMapping,
  parsePath,
  parsePositiveInteger,
  parseQuery,
  parseTaskId,
  quote
} from './inputs.js';
import {
  KeyError,
  keyTextForms,
  loadPlatformPublicKey,
  loadPrivateKey,
  PRIVATE_KEY_FORMATS,
  type PrivateKeyFormat
} from './protocol/keys.js';
import type { Credentials, QueryParams } from './protocol/request.js';

export const OPERATIONS = [
  'create',
  'detail',
  'search_tasks',
  'search_resources',
  'storage_check',
  'request'
] as const;
export type OperationName = (typeof OPERATIONS)[number];

/** Every input, parsed and checked once. Nothing else reads inputs. */
export interface Settings {
  operation: OperationName;
  /** The API origin, https only. */
  baseUrl: string;
  /** The interface version sent (and signed) for the spec's endpoints. */
  apiVersion: string;
  credentials: Credentials;
  taskName: string | undefined;
  points: number | undefined;
  /** Decimal digits: ids beyond 2^53 stay exact. */
  taskId: string | undefined;
  body: Record<string, unknown>;
  query: QueryParams;
  /** The request operation's own endpoint. */
  method: 'GET' | 'POST' | undefined;
  path: string | undefined;
  encrypt: boolean;
}

export const DEFAULT_BASE_URL = 'https://openapi.suanli.cn';
const SECRET_FIELD = /secret|password|passwd|access_key|token/i;

/**
 * Reads the inputs into Settings. Secrets are handed to `mask` before anything else happens, so no
 * later log line or error can show them.
 */
export function readSettings(
  input: (name: string) => string,
  maskSecret: (secret: string) => void
): Settings {
  const masked = new Set<string>();
  const mask = (secret: string): void => {
    if (secret === '' || masked.has(secret)) return;
    masked.add(secret);
    maskSecret(secret);
  };
  const token = input('token').trim();
  const privateKeyText = input('private_key');
  const passphrase = input('private_key_passphrase');
  [token, passphrase, ...keyTextForms(privateKeyText)].forEach(mask);

  const operation = parseChoice('operation', input('operation').trim(), OPERATIONS);
  const body = parseMapping('body', input('body'));
  maskSecretFields(body, mask);
  const query = parseQuery('query', input('query'));
  for (const [name, value] of query) if (SECRET_FIELD.test(name) && value !== '') mask(value);

  const method = input('method').trim().toUpperCase();
  const path = input('path').trim();
  const taskName = input('task_name').trim();
  const points = input('points').trim();
  const taskId = input('task_id').trim();
  return {
    operation,
    baseUrl: parseBaseUrl('base_url', input('base_url').trim() || DEFAULT_BASE_URL),
    apiVersion: parseVersion(input('api_version').trim() || '1.0.0'),
    credentials: readCredentials({
      token,
      privateKeyText,
      passphrase,
      format: parseChoice(
        'private_key_format',
        input('private_key_format').trim() || 'auto',
        PRIVATE_KEY_FORMATS
      ),
      platformKeyText: input('platform_public_key'),
      mask
    }),
    taskName: taskName === '' ? undefined : taskName,
    points:
      points === '' ? undefined : parsePositiveInteger('points', points, 'the number of nodes, such as 1'),
    taskId: taskId === '' ? undefined : parseTaskId('task_id', taskId),
    body,
    query,
    method: method === '' ? undefined : parseChoice('method', method, ['GET', 'POST'] as const),
    path: path === '' ? undefined : parsePath('path', path),
    encrypt: parseBoolean('encrypt', input('encrypt').trim(), false)
  };
}

function parseVersion(value: string): string {
  if (!/^[0-9A-Za-z][0-9A-Za-z.+-]*$/.test(value)) {
    throw new InputError(
      `api_version ${quote(value)} is not an interface version: set it to the endpoint's version, such as 1.0.0`
    );
  }
  return value;
}

function readCredentials(args: {
  token: string;
  privateKeyText: string;
  passphrase: string;
  format: PrivateKeyFormat;
  platformKeyText: string;
  mask: (secret: string) => void;
}): Credentials {
  if (args.token === '') {
    throw new InputError(
      'token is empty: set token to the API token, for example ${{ secrets.DEPLOY_API_TOKEN }}'
    );
  }
  const hasPlatformKey = args.platformKeyText.trim() !== '';
  if (args.privateKeyText.trim() === '') {
    if (hasPlatformKey) {
      throw new InputError(
        'platform_public_key is set but private_key is not: an RSA-mode key needs private_key too; a token-mode key needs neither'
      );
    }
    return { mode: 'token', token: args.token };
  }
  try {
    const loaded = loadPrivateKey(args.privateKeyText, { format: args.format, passphrase: args.passphrase });
    loaded.secretForms.forEach((form) => {
      args.mask(form);
    });
    return {
      mode: 'rsa',
      token: args.token,
      privateKey: loaded.key,
      platformPublicKey: hasPlatformKey ? loadPlatformPublicKey(args.platformKeyText) : undefined
    };
  } catch (error) {
    if (error instanceof KeyError) throw new InputError(error.message);
    throw error;
  }
}

/** Masks the values of fields that hold credentials (storage keys, registry passwords), at any depth. */
function maskSecretFields(value: unknown, mask: (secret: string) => void, secret = false): void {
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'bigint') {
    const text = String(value);
    if (secret && text.length >= 4) mask(text);
  } else if (Array.isArray(value)) {
    value.forEach((item) => {
      maskSecretFields(item, mask, secret);
    });
  } else if (typeof value === 'object' && value !== null) {
    for (const [name, item] of Object.entries(value))
      maskSecretFields(item, mask, secret || SECRET_FIELD.test(name));
  }
}
