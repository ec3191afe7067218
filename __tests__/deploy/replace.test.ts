import { finishReplace } from '../../src/deploy/replace.js';
import { taskResult, type TaskResult } from '../../src/deploy/result.js';
import type { Call } from '../../src/platform/operations.js';
import type { Answer } from '../../src/platform/session.js';
import { testSettings } from '../helpers/settings.js';

const task = (id: string, verdict: TaskResult['verdict'], message?: string): TaskResult =>
  taskResult(id, { verdict, status: verdict === 'reached' ? 'Running' : 'Pending', name: 'llm', message });

/** A platform that takes every stop, and records what was sent and waited for; time moves only when slept. */
function harness() {
  const sent: string[] = [];
  const waited: string[][] = [];
  const log: string[] = [];
  let now = 0;
  const ctx = {
    settings: testSettings(),
    send: (call: Call): Promise<Answer> => {
      sent.push(`${call.operation} ${call.taskId ?? ''}`);
      return Promise.resolve({ result: { code: '0000', msg: 'success', data: null }, raw: '' });
    },
    retries: {
      policy: { maxRetries: 0, baseMs: 1000, capMs: 30_000, deadline: 60_000 },
      deps: {
        now: () => now,
        sleep: (ms: number) => {
          now += ms;
          return Promise.resolve();
        },
        random: () => 0.5,
        log: (line: string) => log.push(line)
      }
    },
    log: (line: string) => log.push(line),
    waitEnded: (tasks: TaskResult[]) => {
      waited.push(tasks.map((t) => t.id));
      return Promise.resolve(tasks.map((t) => ({ ...t, verdict: 'reached' as const, status: 'End' })));
    }
  };
  return { ctx, sent, waited, log };
}

describe('finishReplace', () => {
  it('new task ready: stops each old task, then waits until they have ended', async () => {
    const h = harness();
    const { created, replaced } = await finishReplace(task('9', 'reached'), ['7', '8'], h.ctx);
    expect(created?.verdict).toBe('reached');
    expect(h.sent).toEqual(['stop 7', 'stop 8']);
    expect(h.waited).toEqual([['7', '8']]);
    expect(replaced.map((t) => [t.id, t.verdict, t.status])).toEqual([
      ['7', 'reached', 'End'],
      ['8', 'reached', 'End']
    ]);
  });

  it('new task failed: stops it, leaves the old ones untouched, and says it rolled back', async () => {
    const h = harness();
    const { created, replaced } = await finishReplace(task('9', 'failed', 'ended in Other'), ['7'], h.ctx);
    expect(h.sent).toEqual(['stop 9']);
    expect(h.waited).toEqual([]);
    expect(replaced).toEqual([]);
    expect(created?.message).toBe('ended in Other; rolled back: task 9 was stopped; task 7 keeps serving');
  });

  it('new task cancelled or timed out: rolled back the same way', async () => {
    for (const verdict of ['cancelled', 'timed_out'] as const) {
      const h = harness();
      await finishReplace(task('9', verdict), ['7'], h.ctx);
      expect(h.sent).toEqual(['stop 9']);
    }
  });

  it('no new task (the create failed): nothing to stop, nothing replaced', async () => {
    const h = harness();
    expect(await finishReplace(undefined, ['7'], h.ctx)).toEqual({ created: undefined, replaced: [] });
    expect(h.sent).toEqual([]);
  });
});
