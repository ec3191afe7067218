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
