import { cleanUpTask, type CleanupAction } from '../../src/deploy/cleanup.js';
import type { Call } from '../../src/platform/operations.js';
import type { Answer } from '../../src/platform/session.js';
import { ApiError } from '../../src/protocol/envelope.js';
import { testSettings } from '../helpers/settings.js';

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

/** A platform whose stop or pause answers `action`, and whose detail answers `detail`. */
function cleanup(action: CleanupAction, answers: { change: Error | 'ok'; detail: Error | string }) {
  const sent: string[] = [];
  const send = (call: Call): Promise<Answer> => {
    sent.push(call.operation);
    const answer = call.operation === 'detail' ? answers.detail : answers.change;
    if (answer instanceof Error) return Promise.reject(answer);
    return Promise.resolve(ok(call.operation === 'detail' ? { task_id: 7, status: answer } : null));
  };
  const deps = { now: () => 0, sleep: () => Promise.resolve(), random: () => 0.5, log: () => undefined };
  const outcome = cleanUpTask('7', action, testSettings(), {
    send,
    policy: { maxRetries: 0, baseMs: 1000, capMs: 30_000, deadline: 60_000 },
    deps
  });
  return { outcome, sent };
}

describe('cleanUpTask', () => {
  it('is done when the stop is accepted', async () => {
    const { outcome, sent } = cleanup('stop', { change: 'ok', detail: 'Running' });
    expect(await outcome).toEqual({ kind: 'done' });
    expect(sent).toEqual(['stop']);
  });

  it('takes a task that no longer exists (by its code) as done, and only here', async () => {
    expect(await cleanup('stop', { change: refusal('C007'), detail: 'Running' }).outcome).toEqual({
      kind: 'already',
      state: 'gone'
    });
    expect(await cleanup('pause', { change: refusal('C999'), detail: refusal('C007') }).outcome).toEqual({
      kind: 'already',
      state: 'gone'
    });
  });

  it('asks for the status when the call fails: already done in a status the table names', async () => {
    expect(await cleanup('stop', { change: refusal('C008'), detail: 'End' }).outcome).toEqual({
      kind: 'already',
      state: 'End'
    });
    expect(await cleanup('pause', { change: refusal('C008'), detail: 'Paused' }).outcome).toEqual({
      kind: 'already',
      state: 'Paused'
    });
  });

  it('fails, saying why and the status, when the task still runs', async () => {
    expect(await cleanup('pause', { change: refusal('C008'), detail: 'Running' }).outcome).toEqual({
      kind: 'failed',
      why: 'refused with C008; its status is Running'
    });
    expect(await cleanup('stop', { change: refusal('C004'), detail: refusal('C004') }).outcome).toEqual({
      kind: 'failed',
      why: 'refused with C004'
    });
  });
});
