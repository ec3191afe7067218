// Hostile scenarios of issue 60, point 7, against the emulator over real HTTPS on the fake clock: a job
// bills while its billing_points is above 0, whatever else its detail says, and is stopped.
import { JOB_BODY } from '../../helpers/bodies.js';
import { useStepBench } from '../../helpers/emulator-step.js';
import { asEachArrives } from '../../helpers/hostile-knobs.js';

const JOB_DETAIL = '/api/task/job/detail';
const JOB_STOP = '/api/task/job/stop';

describe('jobs still billed: a guard that gave way in review (issue 60, point 7)', () => {
  const bench = useStepBench(
    { readyAfterSeconds: 10, strict: true, jobs: { podSeconds: 60 } },
    { operation: 'job', task_name: 'evals', gpu: '4090', body: JOB_BODY, poll_interval: '10s' }
  );

  it("the step's own job read Paused (stopped by someone else) while a pod is still billed: stopped all the same, or said to be billed", async () => {
    let reads = 0;
    // From the fourth read of its detail on, the job reads Paused with a pod still billed, until a stop.
    asEachArrives(bench.emulator, JOB_DETAIL, (request) => {
      reads += 1;
      const id = /task_id=(\d+)/.exec(request.target)?.[1];
      if (id === undefined || reads !== 4) return;
      const now = bench.emulator.jobs.get(id);
      bench.emulator.inject({
        path: JOB_DETAIL,
        times: Infinity,
        answer: { kind: 'envelope', code: '0000', data: { ...now, status: 'Paused', billing_points: 1 } }
      });
    });
    asEachArrives(bench.emulator, JOB_STOP, () => {
      bench.emulator.clearFaults();
    });
    await bench.step({ cleanup: 'none' });
    const stopped = bench.sent(JOB_STOP).length > 0;
    const said = bench.log.some((line) => line.includes('billing_points'));
    expect(stopped || said).toBe(true);
  });
});
