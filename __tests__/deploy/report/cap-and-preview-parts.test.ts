// The cap's and the previews' report parts, each way a step can hold them: what the summary says of
// max_cost and of a pull request's previews when costs are known, unknown or partly known.
import { reportEntry, type StepResult } from '../../../src/deploy/calls/step-result.js';
import { CAP_PART } from '../../../src/deploy/report/cap-report.js';
import { PREVIEW_PART } from '../../../src/deploy/report/preview-report.js';
import { taskResult } from '../../../src/deploy/wait/task-result.js';

const step = (fields: Partial<StepResult>): StepResult => ({
  operation: 'create',
  calls: [],
  tasks: [],
  criteria: undefined,
  timedOut: false,
  elapsedMs: 0,
  replaced: [],
  bills: [],
  offers: [],
  nodeReads: undefined,
  ...fields
});

describe("the cap's part", () => {
  const capped = (tasks: StepResult['tasks']): StepResult =>
    step({ tasks, parts: [reportEntry('cap', { maxCost: '0.5' })] });

  it('says the cost is unknown when no task said one', () => {
    expect(CAP_PART.withTasks(capped([taskResult('7')]))).toEqual([
      '',
      'max_cost 0&#46;5 yuan, held to what the tasks cost while the step waited; they have cost unknown in all.'
    ]);
  });

  it('adds what each task was billed and has used, a missing half as nothing, and names what it stopped', () => {
    const lines = CAP_PART.withTasks(
      capped([
        taskResult('7', { billingValue: '200000' }),
        taskResult('8', { forecastValue: '100000', verdict: 'capped', message: 'stopped at max_cost' }),
        taskResult('9', { verdict: 'capped' })
      ])
    );
    expect(lines[1]).toMatch(
      /they have cost 0&#46;30 yuan in all\. The cap stopped 8 \(stopped at max&#95;cost\), 9 \(\)\.$/
    );
  });

  it('says nothing of a step max_cost did not hold', () => {
    expect(CAP_PART.withTasks(step({ tasks: [taskResult('7', { billingValue: '1' })] }))).toEqual([]);
  });
});

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
