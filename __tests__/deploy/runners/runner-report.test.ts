// The runners' report part: what a runner step, a stop and a sweep add to the summary and the outputs,
// every server text escaped.
import {
  reportEntry,
  type RunnerReport,
  type StepResult
} from '../../../src/deploy/engine/calls/step-result.js';
import { taskResult } from '../../../src/deploy/engine/wait/task-result.js';
import { RUNNER_PART } from '../../../src/deploy/runners/runner-report.js';
import { stepResult } from '../../helpers/step-result.js';

function step(
  report: RunnerReport,
  tasks = [taskResult('101', { billingValue: '20000', forecastValue: '0' })]
): StepResult {
  return stepResult({ operation: 'runner', tasks, parts: [reportEntry('selfHosted', report)] });
}

describe('the runners’ report part', () => {
  it('writes the outputs a later job runs on once the runners are online, and a table of them', () => {
    const started = step({
      action: 'started',
      label: 'gpu-9001-1',
      states: [{ name: 'gpu-9001-1-1', taskId: '101', github: 'online', job: 'Running' }],
      failure: undefined
    });
    expect(RUNNER_PART.values(started)).toEqual({
      runner_label: 'gpu-9001-1',
      runner_names: '["gpu-9001-1-1"]',
      runs_on: '["self-hosted","gpu-9001-1"]',
      total_cost: ''
    });
    expect(RUNNER_PART.lead(started)).toEqual([
      '#### Runners started (label gpu-9001-1)',
      '',
      '| Runner | Job | Job status | On GitHub | Cost |',
      '|---|---|---|---|---|',
      '| gpu-9001-1-1 | 101 | Running | online | 0&#46;02 yuan |',
      ''
    ]);
    expect(RUNNER_PART.failure(started)).toBeUndefined();
  });

  it('writes no runs_on for runners that failed, and says why the step failed', () => {
    const failed = step({
      action: 'started',
      label: 'gpu-9001-1',
      states: [],
      failure: 'gpu-9001-1-1: its job ended'
    });
    expect(RUNNER_PART.values(failed)).toMatchObject({ runner_label: 'gpu-9001-1', runs_on: '' });
    expect(RUNNER_PART.failure(failed)).toBe('gpu-9001-1-1: its job ended');
    expect(RUNNER_PART.lead(failed)).toEqual(['#### Runners started (label gpu-9001-1)', '', 'None.', '']);
  });

  it('says why a sweep stopped each, escaping what GitHub and the platform wrote, and what they cost in all', () => {
    const swept = step({
      action: 'swept',
      label: undefined,
      states: [
        {
          name: 'gpu-1-1-1',
          taskId: '101',
          github: 'removed',
          job: 'stopped',
          why: 'its run is <b>over</b> | done'
        }
      ],
      totalPoints: '20000',
      failure: undefined
    });
    expect(RUNNER_PART.values(swept)).toEqual({
      runner_label: '',
      runner_names: '',
      runs_on: '',
      total_cost: '0.020000'
    });
    const lines = RUNNER_PART.lead(swept);
    expect(lines.slice(0, 4)).toEqual([
      '#### Runners swept',
      '',
      '| Runner | Job | Job status | On GitHub | Cost | Why |',
      '|---|---|---|---|---|---|'
    ]);
    expect(lines[4]).not.toMatch(/<b>|\| done/);
    expect(lines[4]).toBe(
      '| gpu-1-1-1 | 101 | stopped | removed | 0&#46;02 yuan | its run is &#60;b&#62;over&#60;/b&#62; &#124; done |'
    );
    expect(lines).toContain('They have cost 0&#46;02 yuan in all.');
  });
});
