import { nodeRuntimes, npmNodeMajor } from '../../scripts/action-runner.js';
import { defineScenarios } from './scenarios.js';

// The machine's own Node (the one running npm: Node 20 here, the oldest supported), when it is not 24:
// the smoke scenarios, one of each kind of thing that could differ between Node versions.
const major = npmNodeMajor();
const runtime = nodeRuntimes().find((r) => r.major === major);

describe(`node dist/index.js on Node ${major}, the one running npm`, () => {
  it('runs under a second Node version, or under 24 alone when npm runs on 24', () => {
    expect(runtime).toBeDefined();
  });
  if (runtime !== undefined && major !== 24) defineScenarios(runtime, 'smoke');
});
