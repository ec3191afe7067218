// The defaults that depend on the operation: what a step of each does when cleanup or wait_timeout is empty.
import { defaultCleanup } from '../../../src/deploy/operations.js';
import { defaultWait, shortWaitWarning } from '../../../src/deploy/engine/step-defaults.js';
import { testSettings } from '../../helpers/settings.js';

const job = (timeoutSec: unknown) => ({ job_support: { timeout_sec: timeoutSec } });

describe('the defaults of a step', () => {
  it('stops what a job step made unless cleanup says otherwise; leaves every other kind of step alone', () => {
    expect(defaultCleanup('job')).toBe('stop');
    expect(
      ['create', 'replace', 'job_detail', 'job_stop', 'preheat', 'request', 'nope'].map(defaultCleanup)
    ).toEqual(Array.from({ length: 7 }, () => 'none'));
  });

  it("waits for a job's timeout_sec and its start; for anything else, or a body without one, 15 minutes", () => {
    const of = (operation: 'job' | 'create', body: Record<string, unknown>) =>
      defaultWait({ operation, body, spotFallback: undefined }).ms;
    expect(of('job', job(600))).toBe((600 + 900) * 1000);
    expect(of('job', job(0))).toBe(900_000);
    expect(of('job', job('600'))).toBe(900_000);
    expect(of('job', {})).toBe(900_000);
    expect(of('create', job(600))).toBe(900_000);
  });

  it('warns when wait_timeout, as set, would end the wait before the job could end', () => {
    const base = testSettings({ operation: 'job', body: job(3000), cleanup: 'stop' });
    // wait_timeout as set: no reason of a default.
    const given = { ...base.wait, timeoutWhy: undefined };
    const set = (timeoutMs: number, timeoutWhy?: string) => ({
      ...base,
      wait: { ...given, timeoutMs, timeoutWhy }
    });
    expect(shortWaitWarning(set(600_000))).toBe(
      "wait_timeout (10m0s) is shorter than the job's timeout_sec (50m0s): the step stops waiting before the job would end (and stops the job then, with cleanup: stop); leave wait_timeout empty to wait for its timeout_sec and its start"
    );
    expect(shortWaitWarning(set(3_000_000))).toBeUndefined();
    // A default wait is never shorter but when capped; then it says why itself.
    expect(shortWaitWarning(set(600_000, 'capped'))).toBeUndefined();
    expect(shortWaitWarning({ ...set(600_000), operation: 'create' })).toBeUndefined();
  });
});
