// A GPU batch job's spot_fallback against the emulator over real HTTPS: a Spot job still Queued past
// queue_timeout, or refused, run on demand instead; a refused create that lands late adopted or stopped,
// never a twin left billing.
import { emulatorCleanup, emulatorStep } from '../../helpers/emulator-step.js';
import { JOB_MARK_4090, REGION_4090 } from '../../helpers/bodies.js';
import { PYTEST_JOB, useJobRunBench } from '../../helpers/job-bench.js';

describe('a GPU batch job run to its end (operation: job)', () => {
  const { bench, created } = useJobRunBench();
  const step = (inputs: Record<string, string>) => bench.step(inputs);

  describe('spot_fallback', () => {
    const QUEUED_BODY = JSON.stringify({ ...JSON.parse(PYTEST_JOB), resources: [{ mark: JOB_MARK_4090 }] });
    /** The inputs of a job of QUEUED_BODY with spot_fallback (what a test gives is added). */
    const spotJob = (inputs: Record<string, string> = {}): Record<string, string> => ({
      operation: 'job',
      body: QUEUED_BODY,
      poll_interval: '10s',
      task_name: 'gpu-tests',
      spot_fallback: 'true',
      ...inputs
    });
    /** A step on the bench's emulator that logs to `lines`. */
    const stepLoggingTo = (lines: string[]) =>
      emulatorStep(bench.emulator, bench.clock, bench.client, { log: lines });

    it.each(['Paused', 'End'] as const)(
      'stops a Spot job still Queued after queue_timeout, reads it stopped (%s), and only then runs the job on demand',
      async (stoppedStatus) => {
        bench.emulator.jobs.configure({ stoppedStatus });
        bench.emulator.stock.set([{ device_name: '4090', region: REGION_4090, inventory: 0 }]);
        // The region has a node again once the Spot job is stopped: the on-demand create can take it.
        const lines: string[] = [];
        lines.push = (...items: string[]): number => {
          if (items.some((line) => line.startsWith('spot_fallback: ')))
            bench.emulator.stock.set([{ device_name: '4090', region: REGION_4090, inventory: 1 }]);
          return Array.prototype.push.apply(lines, items);
        };
        const { outputs, failure, left, states, result } = await stepLoggingTo(lines)(
          spotJob({ queue_timeout: '2m', cleanup: 'stop' })
        );
        expect(failure).toBeUndefined();
        const creates = created().map((r) => JSON.parse(r.body) as Record<string, unknown>);
        expect(creates.map((body) => body.sub_type ?? 'on demand')).toEqual(['Spot', 'on demand']);
        expect(creates[1]?.job_support).not.toHaveProperty('estimated_exec_sec');
        const spot = created()[0]?.createdTaskId ?? '';
        // The Spot job was stopped, and its end read, before the on-demand create was sent.
        const stop = bench.emulator.requests.findIndex((r) => r.path === '/api/task/job/stop');
        const ended = bench.emulator.requests.findIndex(
          (r, i) => i > stop && r.path === '/api/task/job/detail' && r.target.includes(spot)
        );
        expect(stop).toBeGreaterThan(0);
        expect(ended).toBeGreaterThan(stop);
        expect(bench.emulator.requests.findIndex((r) => r === created()[1])).toBeGreaterThan(ended);
        expect(bench.emulator.jobs.get(spot)).toMatchObject({
          status: stoppedStatus,
          schedule_status: 'Queued'
        });
        expect(outputs).toMatchObject({ job_status: 'Complete', job_type: 'on_demand' });
        expect(outputs.task_id).not.toBe(spot);
        expect(lines).toContain(
          `job ${outputs.task_id} runs on demand (spot_fallback: the Spot job ${spot} stayed Queued past queue_timeout (2m0s) and was stopped)`
        );
        expect(left?.created).toEqual([outputs.task_id]);
        // The Spot job was on the ledger while it was Queued, and taken off once its end was read.
        expect(states.some((state) => state.created.includes(spot))).toBe(true);
        // The summary's timeline has the queue as the step watched it, queue_timeout long (issue 63, point 9).
        expect(result.queue).toMatchObject({ taskId: spot, fellBack: true });
        expect((result.queue?.toMs ?? 0) - (result.queue?.fromMs ?? 0)).toBeGreaterThanOrEqual(120_000);
      }
    );

    it('runs the job on demand when the Spot create is refused and made no job; without spot_fallback the refusal stands', async () => {
      const refuse = {
        path: '/api/task/job/create',
        answer: { kind: 'envelope', code: 'C010', message: '资源不足' }
      } as const;
      // Both regions of the 4090 are tried as Spot (each refused), then the job on demand.
      bench.emulator.inject({ ...refuse, times: 2 });
      const { outputs, failure } = await step({ task_name: 'gpu-tests', spot_fallback: 'true' });
      expect(failure).toBeUndefined();
      const modes = created().map(
        (r) => (JSON.parse(r.body) as Record<string, unknown>).sub_type ?? 'on demand'
      );
      expect(modes).toEqual(['Spot', 'Spot', 'on demand']);
      expect(outputs).toMatchObject({ job_status: 'Complete', job_type: 'on_demand' });
      expect(bench.log).toContain(
        `job ${outputs.task_id} runs on demand (spot_fallback: the Spot create was refused and made no job)`
      );

      bench.emulator.clearRequests();
      bench.emulator.inject({ ...refuse, times: 2 });
      const refused = await step({ task_name: 'gpu-tests-2' });
      expect(refused.failure).toMatch(/C010/);
      expect(created()).toHaveLength(2);
    });

    // A body copied from the reference's Spot example says sub_type Spot itself: its on-demand create
    // was refused before it was sent (sub_type against job_type on_demand), after the Spot job was given up.
    it('runs on demand a job whose body says sub_type Spot itself, sending sub_type null', async () => {
      bench.emulator.inject({
        path: '/api/task/job/create',
        answer: { kind: 'envelope', code: 'C010', message: '资源不足' },
        times: 2
      });
      const spot = { ...(JSON.parse(PYTEST_JOB) as Record<string, unknown>), sub_type: 'Spot' };
      const { outputs, failure } = await step({
        task_name: 'gpu-tests',
        spot_fallback: 'true',
        body: JSON.stringify(spot)
      });
      expect(failure).toBeUndefined();
      const bodies = created().map(
        (r) => JSON.parse(r.body) as Record<string, Record<string, unknown> | null>
      );
      expect(bodies.map((body) => body.sub_type)).toEqual(['Spot', 'Spot', null]);
      expect(bodies[2]?.job_support?.estimated_exec_sec).toBeUndefined();
      expect(outputs).toMatchObject({ job_status: 'Complete', job_type: 'on_demand' });
    });

    // Regression (issue 48): a Spot create refused but applied a few seconds later was followed by the
    // on-demand create with nobody looking for the late one: two jobs, the Spot one running on.
    const lateRefusal = {
      path: '/api/task/job/create',
      answer: { kind: 'envelope', code: 'C010', message: '资源不足' },
      applyAfterMs: 4000
    } as const;

    it('adopts a refused Spot create that lands seconds later, and creates nothing on demand beside it', async () => {
      bench.emulator.inject(lateRefusal);
      const lines: string[] = [];
      const { outputs, failure, left } = await stepLoggingTo(lines)(spotJob());
      expect(failure).toBeUndefined();
      const made = created().flatMap((r) => (r.createdTaskId === undefined ? [] : [r.createdTaskId]));
      expect(created()).toHaveLength(1);
      expect(made).toHaveLength(1);
      expect(outputs).toMatchObject({ task_id: made[0], job_status: 'Complete', job_type: 'spot' });
      expect(lines).toContain(
        `spot_fallback: task ${made[0] ?? ''} named "gpu-tests" appeared, made by the refused create after all; adopting it`
      );
      expect(left?.lookup).toBeUndefined();
    });

    it('adopts a refused create that lands seconds later before trying the next region', async () => {
      bench.emulator.inject(lateRefusal);
      const { outputs, failure } = await step({ task_name: 'gpu-tests', spot_fallback: 'true' });
      expect(failure).toBeUndefined();
      expect(created()).toHaveLength(1);
      expect(outputs.task_id).toBe(created()[0]?.createdTaskId);
    });

    it('leaves a refused create to the post step, which finds it once it lands and stops it', async () => {
      bench.emulator.inject(lateRefusal);
      const inputs = { operation: 'job', body: QUEUED_BODY, poll_interval: '10s', task_name: 'gpu-tests' };
      const { failure, left } = await emulatorStep(bench.emulator, bench.clock, bench.client, {
        log: bench.log
      })(inputs);
      expect(failure).toMatch(/C010/);
      expect(left).toMatchObject({
        action: 'stop',
        created: [],
        lookup: { taskName: 'gpu-tests', attempts: 1 }
      });
      const report = await emulatorCleanup(
        bench.emulator,
        bench.clock,
        bench.client,
        { log: bench.log },
        inputs,
        left ?? {}
      );
      const [found] = report.outcomes;
      expect([found?.target.why, found?.outcome.kind]).toEqual(['found', 'done']);
      expect(bench.emulator.jobs.get(found?.target.id ?? '').status).toBe('Paused');
    });

    // Issue 60, point 8: a refused create that lands after its look-up window (request_timeout 5 s and a
    // margin) made a twin beside the on-demand job that nobody reported or stopped.
    const lateInputs = spotJob({ request_timeout: '5s', cleanup: 'none' });

    it('stops, once the job has run, the twin a refused create made when it landed after its window', async () => {
      bench.emulator.inject({ ...lateRefusal, applyAfterMs: 25_000 });
      const lines: string[] = [];
      const { outputs, failure } = await stepLoggingTo(lines)(lateInputs);
      expect(failure).toBeUndefined();
      expect(outputs).toMatchObject({ job_status: 'Complete', job_type: 'on_demand' });
      const late = created()[0]?.createdTaskId ?? '';
      expect(late).not.toBe('');
      expect(lines).toContain(
        `create: task ${late} named "gpu-tests" was made too, by the earlier attempt that got no answer; stopping it, so that only task ${outputs.task_id} runs`
      );
      expect(bench.emulator.jobs.get(late).status).toBe('Paused');
    });

    it('looks once more in the post step for a refused create that lands after the step, and stops the twin', async () => {
      // It lands long after the step ended: the post step's search, made whatever its window said, finds it.
      bench.emulator.inject({ ...lateRefusal, applyAfterMs: 600_000 });
      const lines: string[] = [];
      const { outputs, left } = await stepLoggingTo(lines)(lateInputs);
      expect(outputs).toMatchObject({ job_status: 'Complete', job_type: 'on_demand' });
      expect(left?.lookup).toMatchObject({ taskName: 'gpu-tests', attempts: 2 });
      bench.clock.advance(600);
      const report = await emulatorCleanup(
        bench.emulator,
        bench.clock,
        bench.client,
        { log: lines },
        lateInputs,
        left ?? {}
      );
      const late = created()[0]?.createdTaskId ?? '';
      expect(late).not.toBe('');
      expect(report.outcomes.map((o) => [o.target.id, o.target.why, o.outcome.kind])).toEqual([
        [late, 'twin', 'done']
      ]);
      expect(bench.emulator.jobs.get(late).status).toBe('Paused');
    });

    it('stops a Queued Spot job at once when the step is cancelled while it waits in the queue; nothing is left', async () => {
      bench.emulator.stock.set([{ device_name: '4090', region: REGION_4090, inventory: 0 }]);
      const lines: string[] = [];
      const { outputs, left } = await stepLoggingTo(lines)(
        spotJob({ queue_timeout: '5m', cleanup: 'stop' }),
        { cancelWhen: /^job: code 0000/ }
      );
      expect(created()).toHaveLength(1);
      expect(bench.emulator.jobs.get(outputs.task_id).status).toBe('Paused');
      expect(left?.created).toEqual([]);
      expect(lines).toContain(`job ${outputs.task_id} runs as Spot (job_type: spot; the step was cancelled)`);
      expect(lines).toContain(`job ${outputs.task_id} may still run: stopping it now`);
    });

    it('keeps the Spot job, and makes no second, when it cannot be stopped; the post step is left to stop it', async () => {
      bench.emulator.stock.set([{ device_name: '4090', region: REGION_4090, inventory: 0 }]);
      bench.emulator.inject({
        path: '/api/task/job/stop',
        times: Infinity,
        answer: { kind: 'envelope', code: 'C500', message: 'busy' }
      });
      const lines: string[] = [];
      const { outputs, failure, left } = await stepLoggingTo(lines)(
        spotJob({ queue_timeout: '1m', wait_timeout: '5m', cleanup_timeout: '1m', cleanup: 'stop' })
      );
      expect(failure).toMatch(/timed out/);
      expect(created()).toHaveLength(1);
      const id = outputs.task_id;
      expect(lines).toContainEqual(
        expect.stringMatching(
          new RegExp(`^job ${id} could not be stopped \\(.*\\): it stays Spot, and no second job is made$`)
        )
      );
      expect(lines).toContainEqual(
        expect.stringMatching(
          new RegExp(`^job ${id} could not be stopped now \\(.*\\): the post step tries again$`)
        )
      );
      expect(bench.emulator.jobs.get(id).status).toBe('Pending');
      expect(left?.created).toEqual([id]);
    });

    it('keeps the Spot job when its queue cannot be read, saying why', async () => {
      bench.emulator.stock.set([{ device_name: '4090', region: REGION_4090, inventory: 0 }]);
      // Three reads refused, each also when sent once more.
      bench.emulator.inject({
        path: '/api/task/job/detail',
        times: 6,
        answer: { kind: 'envelope', code: 'C500', message: 'busy' }
      });
      const lines: string[] = [];
      const { outputs } = await stepLoggingTo(lines)(
        spotJob({ poll_error_budget: '3', wait_timeout: '20m', cleanup: 'stop' })
      );
      expect(created()).toHaveLength(1);
      expect(lines).toContainEqual(
        expect.stringMatching(
          new RegExp(
            `^job ${outputs.task_id} runs as Spot \\(job_type: spot; its detail could not be read: .*C500`
          )
        )
      );
      expect(bench.emulator.jobs.get(outputs.task_id).status).toBe('Paused');
    });

    it('keeps a Spot job that is scheduled, saying so; refuses spot_fallback for an on-demand job before sending', async () => {
      const { outputs } = await step({ task_name: 'gpu-tests', spot_fallback: 'true' });
      expect(outputs).toMatchObject({ job_status: 'Complete', job_type: 'spot' });
      expect(bench.log).toContain(`job ${outputs.task_id} runs as Spot (job_type: spot)`);
      bench.emulator.clearRequests();
      await expect(step({ task_name: 'x', spot_fallback: 'true', job_type: 'on_demand' })).rejects.toThrow(
        'spot_fallback is true, but job_type is on_demand'
      );
      expect(bench.emulator.requests).toHaveLength(0);
    });
  });
});
