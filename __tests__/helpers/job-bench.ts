// The bench of the tests of a GPU batch job run to its end (operation: job): the emulator's jobs run a
// minute a pod, a job whose name ends "-fails" fails, and each step runs the body below on a 4090 node.
import { JOB_BODY } from './bodies.js';
import { useStepBench, type StepBench } from './emulator-step.js';

const job = JSON.parse(JOB_BODY) as { job_support: Record<string, unknown> };
/** JOB_BODY (one pod that runs pytest, never restarted) with a timeout of an hour. */
export const PYTEST_JOB = JSON.stringify({ ...job, job_support: { ...job.job_support, timeout_sec: 3600 } });

export interface JobRunBench {
  readonly bench: StepBench;
  /** The job creates the emulator received. */
  readonly created: () => StepBench['emulator']['requests'];
}

/** Registers a step bench whose steps run PYTEST_JOB (operation job, gpu 4090, polled every 10 s). */
export function useJobRunBench(): JobRunBench {
  const bench = useStepBench(
    { strict: true, readyAfterSeconds: 10, jobs: { podSeconds: 60, failPattern: /-fails$/ } },
    { operation: 'job', gpu: '4090', body: PYTEST_JOB, poll_interval: '10s' }
  );
  return { bench, created: () => bench.sent('/api/task/job/create') };
}
