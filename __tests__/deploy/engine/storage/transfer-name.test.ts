// A transfer's name is how the step finds it when its create's answer is lost (issue 60, point 11): only
// this run may use it, or one run could follow, and stop, another's.
import { runTransferName } from '../../../../src/deploy/engine/storage/run-transfer.js';

const at = (now: number, random: number) => ({ runtime: { now: () => now, random: () => random } });

describe('runTransferName', () => {
  it('differs between two runs of one workflow at the same millisecond', () => {
    const one = runTransferName('eval', at(1_763_715_600_000, 0.25));
    const other = runTransferName('eval', at(1_763_715_600_000, 0.75));
    expect(one).toMatch(/^ed-eval-[0-9a-z]+$/);
    expect(one).not.toBe(other);
  });

  it('says what it copies, and keeps the name a person gave readable', () => {
    expect(runTransferName('eval', at(36 ** 3, 0), 'data0-')).toBe('ed-eval-data0-10000000');
    expect(runTransferName('a\nb', at(0, 0.5))).toBe('ed-a b-0i000');
  });
});
