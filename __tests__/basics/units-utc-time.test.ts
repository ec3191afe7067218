// Issue 63, point 6: times in one form in every output of the CLI: RFC 3339 in UTC, to the second.
import { utcTime } from '../../src/basics/units.js';

describe('utcTime', () => {
  it.each([
    ['2026-01-02T11:04:05.000000+08:00', '2026-01-02T03:04:05Z'],
    ['2026-01-02 11:04:05.000000 +08:00', '2026-01-02T03:04:05Z'],
    ['2026-01-02T11:04:05+0800', '2026-01-02T03:04:05Z'],
    // The storage API writes its times in the platform's zone, naming none.
    ['2026-01-02 11:04:05', '2026-01-02T03:04:05Z'],
    ['2026-01-02T03:04:05Z', '2026-01-02T03:04:05Z'],
    ['2026-01-02T03:04:05.999Z', '2026-01-02T03:04:05Z'],
    ['2026-01-01 02:00:00 +08:00', '2025-12-31T18:00:00Z']
  ])('reads %s as %s', (text, utc) => {
    expect(utcTime(text)).toBe(utc);
  });

  it('gives back text that is no time as it is', () => {
    for (const text of ['', 'soon', '2026-13-45 99:99:99', '1767323045']) expect(utcTime(text)).toBe(text);
  });
});
