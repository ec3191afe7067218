import fc from 'fast-check';
import { rfc3339 } from '../../src/action/inputs.js';

describe('rfc3339', () => {
  it('writes any moment from the year 1 to 9999 as Date does, to the second in UTC', () => {
    fc.assert(
      fc.property(fc.integer({ min: -62_135_596_800_000, max: 253_402_300_799_999 }), (ms) => {
        expect(rfc3339(ms)).toBe(new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z'));
      }),
      { numRuns: 2000 }
    );
  });

  it('pads the year, the month and the time fields', () => {
    expect(rfc3339(Date.parse('0042-03-04T05:06:07.890Z'))).toBe('0042-03-04T05:06:07Z');
  });
});
