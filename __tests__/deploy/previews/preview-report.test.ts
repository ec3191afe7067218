// The previews' report part, each way a step can hold it: a pull request's previews with their cost
// known or not, and a sweep's table of what it stopped (or that it stopped nothing).
import { reportEntry, type StepResult } from '../../../src/deploy/engine/calls/step-result.js';
import { PREVIEW_PART } from '../../../src/deploy/previews/preview-report.js';
import { taskResult } from '../../../src/deploy/engine/wait/task-result.js';
import { stepResult } from '../../helpers/step-result.js';

const step = (fields: Partial<StepResult>): StepResult => stepResult({ operation: 'create', ...fields });

describe("the previews' part", () => {
  const preview = (fields: { number?: number; totalPoints?: string }, tasks: StepResult['tasks'] = []) =>
    step({
      tasks,
      parts: [reportEntry('preview', { taskName: 'web', ...fields } as never)]
    });

  it("says a pull request's previews cost unknown when no figure was read, and titles the cost picture", () => {
    const held = preview({ number: 12 });
    expect(PREVIEW_PART.lead(held)).toEqual([
      'Preview web of pull request #12: its previews have cost unknown in all.',
      ''
    ]);
    expect(PREVIEW_PART.costTitle(held)).toBe("What this push's preview cost while the step waited");
    expect(PREVIEW_PART.values(held)).toEqual({ total_cost: '' });
  });

  it('says a sweep that stopped nothing, and gives no cost title without a pull request', () => {
    const swept = preview({ totalPoints: '0' });
    expect(PREVIEW_PART.lead(swept)).toEqual(['No preview of web was stopped.', '']);
    expect(PREVIEW_PART.costTitle(swept)).toBeUndefined();
  });

  it("lists a sweep's stopped previews with why and what each cost", () => {
    const lines = PREVIEW_PART.lead(
      preview({ totalPoints: '1500000' }, [
        taskResult('7', { name: 'web-pr-3', message: 'the pull request is closed', billingValue: '1500000' }),
        taskResult('8')
      ])
    );
    expect(lines).toContain('| 7 | web-pr-3 | the pull request is closed | 1&#46;50 yuan |');
    expect(lines.some((line) => line.startsWith('| 8 |  |  | '))).toBe(true);
    expect(lines).toContain('They have cost 1&#46;50 yuan in all.');
  });
});
