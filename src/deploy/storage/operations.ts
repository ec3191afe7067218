import { operation, ready } from '../engine/operations/operation.js';
import { callFlow } from '../engine/flows/call.js';
import { TRANSFER_OUTPUTS, VOLUME_OUTPUTS } from '../engine/inputs/operation-inputs.js';

// Cluster storage (suanli-nas-storage/): volumes, and transfers between object storage and a volume.

export const volume = operation({
  name: 'volume',
  capabilities: ['data'],
  summary:
    'make sure a cluster storage volume of that name exists, of size GiB at least: create or grow it, and wait until Active',
  needs: ['volume'],
  inputs: ['size', 'region', 'storage_class', 'volume_cleanup', 'wait_timeout', 'poll_interval'],
  outputs: VOLUME_OUTPUTS,
  examples: [
    'elastic-deploy volume --volume datasets --size 100 --region bj-001',
    'elastic-deploy volume --volume scratch --size 20 --volume-cleanup delete',
    'elastic-deploy volume --volume checkpoints --size 50 --storage-class cpfs-performance'
  ],
  flow: async () => (await import('./volume.js')).volumeFlow,
  bills: true,
  postFinishes: 'made volumes'
});

export const volumeList = operation({
  name: 'volume_list',
  capabilities: ['data'],
  summary: 'list the cluster storage volumes, and what they cost per 10 minutes',
  needs: [],
  inputs: ['region', 'storage_class'],
  outputs: [],
  examples: ['elastic-deploy volume-list', 'elastic-deploy volume-list --region bj-001'],
  flow: async () => (await import('./volume.js')).volumeListFlow
});

export const volumeOptions = operation({
  name: 'volume_options',
  capabilities: ['data'],
  summary:
    'list the regions and storage classes a cluster storage volume can be made in (before the first volume exists)',
  needs: [],
  inputs: [],
  outputs: [],
  examples: ['elastic-deploy volume-options', 'elastic-deploy volume-options --output json'],
  flow: ready(callFlow)
});

export const volumeDelete = operation({
  name: 'volume_delete',
  capabilities: ['data'],
  summary: 'delete a cluster storage volume, named again in confirm; wait until it is gone',
  needs: ['volume', 'confirm'],
  inputs: ['force', 'cleanup_timeout'],
  outputs: VOLUME_OUTPUTS,
  examples: [
    'elastic-deploy volume-delete --volume scratch --confirm scratch',
    'elastic-deploy volume-delete --volume scratch --confirm scratch --wait-timeout 10m'
  ],
  flow: async () => (await import('./volume.js')).volumeDeleteFlow
});

export const transfer = operation({
  name: 'transfer',
  capabilities: ['data'],
  summary: 'copy between object storage and a volume, checked first, to its end; retry it when it fails',
  needs: ['volume', 'direction', 's3_supplier', 's3_endpoint', 's3_bucket', 's3_access_key', 's3_secret_key'],
  inputs: [
    's3_prefix',
    'volume_path',
    'overwrite_policy',
    'ignore_patterns',
    'transfer_retries',
    'task_name',
    'wait_timeout',
    'poll_interval',
    'poll_error_budget',
    'cleanup_timeout'
  ],
  outputs: TRANSFER_OUTPUTS,
  examples: [
    'elastic-deploy transfer --volume datasets --direction s3-to-volume --s3-supplier tencent --s3-endpoint cos.ap-guangzhou.myqcloud.com --s3-bucket corpus --s3-prefix v3/ --volume-path /corpus',
    'elastic-deploy transfer --volume datasets --direction volume-to-s3 --s3-supplier tencent --s3-endpoint cos.ap-guangzhou.myqcloud.com --s3-bucket corpus --s3-prefix results/ --volume-path /out',
    '# ELASTIC_DEPLOY_S3_ACCESS_KEY and ELASTIC_DEPLOY_S3_SECRET_KEY (or their _FILE) from secrets'
  ],
  flow: async () => (await import('./transfer.js')).transferFlow,
  postFinishes: 'running transfers'
});

export const transferDetail = operation({
  name: 'transfer_detail',
  capabilities: ['data'],
  summary: "read a transfer's detail and progress",
  needs: ['transfer_id'],
  inputs: [],
  outputs: ['transfer_id', 'files', 'bytes'],
  examples: [
    'elastic-deploy transfer-detail --transfer-id 501',
    'elastic-deploy transfer-detail --transfer-id 501 --output json'
  ],
  flow: async () => (await import('./transfer.js')).transferDetailFlow
});

export const transferList = operation({
  name: 'transfer_list',
  capabilities: ['data'],
  summary: 'list the transfers (of a volume), each with its progress',
  needs: [],
  inputs: ['volume'],
  outputs: [],
  examples: ['elastic-deploy transfer-list', 'elastic-deploy transfer-list --volume datasets'],
  flow: async () => (await import('./transfer.js')).transferListFlow
});

export const transferStop = operation({
  name: 'transfer_stop',
  capabilities: ['data'],
  summary: 'stop a transfer, and wait until it copies no more',
  needs: ['transfer_id'],
  inputs: ['cleanup_timeout'],
  outputs: ['transfer_id', 'files', 'bytes'],
  examples: [
    'elastic-deploy transfer-stop --transfer-id 501',
    'elastic-deploy transfer-stop --transfer-id 501 --wait-timeout 5m'
  ],
  flow: async () => (await import('./transfer.js')).transferStopFlow
});
