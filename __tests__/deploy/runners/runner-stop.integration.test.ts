// operation: runner_stop and runner_sweep against the emulator (whose jobs run the GitHub stand-in's
// simulated runner) and the GitHub stand-in, over real HTTPS on the fake clock: a run's runner jobs found
// by their label or given by id, stopped until their state shows it, their runners removed from GitHub, and
// what they cost said; the sweep stops those whose run is over, whose runner is gone, or offline too long.
import { useRunnerBench } from '../../helpers/runner-bench.js';

/** The runner step's inputs a stop or a sweep does not take. */
const NOT_A_CREATE = { gpu: '', body: '' };

describe('runner_stop and runner_sweep', () => {
  const bench = useRunnerBench();

  const started = (count: number, runId?: string): Promise<string[]> => bench.start(count, runId);

  const status = (id: string) => bench.emulator.jobs.get(id).status;

  it('stops the run’s runner jobs found by their label, removes the runners, and says what they cost', async () => {
    const ids = await started(2);
    const other = await started(1, '9002');
    bench.clock.advance(600);
    const { failure, outputs } = await bench.step(
      { operation: 'runner_stop', ...NOT_A_CREATE },
      { runnerHost: bench.host() }
    );
    expect(failure).toBeUndefined();
    for (const id of ids) expect(['Paused', 'End']).toContain(status(id));
    expect((JSON.parse(outputs.task_ids) as string[]).sort()).toEqual([...ids].sort());
    expect(Number(outputs.total_cost)).toBeGreaterThan(0);
    // The other run's runner and job are left alone.
    expect(status(other[0] ?? '')).toBe('Running');
    expect(bench.github.store.runners.all().map((r) => r.name)).toEqual(['gpu-9002-1-1']);
  });

  it('finds the run’s runner jobs that ended by themselves (their runners took their job), says so, and says what they cost', async () => {
    let queue: () => void = () => undefined;
    const queued = new Promise<void>((resolve) => {
      queue = resolve;
    });
    bench.simulate({ sleep: (ms) => (ms === 3_600_000 ? queued : Promise.resolve()) });
    const ids = await started(2);
    bench.clock.advance(600);
    queue();
    expect((await Promise.all(bench.runners.map((r) => r.exited))).map((e) => e.code)).toEqual([0, 0]);
    for (const id of ids) expect(status(id)).toBe('End');
    const { failure, outputs } = await bench.step(
      { operation: 'runner_stop', ...NOT_A_CREATE },
      { runnerHost: bench.host() }
    );
    expect(failure).toBeUndefined();
    for (const id of ids)
      expect(bench.log).toContainEqual(expect.stringMatching(new RegExp(`^runner job ${id} .*: ended \\(`)));
    expect((JSON.parse(outputs.task_ids) as string[]).sort()).toEqual([...ids].sort());
    expect(Number(outputs.total_cost)).toBeGreaterThan(0);
  });

  it('stops runner jobs given by task_id, and says one already ended', async () => {
    const [first = '', second = ''] = await started(2);
    await bench.step({ operation: 'job_stop', ...NOT_A_CREATE, task_name: '', task_id: second });
    const { failure, outputs } = await bench.step(
      { operation: 'runner_stop', ...NOT_A_CREATE, task_name: '', task_id: `${first}, ${second}` },
      { runnerHost: bench.host() }
    );
    expect(failure).toBeUndefined();
    expect(['Paused', 'End']).toContain(status(first));
    expect(bench.log).toContainEqual(expect.stringMatching(new RegExp(`^runner job ${second}: ended \\(`)));
    expect(JSON.parse(outputs.task_ids)).toEqual([first, second]);
    expect(bench.github.store.runners.all()).toEqual([]);
  });

  it('fails, naming the job, when a runner job cannot be stopped', async () => {
    const [id = ''] = await started(1);
    bench.emulator.inject({
      path: '/api/task/job/stop',
      times: Infinity,
      answer: { kind: 'envelope', code: 'C999', message: 'busy' }
    });
    const { failure } = await bench.step(
      { operation: 'runner_stop', ...NOT_A_CREATE, cleanup_timeout: '20s' },
      { runnerHost: bench.host() }
    );
    expect(failure).toBe(`runner_stop: 1 runner job(s) could not be stopped, and may bill on: ${id}`);
    expect(status(id)).toBe('Running');
  });

  it('refuses a runner_stop that names no runner, before anything is sent', async () => {
    await expect(
      bench.step({ operation: 'runner_stop', ...NOT_A_CREATE, task_name: '' }, { runnerHost: bench.host() })
    ).rejects.toThrow('runner_stop needs the runners: set task_name');
    await expect(
      bench.step({ operation: 'runner_sweep', ...NOT_A_CREATE, task_name: '' }, { runnerHost: bench.host() })
    ).rejects.toThrow('runner_sweep finds the runner jobs by name: set task_name');
    expect(bench.emulator.requests).toEqual([]);
  });

  it('says, in a dry run without github_token, what it would stop, and sends no change', async () => {
    const [id = ''] = await started(1);
    const noGitHub = { ...NOT_A_CREATE, github_token: '' };
    await bench.step({ operation: 'runner_stop', ...noGitHub, task_name: '', task_id: id }, { dryRun: true });
    await bench.step({ operation: 'runner_stop', ...noGitHub }, { dryRun: true });
    await bench.step({ operation: 'runner_sweep', ...noGitHub }, { dryRun: true });
    expect(bench.log).toContain(`dry run: job ${id} would be stopped, and its runner removed from GitHub`);
    expect(bench.log).toContainEqual(
      expect.stringMatching(
        /^dry run: the runner jobs named gpu-<run id>-<attempt>-<n> of this workflow run would be stopped/
      )
    );
    expect(bench.log).toContainEqual(`dry run: runner job ${id} (gpu-9001-1-1), run 9001`);
    expect(bench.emulator.jobs.get(id).status).toBe('Running');
    expect(bench.github.store.runners.all()).toHaveLength(1);
  });

  it('refuses a runner_stop without github_token, naming the token it needs', async () => {
    await started(1);
    const { failure } = await bench
      .step({ operation: 'runner_stop', ...NOT_A_CREATE, github_token: '' })
      .then(
        (r) => r,
        (error: unknown) => ({ failure: (error as Error).message })
      );
    expect(failure).toMatch(
      /github_token is empty: set it to a fine-grained token or a GitHub App's with administration: write/
    );
  });

  describe('the sweep', () => {
    const runner = (name: string) => bench.github.store.runners.all().find((r) => r.name === name);

    it('stops the jobs whose run is over or unknown to GitHub, and removes their runners; keeps a run in progress', async () => {
      bench.github.store.startRun({ id: 9001 });
      bench.github.store.startRun({ id: 9002 });
      const over = await started(1, '9001');
      const going = await started(1, '9002');
      const unknown = await started(1, '9003');
      bench.github.store.completeRun(9001, 'cancelled');
      const { failure, outputs } = await bench.step(
        { operation: 'runner_sweep', ...NOT_A_CREATE },
        { runnerHost: bench.host() }
      );
      expect(failure).toBeUndefined();
      expect((JSON.parse(outputs.task_ids) as string[]).sort()).toEqual([...over, ...unknown].sort());
      for (const id of [...over, ...unknown]) expect(['Paused', 'End']).toContain(status(id));
      expect(status(going[0] ?? '')).toBe('Running');
      expect(bench.github.store.runners.all().map((r) => r.name)).toEqual(['gpu-9002-1-1']);
      expect(bench.log).toContainEqual(expect.stringMatching(/its workflow run 9001 is over \(cancelled\)/));
      expect(bench.log).toContainEqual(expect.stringMatching(/GitHub knows no workflow run 9003/));
      expect(Number(outputs.total_cost)).toBeGreaterThan(0);
    });

    it('stops a job whose runner GitHub lists no more, and one offline past the grace; keeps one offline within it', async () => {
      bench.github.store.startRun({ id: 9001 });
      const [gone = '', lost = '', late = ''] = await started(3, '9001');
      const left = runner('gpu-9001-1-1');
      if (left !== undefined) bench.github.store.runners.remove(left);
      const lostRunner = runner('gpu-9001-1-2');
      if (lostRunner !== undefined) lostRunner.status = 'offline';
      // Past the grace from the jobs' start: the second is offline too long.
      bench.clock.advance(16 * 60);
      const lateRunner = runner('gpu-9001-1-3');
      expect(lateRunner?.status).toBe('online');
      const { failure, outputs } = await bench.step(
        { operation: 'runner_sweep', ...NOT_A_CREATE },
        { runnerHost: bench.host() }
      );
      expect(failure).toBeUndefined();
      expect((JSON.parse(outputs.task_ids) as string[]).sort()).toEqual([gone, lost].sort());
      expect(status(late)).toBe('Running');
      expect(bench.log).toContainEqual(expect.stringMatching(/GitHub lists its runner no more/));
      expect(bench.log).toContainEqual(
        expect.stringMatching(/its runner is offline 1[67]m\d+s after its job started/)
      );
    });

    it('removes the runners left with no job that bills once their run is over; keeps those of a run in progress', async () => {
      bench.github.store.startRun({ id: 9001 });
      bench.github.store.startRun({ id: 9002 });
      const [over = ''] = await started(1, '9001');
      const [going = ''] = await started(1, '9002');
      // Both jobs stopped elsewhere; their runners stay registered, offline.
      await bench.step({
        operation: 'job_stop',
        ...NOT_A_CREATE,
        task_name: '',
        task_id: `${over}, ${going}`
      });
      for (const one of bench.github.store.runners.all()) one.status = 'offline';
      bench.github.store.completeRun(9001, 'success');
      const { failure } = await bench.step(
        { operation: 'runner_sweep', ...NOT_A_CREATE },
        { runnerHost: bench.host() }
      );
      expect(failure).toBeUndefined();
      expect(bench.log).toContainEqual(
        'runner gpu-9001-1-1: offline, with no job that bills, and its workflow run 9001 is over: removed'
      );
      expect(bench.github.store.runners.all().map((r) => r.name)).toEqual(['gpu-9002-1-1']);
    });

    it('says what it would stop in a dry run, and stops nothing', async () => {
      const [id = ''] = await started(1, '9001');
      const { failure } = await bench.step(
        { operation: 'runner_sweep', ...NOT_A_CREATE },
        { runnerHost: bench.host(), dryRun: true }
      );
      expect(failure).toBeUndefined();
      expect(bench.log).toContainEqual(expect.stringMatching(/would be stopped \(dry run\)/));
      expect(status(id)).toBe('Running');
      expect(bench.github.store.runners.all()).toHaveLength(1);
    });
  });
});
