// Which steps write their answers to files as they come (see AnswerSink): bulk reads only.
import { answerSinkFor } from '../../../../src/deploy/engine/flows/toolkit.js';
import { planCalls } from '../../../../src/platform/operations/plan-calls.js';
import { testRuntime, testContext } from '../../../helpers/runtime.js';
import { testSettings } from '../../../helpers/settings.js';

describe('answerSinkFor', () => {
  const sinkFor = (operation: 'detail' | 'stop', taskIds: string[]) => {
    const settings = testSettings({ operation, taskIds, wait: { ...testSettings().wait, mode: 'false' } });
    const ctx = testContext(settings, testRuntime({ send: () => Promise.reject(new Error('not sent')) }));
    return answerSinkFor(planCalls(settings), ctx);
  };

  it("writes a bulk read's answers as they come", () => {
    expect(sinkFor('detail', ['1', '2'])).toBeDefined();
  });

  it('keeps the answers of one call, and of calls that change tasks: a failed write never cuts a stop short', () => {
    expect(sinkFor('detail', ['1'])).toBeUndefined();
    expect(sinkFor('stop', ['1', '2'])).toBeUndefined();
  });
});
