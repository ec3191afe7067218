// The bench of the tests of a GPU batch job run to its end (operation: job): the emulator's jobs run a
// minute a pod, a job whose name ends "-fails" fails, and each step runs the body below on a 4090 node.
import { useStepBench, type StepBench } from './emulator-step.js';

/** A job of one pod that runs pytest, at most an hour, never restarted. */
export const PYTEST_JOB = JSON.stringify({
  job_support: {
    timeout_sec: 3600,
    parallelism: 1,
    mod_param: { default: { backoff_limit: 0, restart_policy: 'Never' } }
  },
  services: [
    {
      service_name: 'tests',
      service_image: 'pytorch/pytorch:2.5.1',
      resource_weight: { cpu_weight: 1, mem_weight: 1, gpu_weight: 1 },
      start_script: { command: ['pytest'], args: ['-q'] }
    }
  ]
});

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
