import type { FailReason } from '../action/host.js';

/** The exit codes, as the README documents them. */
export const EXIT = {
  ok: 0,
  failed: 1,
  input: 2,
  timedOut: 3,
  cleanup: 4,
  capped: 5,
  interrupted: 130
} as const;

export const EXIT_OF: Record<FailReason, number> = {
  input: EXIT.input,
  timed_out: EXIT.timedOut,
  failed: EXIT.failed,
  capped: EXIT.capped,
  cleanup: EXIT.cleanup
};
