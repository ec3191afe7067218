import { InputError, quote } from '../../../basics/input-error.js';
import { transferCreateCall } from '../../../platform/operations/calls.js';
import { copySides, type DataCopy, type DeploySettings } from '../settings.js';
import { workspaceSource, workspaceTarget } from './sftp/workspace-path.js';

/**
 * What data and results need, checked before anything is sent: for a copy through object storage, the
 * one the s3_* inputs name, with its keys, and a key that can encrypt (the transfer's create is
 * encrypted, as the reference requires); for a copy from or to the workspace, a path inside it (see
 * checkWorkspacePaths). A workspace copy needs no s3_* input.
 */
export function checkCopies(settings: DeploySettings): void {
  const { data, results, copies, transfer } = settings.storage;
  checkWorkspacePaths(settings);
  const viaObjects = (list: readonly DataCopy[]): boolean =>
    list.some((copy) => copySides(copy).other.kind === 'objects');
  const input = [
    ['data', data],
    ['results', results],
    ['copies', copies]
  ].find(([, list]) => viaObjects(list as readonly DataCopy[]))?.[0] as string | undefined;
  if (input === undefined) return;
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
      `${missing[0]} is empty, but ${input} ${input === 'copies' ? 'has a copy' : 'copies'} through the object storage it names: set s3_supplier, s3_endpoint, s3_bucket, s3_access_key and s3_secret_key`
    );
  checkEncryption(settings);
}

/**
 * Refuses, before anything is sent, a workspace path that leaves the workspace through a link (`..` and
 * absolute paths the parser refused already), and an upload's source that is not there: what data (or a
 * copy into a volume) uploads must exist before anything is made. A download's target may be missing (it
 * is made, inside the workspace).
 */
export function checkWorkspacePaths(settings: DeploySettings): void {
  const { data, results, copies, workspace } = settings.storage;
  for (const [input, list] of [
    ['data', data],
    ['results', results],
    ['copies', copies]
  ] as const) {
    for (const copy of list) {
      const { other } = copySides(copy);
      if (other.kind !== 'workspace') continue;
      const upload = copy.to.kind === 'nas';
      const checked = upload
        ? workspaceSource(workspace, other.path)
        : workspaceTarget(workspace, other.path);
      if (!checked.ok)
        throw new InputError(
          `${input} ${input === 'copies' ? 'has a copy' : 'copies'} ${upload ? 'from' : 'to'} ${quote(other.path)}, but ${checked.why}: name a path inside the workspace (${workspace}), such as ./dataset/`
        );
    }
  }
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
