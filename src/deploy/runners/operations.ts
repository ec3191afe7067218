import { operation } from '../engine/operations/operation.js';
import { CAPACITY, DATA_IN, PLACED } from '../engine/inputs/operation-inputs.js';

// GPU runners (issue 62): a self-hosted runner for one workflow job, started as a platform job from the
// user's runner image with a just-in-time configuration; stopped, and swept.

export const runner = operation({
  name: 'runner',
  capabilities: ['runner'],
  summary:
    "start GPU runners for a workflow's job (GitHub action): platform jobs running GitHub's runner, each taking one job",
  needs: ['task_name', 'body', 'github_token'],
  inputs: [
    'runner_scope',
    'runner_labels',
    'runners',
    'runner_timeout',
    'allow_untrusted',
    'job_type',
    'spot_fallback',
    'queue_timeout',
    ...CAPACITY,
    'body_file',
    'volumes',
    'juicefs_mounts',
    ...DATA_IN,
    'wait_timeout',
    'poll_interval',
    'poll_error_budget',
    'max_cost',
    'cleanup_timeout'
  ],
  outputs: [...PLACED, 'runner_label', 'runner_names', 'runs_on'],
  examples: [
    'elastic-deploy runner --task-name gpu --gpu 4090 --body-file runner.yaml',
    'elastic-deploy runner --task-name gpu --gpu 4090 --runners 2 --runner-labels a100 --body-file runner.yaml',
    '# runner.yaml: job_support and services with the runner image (docs/runners.md shows one); with ELASTIC_DEPLOY_GITHUB_TOKEN, GITHUB_REPOSITORY and GITHUB_RUN_ID set'
  ],
  flow: async () => (await import('./runner.js')).runnerFlow,
  bills: true,
  // Its own wait, until the runners are online, holds the runner jobs to max_cost.
  maxCost: 'itself',
  uses: { capacity: true, dataIn: true },
  // A runner handed over runs on for its job; one the step made and did not hand over (it failed, it was
  // cancelled) is stopped by the post step.
  cleanupByDefault: 'stop'
});

export const runnerStop = operation({
  name: 'runner_stop',
  capabilities: ['runner'],
  summary: "stop a workflow run's GPU runners by their label or task_id, and remove them from GitHub",
  needs: ['github_token'],
  inputs: ['runner_scope', 'task_name', 'task_id', 'wait_timeout'],
  outputs: ['total_cost'],
  examples: [
    'elastic-deploy runner-stop --task-name gpu',
    "elastic-deploy runner-stop --task-id '1962285, 1962286'"
  ],
  flow: async () => (await import('./runner-stop.js')).runnerStopFlow
});

export const runnerSweep = operation({
  name: 'runner_sweep',
  capabilities: ['runner'],
  summary:
    'stop the GPU runners whose workflow run is over or whose runner is gone, and remove them (a schedule)',
  needs: ['task_name', 'github_token'],
  inputs: ['runner_scope', 'wait_timeout'],
  outputs: ['total_cost'],
  examples: [
    'elastic-deploy runner-sweep --task-name gpu',
    'elastic-deploy runner-sweep --task-name gpu --dry-run'
  ],
  flow: async () => (await import('./runner-sweep.js')).runnerSweepFlow
});
