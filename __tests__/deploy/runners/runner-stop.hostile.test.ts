// Hostile scenarios of runner_stop and runner_sweep (issue 62) against the emulator (whose jobs run the
// GitHub stand-in's simulated runner) and the GitHub stand-in, over real HTTPS on the fake clock: records
// gone from one side or the other, a job detail without the optional job_status.create_time, and stops the
// platform refuses every time. Each asserts on state: the emulator's jobs and GitHub's runners.
import { useRunnerBench } from '../../helpers/runner-bench.js';

const JOB_DETAIL = '/api/task/job/detail';
const JOB_STOP = '/api/task/job/stop';
/** The runner step's inputs a stop or a sweep does not take. */
const NOT_A_CREATE = { gpu: '', body: '' };
const STOPPED = ['Paused', 'End'];

describe('runner_stop and runner_sweep, hostile', () => {
  const bench = useRunnerBench();

  const started = (count: number, runId?: string): Promise<string[]> => bench.start(count, runId);

  const status = (id: string) => {
    bench.clock.advance(0);
    return String(bench.emulator.jobs.get(id).status);
  };
  const runner = (name: string) => bench.github.store.runners.all().find((r) => r.name === name);

  describe('records gone', () => {
    it('runner_stop: the job stopped elsewhere, its runner still listed: the job is said ended, the runner removed, and the step succeeds', async () => {
      const [id = ''] = await started(1);
      bench.emulator.jobs.stop(id);
      bench.clock.advance(60);
      expect(STOPPED).toContain(status(id));
      expect(runner('gpu-9001-1-1')).toBeDefined();
      const { failure } = await bench.step(
        { operation: 'runner_stop', ...NOT_A_CREATE },
        { runnerHost: bench.host() }
      );
      expect(failure).toBeUndefined();
      // Found whatever its status (the search of every status), and said ended: no stop is needed.
      expect(bench.log).toContainEqual(
        expect.stringMatching(new RegExp(`^runner job ${id} \\(gpu-9001-1-1\\): ended \\(`))
      );
      expect(bench.github.store.runners.all()).toEqual([]);
      expect(STOPPED).toContain(status(id));
    });

    it('runner_stop: one of the run’s jobs stopped elsewhere, the other running: the running one is stopped, the other said ended, both runners removed', async () => {
      const [first = '', second = ''] = await started(2);
      bench.emulator.jobs.stop(first);
      bench.clock.advance(60);
      const { failure, outputs } = await bench.step(
        { operation: 'runner_stop', ...NOT_A_CREATE },
        { runnerHost: bench.host() }
      );
      expect(failure).toBeUndefined();
      expect((JSON.parse(outputs.task_ids) as string[]).sort()).toEqual([first, second].sort());
      expect(bench.log).toContainEqual(
        expect.stringMatching(new RegExp(`^runner job ${first} .*: ended \\(`))
      );
      expect(bench.log).toContainEqual(
        expect.stringMatching(new RegExp(`^runner job ${second} .*: stopped$`))
      );
      for (const id of [first, second]) expect(STOPPED).toContain(status(id));
      expect(bench.github.store.runners.all()).toEqual([]);
    });

    it('runner_stop by task_id: a job the platform has no more, and one it has: the one it has is stopped, the step does not say the other may bill', async () => {
      const [id = ''] = await started(1);
      const { failure } = await bench.step(
        { operation: 'runner_stop', ...NOT_A_CREATE, task_name: '', task_id: `${id}, 1999999` },
        { runnerHost: bench.host() }
      );
      expect(failure).toBeUndefined();
      expect(bench.log).toContainEqual('runner job 1999999: ended (gone)');
      expect(STOPPED).toContain(status(id));
      expect(bench.github.store.runners.all()).toEqual([]);
    });

    it('runner_sweep: a runner GitHub lists whose job the platform has no more: nothing of the platform is touched, the step succeeds', async () => {
      bench.github.store.startRun({ id: 9001 });
      const [id = ''] = await started(1, '9001');
      bench.emulator.jobs.stop(id);
      bench.clock.advance(20 * 60);
      const { failure, outputs } = await bench.step(
        { operation: 'runner_sweep', ...NOT_A_CREATE },
        { runnerHost: bench.host() }
      );
      expect(failure).toBeUndefined();
      expect(JSON.parse(outputs.task_ids)).toEqual([]);
      expect(bench.sent(JOB_STOP)).toEqual([]);
      expect(STOPPED).toContain(status(id));
    });
  });

  it('runner_sweep: a runner offline past the grace whose job detail has no job_status.create_time: the job is kept, not stopped on a guess', async () => {
    bench.github.store.startRun({ id: 9001 });
    const [id = ''] = await started(1, '9001');
    const listed = runner('gpu-9001-1-1');
    if (listed !== undefined) listed.status = 'offline';
    bench.clock.advance(16 * 60);
    const detail = bench.emulator.jobs.get(id);
    const jobStatus = { ...(detail.job_status as Record<string, unknown>) };
    delete jobStatus.create_time;
    bench.emulator.inject({
      path: JOB_DETAIL,
      times: Infinity,
      answer: { kind: 'envelope', code: '0000', data: { ...detail, job_status: jobStatus } }
    });
    const { failure, outputs } = await bench.step(
      { operation: 'runner_sweep', ...NOT_A_CREATE },
      { runnerHost: bench.host() }
    );
    expect(failure).toBeUndefined();
    expect(JSON.parse(outputs.task_ids)).toEqual([]);
    expect(bench.sent(JOB_STOP)).toEqual([]);
    expect(status(id)).toBe('Running');
    expect(runner('gpu-9001-1-1')).toBeDefined();
  });

  describe('the job stop refused every time', () => {
    const refuseEveryStop = () => {
      bench.emulator.inject({
        path: JOB_STOP,
        times: Infinity,
        answer: { kind: 'envelope', code: 'C999', message: 'busy' }
      });
    };

    it('runner_stop of two jobs: fails naming both, each still running', async () => {
      const ids = await started(2);
      refuseEveryStop();
      const { failure } = await bench.step(
        { operation: 'runner_stop', ...NOT_A_CREATE, cleanup_timeout: '20s' },
        { runnerHost: bench.host() }
      );
      expect(failure).toMatch(/^runner_stop: 2 runner job\(s\) could not be stopped, and may bill on: /);
      for (const id of ids) {
        expect(failure).toContain(id);
        expect(status(id)).toBe('Running');
      }
    });

    it('runner_sweep: fails naming the job it could not stop', async () => {
      bench.github.store.startRun({ id: 9001 });
      const [id = ''] = await started(1, '9001');
      bench.github.store.completeRun(9001, 'cancelled');
      refuseEveryStop();
      const { failure } = await bench.step(
        { operation: 'runner_sweep', ...NOT_A_CREATE, cleanup_timeout: '20s' },
        { runnerHost: bench.host() }
      );
      expect(failure).toBe(`runner_sweep: 1 runner job(s) could not be stopped, and may bill on: ${id}`);
      expect(status(id)).toBe('Running');
    });
  });
});
