import { readablePoints, readableYuan, spentYuan, sumPoints, yuanOf } from '../../src/platform/money.js';

describe('money', () => {
  it('adds points exactly, whatever their decimals, and refuses anything but decimal text', () => {
    expect(sumPoints(['6710400', '12.5', '0.25'])).toBe('6710412.75');
    expect(sumPoints(['0.1', '0.2'])).toBe('0.3');
    expect(sumPoints(['-550', '50'])).toBe('-500');
    expect(sumPoints([])).toBe('0');
    expect(sumPoints(['1', '1e3'])).toBeUndefined();
    expect(sumPoints(['1', ''])).toBeUndefined();
  });

  it('gives points as yuan with at least six decimals, exact', () => {
    expect(yuanOf('6710400')).toBe('6.710400');
    expect(yuanOf('550')).toBe('0.000550');
    expect(yuanOf('12.5')).toBe('0.0000125');
    expect(yuanOf('-1')).toBe('-0.000001');
    expect(yuanOf('0')).toBe('0.000000');
    expect(yuanOf('abc')).toBeUndefined();
  });

  it('counts what a task has cost as billed plus used and not billed yet', () => {
    expect(spentYuan('1000000', '500000')).toBe('1.500000');
    expect(spentYuan(undefined, '500000')).toBe('0.500000');
    expect(spentYuan('1000000', undefined)).toBe('1.000000');
    expect(spentYuan(undefined, undefined)).toBeUndefined();
    expect(spentYuan('1e6', undefined)).toBeUndefined();
  });

  it('shows yuan to the fen, and says so below one, never a bare 0.00 for a sum above nothing', () => {
    expect(readableYuan('6.710400')).toBe('6.71 yuan');
    expect(readableYuan('0.01')).toBe('0.01 yuan');
    expect(readableYuan('0.014999')).toBe('0.01 yuan');
    expect(readableYuan('0.015')).toBe('0.02 yuan');
    expect(readableYuan('0.995')).toBe('1.00 yuan');
    expect(readableYuan('0.004999')).toBe('less than 0.01 yuan');
    expect(readableYuan('0.000006')).toBe('less than 0.01 yuan');
    expect(readableYuan('0.000000')).toBe('0.00 yuan');
    expect(readableYuan('12')).toBe('12.00 yuan');
    expect(readableYuan('1.5')).toBe('1.50 yuan');
    expect(readableYuan('-0.015')).toBe('-0.02 yuan');
    expect(readableYuan('-0.001')).toBe('more than -0.01 yuan');
    expect(readableYuan('1e3')).toBeUndefined();
  });

  // Regression (issue 63, point 8): a sum between half a fen and a fen read "0.01 yuan" (0.007175 in the
  // log, "0.01 yuan" in the comment), while one below half a fen read "less than 0.01 yuan": under a fen,
  // whatever it is, a person reads "less than 0.01 yuan".
  it('says "less than 0.01 yuan" for every sum under a fen, never rounding one up to a fen', () => {
    expect(readableYuan('0.007175')).toBe('less than 0.01 yuan');
    expect(readableYuan('0.005')).toBe('less than 0.01 yuan');
    expect(readableYuan('0.009999')).toBe('less than 0.01 yuan');
    expect(readableYuan('0.0099999999')).toBe('less than 0.01 yuan');
    expect(readableYuan('-0.009')).toBe('more than -0.01 yuan');
  });

  it('shows points as yuan by the same rule, and says points it cannot read as points', () => {
    expect(readablePoints('7175')).toBe('less than 0.01 yuan');
    expect(readablePoints('130000')).toBe('0.13 yuan');
    expect(readablePoints('6710400')).toBe('6.71 yuan');
    expect(readablePoints('0')).toBe('0.00 yuan');
    expect(readablePoints('1e3')).toBe('1e3 points');
  });
});
