import { operation, ready } from '../engine/operations/operation.js';
import {
  CAPACITY,
  DATA_IN,
  JOB_OUTPUTS,
  JOB_WAIT,
  PLACED,
  STOP_WAIT
} from '../engine/inputs/operation-inputs.js';
import { callFlow } from '../engine/flows/call.js';
import { waitFlow } from '../engine/flows/wait.js';

// Jobs (suanli-job/): a GPU batch job run to its end, and its reads and stop.

export const job = operation({
  name: 'job',
  capabilities: ['job'],
  summary: 'run a GPU batch job from body to its end, its log streamed; fail when it fails',
  needs: ['task_name', 'body'],
  inputs: [
    'points',
    'job_type',
    'estimated_exec_sec',
    'spot_fallback',
    'queue_timeout',
    ...CAPACITY,
    'body_file',
    'volumes',
    'juicefs_mounts',
    ...DATA_IN,
    'results',
    ...JOB_WAIT,
    'cleanup',
    'cleanup_timeout'
  ],
  outputs: [...PLACED, ...JOB_OUTPUTS, 'log_file'],
  examples: [
    'elastic-deploy job --task-name gpu-tests --gpu 4090 --body-file job.yaml',
    'elastic-deploy job --task-name gpu-tests --gpu 4090 --job-type on_demand --body-file job.yaml --files-dir job-files',
    '# job.yaml: job_support (timeout_sec, parallelism, mod_param) and services (docs/jobs.md shows one)'
  ],
  flow: async () => (await import('./job.js')).jobFlow,
  bills: true,
  maxCost: 'while waiting',
  uses: { dataIn: true, resultsOut: true },
  // A job is only worth its verdict: one left running after its wait bills with nobody to read it.
  cleanupByDefault: 'stop'
});

export const jobDetail = operation({
  name: 'job_detail',
  capabilities: ['job'],
  summary: "read GPU batch jobs' detail, and wait until they end with wait: true",
  needs: ['task_id'],
  inputs: JOB_WAIT,
  outputs: [...JOB_OUTPUTS, 'log_file'],
  examples: [
    'elastic-deploy job-detail --task-id 1962285',
    'elastic-deploy job-detail --task-id 1962285 --wait true'
  ],
  flow: ready(waitFlow),
  maxCost: 'with wait: true'
});

export const jobSearch = operation({
  name: 'job_search',
  capabilities: ['job'],
  summary: 'search the GPU batch jobs, by status and name',
  needs: [],
  inputs: ['task_status', 'task_name', 'query'],
  outputs: [],
  examples: [
    'elastic-deploy job-search --task-name gpu-tests --task-status Running,Pending,End',
    'elastic-deploy job-search --task-status End --output json'
  ],
  flow: ready(callFlow)
});

export const jobStop = operation({
  name: 'job_stop',
  capabilities: ['job'],
  summary: 'stop GPU batch jobs, and wait until they have ended',
  needs: ['task_id'],
  inputs: STOP_WAIT,
  outputs: [],
  examples: [
    'elastic-deploy job-stop --task-id 1962285',
    'elastic-deploy job-stop --task-id 1962285 --wait-timeout 5m'
  ],
  flow: ready(waitFlow)
});

export const jobGroupSearch = operation({
  name: 'job_group_search',
  capabilities: ['job'],
  summary: "list a job queue's task groups (queue_id in query)",
  needs: ['query'],
  inputs: [],
  outputs: [],
  examples: [
    "elastic-deploy job-group-search --query '{queue_id: 7}'",
    "elastic-deploy job-group-search --query '{queue_id: 7}' --output json"
  ],
  flow: ready(callFlow)
});

export const jobGroupDetail = operation({
  name: 'job_group_detail',
  capabilities: ['job'],
  summary: "read a job queue's task group (group_id in query)",
  needs: ['query'],
  inputs: [],
  outputs: [],
  examples: [
    "elastic-deploy job-group-detail --query '{group_id: 5001}'",
    "elastic-deploy job-group-detail --query '{group_id: 5001}' --output json"
  ],
  flow: ready(callFlow)
});
