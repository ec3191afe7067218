// A step's result as the summary, the outputs and the report parts read it: nothing done, but what a test
// gives (its operation, tasks, parts...).
import type { StepResult } from '../../src/deploy/engine/calls/step-result.js';

export const stepResult = (fields: Partial<StepResult> = {}): StepResult => ({
  operation: 'detail',
  calls: [],
  tasks: [],
  criteria: undefined,
  timedOut: false,
  elapsedMs: 0,
  replaced: [],
  bills: [],
  offers: [],
  nodeReads: undefined,
  ...fields
});
