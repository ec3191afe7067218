import { verdictOf } from '../../src/action/outputs.js';
import type { StepResult } from '../../src/deploy/engine/calls/step-result.js';

/** Why a step failed, or undefined when it passed: the tests' shorthand for verdictOf. */
export function failureOf(step: StepResult): string | undefined {
  const verdict = verdictOf(step);
  return verdict.passed ? undefined : verdict.why;
}
