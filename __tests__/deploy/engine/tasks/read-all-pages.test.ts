import {
  IncompleteListError,
  MAX_PAGES,
  MAX_REREADS,
  readAllPages
} from '../../../../src/deploy/engine/tasks/read-all-pages.js';
import { searchByNameCall } from '../../../../src/platform/operations/calls.js';
import type { Call } from '../../../../src/platform/operations/operation-table.js';
import type { Answer } from '../../../../src/platform/session.js';
import { testSettings } from '../../../helpers/settings.js';

const settings = testSettings();
const pageCall = (page: number): Call => searchByNameCall(settings, 'svc', page);
const answer = (data: unknown): Answer => ({ result: { code: '0000', msg: 'success', data }, raw: '' });

/** A platform whose pages hold `size` items of `total` (ids 1..total), whatever page_size asks. */
function platform(total: number, size: number, options: { count?: boolean; repeatFrom?: number } = {}) {
  const asked: number[] = [];
  const send = (call: Call): Promise<Answer> => {
    const page = Number(call.query.find(([name]) => name === 'page')?.[1]);
    asked.push(page);
    const from = options.repeatFrom !== undefined && page >= options.repeatFrom ? options.repeatFrom : page;
    const results = Array.from({ length: total }, (_, i) => ({ task_id: i + 1 })).slice(
      (from - 1) * size,
      from * size
    );
    return Promise.resolve(answer(options.count === false ? { results } : { count: total, results }));
  };
  return { send, asked };
}

describe('readAllPages', () => {
  // Regression: a page shorter than the 100 asked for ended the list, though count said more remained,
  // so a platform capping pages lower hid tasks from the lookups around create and from sweep.
  it('follows count across pages shorter than asked, to the last item', async () => {
    const p = platform(7, 3);
    const list = await readAllPages('the search', pageCall, p.send);
    expect(list.results).toHaveLength(7);
    expect([list.count, p.asked]).toEqual([7, [1, 2, 3]]);
  });

  it('ends at a short page when there is no count', async () => {
    const p = platform(250, 100, { count: false });
    expect((await readAllPages('the search', pageCall, p.send)).results).toHaveLength(250);
    expect(p.asked).toEqual([1, 2, 3]);
  });

  it('reads again from a page that adds nothing, and calls the list incomplete when count still says more remain', async () => {
    const p = platform(9, 3, { repeatFrom: 2 });
    await expect(readAllPages('the task search for "svc"', pageCall, p.send)).rejects.toThrow(
      new IncompleteListError('the task search for "svc"', 6, 9, 'page 3 added nothing')
    );
    expect(p.asked).toEqual(Array.from({ length: MAX_REREADS + 1 }, () => [1, 2, 3]).flat());
  });

  it('reads an empty list in one page', async () => {
    const p = platform(0, 100);
    expect((await readAllPages('the search', pageCall, p.send)).results).toEqual([]);
    expect(p.asked).toEqual([1]);
  });

  // Regression: without a count, a list whose full pages kept coming was cut at MAX_PAGES and read as
  // whole, so a task past that page would have been taken as gone, and left billing.
  it.each([
    ['without a count', undefined],
    ['with a count saying more remain', 10 ** 9]
  ])('calls a list whose pages still come after MAX_PAGES incomplete, %s', async (_what, count) => {
    const asked: number[] = [];
    const send = (call: Call): Promise<Answer> => {
      const page = Number(call.query.find(([name]) => name === 'page')?.[1]);
      const size = Number(call.query.find(([name]) => name === 'page_size')?.[1]);
      asked.push(page);
      const results = Array.from({ length: size }, (_, i) => ({ task_id: (page - 1) * size + i + 1 }));
      return Promise.resolve(answer(count === undefined ? { results } : { count, results }));
    };
    await expect(readAllPages('the task search', pageCall, send)).rejects.toThrow(IncompleteListError);
    await expect(readAllPages('the task search', pageCall, send)).rejects.toThrow(`${MAX_PAGES} pages read`);
    expect(asked.at(-1)).toBe(MAX_PAGES);
  });

  // Regression (issue 37): a list read by offset while another run stopped a task on an earlier page
  // shifted the next task past the reader, and a sweep exited 0 with that task still running.
  it('reads a list again from its first page when its count changes between pages', async () => {
    let live = Array.from({ length: 6 }, (_, i) => i + 1);
    const asked: number[] = [];
    const send = (call: Call): Promise<Answer> => {
      const page = Number(call.query.find(([name]) => name === 'page')?.[1]);
      asked.push(page);
      const results = live.slice((page - 1) * 3, page * 3).map((id) => ({ task_id: id }));
      const data = { count: live.length, results };
      // Another run stops task 2 once page 1 has been read, the first time only.
      if (asked.length === 1) live = live.filter((id) => id !== 2);
      return Promise.resolve(answer(data));
    };
    const list = await readAllPages('the search', pageCall, send);
    expect(list.results.map((task) => (task as { task_id: number }).task_id)).toEqual([1, 3, 4, 5, 6]);
    expect(asked).toEqual([1, 2, 1, 2]);
  });

  it('calls a list whose count never holds still while it is read incomplete', async () => {
    let total = 10;
    const send = (call: Call): Promise<Answer> => {
      const page = Number(call.query.find(([name]) => name === 'page')?.[1]);
      total += 1;
      const results = Array.from({ length: total }, (_, i) => ({ task_id: i + 1 })).slice(
        (page - 1) * 3,
        page * 3
      );
      return Promise.resolve(answer({ count: total, results }));
    };
    await expect(readAllPages('the task search', pageCall, send)).rejects.toThrow(
      'the task search: its count changed while it was read, so no whole list could be read'
    );
  });
});
