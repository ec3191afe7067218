// Hostile scenarios of issue 60, point 7, against the emulator over real HTTPS on the fake clock: a job
// bills while its billing_points is above 0, whatever else its detail says, and is stopped.
import { JOB_BODY } from '../../helpers/bodies.js';
import { useStepBench } from '../../helpers/emulator-step.js';
import { asEachArrives } from '../../helpers/hostile-knobs.js';

const JOB_DETAIL = '/api/task/job/detail';
const JOB_STOP = '/api/task/job/stop';

describe('jobs still billed (issue 60 review, point 7)', () => {
  const bench = useStepBench(
    { readyAfterSeconds: 10, strict: true, jobs: { podSeconds: 60 } },
    { operation: 'job', task_name: 'evals', gpu: '4090', body: JOB_BODY, poll_interval: '10s' }
  );
  const cost = (d: Record<string, unknown>) => Number(d.billing_value ?? 0) + Number(d.forecast_value ?? 0);

  it('the post step of a job whose main step could not stop it, and whose run has ended by then while its pods are still billed, stops it', async () => {
    bench.emulator.jobs.configure({ billedAfterEndSeconds: 600 });
    // Cancelled once it runs; every stop of the main step is refused (the platform's trouble).
    bench.emulator.inject({
      path: JOB_STOP,
      times: Infinity,
      answer: { kind: 'envelope', code: 'C999', message: 'busy' }
    });
    const { outputs, left } = await bench.step(
      { cleanup: 'stop', cleanup_timeout: '5s' },
      { cancelWhen: /Pending -> Running/ }
    );
    bench.emulator.clearFaults();
    const id = outputs.task_id;
    expect(left?.created).toContain(id);
    // The run ends (60 s of pod) before the post step; its pod is billed for ten minutes after.
    bench.clock.advance(120);
    expect(bench.emulator.jobs.get(id)).toMatchObject({
      job_status: { status: 'Complete', active_pods: 0 },
      billing_points: 1
    });
    const stopsBefore = bench.sent(JOB_STOP).length;
    await bench.cleanup(left ?? {}, { cleanup: 'stop' });
    expect(bench.sent(JOB_STOP).length).toBeGreaterThan(stopsBefore);
    const after = bench.emulator.jobs.get(id);
    expect(after).toMatchObject({ billing_points: 0 });
    bench.clock.advance(300);
    expect(cost(bench.emulator.jobs.get(id))).toBe(cost(after));
  });

  it('the post step of a job read Paused (stopped by someone else) while a pod is still billed: it sends its stop', async () => {
    const id = bench.emulator.jobs.add({ task_name: 'evals', points: 1 });
    bench.clock.advance(30);
    const running = bench.emulator.jobs.get(id);
    // Someone stopped it in the console: the detail reads Paused, but a pod is still billed.
    bench.emulator.inject({
      path: JOB_DETAIL,
      times: Infinity,
      answer: { kind: 'envelope', code: '0000', data: { ...running, status: 'Paused', billing_points: 1 } }
    });
    // The step's stop releases the pod: from then on the detail is the emulator's own.
    asEachArrives(bench.emulator, JOB_STOP, () => {
      bench.emulator.clearFaults();
    });
    await bench.cleanup(
      { action: 'stop', created: [id] },
      { operation: 'job_detail', task_id: id, cleanup: 'stop' }
    );
    expect(bench.sent(JOB_STOP).length).toBeGreaterThan(0);
    expect(bench.emulator.jobs.get(id)).toMatchObject({ billing_points: 0 });
  });
});
