// GPU batch jobs read and stopped against the emulator over real HTTPS: the Job API's detail, search and
// stop, a job's state read in the Job API (never in the deployments'), and a queue's task groups.
import { emulatorCleanup, emulatorStep, useStepBench } from '../../helpers/emulator-step.js';
import { nightlyGroup } from '../../helpers/bodies.js';

describe('jobs against the emulator', () => {
  const bench = useStepBench({ strict: true, readyAfterSeconds: 10, jobs: { podSeconds: 60 } }, {});
  const step = (inputs: Record<string, string>) => bench.step(inputs);
  /** A job_detail step that waits for job `id` to end (a look every 10 s, 30 min at most), logging to `log`. */
  const waitForJob = (id: string, log: string[]) =>
    emulatorStep(bench.emulator, bench.clock, bench.client, { log })({
      operation: 'job_detail',
      task_id: id,
      wait: 'true',
      poll_interval: '10s',
      wait_timeout: '30m'
    });
  const paths = (): string[] => bench.emulator.requests.map((r) => `${r.method} ${r.path}`);

  it("reads a job's detail in the Job API: its status, cost and job_status", async () => {
    const id = bench.emulator.jobs.add({ task_name: 'nightly-evals', points: 2 });
    bench.clock.advance(10 + 30);
    const { outputs, failure } = await step({ operation: 'job_detail', task_id: id });
    expect(failure).toBeUndefined();
    expect(paths()).toEqual(['GET /api/task/job/detail']);
    expect(outputs).toMatchObject({ task_id: id, status: 'Running' });
    expect(Number(outputs.cost)).toBeGreaterThan(0);
    expect(JSON.parse(outputs.data)).toMatchObject({
      job_status: { status: 'Running', active_pods: 1, succeeded_pods: 0 }
    });
  });

  it('waits for a job to end, with wait: true: a line each time its pods move, then Complete', async () => {
    const log: string[] = [];
    const id = bench.emulator.jobs.add({ task_name: 'nightly-evals', points: 3 });
    const { outputs, failure } = await waitForJob(id, log);
    expect(failure).toBeUndefined();
    expect(outputs.status).toBe('Complete');
    expect(log.filter((line) => line.startsWith(`task ${id}`))).toEqual([
      `task ${id} "nightly-evals": Pending (0 running, 0 succeeded, 0 failed) after 0s (30m0s left, cost so far 0.00 yuan)`,
      expect.stringMatching(
        new RegExp(
          `^task ${id} "nightly-evals": Pending -> Running \\(1 running, 0 succeeded, 0 failed\\) after 1\\ds \\(29m[45]\\ds left, cost so far .+ yuan\\)$`
        )
      ),
      expect.stringMatching(/: Running \(1 running, 1 succeeded, 0 failed\) after 1m/),
      expect.stringMatching(/: Running \(1 running, 2 succeeded, 0 failed\) after 2m/),
      expect.stringMatching(/: Running -> Complete \(0 running, 3 succeeded, 0 failed\) after 3m/),
      `task ${id} "nightly-evals" is finished after 3m10s`
    ]);
    // The Job API was read, and the job's nodes and their log (shown as it runs): no deployment endpoint.
    expect(new Set(paths())).toEqual(
      new Set([
        'GET /api/task/job/detail',
        'GET /api/deployment/task/points',
        'GET /api/deployment/task/point_log'
      ])
    );
  });

  // Regression (issue 48): one answer saying Complete with 0 of its pods succeeded passed the step while
  // the job still ran.
  it('does not believe one detail that says Complete while its pod counts say otherwise: it reads again', async () => {
    const log: string[] = [];
    const id = bench.emulator.jobs.add({ task_name: 'nightly-evals', points: 3 });
    bench.clock.advance(10 + 5);
    const running = bench.emulator.jobs.get(id) as { job_status: Record<string, unknown> };
    bench.emulator.inject({
      path: '/api/task/job/detail',
      skip: 1,
      answer: {
        kind: 'envelope',
        code: '0000',
        data: { ...running, job_status: { ...running.job_status, status: 'Complete', active_pods: 0 } }
      }
    });
    const { outputs, failure } = await waitForJob(id, log);
    expect(failure).toBeUndefined();
    expect(log).toContain(
      `task ${id} "nightly-evals": its job_status says Complete, but 0 of its 3 completion(s) succeeded after 10s: reading it again before believing it`
    );
    // The job ran on to its real end: three pods of a minute each.
    expect(outputs).toMatchObject({ status: 'Complete', succeeded_pods: '3' });
    expect(bench.emulator.jobs.get(id).job_status).toMatchObject({ status: 'Complete', succeeded_pods: 3 });
  });

  it('fails the wait of a job that fails, and of one stopped before it ended; a timeout leaves the job running', async () => {
    bench.emulator.jobs.configure({ failPattern: /-fails$/ });
    const failing = bench.emulator.jobs.add({ task_name: 'nightly-fails', points: 1 });
    const failed = await step({
      operation: 'job_detail',
      task_id: failing,
      wait: 'true',
      poll_interval: '10s'
    });
    expect(failed.failure).toMatch(new RegExp(`task ${failing}.*Failed`));
    const stopped = bench.emulator.jobs.add({ task_name: 'nightly-stopped', points: 5 });
    const stopping = emulatorStep(bench.emulator, bench.clock, bench.client, { log: [] })({
      operation: 'job_detail',
      task_id: stopped,
      wait: 'true',
      poll_interval: '10s'
    });
    bench.clock.advance(30);
    bench.emulator.jobs.stop(stopped);
    const ended = await stopping;
    // Stopped from elsewhere (the console), the job reads Paused: the wait ends at once, saying so.
    expect(ended.failure).toMatch(
      new RegExp(
        `task ${stopped} \\(nightly-stopped\\) was stopped \\(its status is Paused\\) before it finished`
      )
    );
    const long = bench.emulator.jobs.add({ task_name: 'nightly-long', points: 50 });
    const timedOut = await step({
      operation: 'job_detail',
      task_id: long,
      wait: 'true',
      poll_interval: '10s',
      wait_timeout: '5m'
    });
    expect(timedOut.failure).toMatch(/timed out|did not .* within/);
    expect(bench.emulator.jobs.get(long).status).toBe('Running');
  });

  it.each(['Paused', 'End'] as const)(
    'cleans up a job a step of the Job API left in the Job API: stopped until its detail reads it stopped (%s), never paused',
    async (stoppedStatus) => {
      bench.emulator.jobs.configure({ stoppedStatus });
      const log: string[] = [];
      const id = bench.emulator.jobs.add({ task_name: 'nightly-evals', points: 5 });
      bench.clock.advance(10);
      const inputs = { operation: 'job_detail', task_id: id, cleanup: 'stop' };
      const report = await emulatorCleanup(bench.emulator, bench.clock, bench.client, { log }, inputs, {
        action: 'stop',
        created: [id]
      });
      expect(report.outcomes.map((o) => o.outcome)).toEqual([{ kind: 'done' }]);
      expect(bench.emulator.jobs.get(id).status).toBe(stoppedStatus);
      // Read first (a job may have ended by itself), stopped once, read back: never asked again.
      expect(paths()).toEqual([
        'GET /api/task/job/detail',
        'POST /api/task/job/stop',
        'GET /api/task/job/detail'
      ]);
      // A second cleanup finds nothing left to do; a pause has no meaning for a job.
      const again = await emulatorCleanup(bench.emulator, bench.clock, bench.client, { log }, inputs, {
        action: 'stop',
        created: [id]
      });
      expect(again.outcomes.map((o) => o.outcome.kind)).toEqual(['already']);
      await expect(
        emulatorCleanup(
          bench.emulator,
          bench.clock,
          bench.client,
          { log },
          { ...inputs, cleanup: 'pause' },
          { action: 'pause', created: [id] }
        )
      ).rejects.toThrow(`task ${id} is a job, which cannot be paused: stop it instead`);
    }
  );

  // Found reviewing issue 48: one detail saying Complete while no pod succeeded made the read before a
  // stop take the job as ended, and leave it running unstopped.
  it('sends its stop to a job whose one answer says Complete while its counts say otherwise', async () => {
    const id = bench.emulator.jobs.add({ task_name: 'nightly-evals', points: 5 });
    bench.clock.advance(10 + 5);
    const running = bench.emulator.jobs.get(id) as { job_status: Record<string, unknown> };
    bench.emulator.inject({
      path: '/api/task/job/detail',
      answer: {
        kind: 'envelope',
        code: '0000',
        data: { ...running, job_status: { ...running.job_status, status: 'Complete', active_pods: 0 } }
      }
    });
    const inputs = { operation: 'job_detail', task_id: id, cleanup: 'stop' };
    const report = await emulatorCleanup(bench.emulator, bench.clock, bench.client, { log: [] }, inputs, {
      action: 'stop',
      created: [id]
    });
    expect(report.outcomes.map((o) => o.outcome)).toEqual([{ kind: 'done' }]);
    expect(bench.emulator.jobs.get(id).status).toBe('Paused');
  });

  it('says a job no search of the Job API lists is not found, asking the job search (never the task search)', async () => {
    const { failure } = await step({ operation: 'job_detail', task_id: '77' });
    expect(failure).toMatch(
      /^job_detail: task 77 not found: the platform refused \(.*\), and no task search of any status lists it$/
    );
    // The refused detail is sent once more (another run may have sent the same read in the same
    // millisecond), then the job search decides.
    expect(paths().filter((path) => !path.endsWith('/resource/search'))).toEqual([
      'GET /api/task/job/detail',
      'GET /api/task/job/detail',
      'GET /api/task/job/search'
    ]);
  });

  it('searches jobs by status and name over every page', async () => {
    bench.emulator.setPageSizeMax(1);
    bench.emulator.jobs.add({ task_name: 'nightly-evals' });
    bench.emulator.jobs.add({ task_name: 'nightly-train' });
    bench.emulator.jobs.add({ task_name: 'adhoc' });
    const { outputs, failure } = await step({
      operation: 'job_search',
      task_name: 'nightly',
      task_status: 'Pending'
    });
    expect(failure).toBeUndefined();
    const searches = bench.emulator.requests.filter((r) => r.path === '/api/task/job/search');
    expect(searches.map((r) => new URL(r.target, 'https://x').searchParams.get('page'))).toEqual(['1', '2']);
    expect(searches[0]?.target).toContain('status=Pending&search_value=nightly');
    const data = JSON.parse(outputs.data) as { count: number; results: { task_name: string }[] };
    expect([data.count, data.results.map((r) => r.task_name)]).toEqual([
      2,
      ['nightly-train', 'nightly-evals']
    ]);
  });

  it('stops a job and waits until the Job API shows it stopped (Paused); a job stopped already needs no stop', async () => {
    const id = bench.emulator.jobs.add({ task_name: 'nightly-evals', points: 5 });
    bench.clock.advance(10 + 30);
    const stopped = await step({ operation: 'job_stop', task_id: id, poll_interval: '1s' });
    expect(stopped.failure).toBeUndefined();
    expect(stopped.outputs.status).toBe('Paused');
    expect(paths()).toEqual([
      'GET /api/task/job/detail',
      'POST /api/task/job/stop',
      'GET /api/task/job/detail'
    ]);
    bench.emulator.clearRequests();
    // Read first: a job that reads Paused bills no more, so no stop is sent, and the wait ends at its first look.
    // (A second later: the same request at the same millisecond is a replay, which the platform refuses.)
    bench.clock.advance(1);
    const again = await step({ operation: 'job_stop', task_id: id, poll_interval: '1s' });
    expect(again.failure).toBeUndefined();
    expect(paths()).toEqual(['GET /api/task/job/detail', 'GET /api/task/job/detail']);
  });

  it('sends no stop to a job that completed, and does not wait for it (job_stop, the default wait)', async () => {
    const id = bench.emulator.jobs.add({ task_name: 'nightly-evals', points: 1 });
    bench.clock.advance(10 + 60 + 1);
    expect(bench.emulator.jobs.get(id).job_status).toMatchObject({ status: 'Complete', active_pods: 0 });
    const before = bench.clock.now();
    const { outputs, failure } = await step({ operation: 'job_stop', task_id: id });
    expect(failure).toBeUndefined();
    expect(outputs).toMatchObject({ status: 'Complete', timed_out: 'false' });
    expect(paths()).toEqual(['GET /api/task/job/detail', 'GET /api/task/job/detail']);
    // Its first look settled it: no poll_interval was slept, let alone wait_timeout.
    expect(bench.clock.now() - before).toBe(0);
  });

  it("reads a queue's task groups, 50 to a page, and one group; refuses to send either without its id", async () => {
    const group = bench.emulator.jobs.addQueueGroup(nightlyGroup());
    const groups = await step({ operation: 'job_group_search', query: 'queue_id: 7' });
    expect(groups.failure).toBeUndefined();
    expect(bench.emulator.requests[0]?.target).toContain('page_size=50');
    expect(JSON.parse(groups.outputs.data)).toMatchObject({
      count: 1,
      results: [{ group_name: 'nightly' }]
    });
    const one = await step({ operation: 'job_group_detail', query: `group_id: ${group}` });
    expect(JSON.parse(one.outputs.data)).toMatchObject({
      group_id: Number(group),
      queue_name: 'evals'
    });
    bench.emulator.clearRequests();
    for (const [operation, id, what] of [
      ['job_group_search', 'queue_id', 'the id of the job queue, such as queue_id=7'],
      ['job_group_detail', 'group_id', 'the id of the task group, such as group_id=5001']
    ] as const)
      await expect(step({ operation })).rejects.toThrow(
        `query has no ${id}, but ${operation} needs it: add ${what}`
      );
    expect(bench.emulator.requests).toHaveLength(0);
  });
});
