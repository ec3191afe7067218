// The cap's report part, each way a step can hold it: what the summary says of max_cost when the tasks'
// costs are known, unknown or partly known, and which tasks it stopped.
import { reportEntry, type StepResult } from '../../../../src/deploy/engine/calls/step-result.js';
import { CAP_PART } from '../../../../src/deploy/engine/report/cap-report.js';
import { taskResult } from '../../../../src/deploy/engine/wait/task-result.js';
import { stepResult } from '../../../helpers/step-result.js';

const step = (fields: Partial<StepResult>): StepResult => stepResult({ operation: 'create', ...fields });

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
