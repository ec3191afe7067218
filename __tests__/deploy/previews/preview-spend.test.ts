// What a pull request's previews have spent, as figures: each task's the more of what the platform says now
// and what GitHub keeps (a cost only grows), kept anew only when a figure is new, and shown to the fen or,
// below it, exactly (a cap of a few fen is compared with it).
import {
  costOf,
  reachesCap,
  theMore,
  withSpend,
  worthKeeping,
  type PreviewSpend,
  type SpentTask
} from '../../../src/deploy/previews/preview-spend.js';
import { taskResult } from '../../../src/deploy/engine/wait/task-result.js';

const spent = (id: string, points: string, from: SpentTask['from'] = 'detail'): SpentTask => ({
  id,
  name: 'web-pr-7',
  status: 'End',
  billingValue: from === 'kept' ? undefined : points,
  forecastValue: from === 'kept' ? undefined : '0',
  points,
  from
});
const spend = (tasks: SpentTask[]): PreviewSpend => ({ tasks, total: '0', billing: [], unread: [] });

describe("a pull request's spend", () => {
  it('sums what each task was billed and has used since, a figure it does not give as none', () => {
    expect(
      costOf([
        { billingValue: '100', forecastValue: undefined },
        { billingValue: undefined, forecastValue: '5' }
      ])
    ).toBe('105');
    expect(costOf([])).toBe('0');
  });

  it("takes the more of the platform's figure and GitHub's: a deleted task's cost survives, a newer figure wins", () => {
    expect(theMore('300', undefined)).toBe('300');
    expect(theMore('300', '500')).toBe('500');
    expect(theMore('700', '500')).toBe('700');
  });

  it('keeps the figures anew only when one is new to GitHub', () => {
    const now = spend([spent('1', '300'), spent('2', '50')]);
    expect(
      worthKeeping(
        now,
        new Map([
          ['1', '300'],
          ['2', '50']
        ])
      )
    ).toBeUndefined();
    expect(worthKeeping(now, new Map([['1', '300']]))).toEqual(
      new Map([
        ['1', '300'],
        ['2', '50']
      ])
    );
    expect(
      worthKeeping(
        now,
        new Map([
          ['1', '200'],
          ['2', '50']
        ])
      )
    ).toEqual(
      new Map([
        ['1', '300'],
        ['2', '50']
      ])
    );
  });

  it("gives the step's tasks the money their details said, and leaves one only GitHub keeps as it was", () => {
    const tasks = [taskResult('1'), taskResult('2'), taskResult('3')];
    const read = withSpend(tasks, spend([spent('1', '300'), spent('2', '90', 'kept')]));
    expect(read.map((t) => [t.id, t.billingValue, t.forecastValue])).toEqual([
      ['1', '300', '0'],
      ['2', undefined, undefined],
      ['3', undefined, undefined]
    ]);
  });

  it('reaches the cap at it exactly', () => {
    expect(reachesCap('20000', '0.02')).toBe(true);
    expect(reachesCap('19999', '0.02')).toBe(false);
  });
});
