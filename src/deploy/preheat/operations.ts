import { operation, WEB } from '../engine/operations/operation.js';
import { CAPACITY, PLACED, only } from '../engine/inputs/operation-inputs.js';

// Image preheat (suanli-image-preheat/): the images warmed where a task would be placed.

export const preheat = operation({
  name: 'preheat',
  capabilities: ['deploy'],
  summary: 'warm the images of body where gpu would place a task',
  needs: ['task_name', 'gpu', 'body'],
  inputs: only(['task_name', 'gpu', 'body'], ['task_name', ...CAPACITY, 'body', 'body_file']),
  outputs: PLACED,
  examples: [
    `elastic-deploy preheat --task-name warm-web --gpu 4090 --body ${WEB}`,
    `elastic-deploy preheat --task-name warm-web --gpu 4090 --body ${WEB} --preheat-timeout 30m`
  ],
  flow: async () => (await import('./preheat.js')).preheatFlow,
  uses: { capacity: true }
});
