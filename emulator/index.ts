export { CA_FILE, Emulator, startEmulator } from './emulator.js';
export type {
  CrashLoopSpec,
  EmulatorInfo,
  EmulatorOptions,
  EnvelopeStyle,
  RecordedRequest
} from './emulator.js';
export type { FaultAnswer, FaultRule, RateLimit, RetryAfter } from './faults.js';
export type { TaskSeed, TaskStatus } from './tasks.js';
export { Code } from './rejection.js';
export { RUNNER_JITCONFIG_ENV } from './job-runner.js';
export type { RunnerLink, RunnerProcess, RunnerProcessExit } from './job-runner.js';
