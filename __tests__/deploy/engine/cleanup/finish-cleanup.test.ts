import { cleanUpTask } from '../../../../src/deploy/engine/tasks/clean-up-task.js';
import { finishCleanup } from '../../../../src/deploy/engine/cleanup/finish-cleanup.js';
import {
  NO_CLEANUP,
  type CleanupAction,
  type CleanupState
} from '../../../../src/deploy/engine/cleanup-state.js';
import { scriptedContext } from '../../../helpers/runtime.js';
import type { Call } from '../../../../src/platform/operations/operation-table.js';
import type { Answer } from '../../../../src/platform/session.js';
import { ApiError } from '../../../../src/protocol/envelope.js';
import { testSettings } from '../../../helpers/settings.js';

const refusal = (code: string, httpStatus = 200) =>
  new ApiError(`refused with ${code}`, {
    httpStatus,
    code,
    body: 'envelope',
    description: `refused with ${code}`,
    requestId: undefined,
    retryAfter: undefined,
    serverDate: undefined
  });
const ok = (data: unknown): Answer => ({ result: { code: '0000', msg: 'success', data }, raw: '' });

interface Platform {
  /** What each stop or pause answers, in turn (the last one again and again). */
  change: (Error | 'ok')[];
  /** What the detail answers: a status, or a refusal; a list, in turn (the last one again and again). */
  detail: Error | string | string[];
  /** The task search of every status: task 7 in this status, absent (null), or a refusal. */
  search?: Error | string | null;
}

/** A platform as `answers` says; time moves only when the cleanup sleeps. */
function cleanup(action: CleanupAction, answers: Platform) {
  const sent: string[] = [];
  const send = (call: Call): Promise<Answer> => {
    const status = call.query.find(([name]) => name === 'status')?.[1];
    sent.push(call.operation === 'search_tasks' ? `search ${status ?? ''}` : call.operation);
    if (call.operation === 'search_tasks') {
      const found = answers.search ?? null;
      if (found instanceof Error) return Promise.reject(found);
      const results = found === null ? [] : [{ task_id: 7, task_name: 'web', status: found }];
      return Promise.resolve(ok({ count: results.length, results }));
    }
    if (call.operation !== 'detail') {
      const change = answers.change.length > 1 ? answers.change.shift() : answers.change[0];
      if (change instanceof Error) return Promise.reject(change);
      return Promise.resolve(ok(null));
    }
    const { detail } = answers;
    const answer = Array.isArray(detail) ? (detail.length > 1 ? detail.shift() : detail[0]) : detail;
    if (answer instanceof Error) return Promise.reject(answer);
    return Promise.resolve(ok({ task_id: 7, status: answer }));
  };
  const log: string[] = [];
  const ctx = scriptedContext(send, {
    settings: testSettings(),
    maxRetries: 0,
    budgetMs: 60_000,
    log: (line) => log.push(line)
  });
  const outcome = cleanUpTask('7', action, ctx, 'web');
  return { outcome, sent, log };
}

describe('cleanUpTask', () => {
  it('is done when the stop is accepted and the detail then says End', async () => {
    const { outcome, sent } = cleanup('stop', { change: ['ok'], detail: 'End' });
    expect(await outcome).toEqual({ kind: 'done' });
    expect(sent).toEqual(['stop', 'detail']);
  });

  // Regression (issue 37): a stop answered 0000 was taken as done while the task ran on.
  it('never takes an accepted stop as done: asks again until the detail says End', async () => {
    const { outcome, sent, log } = cleanup('stop', { change: ['ok'], detail: ['Running', 'Running', 'End'] });
    expect(await outcome).toEqual({ kind: 'done' });
    expect(sent).toEqual(['stop', 'detail', 'stop', 'detail', 'stop', 'detail']);
    expect(log[0]).toMatch(
      /^cleanup: stop task 7: the platform accepted it, but its status is Running: asking again in \d/
    );
  });

  it('fails, saying so, when a platform accepts every stop and the task runs on until the deadline', async () => {
    const { outcome, sent } = cleanup('stop', { change: ['ok'], detail: 'Running' });
    expect(await outcome).toEqual({
      kind: 'failed',
      why: 'the platform accepted it, but its status is Running; asked for 1m0s',
      triedMs: 60_000
    });
    expect(sent.filter((s) => s === 'stop').length).toBeGreaterThan(3);
  });

  it('takes an accepted pause as done once the detail says Paused, not before', async () => {
    const { outcome, sent } = cleanup('pause', { change: ['ok'], detail: ['Running', 'Paused'] });
    expect(await outcome).toEqual({ kind: 'done' });
    expect(sent).toEqual(['pause', 'detail', 'pause', 'detail']);
  });

  // Regression: a stop answered with the code the emulator uses for "not found" was taken as gone
  // without looking, while the task ran on.
  it('never takes a refusal as gone by its code: a task still Running is stopped again', async () => {
    const { outcome, sent, log } = cleanup('stop', {
      change: [refusal('C007'), 'ok'],
      detail: ['Running', 'End']
    });
    expect(await outcome).toEqual({ kind: 'done' });
    expect(sent).toEqual(['stop', 'detail', 'stop', 'detail']);
    expect(log.join('\n')).toMatch(/stop task 7: refused with C007; its status is Running: asking again/);
  });

  it('takes a task as gone when its detail says End, or when no search of every status lists it', async () => {
    expect(await cleanup('stop', { change: [refusal('C008')], detail: 'End' }).outcome).toEqual({
      kind: 'already',
      state: 'End'
    });
    const absent = cleanup('pause', { change: [refusal('C999')], detail: refusal('C007'), search: null });
    expect(await absent.outcome).toEqual({ kind: 'already', state: 'gone' });
    expect(absent.sent).toEqual(['pause', 'detail', 'search Running,Pending,Paused,End']);
    expect(
      await cleanup('stop', { change: [refusal('C999')], detail: refusal('C007'), search: 'End' }).outcome
    ).toEqual({ kind: 'already', state: 'End' });
  });

  it('takes a pause of a task already Paused as done: a status the operation table names', async () => {
    expect(await cleanup('pause', { change: [refusal('C008')], detail: 'Paused' }).outcome).toEqual({
      kind: 'already',
      state: 'Paused'
    });
  });

  it('asks again until the deadline while the task is live, then fails, saying why and the status', async () => {
    const { outcome, sent } = cleanup('pause', { change: [refusal('C008')], detail: 'Running' });
    expect(await outcome).toEqual({
      kind: 'failed',
      why: 'refused with C008; its status is Running; asked for 1m0s',
      triedMs: 60_000
    });
    expect(sent.filter((s) => s === 'pause').length).toBeGreaterThan(3);
  });

  it('fails at once for a status the platform does not apply the operation to (a stop of a task in Other)', async () => {
    const { outcome, sent } = cleanup('stop', { change: [refusal('C008')], detail: 'Other' });
    expect(await outcome).toEqual({
      kind: 'failed',
      why: 'refused with C008; its status is Other, and the platform applies stop to Running, Pending, Paused tasks only',
      triedMs: 0
    });
    expect(sent).toEqual(['stop', 'detail']);
  });

  it('asks again to pause a task still Pending, which the platform pauses once it runs, until the deadline', async () => {
    const { outcome, sent, log } = cleanup('pause', { change: [refusal('C008')], detail: 'Pending' });
    expect(await outcome).toEqual({
      kind: 'failed',
      why: 'refused with C008; its status is Pending; asked for 1m0s',
      triedMs: 60_000
    });
    expect(sent.filter((s) => s === 'pause').length).toBeGreaterThan(3);
    expect(log[0]).toMatch(
      /^cleanup: pause task 7: refused with C008; its status is Pending: asking again in/
    );
    const other = cleanup('pause', { change: [refusal('C008')], detail: 'Other' });
    expect(await other.outcome).toEqual({
      kind: 'failed',
      why: 'refused with C008; its status is Other, and the platform applies pause to Running tasks only',
      triedMs: 0
    });
    expect(other.sent).toEqual(['pause', 'detail']);
  });

  it('is not gone when neither the detail nor the search can be read: it fails loudly', async () => {
    const { outcome } = cleanup('stop', {
      change: [refusal('C004')],
      detail: refusal('C004'),
      search: refusal('C004')
    });
    expect(await outcome).toEqual({
      kind: 'failed',
      why: 'refused with C004; its status could not be read (its detail: refused with C004; the task search: refused with C004); asked for 1m0s',
      triedMs: 60_000
    });
  });
});

/**
 * A platform for the post step: tasks named "web" that appear at given times (ms on the test clock),
 * each stopped or paused when asked; `searchFails` makes every search sent at or after that time fail,
 * and `searchRecovers` those sent at or after this one answer again.
 */
function postStep(
  state: Partial<CleanupState>,
  tasks: { id: number; at: number }[],
  options: { budgetMs?: number; searchFails?: number; searchRecovers?: number } = {}
) {
  const sent: string[] = [];
  const status = new Map<number, string>();
  const ctx = scriptedContext(
    (call: Call): Promise<Answer> => {
      const at = ctx.time();
      if (call.operation === 'search_tasks') {
        sent.push(`search@${at}`);
        const { searchFails, searchRecovers = Infinity } = options;
        if (searchFails !== undefined && at >= searchFails && at < searchRecovers)
          return Promise.reject(refusal('C500'));
        const results = tasks
          .filter((task) => task.at <= at)
          .map((task) => ({ task_id: task.id, task_name: 'web', status: status.get(task.id) ?? 'Running' }))
          .filter((task) => task.status !== 'End');
        return Promise.resolve(ok({ count: results.length, results }));
      }
      sent.push(`${call.operation} ${call.taskId ?? ''}`);
      const id = Number(call.taskId);
      if (call.operation === 'detail')
        return Promise.resolve(ok({ task_id: id, status: status.get(id) ?? 'Running' }));
      status.set(id, call.operation === 'pause' ? 'Paused' : 'End');
      return Promise.resolve(ok(null));
    },
    { settings: testSettings(), maxRetries: 0, budgetMs: options.budgetMs ?? 600_000 }
  );
  const report = finishCleanup({ ...NO_CLEANUP, ...state }, ctx);
  return { report, sent };
}

const lookup = (landsBy: number, attempts = 1, existingIds: string[] = []) => ({
  taskName: 'web',
  existingIds,
  landsBy,
  attempts
});

describe('finishCleanup', () => {
  it('finds the task a create with no answer made when it lands late, and cleans it up as cleanup says', async () => {
    const { report, sent } = postStep({ action: 'pause', lookup: lookup(40_000) }, [{ id: 9, at: 12_000 }]);
    expect(await report).toEqual({
      outcomes: [{ target: { id: '9', action: 'pause', why: 'found' }, outcome: { kind: 'done' } }],
      unsettled: undefined,
      preheats: []
    });
    // Every attempt's task has turned up: no search after it.
    expect(sent).toEqual(['search@0', 'search@5000', 'search@10000', 'search@15000', 'pause 9', 'detail 9']);
  });

  it('searches until the create can no longer land, the last search after that, before saying none came', async () => {
    const { report, sent } = postStep({ action: 'stop', lookup: lookup(12_000, 1, ['3']) }, [
      { id: 3, at: 0 }
    ]);
    expect(await report).toEqual({ outcomes: [], unsettled: undefined, preheats: [] });
    expect(sent.at(-1)).toBe('search@12000');
  });

  it('stops, whatever cleanup says, a twin an earlier attempt makes after the known task was cleaned up', async () => {
    const { report, sent } = postStep({ action: 'pause', created: ['5'], lookup: lookup(30_000, 2) }, [
      { id: 5, at: 0 },
      { id: 6, at: 20_000 }
    ]);
    expect((await report).outcomes.map(({ target }) => target)).toEqual([
      { id: '5', action: 'pause', why: 'created' },
      { id: '6', action: 'stop', why: 'twin' }
    ]);
    expect(sent).toEqual([
      'pause 5',
      'detail 5',
      'search@0',
      'search@5000',
      'search@10000',
      'search@15000',
      'search@20000',
      'stop 6',
      'detail 6'
    ]);
  });

  it('is unsettled, never "made none", when the cleanup deadline comes before the create can no longer land', async () => {
    const { report } = postStep({ action: 'stop', lookup: lookup(120_000, 1, ['3']) }, [], {
      budgetMs: 20_000
    });
    expect(await report).toEqual({
      outcomes: [],
      unsettled: {
        taskName: 'web',
        keep: ['3'],
        why: 'the cleanup_timeout ran out before the create could no longer land'
      },
      preheats: []
    });
  });

  it('is unsettled when the last search fails, whatever the searches before it found', async () => {
    const { report } = postStep({ action: 'stop', lookup: lookup(12_000) }, [], { searchFails: 10_000 });
    expect((await report).unsettled?.why).toBe('the last task search failed (refused with C500)');
  });

  it('searches again, after a backoff, when the last search fails, and settles on the one that answers', async () => {
    const { report, sent } = postStep({ action: 'stop', lookup: lookup(0) }, [{ id: 9, at: 0 }], {
      searchFails: 0,
      searchRecovers: 1
    });
    expect(await report).toEqual({
      outcomes: [{ target: { id: '9', action: 'stop', why: 'found' }, outcome: { kind: 'done' } }],
      unsettled: undefined,
      preheats: []
    });
    expect(sent).toEqual(['search@0', expect.stringMatching(/^search@\d+$/), 'stop 9', 'detail 9']);
    expect(Number(sent[1]?.slice('search@'.length))).toBeGreaterThan(0);
  });

  it('stays unsettled when every search fails until the cleanup deadline, the last sent at it and none past it', async () => {
    const { report, sent } = postStep({ action: 'stop', lookup: lookup(0) }, [], {
      budgetMs: 20_000,
      searchFails: 0
    });
    expect((await report).unsettled?.why).toBe('the last task search failed (refused with C500)');
    const times = sent.map((line) => Number(line.slice('search@'.length)));
    expect(times.length).toBeGreaterThan(2);
    expect(times.every((at) => at <= 20_000)).toBe(true);
    expect(times.at(-1)).toBe(20_000);
  });

  it('cleans up the known tasks first, so that the look for late tasks is its last request', async () => {
    const { report, sent } = postStep(
      { action: 'stop', created: ['5'], retire: ['2'], lookup: lookup(10_000, 2) },
      [{ id: 5, at: 0 }]
    );
    expect((await report).unsettled).toBeUndefined();
    expect(sent.slice(0, 4).sort()).toEqual(['detail 2', 'detail 5', 'stop 2', 'stop 5']);
    expect(sent.at(-1)).toBe('search@10000');
  });
});

describe('finishCleanup of image preheats', () => {
  /**
   * A platform whose preheat stop answers as `stop` says, and whose preheat detail says `status` (End once
   * an accepted stop acts, when `acts`).
   */
  function preheats(stop: Error | 'ok', status: string, acts = true) {
    const sent: string[] = [];
    let now = status;
    const send = (call: Call): Promise<Answer> => {
      sent.push(`${call.endpoint.method} ${call.endpoint.path.split('/').at(-1) ?? ''}`);
      if (call.endpoint.path.endsWith('/stop')) {
        if (stop !== 'ok') return Promise.reject(stop);
        if (acts) now = 'End';
        return Promise.resolve(ok(null));
      }
      return Promise.resolve(ok({ task_id: 38646, status: now }));
    };
    const ctx = scriptedContext(send, { settings: testSettings(), maxRetries: 0, budgetMs: 60_000 });
    return { report: finishCleanup({ ...NO_CLEANUP, preheats: ['38646'] }, ctx), sent, ctx };
  }

  it('stops a preheat that had not completed, and forgets it', async () => {
    const { report, sent, ctx } = preheats('ok', 'Running');
    expect((await report).preheats).toEqual([
      { taskId: '38646', outcome: { kind: 'shown', accepted: true, state: 'End' } }
    ]);
    expect(sent).toEqual(['POST stop', 'GET detail']);
    expect(ctx.cleanup.state().preheats).toEqual([]);
  });

  it('keeps a preheat whose stop is accepted but whose detail never says End, and says so', async () => {
    const { report, sent } = preheats('ok', 'Running', false);
    expect((await report).preheats).toEqual([
      {
        taskId: '38646',
        outcome: {
          kind: 'failed',
          why: 'the platform accepted it, but its status is Running; asked for 1m0s',
          triedMs: 60_000
        }
      }
    ]);
    expect(sent.filter((line) => line === 'POST stop').length).toBeGreaterThan(3);
  });

  it('takes a refused stop of a preheat that ended as done, and one still running as a problem', async () => {
    expect((await preheats(refusal('C008'), 'End').report).preheats).toEqual([
      { taskId: '38646', outcome: { kind: 'shown', accepted: false, state: 'End' } }
    ]);
    expect((await preheats(refusal('C008'), 'Running').report).preheats).toEqual([
      {
        taskId: '38646',
        outcome: {
          kind: 'failed',
          why: 'refused with C008; its status is Running; asked for 1m0s',
          triedMs: 60_000
        }
      }
    ]);
  });
});
