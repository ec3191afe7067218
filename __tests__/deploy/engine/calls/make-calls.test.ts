import { makeCalls } from '../../../../src/deploy/engine/calls/make-calls.js';
import type { Settings } from '../../../../src/deploy/settings.js';
import { TaskNotFoundError } from '../../../../src/platform/failures.js';
import { planCalls } from '../../../../src/platform/operations/plan-calls.js';
import type { Call } from '../../../../src/platform/operations/operation-table.js';
import type { Answer } from '../../../../src/platform/session.js';
import { ApiError } from '../../../../src/protocol/envelope.js';
import { scriptedContext } from '../../../helpers/runtime.js';
import { testSettings } from '../../../helpers/settings.js';

const ok = (data: unknown): Answer => ({ result: { code: '0000', msg: 'success', data }, raw: '' });
const failure = (httpStatus: number, code?: string) =>
  new ApiError(code === undefined ? `HTTP ${httpStatus}` : `refused with ${code}`, {
    httpStatus,
    code,
    body: code === undefined ? 'not_envelope' : 'envelope',
    description: code === undefined ? '' : `refused with ${code}`,
    requestId: undefined,
    retryAfter: undefined,
    serverDate: undefined
  });

/**
 * Makes the calls of the step `settings` describe against a platform that answers each call with the
 * next of `answers` (an Error is thrown), and each detail with `status` (absent: refused), each task
 * search with the task in that status (absent: none).
 */
async function calls(overrides: Partial<Settings>, answers: unknown[], status?: string) {
  const sent: string[] = [];
  const log: string[] = [];
  const settings = testSettings(overrides);
  const send = (call: Call): Promise<Answer> => {
    sent.push(`${call.operation}${call.query.map(([name, value]) => ` ${name}=${value}`).join('')}`);
    if (call.operation === 'search_tasks') {
      const results = status === undefined ? [] : [{ task_id: 7, task_name: 'web', status }];
      return Promise.resolve(ok({ count: results.length, results }));
    }
    if (call.operation === 'detail' && call !== plan.calls[0]) {
      return status === undefined
        ? Promise.reject(failure(200, 'C404'))
        : Promise.resolve(ok({ task_id: 7, status }));
    }
    const next = answers.shift();
    return next instanceof Error ? Promise.reject(next) : Promise.resolve(ok(next));
  };
  const plan = planCalls(settings);
  const ctx = scriptedContext(send, { settings, maxRetries: 2, log: (line) => log.push(line) });
  const outcomes = await makeCalls(plan, ctx);
  return { outcomes, sent, log };
}

describe('makeCalls', () => {
  it('lets the status decide when the retry of a change that may have taken effect is refused, in a step that waits', async () => {
    const { outcomes, log } = await calls({ operation: 'stop', taskIds: ['7'] }, [
      failure(503),
      failure(200, 'C008')
    ]);
    expect(outcomes.map((o) => o.error)).toEqual([undefined]);
    expect(log).toContain(
      "stop: the platform refused the retry (refused with C008); an earlier attempt may have taken effect, so the task's status decides"
    );
  });

  it('never sends again a request of unknown effect that may have taken effect, and says so', async () => {
    const { outcomes, sent } = await calls(
      { operation: 'request', method: 'POST', path: '/api/deployment/task/anything', encrypt: false },
      [failure(503)]
    );
    expect(sent).toEqual(['request']);
    expect(outcomes[0]?.error?.message).toBe(
      'HTTP 503 (the request may have taken effect: check before repeating it)'
    );
  });

  it('names each task of a bulk call in its log lines', async () => {
    const { outcomes, log } = await calls(
      { operation: 'stop', taskIds: ['7', '8'], wait: { ...testSettings().wait, mode: 'false' } },
      [null, failure(200, 'C008')],
      'Running'
    );
    expect(outcomes.map((o) => o.taskId)).toEqual(['7', '8']);
    expect(log).toContain('task 8: refused with C008; its status is Running');
  });

  it.each([
    ['nothing left to do for a status the operation leaves as it is', 'End', undefined],
    [
      'the status, and which statuses the platform applies it to',
      'Other',
      'refused with C008; its status is Other, and the platform applies stop to Running, Pending, Paused tasks only'
    ],
    [
      'the status alone, for one the operation applies to',
      'Running',
      'refused with C008; its status is Running'
    ]
  ])('settles a refused change by the task state: %s', async (_what, status, error) => {
    const { outcomes } = await calls(
      { operation: 'stop', taskIds: ['7'], wait: { ...testSettings().wait, mode: 'false' } },
      [failure(200, 'C008')],
      status
    );
    expect(outcomes[0]?.error?.message).toBe(error);
  });

  it('takes a refused task that no search of any status lists as not found', async () => {
    const { outcomes } = await calls(
      { operation: 'stop', taskIds: ['7'], wait: { ...testSettings().wait, mode: 'false' } },
      [failure(200, 'C008')]
    );
    expect(outcomes[0]?.error).toBeInstanceOf(TaskNotFoundError);
  });

  it('reads every page of a billing list, keeping the page size the user gave, and counts the records when the platform does not', async () => {
    const { outcomes, sent } = await calls({ operation: 'billing', taskIds: [] }, [
      { results: [{ billing_coin: 1 }, { billing_coin: 2 }] }
    ]);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatch(/ page=1 page_size=\d+$/);
    expect(outcomes[0]?.result?.data).toEqual({
      count: 2,
      results: [{ billing_coin: 1 }, { billing_coin: 2 }]
    });
  });
});
