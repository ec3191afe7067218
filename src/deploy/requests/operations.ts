import { operation, ready } from '../engine/operations/operation.js';
import { BILLING, STOP_WAIT, WAIT } from '../engine/inputs/operation-inputs.js';
import { callFlow } from '../engine/flows/call.js';
import { waitFlow } from '../engine/flows/wait.js';

// The plain calls: reads, searches, stops and changes of tasks, the bills, the storage check, any endpoint.

export const detail = operation({
  name: 'detail',
  capabilities: ['deploy'],
  summary: "read tasks' detail, and wait until ready with wait: true",
  needs: ['task_id'],
  inputs: WAIT,
  outputs: [],
  examples: [
    'elastic-deploy detail --task-id 1229831',
    'elastic-deploy detail --task-id 1229831 --wait true'
  ],
  flow: ready(waitFlow),
  maxCost: 'with wait: true'
});

export const searchTasks = operation({
  name: 'search_tasks',
  capabilities: ['deploy'],
  summary: 'search the tasks, by status',
  needs: [],
  inputs: ['task_status', 'query'],
  outputs: [],
  examples: [
    'elastic-deploy search-tasks --task-status Running,Pending',
    'elastic-deploy search-tasks --task-status Running --output json'
  ],
  flow: ready(callFlow)
});

export const searchResources = operation({
  name: 'search_resources',
  capabilities: ['deploy', 'job'],
  summary: 'search the resources (regions, devices, stock, prices)',
  needs: [],
  inputs: ['query'],
  outputs: [],
  examples: [
    "elastic-deploy search-resources --query '{device_type: GpuDevice}'",
    'elastic-deploy search-resources --output table'
  ],
  flow: ready(callFlow)
});

export const stop = operation({
  name: 'stop',
  capabilities: ['deploy'],
  summary: 'stop tasks, and wait until their detail says End',
  needs: ['task_id'],
  inputs: STOP_WAIT,
  outputs: [],
  examples: ['elastic-deploy stop --task-id 1229831', 'elastic-deploy stop --task-id "1229831, 1229832"'],
  flow: ready(waitFlow)
});

export const pause = operation({
  name: 'pause',
  capabilities: ['deploy'],
  summary: 'pause tasks, and wait until they are Paused',
  needs: ['task_id'],
  inputs: STOP_WAIT,
  outputs: [],
  examples: [
    'elastic-deploy pause --task-id 1229831',
    'elastic-deploy pause --task-id 1229831 --wait-timeout 5m'
  ],
  flow: ready(waitFlow)
});

export const recover = operation({
  name: 'recover',
  capabilities: ['deploy'],
  summary: 'recover paused tasks, and wait until they are ready',
  needs: ['task_id'],
  inputs: WAIT,
  outputs: [],
  examples: [
    'elastic-deploy recover --task-id 1229831 --wait-timeout 20m',
    'elastic-deploy recover --task-id 1229831 --health-path /health'
  ],
  flow: ready(waitFlow),
  maxCost: 'with wait: true'
});

export const changePoints = operation({
  name: 'change_points',
  capabilities: ['deploy'],
  summary: "set a task's node count (without waiting: see scale)",
  needs: ['task_id', 'points'],
  inputs: [],
  outputs: [],
  examples: [
    'elastic-deploy change-points --task-id 1229831 --points 3',
    'elastic-deploy change-points --task-id 1229831 --points 1'
  ],
  flow: ready(callFlow)
});

export const nodes = operation({
  name: 'nodes',
  capabilities: ['deploy'],
  summary: "list a task's nodes",
  needs: ['task_id'],
  inputs: ['query'],
  outputs: [],
  examples: [
    'elastic-deploy nodes --task-id 1229831',
    'elastic-deploy nodes --task-id 1229831 --output json'
  ],
  flow: ready(callFlow)
});

export const billing = operation({
  name: 'billing',
  capabilities: ['deploy', 'job'],
  summary: 'read the bill by time, of some tasks or all',
  needs: [],
  inputs: ['task_id', ...BILLING],
  outputs: [],
  examples: [
    'elastic-deploy billing --billing-start 7d --billing-range day',
    'elastic-deploy billing --task-id 1229831 --billing-start 1d --billing-range hour'
  ],
  flow: ready(callFlow)
});

export const taskBilling = operation({
  name: 'task_billing',
  capabilities: ['deploy', 'job'],
  summary: 'read the bill by task',
  needs: [],
  inputs: BILLING,
  outputs: [],
  examples: [
    'elastic-deploy task-billing --billing-start 30d --billing-range month',
    'elastic-deploy task-billing --billing-start 7d --billing-range day --output json'
  ],
  flow: ready(callFlow)
});

export const storageCheck = operation({
  name: 'storage_check',
  capabilities: ['data'],
  summary: "check a storage's credentials (S3), from body",
  needs: ['body'],
  inputs: ['body_file'],
  outputs: [],
  examples: [
    'elastic-deploy storage-check --body-file storage.yaml',
    'elastic-deploy storage-check --body-file storage.yaml --output json',
    '# storage.yaml: supplier (such as tencent), endpoint, ak, sk, bucket and prefix; ak and sk from secrets'
  ],
  flow: ready(callFlow)
});

export const request = operation({
  name: 'request',
  summary: 'send any request of the API, signed',
  needs: ['method', 'path'],
  inputs: ['encrypt', 'body', 'body_file', 'query'],
  outputs: [],
  examples: [
    "elastic-deploy request --method GET --path /api/deployment/task/search --query '{type: Deployment, status: Running}'",
    "elastic-deploy request --method GET --path /api/task/deployment/detail --query '{task_id: 1229831}'"
  ],
  flow: ready(callFlow)
});
