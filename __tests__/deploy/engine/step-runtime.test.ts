import { jest } from '@jest/globals';
import { stepRuntime } from '../../../src/deploy/engine/step-runtime.js';

describe('stepRuntime', () => {
  afterEach(() => {
    jest.restoreAllMocks();
  });

  it('spreads its stamps at random, so concurrent runs with one token sign one call differently', () => {
    jest.spyOn(Math, 'random').mockReturnValue(0.5);
    const runtime = stepRuntime(
      { requestTimeoutMs: 1000, maxResponseBytes: 1024 },
      { cancel: new AbortController().signal, log: () => undefined, warn: () => undefined }
    );
    try {
      const before = Date.now();
      const stamp = runtime.clock.stamp();
      const after = Date.now();
      expect(stamp).toBeGreaterThanOrEqual(before + 500);
      expect(stamp).toBeLessThanOrEqual(after + 500);
    } finally {
      runtime.dispose();
    }
  });
});
