import fc from 'fast-check';
import { parseHealthPath } from '../../src/deploy/engine/inputs/parsers.js';
import { rfc3339 } from '../../src/basics/units.js';

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

describe('parseHealthPath', () => {
  it("refuses a path with a space, a control character (Unicode's Cc) or a # in it, and no other", () => {
    const refuses = (path: string): boolean => {
      try {
        parseHealthPath('health_path', path);
        return false;
      } catch {
        return true;
      }
    };
    // A character the health path's class spells out, or near its edges, drawn often; any other rarely.
    const near = fc.constantFrom(
      ...['\0', '\t', '\n', '\x1f', ' ', '#', '\x7f', '\x80', '\x85', '\x9f', '\xa0', '\u2028', '\u3000'],
      ...['\u{1f600}', '/', 'a', 'Z', '9']
    );
    const path = fc
      .array(fc.oneof(near, fc.string({ unit: 'binary', maxLength: 3 })), { maxLength: 12 })
      .map((parts) => `/${parts.join('')}`);
    fc.assert(
      fc.property(path, (value) => {
        expect(refuses(value)).toBe(/[\s\p{Cc}#]/u.test(value));
      }),
      { numRuns: 3000 }
    );
  });
});
