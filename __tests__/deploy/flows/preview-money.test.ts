// What a pull request's previews cost, as the preview steps count it against max_cost: exact sums of the
// platform's points, shown as yuan, and what the cap leaves for the next push.
import { costOf, reachesCap, remainingCap, yuanText } from '../../../src/deploy/flows/preview.js';

const task = (billingValue: string | undefined, forecastValue: string | undefined) => ({
  id: '1',
  name: 'web-pr-1',
  status: 'End',
  billingValue,
  forecastValue
});

describe("a pull request's previews, counted against max_cost", () => {
  it('sums what each task was billed and has used since, exactly, taking what a task does not say as nothing', () => {
    expect(costOf([task('6710400', '12.5'), task(undefined, '550'), task(undefined, undefined)])).toBe(
      '6710962.5'
    );
    expect(costOf([])).toBe('0');
  });

  it('shows yuan readably, and exactly below a fen, where a cap of a few fen is compared with it', () => {
    expect(yuanText('420000')).toBe('0.42 yuan');
    expect(yuanText('832')).toBe('0.000832 yuan');
    expect(yuanText('0')).toBe('0.00 yuan');
  });

  it('reaches the cap at it or past it, and leaves the next push what the earlier previews did not spend', () => {
    expect([reachesCap('4999999', '5'), reachesCap('5000000', '5'), reachesCap('5000001', '5')]).toEqual([
      false,
      true,
      true
    ]);
    expect(remainingCap('5', '1250000')).toBe('3.750000');
    expect(remainingCap('5', undefined)).toBe('5');
    expect(remainingCap(undefined, '1250000')).toBeUndefined();
  });
});
