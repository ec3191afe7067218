/** Jest runs the TypeScript sources as ES modules through ts-jest (transpile only; `npm run typecheck` checks types). */
export default {
  testEnvironment: 'node',
  extensionsToTreatAsEsm: ['.ts'],
  moduleNameMapper: { '^(\\.{1,2}/.*)\\.js$': '$1' },
  transform: { '^.+\\.ts$': ['ts-jest', { useESM: true }] },
  testMatch: ['<rootDir>/__tests__/**/*.test.ts'],
  setupFilesAfterEnv: ['<rootDir>/__tests__/helpers/setup.ts'],
  clearMocks: true,
  // A guard against a test that hangs, never a measure of speed (issue 60, point 18): the slowest tests run
  // steps over real HTTPS or start child processes, and on a machine busy with other work they take
  // several times as long as on a quiet one. Fake-clock tests end in milliseconds anyway. No test sets a
  // shorter one of its own.
  testTimeout: 300_000,
  // One worker per core, not Jest's default of one fewer: the end-to-end files mostly wait on child
  // processes and timers, so a second worker on a 2-core machine halves the wall time.
  maxWorkers: '100%',
  // The end-to-end scenarios (it.concurrent, one emulator each) mostly wait on timers and child
  // processes: ten at a time keep both cores busy without starving a scenario's timing.
  maxConcurrency: 10,
  // A worker whose heap has grown past this after a test file is replaced by a fresh one. Each test file's
  // ES modules stay in a worker's heap (Jest's vm contexts): by the last files a worker held 1.0-1.3 GB
  // (1.3-1.7 GB resident), and a process that large can take longer than Jest's 500 ms to be gone once
  // told to end on a busy machine: "A worker process has failed to exit gracefully" with no handle open
  // (issue 63, point 11; measured: at the end each worker's loop held only its pipes and drained in
  // under 35 ms).
  workerIdleMemoryLimit: '640MB',
  // With --coverage (as .ci/run asks): the sources the tests run in this process, entry points included.
  // dist/ runs in child processes and is not counted.
  collectCoverageFrom: ['src/**/*.ts'],
  coverageReporters: ['text-summary', 'json-summary'],
  coverageDirectory: 'reports/coverage',
  // The deploy logic and the platform session hold the money paths (cleanup, re-sent creates, retries):
  // each directory's branches, taken together, at 90% or more.
  coverageThreshold: {
    global: { lines: 90, branches: 85 },
    './src/deploy/': { branches: 90 },
    './src/platform/': { branches: 90 }
  }
};
