// What a pull request's previews cost, as the preview steps count it against max_cost: exact sums of the
// platform's points, shown as yuan, and what a push's wait counts besides its new preview.
import { capBesides } from '../../../src/deploy/previews/preview.js';
import {
  costOf,
  reachesCap,
  theMore,
  worthKeeping,
  type PreviewSpend
} from '../../../src/deploy/previews/preview-spend.js';
import { readablePoints } from '../../../src/platform/money.js';

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

  // Issue 63, point 8: one rule for money a person reads; below a fen, "less than 0.01 yuan" (the exact
  // figure is the total_cost output's), as everywhere else.
  it('shows what previews cost as every figure a person reads: to the fen, "less than 0.01 yuan" below one', () => {
    expect(readablePoints('420000')).toBe('0.42 yuan');
    expect(readablePoints('832')).toBe('less than 0.01 yuan');
    expect(readablePoints('7175')).toBe('less than 0.01 yuan');
    expect(readablePoints('0')).toBe('0.00 yuan');
  });

  it("reaches the cap at it or past it, and counts in a push's wait what the ended previews spent and the ones that bill", () => {
    expect([reachesCap('4999999', '5'), reachesCap('5000000', '5'), reachesCap('5000001', '5')]).toEqual([
      false,
      true,
      true
    ]);
    const spent = (id: string, points: string, status: string, from: 'detail' | 'kept' = 'detail') => ({
      ...task(undefined, undefined),
      id,
      status,
      points,
      from
    });
    // Two ended (one the platform deleted, kept on GitHub), one running: the running one's whole cost
    // counts as the wait reads it, never twice.
    expect(
      capBesides({
        tasks: [
          spent('1', '1250000', 'End'),
          spent('2', '10.5', 'End', 'kept'),
          spent('3', '700', 'Running')
        ],
        total: '1251710.5',
        billing: ['3'],
        unread: []
      })
    ).toEqual({ spentBefore: '1250010.5', alongside: ['3'] });
    expect(capBesides({ tasks: [], total: '0', billing: [], unread: [] })).toEqual({
      spentBefore: '0',
      alongside: []
    });
  });

  // Regression (issue 60, points 2 and 6): a wait held to the billing records counts them from the hour it
  // began in; what an older preview whose details say no cost was billed before that hour went uncounted.
  it('counts the ended tasks before the wait, and leaves the tasks that bill to the wait, which reads them whole', () => {
    const billed = {
      ...task(undefined, undefined),
      id: '3',
      status: 'Running',
      points: '9400000',
      from: 'billing' as const
    };
    const ended = { ...billed, id: '1', status: 'End', points: '500' };
    const read = { ...task('700', '5'), id: '4', status: 'Running', points: '705', from: 'detail' as const };
    expect(
      capBesides({ tasks: [ended, billed, read], total: '9401205', billing: ['3', '4'], unread: [] })
    ).toEqual({ spentBefore: '500', alongside: ['3', '4'] });
  });

  it('counts each task at the more of what the platform says and what GitHub keeps, and keeps only what GitHub lacks', () => {
    expect([theMore('500', undefined), theMore('500', '499'), theMore('500', '501.5')]).toEqual([
      '500',
      '500',
      '501.5'
    ]);
    const spend = (points: Record<string, string>): PreviewSpend => ({
      tasks: Object.entries(points).map(([id, p]) => ({
        ...task(undefined, undefined),
        id,
        points: p,
        from: 'detail'
      })),
      total: '0',
      billing: [],
      unread: []
    });
    const kept = new Map([
      ['1', '500'],
      ['2', '7']
    ]);
    expect(worthKeeping(spend({ '1': '500', '2': '7' }), kept)).toBeUndefined();
    expect(worthKeeping(spend({ '1': '499', '2': '7' }), kept)).toBeUndefined();
    expect(Object.fromEntries(worthKeeping(spend({ '1': '500', '2': '8' }), kept) ?? [])).toEqual({
      '1': '500',
      '2': '8'
    });
    // A task GitHub has no figure of yet, even a nought, is kept.
    expect(worthKeeping(spend({ '3': '0' }), new Map())).toBeDefined();
  });
});
