import { OBJECT_COPIES } from '../engine/inputs/operation-inputs.js';
import { operation } from '../engine/operations/operation.js';

// Copies between the workspace (or object storage) and cluster storage volumes, in either direction, over
// each volume's SFTP session (suanli-nas-storage/api/sftp-obtain.md, sftp-destroy.md).

export const copy = operation({
  name: 'copy',
  capabilities: ['data'],
  summary:
    "copy files between the workspace and volumes, either way, over each volume's SFTP session (no GPU, no task); a copy through object storage as a transfer",
  needs: ['copies'],
  inputs: [
    ...OBJECT_COPIES,
    'task_name',
    'wait_timeout',
    'poll_interval',
    'poll_error_budget',
    'cleanup_timeout'
  ],
  outputs: ['files', 'bytes', 'skipped_files', 'duration', 'rate'],
  examples: [
    "elastic-deploy copy --copies './dataset/ -> datasets:/data'",
    "elastic-deploy copy --copies 'checkpoints:/out -> ./results/'",
    '# ./dataset/ is a directory of the workspace (GITHUB_WORKSPACE, else the working directory)'
  ],
  flow: async () => (await import('./copy.js')).copyFlow,
  postFinishes: 'running transfers',
  uses: { copies: true }
});
