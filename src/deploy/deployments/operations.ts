import { operation, ready, WEB } from '../engine/operations/operation.js';
import { CHANGE_WAIT, CREATE, PLACED, only } from '../engine/inputs/operation-inputs.js';
import { withDataIn } from '../engine/flows/copying.js';
import { waitFlow } from '../engine/flows/wait.js';

// Deployments: a service made, replaced, changed in place, scaled, swept, a node replaced, and what its nodes say.

export const create = operation({
  name: 'create',
  capabilities: ['deploy'],
  summary: 'create a task from body (on the GPU gpu names), and wait until it is ready',
  needs: ['task_name', 'body'],
  inputs: only(['task_name', 'body'], CREATE),
  outputs: PLACED,
  examples: [
    `elastic-deploy create --task-name web-1 --gpu 4090 --body ${WEB} --cleanup stop`,
    `elastic-deploy create --task-name web-1 --gpu 4090 --body ${WEB} --health-path /health --wait-timeout 20m`
  ],
  flow: ready(withDataIn(waitFlow)),
  bills: true,
  maxCost: 'while waiting',
  uses: { dataIn: true }
});

export const replace = operation({
  name: 'replace',
  capabilities: ['deploy'],
  summary: 'create a task, and once it is ready stop the tasks of the same name that ran before',
  needs: ['task_name', 'body'],
  inputs: only(['task_name', 'body'], CREATE),
  outputs: [...PLACED, 'replaced_task_ids'],
  examples: [
    `elastic-deploy replace --task-name web --gpu 4090 --body ${WEB} --health-path /health`,
    `elastic-deploy replace --task-name web --gpu 4090 --body ${WEB} --max-cost 20 --cleanup stop`
  ],
  flow: async () => withDataIn((await import('./replace.js')).replaceFlow),
  bills: true,
  maxCost: 'while waiting',
  uses: { dataIn: true }
});

export const update = operation({
  name: 'update',
  capabilities: ['deploy'],
  summary: "change a running task's configuration from body; roll it back if it does not serve",
  needs: ['task_id', 'body'],
  inputs: [
    'task_name',
    'body_file',
    'volumes',
    'juicefs_mounts',
    ...CHANGE_WAIT,
    'health_path',
    'health_status'
  ],
  outputs: ['changed', 'rolled_back', 'restore_file'],
  examples: [
    `elastic-deploy update --task-id 1229831 --body '{services: [{service_name: web, service_image: "nginx:1.28"}]}' --health-path /health`,
    `elastic-deploy update --task-name web --body '{services: [{service_name: web, service_image: "nginx:1.28"}]}'`
  ],
  flow: async () => (await import('./update.js')).updateFlow,
  postFinishes: 'changes',
  uses: { mounts: true }
});

export const scale = operation({
  name: 'scale',
  capabilities: ['deploy'],
  summary: 'set points, and wait until that many nodes run; set back if a new node fails',
  needs: ['task_id', 'points'],
  inputs: CHANGE_WAIT,
  outputs: ['changed', 'rolled_back', 'points_before', 'points_after'],
  examples: [
    'elastic-deploy scale --task-id 1229831 --points 3',
    'elastic-deploy scale --task-id 1229831 --points 1 --wait-timeout 20m'
  ],
  flow: async () => (await import('./scale.js')).scaleFlow,
  postFinishes: 'changes'
});

export const sweep = operation({
  name: 'sweep',
  capabilities: ['deploy'],
  summary: 'stop every task whose name matches task_name, but the ids in task_id',
  needs: ['task_name'],
  inputs: ['task_id', 'cleanup_timeout'],
  outputs: [],
  examples: [
    "elastic-deploy sweep --task-name 'pr-42-*'",
    "elastic-deploy sweep --task-name 'nightly-*' --task-id 1229831 --dry-run"
  ],
  flow: async () => (await import('./sweep.js')).sweepFlow
});

export const replaceNode = operation({
  name: 'replace_node',
  capabilities: ['deploy'],
  summary: 'delete the node point_id names, and wait for its replacement',
  needs: ['task_id', 'point_id'],
  inputs: ['delete_last_node', ...CHANGE_WAIT],
  outputs: ['changed', 'points_before', 'points_after'],
  examples: [
    'elastic-deploy replace-node --task-id 1229831 --point-id failed',
    'elastic-deploy replace-node --task-id 1229831 --point-id 1229831002'
  ],
  flow: async () => (await import('./replace-node.js')).replaceNodeFlow
});

export const logs = operation({
  name: 'logs',
  capabilities: ['deploy'],
  summary: "print each node's service logs (up to 10 nodes of each task)",
  needs: ['task_id'],
  inputs: ['log_lines'],
  outputs: [],
  examples: [
    'elastic-deploy logs --task-id 1229831 --log-lines 100',
    'elastic-deploy logs --task-id 1229831 --output json'
  ],
  flow: async () => (await import('./node-reads.js')).nodeReadsFlow('logs')
});

export const events = operation({
  name: 'events',
  capabilities: ['deploy'],
  summary: "print each node's events (up to 10 nodes of each task)",
  needs: ['task_id'],
  inputs: [],
  outputs: [],
  examples: [
    'elastic-deploy events --task-id 1229831',
    'elastic-deploy events --task-id 1229831 --output json'
  ],
  flow: async () => (await import('./node-reads.js')).nodeReadsFlow('events')
});
