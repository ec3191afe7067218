import { operation } from '../engine/operations/operation.js';
import { CREATE, DATA_IN, PLACED, PREVIEW, only } from '../engine/inputs/operation-inputs.js';
import { borrowReplace } from '../engine/flows/lent-replace.js';

// Previews: a pull request's preview brought up or stopped, and the previews swept.

export const preview = operation({
  name: 'preview',
  capabilities: ['preview'],
  summary: "bring a pull request's preview up as replace does, or stop it on close (GitHub action)",
  needs: ['task_name', 'body'],
  inputs: [...only(['task_name', 'body', ...DATA_IN], CREATE), ...PREVIEW],
  outputs: [...PLACED, 'replaced_task_ids', 'total_cost'],
  examples: [
    '# the GitHub action runs previews on pull_request events (docs/previews.md); a GitLab review app is replace and cleanup (docs/cli.md)'
  ],
  // A preview is a replace under the preview's name: the replace is the deployments', lent through the engine.
  flow: async () => {
    await borrowReplace();
    return (await import('./preview.js')).previewFlow;
  },
  bills: true,
  maxCost: 'while waiting',
  event: 'pull_request'
});

export const previewSweep = operation({
  name: 'preview_sweep',
  capabilities: ['preview'],
  summary: 'stop the previews whose pull request closed, left idle, or past max_cost (GitHub action)',
  needs: ['task_name'],
  inputs: ['github_token', 'preview_ttl', 'max_cost', 'cleanup_timeout'],
  outputs: ['total_cost'],
  examples: ['# the GitHub action runs the preview sweep on a schedule (docs/previews.md)'],
  flow: async () => (await import('./preview-sweep.js')).previewSweepFlow,
  maxCost: 'itself'
});
