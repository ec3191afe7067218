import { awaitNewTasks } from '../../../../src/deploy/engine/tasks/find-tasks.js';
import type { Call } from '../../../../src/platform/operations/operation-table.js';
import type { Answer } from '../../../../src/platform/session.js';
import { scriptedContext } from '../../../helpers/runtime.js';
import { testSettings } from '../../../helpers/settings.js';

const ok = (data: unknown): Answer => ({ result: { code: '0000', msg: 'success', data }, raw: '' });

describe('awaitNewTasks', () => {
  it('stops looking once the step is cancelled: cut short, not "none", since a later search might find one', async () => {
    const sentAt: number[] = [];
    const settings = testSettings({ operation: 'create', taskName: 'web' });
    const ctx = scriptedContext(
      (call: Call) => {
        if (call.operation !== 'search_tasks') throw new Error(`unexpected ${call.operation}`);
        sentAt.push(ctx.time());
        return Promise.resolve(ok({ count: 0, results: [] }));
      },
      { settings, cancelAt: 12_000 }
    );
    const found = await awaitNewTasks('web', new Set(), 60_000, ctx, 'the create');
    expect(found).toEqual({ kind: 'cut' });
    // Every 5 s from 0 (a quarter of the window, 5 s at most); the sleep to 15 s was cut at 12 s.
    expect(sentAt).toEqual([0, 5000, 10_000]);
  });
});
