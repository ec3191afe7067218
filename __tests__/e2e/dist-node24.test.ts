import { nodeRuntimes } from '../../scripts/action-runner.js';
import { defineScenarios } from './scenarios.js';

const node24 = nodeRuntimes().find((runtime) => runtime.major === 24);

// Every scenario, on the Node version the runner runs the action with (runs.using: node24).
describe('node dist/index.js on Node 24, the action runtime', () => {
  it('has Node 24 to run on (the node@24 devDependency)', () => {
    expect(node24).toBeDefined();
  });
  if (node24 !== undefined) defineScenarios(node24, 'all');
});
