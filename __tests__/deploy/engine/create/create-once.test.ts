import { TransportError } from '../../../../src/platform/client.js';
import type { CreateLookup } from '../../../../src/deploy/engine/cleanup-state.js';
import { adoptLateCreate, createOnce, stopTwins } from '../../../../src/deploy/engine/create/create-once.js';
import { findTasks } from '../../../../src/deploy/engine/tasks/find-tasks.js';
import { scriptedContext } from '../../../helpers/runtime.js';
import { StaleClockError, type Answer } from '../../../../src/platform/session.js';
import { planCalls } from '../../../../src/platform/operations/plan-calls.js';
import type { Call } from '../../../../src/platform/operations/operation-table.js';
import { ApiError } from '../../../../src/protocol/envelope.js';
import { parseJson } from '../../../../src/protocol/json.js';
import { testSettings } from '../../../helpers/settings.js';

const settings = testSettings({ operation: 'create', taskName: 'svc', points: 1 });
const [createCall] = planCalls(settings).calls;
const answer = (data: string): Answer => ({
  result: { code: '0000', msg: 'success', data: parseJson(data) },
  raw: data
});
const searchAnswer = (...tasks: [number, string][]) =>
  answer(
    JSON.stringify({
      count: tasks.length,
      results: tasks.map(([task_id, task_name]) => ({ task_id, task_name }))
    })
  );
const http = (status: number) =>
  new ApiError(`HTTP ${status}`, {
    httpStatus: status,
    code: undefined,
    body: 'not_envelope',
    description: '',
    requestId: undefined,
    retryAfter: status === 429 ? '2' : undefined,
    serverDate: undefined
  });
/** A refusal of the create itself: nothing was made. */
const REFUSED = new ApiError('HTTP 200, code C005: parameter error', {
  httpStatus: 200,
  code: 'C005',
  body: 'envelope',
  description: 'parameter error',
  requestId: undefined,
  retryAfter: undefined,
  serverDate: undefined
});
const reset = (sent: boolean) =>
  new TransportError('reset', sent ? 'ECONNRESET' : 'ECONNREFUSED', sent, 'network');

/**
 * A platform scripted by the test: each create attempt takes the next outcome (an Error is thrown; the
 * create may still "land" a task), and searches answer the tasks that exist at that moment.
 */
function platform(
  creates: (Error | 'ok' | { error: Error; landsAfterMs: number })[],
  existing: [number, string][] = [],
  budgetMs = 3_600_000
) {
  const tasks: [number, string, number][] = existing.map(([id, name]) => [id, name, 0]);
  const log: string[] = [];
  const sent: string[] = [];
  const tracked: (CreateLookup | undefined)[] = [];
  const stopped: string[] = [];
  let next = 100;
  const now = (): number => ctx.time();
  const send = (call: Call): Promise<Answer> => {
    sent.push(call.operation);
    if (call.operation === 'search_tasks') {
      return Promise.resolve(
        searchAnswer(
          ...tasks.filter(([, , at]) => at <= now()).map(([id, name]) => [id, name] as [number, string])
        )
      );
    }
    if (call.operation === 'stop') {
      stopped.push(call.taskId ?? '');
      return Promise.resolve(answer('null'));
    }
    if (call.operation === 'detail') {
      const status = stopped.includes(call.taskId ?? '') ? 'End' : 'Running';
      return Promise.resolve(answer(`{"task_id":${call.taskId ?? ''},"status":"${status}"}`));
    }
    const outcome = creates.shift() ?? 'ok';
    if (outcome === 'ok') {
      tasks.push([next, 'svc', now()]);
      return Promise.resolve(answer(`{"task_id":${next++}}`));
    }
    if (outcome instanceof Error) return Promise.reject(outcome);
    tasks.push([next++, 'svc', now() + outcome.landsAfterMs]);
    return Promise.reject(outcome.error);
  };
  // What the step sends goes through `route`: a test may put a platform of its own in front.
  const route = { send };
  const ctx = scriptedContext((call) => route.send(call), {
    settings,
    maxRetries: 5,
    budgetMs,
    log: (line) => log.push(line),
    onSave: (state, before) => {
      if (state.lookup === before?.lookup) return;
      sent.push(state.lookup === undefined ? 'settled' : 'track');
      tracked.push(state.lookup);
    }
  });
  return {
    ctx,
    route,
    log,
    sent,
    tracked,
    stopped,
    advance: ctx.advance,
    tasks: () => tasks.map(([id]) => id),
    time: ctx.time
  };
}

describe('createOnce', () => {
  if (createCall === undefined) throw new Error('no create call');

  it('creates once, after checking which tasks of that name exist already', async () => {
    const p = platform([]);
    const created = await createOnce(createCall, p.ctx);
    expect(String((created.result.data as { task_id: unknown }).task_id)).toBe('100');
    expect(p.sent).toEqual(['search_tasks', 'track', 'create', 'settled']);
    // Before sending: the name, the tasks to leave alone, and until when its task may land (30 s + 5 s).
    expect(p.tracked).toEqual([
      { taskName: 'svc', existingIds: [], landsBy: 35_000, attempts: 1 },
      undefined
    ]);
  });

  it('sends again a create refused while the clock was off, once it can no longer land and the search shows it made nothing', async () => {
    const stale = new StaleClockError(REFUSED, 600_000);
    const p = platform([stale]);
    await createOnce(createCall, p.ctx);
    expect(p.tasks()).toEqual([100]);
    // The refused attempt was looked for until its window closed (35 s), then the create sent again: it
    // takes the refused one's place, still one attempt that may land, later.
    expect(p.time()).toBeGreaterThanOrEqual(35_000);
    expect(p.sent.filter((s) => s === 'create')).toHaveLength(2);
    expect(p.tracked.map((lookup) => lookup?.attempts)).toEqual([1, 1, undefined]);
    expect(p.log).toContain(
      'create: no task named "svc" appeared before the refused create could no longer land, so the create is sent once more, on the corrected clock'
    );
  });

  it('adopts the task a create refused while the clock was off made a few seconds later, creating no second', async () => {
    const stale = new StaleClockError(REFUSED, 600_000);
    const p = platform([{ error: stale, landsAfterMs: 8000 }]);
    const created = await createOnce(createCall, p.ctx);
    expect(String((created.result.data as { task_id: unknown }).task_id)).toBe('100');
    expect(p.sent.filter((s) => s === 'create')).toHaveLength(1);
  });

  it('adopts the task a create refused while the clock was off made after all, creating no second', async () => {
    const stale = new StaleClockError(REFUSED, -600_000);
    const p = platform([{ error: stale, landsAfterMs: 0 }]);
    const created = await createOnce(createCall, p.ctx);
    expect(String((created.result.data as { task_id: unknown }).task_id)).toBe('100');
    expect(p.sent.filter((s) => s === 'create')).toHaveLength(1);
    expect(p.log).toEqual(['create: the refused create made task 100 named "svc" after all; adopting it']);
  });

  it('sends a create refused for the clock again once only', async () => {
    const stale = new StaleClockError(REFUSED, 600_000);
    const p = platform([stale, stale]);
    await expect(createOnce(createCall, p.ctx)).rejects.toBe(stale);
    expect(p.sent.filter((s) => s === 'create')).toHaveLength(2);
  });

  it('sends again at once after a refused connection, which sent nothing', async () => {
    const p = platform([reset(false)]);
    await createOnce(createCall, p.ctx);
    expect(p.tasks()).toEqual([100]);
    expect(p.log).toEqual([
      expect.stringMatching(
        /^create: ECONNREFUSED before the request was sent, so the task was not created; retry 1 of 5 in \d\.\ds$/
      )
    ]);
  });

  // Regression (issue 48): a create answered 429 was sent again at once, and the first landed too.
  it('after a 429, looks for the task of the name before sending again: a 429 may still land', async () => {
    const landed = platform([{ error: http(429), landsAfterMs: 4000 }]);
    const created = await createOnce(createCall, landed.ctx);
    expect(String((created.result.data as { task_id: unknown }).task_id)).toBe('100');
    expect(landed.sent.filter((s) => s === 'create')).toHaveLength(1);
    expect(landed.log).toEqual([
      'create: HTTP 429 after the request was sent, so the task may have been created; looking for a new task named "svc" for up to 1m0s before creating it again',
      'create: found task 100 named "svc", made by the request that failed; adopting it instead of creating another'
    ]);
    // One that makes nothing: sent again once none appeared, its Retry-After long passed by then.
    const none = platform([http(429)]);
    await createOnce(createCall, none.ctx);
    expect(none.tasks()).toEqual([100]);
    expect(none.log).toContain('create: the create was not applied; retry 1 of 5 now');
    expect(none.time()).toBeGreaterThanOrEqual(60_000);
  });

  it.each([
    ['a reset after sending', reset(true)],
    ['a 502', http(502)],
    [
      'an answer that is not JSON',
      new ApiError('x', {
        httpStatus: 200,
        code: undefined,
        body: 'not_envelope',
        description: '',
        requestId: undefined,
        retryAfter: undefined,
        serverDate: undefined
      })
    ]
  ])('adopts the task a create made before %s, instead of making a second', async (_what, error) => {
    const p = platform(
      [{ error, landsAfterMs: 0 }],
      [
        [7, 'svc'],
        [8, 'svc-other']
      ]
    );
    const created = await createOnce(createCall, p.ctx);
    // Adopted: the task the failed request made, and no second create sent.
    expect(String((created.result.data as { task_id: unknown }).task_id)).toBe('100');
    expect(p.sent.filter((sent) => sent === 'create')).toHaveLength(1);
    expect(p.tasks()).toEqual([7, 8, 100]);
    expect(p.log.at(-1)).toBe(
      'create: found task 100 named "svc", made by the request that failed; adopting it instead of creating another'
    );
    expect(p.log[0]).toBe('create: 1 task(s) named "svc" exist already (7); they are left alone');
  });

  it('waits out a slow original that lands late, and adopts it', async () => {
    const p = platform([
      { error: new TransportError('timeout', 'ETIMEDOUT', true, 'timeout'), landsAfterMs: 12_000 }
    ]);
    const created = await createOnce(createCall, p.ctx);
    expect(String((created.result.data as { task_id: unknown }).task_id)).toBe('100');
    expect(p.sent.filter((sent) => sent === 'create')).toHaveLength(1);
    expect(p.tasks()).toEqual([100]);
    expect(p.time()).toBe(15_000);
  });

  it('creates again only when no task shows up during the whole grace period', async () => {
    const p = platform([reset(true)]);
    await createOnce(createCall, p.ctx);
    expect(p.tasks()).toEqual([100]);
    expect(p.time()).toBe(60_000);
    expect(p.log).toContain(
      'create: no task named "svc" appeared within 1m0s, so it is created again; should the first attempt still land, that task is stopped'
    );
    expect(p.sent.filter((s) => s === 'create')).toHaveLength(2);
  });

  it('after creating again, stops the twin the first attempt makes when it lands late, keeping the known task', async () => {
    const p = platform(
      [{ error: new TransportError('timeout', 'ETIMEDOUT', true, 'timeout'), landsAfterMs: 90_000 }],
      [[7, 'svc']]
    );
    const created = await createOnce(createCall, p.ctx);
    expect([String((created.result.data as { task_id: unknown }).task_id), created.recreated]).toEqual([
      '101',
      true
    ]);
    // Right after the second create, the first has not landed yet: nothing to stop, and the lookup stays.
    expect(p.stopped).toEqual([]);
    // Two attempts may each have made a task; the second may land until 60 s + 35 s.
    expect(p.tracked).toEqual([
      { taskName: 'svc', existingIds: ['7'], landsBy: 35_000, attempts: 1 },
      { taskName: 'svc', existingIds: ['7'], landsBy: 95_000, attempts: 2 }
    ]);
    p.advance(60_000);
    expect(await stopTwins(created.lookup, '101', p.ctx)).toEqual(['100']);
    expect(p.stopped).toEqual(['100']);
    expect(p.log).toEqual(
      expect.arrayContaining([
        'create: task 100 named "svc" was made too, by the earlier attempt that got no answer; stopping it, so that only task 101 runs',
        'create: stopped task 100; task 101 is the one this step follows'
      ])
    );
  });

  it('stops a twin that landed before the second create answered, at once', async () => {
    const p = platform([{ error: reset(true), landsAfterMs: 60_500 }]);
    const send = p.route.send;
    p.route.send = (call: Call) => {
      if (call.operation === 'create' && p.sent.filter((x) => x === 'create').length === 1) p.advance(1000);
      return send(call);
    };
    await createOnce(createCall, p.ctx);
    expect(p.stopped).toEqual(['100']);
  });

  const lookup = { taskName: 'svc', existingIds: [], landsBy: 35_000, attempts: 1 };
  it.each([
    ['a cancelled request', new TransportError('cancelled', undefined, true, 'cancelled'), [lookup]],
    ['a refusal', 'refused', [lookup, undefined]]
  ])('after %s, keeps the lookup only if a task may exist', async (_what, failure, tracked) => {
    const error = failure === 'refused' ? REFUSED : (failure as Error);
    const p = platform(Array.from({ length: 6 }, () => error));
    await expect(createOnce(createCall, p.ctx)).rejects.toBe(error);
    expect(p.tracked).toEqual(tracked);
  });

  it('after 429s until the retries run out, keeps every attempt on the lookup for the post step', async () => {
    const p = platform(Array.from({ length: 6 }, () => http(429)));
    await expect(createOnce(createCall, p.ctx)).rejects.toBeInstanceOf(Error);
    // Each attempt is counted before it is sent; a 429 proves nothing, so none is uncounted.
    expect(p.tracked.map((l) => l?.attempts)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(p.tracked.at(-1)).toMatchObject({ taskName: 'svc' });
  });

  it('uncounts an attempt never sent, and keeps no lookup when none was sent at all', async () => {
    const p = platform(Array.from({ length: 6 }, () => reset(false)));
    await expect(createOnce(createCall, p.ctx)).rejects.toBeInstanceOf(Error);
    const counts = p.tracked.map((l) => l?.attempts);
    expect(counts).toEqual([...Array.from({ length: 6 }, () => [1, 0]).flat(), undefined]);
  });

  it("says when the search sent before creating failed, so its diagnosis is not read as the create's", async () => {
    const p = platform([]);
    p.route.send = () => Promise.reject(http(404));
    await expect(createOnce(createCall, p.ctx)).rejects.toThrow(
      'the task search sent before creating (to find tasks named "svc" that exist already) failed, so nothing was created: HTTP 404'
    );
    expect(p.tracked).toEqual([]);
  });

  it('sends the search that settles the grace period again, after a backoff, when it fails', async () => {
    const p = platform([reset(true)]);
    const send = p.route.send;
    let failed = 0;
    p.route.send = (call) =>
      call.operation === 'search_tasks' && p.time() >= 60_000 && failed++ === 0
        ? Promise.reject(http(503))
        : send(call);
    await createOnce(createCall, p.ctx);
    expect(p.log).toContainEqual(
      expect.stringMatching(/^create: the task search failed \(HTTP 503\): searching again in \d/)
    );
    expect(p.log).toContain(
      'create: no task named "svc" appeared within 1m0s, so it is created again; should the first attempt still land, that task is stopped'
    );
    expect(p.sent.filter((s) => s === 'create')).toHaveLength(2);
    expect(p.time()).toBeGreaterThan(60_000);
  });

  it('refuses to create again when it cannot tell whether the first create landed', async () => {
    const p = platform([reset(true)]);
    const send = p.route.send;
    let searches = 0;
    p.route.send = (call) =>
      call.operation === 'search_tasks' && ++searches > 1 ? Promise.reject(http(503)) : send(call);
    await expect(createOnce(createCall, p.ctx)).rejects.toThrow(
      /^ECONNRESET after the request was sent, and the task search failed \(HTTP 503\): not creating again, which could make a second task/
    );
    expect(p.sent.filter((s) => s === 'create')).toHaveLength(1);
  });

  it("stops looking at the step's deadline, and then does not create again", async () => {
    const p = platform([reset(true)], [], 20_000);
    await expect(createOnce(createCall, p.ctx)).rejects.toThrow(
      /^ECONNRESET after the request was sent, and the step's deadline came before a task named "svc" showed up: it may still appear/
    );
    expect(p.time()).toBe(20_000);
    expect(p.sent.filter((s) => s === 'create')).toHaveLength(1);
  });

  // Regression (issue 48): a refused create that landed seconds later was followed by another create
  // with nobody looking for it.
  it('does not retry a refusal; with no task of the name yet, leaves its lookup until it can no longer land', async () => {
    const p = platform([REFUSED]);
    await expect(createOnce(createCall, p.ctx)).rejects.toBe(REFUSED);
    expect(p.sent).toEqual(['search_tasks', 'track', 'create', 'search_tasks']);
    expect(p.tracked).toEqual([{ taskName: 'svc', existingIds: [], landsBy: 35_000, attempts: 1 }]);
    expect(p.log).toContain(
      'create: the platform refused the create, and the task search lists no new task named "svc" yet: one may still appear until the create can no longer land, so it is looked for until then before any other create, and by the post step'
    );
  });

  it('before another create, waits out a refused one: adopts it when it lands, else keeps its lookup for a look once more', async () => {
    const landed = platform([{ error: REFUSED, landsAfterMs: 6000 }]);
    await expect(createOnce(createCall, landed.ctx)).rejects.toBe(REFUSED);
    const late = await adoptLateCreate(landed.ctx, 'spot_fallback');
    expect(late.kind).toBe('adopted');
    expect(landed.ctx.cleanup.state()).toMatchObject({ created: ['100'], lookup: undefined });
    expect(landed.log).toContain(
      'spot_fallback: task 100 named "svc" appeared, made by the refused create after all; adopting it'
    );

    const none = platform([REFUSED]);
    await expect(createOnce(createCall, none.ctx)).rejects.toBe(REFUSED);
    expect(await adoptLateCreate(none.ctx, 'capacity')).toEqual({ kind: 'none' });
    expect(none.time()).toBeGreaterThanOrEqual(35_000);
    // Issue 60, point 8: a refused create may land after its window; the step and the post step look
    // for it once more, so its lookup stays on the ledger.
    expect(none.ctx.cleanup.state().lookup).toEqual({
      taskName: 'svc',
      existingIds: [],
      landsBy: 35_000,
      attempts: 1
    });
  });

  it('adopts the task a refused create made after all, and leaves the post step the lookup when it cannot tell', async () => {
    const made = platform([{ error: REFUSED, landsAfterMs: 0 }]);
    const created = await createOnce(createCall, made.ctx);
    expect(String((created.result.data as { task_id: unknown }).task_id)).toBe('100');
    expect(made.log).toEqual(['create: the refused create made task 100 named "svc" after all; adopting it']);
    expect(made.tracked.at(-1)).toBeUndefined();
    expect(made.sent.filter((s) => s === 'create')).toHaveLength(1);

    const blind = platform([REFUSED]);
    const send = blind.route.send;
    let searches = 0;
    blind.route.send = (call) =>
      call.operation === 'search_tasks' && ++searches > 1 ? Promise.reject(http(404)) : send(call);
    // Not the refusal itself: no other create may follow (a gpu create would try the next region).
    await expect(createOnce(createCall, blind.ctx)).rejects.toThrow(
      'HTTP 200, code C005: parameter error, and the task search that would show whether it made a task named "svc" failed (HTTP 404): not creating again; the post step looks for one'
    );
    expect(blind.tracked).toEqual([{ taskName: 'svc', existingIds: [], landsBy: 35_000, attempts: 1 }]);
  });

  it('stands on a refusal of a create sent again no more: the attempt without an answer may still land', async () => {
    const p = platform([reset(true), REFUSED]);
    await expect(createOnce(createCall, p.ctx)).rejects.toThrow(
      'HTTP 200, code C005: parameter error, and an earlier attempt that got no answer may still make a task named "svc": not creating again; the post step looks for one'
    );
    expect(p.sent.filter((s) => s === 'create')).toHaveLength(2);
    expect(p.tracked.at(-1)).toMatchObject({ taskName: 'svc', attempts: 2 });
  });
});

describe('findTasks', () => {
  it('follows the pages of the search until the list ends, keeping exact names only', async () => {
    const all = Array.from({ length: 230 }, (_, i) => [1000 + i, i % 3 === 0 ? 'svc' : 'svc-other'] as const);
    const pages: string[] = [];
    const send = (call: Call): Promise<Answer> => {
      const page = Number(call.query.find(([k]) => k === 'page')?.[1]);
      pages.push(String(page));
      const slice = all.slice((page - 1) * 100, page * 100);
      return Promise.resolve(
        answer(
          JSON.stringify({
            count: all.length,
            results: slice.map(([task_id, task_name]) => ({ task_id, task_name }))
          })
        )
      );
    };
    const ids = await findTasks('svc', { send, settings });
    expect(pages).toEqual(['1', '2', '3']);
    expect(ids).toEqual(all.filter(([, name]) => name === 'svc').map(([id]) => String(id)));
  });
});
