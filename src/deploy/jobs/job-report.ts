import { escape } from '../../basics/markdown-text.js';
import { formatDuration } from '../../basics/units.js';
import type { JobFacts } from '../../platform/task-data.js';
import { TASK_KINDS } from '../../platform/task-kinds.js';
import { jobRunOf, reportOf, type StepResult } from '../engine/calls/step-result.js';
import { countText } from '../engine/report/report-text.js';
import { reportPart } from '../engine/report/report-part.js';

// The job's part: what a step that concerns jobs read of its job's run, and where the jobs' logs went.

/** What a job step holds: its job's run (its first task's last data), and the file of its logs. */
interface JobShown {
  readonly run: JobFacts | undefined;
  readonly logFile: string | undefined;
}

export const JOB_PART = reportPart<JobShown>({
  name: 'job',
  kind: TASK_KINDS.job.name,
  of: jobShown,
  summary: { lead: jobTable },
  outputs: ['job_status', 'succeeded_pods', 'failed_pods', 'duration', 'job_type', 'log_file'],
  values: ({ run, logFile }) => ({
    ...(run === undefined
      ? {}
      : {
          job_status: run.status ?? '',
          succeeded_pods: countText(run.succeeded),
          failed_pods: countText(run.failed),
          ...(run.seconds === undefined ? {} : { duration: String(run.seconds) }),
          job_type: run.mode
        }),
    ...(logFile === undefined ? {} : { log_file: logFile })
  })
});

function jobShown(step: StepResult): JobShown | undefined {
  const run = jobRunOf(step);
  const logFile = reportOf(step, 'job')?.logFile;
  return run === undefined && logFile === undefined ? undefined : { run, logFile };
}

/** What a job step read of its job: its own status, its pods, how long its run took, its mode. */
function jobTable({ run: job, logFile }: JobShown): string[] {
  if (job === undefined) return [];
  const count = (n: number | undefined): string => (n === undefined ? '?' : String(n));
  return [
    '#### Job',
    '',
    '| Job status | Pods succeeded | Pods failed | Duration | Mode |',
    '|---|---|---|---|---|',
    `| ${escape(job.status ?? '?')} | ${count(job.succeeded)} | ${count(job.failed)} | ${job.seconds === undefined ? '–' : formatDuration(job.seconds * 1000)} | ${job.mode === 'spot' ? 'Spot' : 'on demand'} |`,
    '',
    ...(logFile === undefined
      ? []
      : [
          "<sub>The job's log: in the step's log as it ran, and every line in the file of the `log_file` output, which `actions/upload-artifact` keeps.</sub>",
          ''
        ])
  ];
}
