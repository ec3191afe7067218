// What a preview step knows of what its preview's tasks cost: the most it saw of each task, anywhere
// (GitHub's records, a detail, a search's rows), so that a task the platform deletes once it ended takes
// no figure along.
import { SpendBook, figuresIn } from '../../../src/deploy/previews/preview-book.js';

describe("a preview step's book of what its tasks cost", () => {
  it("reads the costs a detail or a search's rows say of the preview's own tasks, and none other", () => {
    const detail = { task_id: 1229831, task_name: 'web-pr-7', billing_value: 1_880_000, forecast_value: 12 };
    expect(figuresIn(detail, 'web-pr-7')).toEqual([['1229831', '1880012']]);
    const rows = {
      count: 4,
      results: [
        { task_id: 1, task_name: 'web-pr-7', billing_value: 300 },
        { task_id: 2, task_name: 'web-pr-70', billing_value: 900 },
        { task_id: 3, task_name: 'web-pr-7' },
        { task_name: 'web-pr-7', billing_value: 5 }
      ]
    };
    // Another pull request's row, one that says no cost (not a nought), and one without an id: none.
    expect(figuresIn(rows, 'web-pr-7')).toEqual([['1', '300']]);
    expect(figuresIn(null, 'web-pr-7')).toEqual([]);
    expect(figuresIn({ results: 'none' }, 'web-pr-7')).toEqual([]);
  });

  it('keeps the most it saw of each task, and what GitHub keeps apart', () => {
    const book = new SpendBook();
    book.keptNow(new Map([['1', '500']]));
    book.see([
      ['1', '499'],
      ['2', '7']
    ]);
    book.see([['2', '9.5']]);
    expect(Object.fromEntries(book.known())).toEqual({ '1': '500', '2': '9.5' });
    expect(Object.fromEntries(book.kept())).toEqual({ '1': '500' });
    // A record the step made: GitHub keeps it now, and the book has seen it.
    book.keptNow(
      new Map([
        ['1', '600'],
        ['3', '1']
      ])
    );
    expect(Object.fromEntries(book.kept())).toEqual({ '1': '600', '3': '1' });
    expect(Object.fromEntries(book.known())).toEqual({ '1': '600', '2': '9.5', '3': '1' });
  });
});
