import { InputError } from '../../../basics/input-error.js';
import { transferCreateCall } from '../../../platform/operations/calls.js';
import type { DeploySettings } from '../settings.js';

/**
 * What data and results need, checked before anything is sent: the object storage the s3_* inputs name,
 * with its keys, and a key that can encrypt (the transfer's create is encrypted, as the reference requires).
 */
export function checkCopies(settings: DeploySettings): void {
  const { data, results, transfer } = settings.storage;
  if (data.length === 0 && results.length === 0) return;
  const input = data.length > 0 ? 'data' : 'results';
  const missing = (
    [
      ['s3_supplier', transfer.supplier],
      ['s3_endpoint', transfer.endpoint],
      ['s3_bucket', transfer.bucket],
      ['s3_access_key', transfer.accessKey],
      ['s3_secret_key', transfer.secretKey]
    ] as const
  ).find(([, value]) => value === undefined);
  if (missing !== undefined)
    throw new InputError(
      `${missing[0]} is empty, but ${input} copies through the object storage it names: set s3_supplier, s3_endpoint, s3_bucket, s3_access_key and s3_secret_key`
    );
  checkEncryption(settings);
}

/**
 * Refuses, before anything is sent, a key that cannot send the transfer's encrypted create (a token-mode
 * key, or no platform_public_key), by building the create's call for a body of the right shape.
 */
export function checkEncryption(settings: DeploySettings): void {
  transferCreateCall(settings, {
    storage_id: 0,
    name: '',
    direction: 1,
    s3_supplier: '',
    s3_endpoint: '',
    s3_access_key: '',
    s3_secret_key: '',
    s3_bucket: '',
    s3_prefix: '',
    nas_path: '/',
    overwrite_policy: 3,
    ignore_patterns: []
  });
}
