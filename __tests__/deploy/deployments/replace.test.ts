import { finishReplace } from '../../../src/deploy/deployments/replace.js';
import { taskResult, type TaskResult } from '../../../src/deploy/engine/wait/task-result.js';
import type { Call } from '../../../src/platform/operations/operation-table.js';
import type { Answer } from '../../../src/platform/session.js';
import { scriptedContext } from '../../helpers/runtime.js';
import { testSettings } from '../../helpers/settings.js';

const task = (id: string, verdict: TaskResult['verdict'], message?: string): TaskResult =>
  taskResult(id, { verdict, status: verdict === 'reached' ? 'Running' : 'Pending', name: 'llm', message });

/**
 * A platform that takes every stop, ends a task once stopped, and records what was sent and whose detail
 * was read (the wait until ended); time moves only when slept.
 */
function harness(live: string[] = ['7', '8', '9']) {
  const sent: string[] = [];
  const stopped = new Set<string>();
  const answer = (data: unknown): Answer => ({ result: { code: '0000', msg: 'success', data }, raw: '' });
  const send = (call: Call): Promise<Answer> => {
    sent.push(`${call.operation} ${call.taskId ?? ''}`.trim());
    if (call.operation === 'stop') stopped.add(call.taskId ?? '');
    if (call.operation === 'search_tasks') {
      const results = live
        .filter((id) => !stopped.has(id))
        .map((id) => ({ task_id: Number(id), task_name: 'llm', status: 'Running' }));
      return Promise.resolve(answer({ count: results.length, results }));
    }
    if (call.operation !== 'detail') return Promise.resolve(answer(null));
    const id = call.taskId ?? '';
    return Promise.resolve(answer({ task_id: Number(id), status: stopped.has(id) ? 'End' : 'Running' }));
  };
  const log: string[] = [];
  const ctx = scriptedContext(send, {
    settings: testSettings({ taskName: 'llm' }),
    maxRetries: 0,
    budgetMs: 60_000,
    log: (line) => log.push(line)
  });
  const waited = (): string[] =>
    sent.filter((s) => s.startsWith('detail ')).map((s) => s.slice('detail '.length));
  return { ctx, sent, waited, log, stopped };
}

describe('finishReplace', () => {
  it('new task ready: stops each old task, then waits until they have ended', async () => {
    const h = harness();
    const { created, replaced } = await finishReplace(task('9', 'reached'), ['7', '8'], h.ctx);
    expect(created?.verdict).toBe('reached');
    expect(h.sent.slice(0, 3)).toEqual(['search_tasks', 'stop 7', 'stop 8']);
    // Each stop until its detail says End; a fresh search finds none left; the detail read for its cost.
    expect(h.sent.filter((s) => s === 'search_tasks')).toHaveLength(2);
    expect(h.waited().sort()).toEqual(['7', '7', '8', '8']);
    expect(replaced.map((t) => [t.id, t.verdict, t.status])).toEqual([
      ['7', 'reached', 'End'],
      ['8', 'reached', 'End']
    ]);
  });

  it('leaves the ids still to stop for the post step before the first stop, and takes each off once stopped', async () => {
    const h = harness();
    await finishReplace(task('9', 'reached'), ['7', '8'], h.ctx);
    const retired = h.ctx.saved.states.map((state) => [...state.retire].sort());
    // Saved with the switch to the user's cleanup, before any search.
    expect(retired[1]).toEqual(['7', '8']);
    expect(retired.at(-1)).toEqual([]);
  });

  // Regression: two replaces of one name that overlapped left both new generations billing.
  it('stops every live task of the name older than the new one, and leaves the newer ones to their runs', async () => {
    const h = harness(['7', '8', '9', '10']);
    // 7 ran before this step; 8 is another run's new task, made meanwhile and older; 10 is newer.
    const { replaced } = await finishReplace(task('9', 'reached'), ['7'], h.ctx);
    expect(replaced.map((t) => t.id)).toEqual(['7', '8']);
    expect([...h.stopped].sort()).toEqual(['7', '8']);
    expect(h.log).toContain(
      'replace: task 8 named "llm" was made after this step began (another run\'s), and is older than task 9: it is stopped too, so that the newest ready generation serves'
    );
    expect(h.log).toContain(
      'replace: task 10 named "llm" is newer than task 9: it is left to the run that made it, which stops this one once it is ready'
    );
  });

  it('new task failed: stops it, leaves the old ones untouched, and says it rolled back', async () => {
    const h = harness();
    const { created, replaced } = await finishReplace(task('9', 'failed', 'ended in Other'), ['7'], h.ctx);
    expect(h.sent).toEqual(['stop 9', 'detail 9']);
    expect(replaced).toEqual([]);
    expect(created?.message).toBe('ended in Other; rolled back: task 9 was stopped; task 7 keeps serving');
  });

  it('new task cancelled or timed out: rolled back the same way', async () => {
    for (const verdict of ['cancelled', 'timed_out'] as const) {
      const h = harness();
      await finishReplace(task('9', verdict), ['7'], h.ctx);
      expect(h.sent).toEqual(['stop 9', 'detail 9']);
    }
  });

  it('no new task (the create failed): nothing to stop, nothing replaced', async () => {
    const h = harness();
    expect(await finishReplace(undefined, ['7'], h.ctx)).toEqual({ created: undefined, replaced: [] });
    expect(h.sent).toEqual([]);
  });
});
