// The job's report part when the platform leaves its optional fields out: a job detail without
// job_status, pod counts or times still gives a table (with ? and –), and a log file alone gives its output.
import { reportEntry, type StepResult } from '../../../src/deploy/engine/calls/step-result.js';
import { JOB_PART } from '../../../src/deploy/jobs/job-report.js';
import { taskResult } from '../../../src/deploy/engine/wait/task-result.js';
import { stepResult } from '../../helpers/step-result.js';

const step = (fields: Partial<StepResult>): StepResult => stepResult({ operation: 'job', ...fields });

describe("the job's part", () => {
  it('shows a job whose detail says none of its optional fields, with ? and –, as on demand', () => {
    const bare = step({ tasks: [taskResult('7', { data: { task_id: 7 } })] });
    expect(JOB_PART.lead(bare)).toContain('| &#63; | ? | ? | – | on demand |');
    expect(JOB_PART.values(bare)).toEqual({
      job_status: '',
      succeeded_pods: '',
      failed_pods: '',
      job_type: 'on_demand'
    });
  });

  it('gives the log file alone when no job was read, and no table', () => {
    const logged = step({ parts: [reportEntry('job', { logFile: 'jobs.log' })] });
    expect(JOB_PART.lead(logged)).toEqual([]);
    expect(JOB_PART.values(logged)).toEqual({ log_file: 'jobs.log' });
  });

  it('names where the log went under the table, and says a Spot run', () => {
    const spot = step({
      tasks: [
        taskResult('7', {
          data: {
            task_id: 7,
            sub_type: 'Spot',
            job_status: { status: 'Complete', succeeded_pods: 1, failed_pods: 0 }
          }
        })
      ],
      parts: [reportEntry('job', { logFile: 'jobs.log' })]
    });
    const lines = JOB_PART.lead(spot);
    expect(lines).toContain('| Complete | 1 | 0 | – | Spot |');
    expect(lines.some((line) => line.includes('`log_file` output'))).toBe(true);
  });
});
