import { parseBaseUrl, parseChoice, parseVersion } from './parsers.js';
import { input, asText } from './input.js';
import { OPERATION_NAMES } from '../../../platform/platform-settings.js';
import { PRIVATE_KEY_FORMATS } from '../../../protocol/keys.js';

/**
 * The API origin when neither base_url nor DEPLOY_API_BASE_URL is set. It is not a default in
 * action.yml: a default there would fill base_url and hide the environment variable.
 */
export const DEFAULT_BASE_URL = 'https://openapi.suanli.cn';

/** What to do, and where and how the step talks to the API: the address, the key, the forms. */
export const CONNECTION_INPUTS = [
  input({
    name: 'operation',
    type: 'choice',
    required: true,
    positional: true,
    parse: (value, name) => parseChoice(name, value, OPERATION_NAMES),
    // The operations follow, each with its summary, written from their declarations (npm run docs).
    description: 'What to do, one of the operations'
  }),
  input({
    name: 'base_url',
    type: 'text',
    env: 'DEPLOY_API_BASE_URL',
    parse: (value, name) => parseBaseUrl(name, value),
    description:
      'API address, `https://` only: scheme, host and port. Falls back to `DEPLOY_API_BASE_URL`, then `https://openapi.suanli.cn`.'
  }),
  input({
    name: 'token',
    type: 'secret',
    secret: true,
    env: 'DEPLOY_API_TOKEN',
    untrimmed: true,
    parse: asText,
    description:
      'The API token of a key made in the console, from a secret. Falls back to `DEPLOY_API_TOKEN`.'
  }),
  input({
    name: 'private_key',
    type: 'secret',
    secret: true,
    env: 'DEPLOY_API_PRIVATE_KEY',
    untrimmed: true,
    parse: asText,
    description:
      'RSA mode only: the client private key (PKCS#8 PEM, PKCS#1 PEM or bare Base64 PKCS#8, encrypted or not), from a secret. Falls back to `DEPLOY_API_PRIVATE_KEY`. Leave both empty for a token-mode key.'
  }),
  input({
    name: 'private_key_format',
    type: 'choice',
    default: 'auto',
    parse: (value, name) => parseChoice(name, value, PRIVATE_KEY_FORMATS),
    description: '`auto` (detect), `pkcs8_pem`, `pkcs1_pem` or `pkcs8_base64`.'
  }),
  input({
    name: 'private_key_passphrase',
    type: 'secret',
    secret: true,
    env: 'DEPLOY_API_PRIVATE_KEY_PASSPHRASE',
    untrimmed: true,
    parse: asText,
    description:
      'The passphrase of an encrypted private key, from a secret. Falls back to `DEPLOY_API_PRIVATE_KEY_PASSPHRASE`.'
  }),
  input({
    name: 'platform_public_key',
    type: 'key',
    file: true,
    env: 'DEPLOY_API_PLATFORM_PUBLIC_KEY',
    untrimmed: true,
    parse: asText,
    description:
      'RSA mode only: the platform public key shown when the key was made (PEM, or bare Base64 DER), for the requests sent encrypted: `storage_check`, `transfer` and the copies of `data` and `results` (and `create` with `api_profile: spec`). Falls back to `DEPLOY_API_PLATFORM_PUBLIC_KEY`.'
  }),
  input({
    name: 'api_profile',
    type: 'choice',
    default: 'live',
    parse: (value, name) => parseChoice(name, value, ['live', 'spec', 'auto'] as const),
    description:
      "Whose request forms to follow where the interface spec and the platform's own reference differ: `live` (the default) or `spec`. `live` follows the platform's documented forms, for every `base_url`: create is a plain signed POST on `/api/task/deployment/create` with `task_type: Deployment` and needs `resources` and `services`, which token-mode keys can send; detail is `GET ?task_id=`; the storage check is the reference's S3 check. `spec` follows the interface spec: an encrypted create on `/api/deployment/task/create`, detail as a POST, the spec's storage check. `auto`, the former default, means `live`. The log says which is in use; `endpoints` still applies on top."
  }),
  input({
    name: 'api_version',
    type: 'text',
    default: '1.0.0',
    parse: (value, name) => parseVersion(name, value),
    description: 'The interface version sent in the `version` header and signed.'
  }),
  input({
    name: 'endpoints',
    yaml: 'text',
    type: 'yaml',
    untrimmed: true,
    parse: asText,
    description:
      "YAML or JSON overrides per operation of its endpoint's `method:`, `path:`, `version:` and `encrypt:`, to follow platform variants, such as `detail: {method: GET}` (then the task id goes into the query)."
  })
] as const;
