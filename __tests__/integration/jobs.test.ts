// GPU batch jobs read and stopped against the emulator over real HTTPS: the Job API's detail, search and
// stop, a job's state read in the Job API (never in the deployments'), and a queue's task groups.
import type { Emulator } from '../../emulator/index.js';
import { diagnosticsSummary } from '../../src/action/diagnostics-report.js';
import { renderSummary } from '../../src/action/summary.js';
import { ApiClient } from '../../src/platform/client.js';
import { emulatorCleanup, emulatorStep } from '../helpers/emulator-step.js';
import { startTestEmulator, type TestClock, SHUFFLED_CODES } from '../helpers/platform-client.js';
import { JOB_MARK_4090, REGION_4090 } from '../helpers/bodies.js';

describe('jobs against the emulator', () => {
  let emulator: Emulator;
  let clock: TestClock;
  let client: ApiClient;

  beforeEach(async () => {
    ({ emulator, clock } = await startTestEmulator({
      ...SHUFFLED_CODES,
      strict: true,
      readyAfterSeconds: 10,
      jobs: { podSeconds: 60 }
    }));
    client = new ApiClient({ userAgent: 'test', timeoutMs: 5000, maxResponseBytes: 1 << 24 });
  });
  afterEach(async () => {
    client.dispose();
    await emulator.stop();
  });

  const step = (inputs: Record<string, string>) => emulatorStep(emulator, clock, client, { log: [] })(inputs);
  const paths = (): string[] => emulator.requests.map((r) => `${r.method} ${r.path}`);

  it("reads a job's detail in the Job API: its status, cost and job_status", async () => {
    const id = emulator.jobs.add({ task_name: 'nightly-evals', points: 2 });
    clock.advance(10 + 30);
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
    const id = emulator.jobs.add({ task_name: 'nightly-evals', points: 3 });
    const { outputs, failure } = await emulatorStep(emulator, clock, client, { log })({
      operation: 'job_detail',
      task_id: id,
      wait: 'true',
      poll_interval: '10s',
      wait_timeout: '30m'
    });
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
    const id = emulator.jobs.add({ task_name: 'nightly-evals', points: 3 });
    clock.advance(10 + 5);
    const running = emulator.jobs.get(id) as { job_status: Record<string, unknown> };
    emulator.inject({
      path: '/api/task/job/detail',
      skip: 1,
      answer: {
        kind: 'envelope',
        code: '0000',
        data: { ...running, job_status: { ...running.job_status, status: 'Complete', active_pods: 0 } }
      }
    });
    const { outputs, failure } = await emulatorStep(emulator, clock, client, { log })({
      operation: 'job_detail',
      task_id: id,
      wait: 'true',
      poll_interval: '10s',
      wait_timeout: '30m'
    });
    expect(failure).toBeUndefined();
    expect(log).toContain(
      `task ${id} "nightly-evals": its job_status says Complete, but 0 of its 3 completion(s) succeeded after 10s: reading it again before believing it`
    );
    // The job ran on to its real end: three pods of a minute each.
    expect(outputs).toMatchObject({ status: 'Complete', succeeded_pods: '3' });
    expect(emulator.jobs.get(id).job_status).toMatchObject({ status: 'Complete', succeeded_pods: 3 });
  });

  it('fails the wait of a job that fails, and of one stopped before it ended; a timeout leaves the job running', async () => {
    emulator.jobs.configure({ failPattern: /-fails$/ });
    const failing = emulator.jobs.add({ task_name: 'nightly-fails', points: 1 });
    const failed = await step({
      operation: 'job_detail',
      task_id: failing,
      wait: 'true',
      poll_interval: '10s'
    });
    expect(failed.failure).toMatch(new RegExp(`task ${failing}.*Failed`));
    const stopped = emulator.jobs.add({ task_name: 'nightly-stopped', points: 5 });
    const stopping = emulatorStep(emulator, clock, client, { log: [] })({
      operation: 'job_detail',
      task_id: stopped,
      wait: 'true',
      poll_interval: '10s'
    });
    clock.advance(30);
    emulator.jobs.stop(stopped);
    const ended = await stopping;
    // Stopped from elsewhere (the console), the job reads Paused: the wait ends at once, saying so.
    expect(ended.failure).toMatch(
      new RegExp(
        `task ${stopped} \\(nightly-stopped\\) was stopped \\(its status is Paused\\) before it finished`
      )
    );
    const long = emulator.jobs.add({ task_name: 'nightly-long', points: 50 });
    const timedOut = await step({
      operation: 'job_detail',
      task_id: long,
      wait: 'true',
      poll_interval: '10s',
      wait_timeout: '5m'
    });
    expect(timedOut.failure).toMatch(/timed out|did not .* within/);
    expect(emulator.jobs.get(long).status).toBe('Running');
  });

  it.each(['Paused', 'End'] as const)(
    'cleans up a job a step of the Job API left in the Job API: stopped until its detail reads it stopped (%s), never paused',
    async (stoppedStatus) => {
      emulator.jobs.configure({ stoppedStatus });
      const log: string[] = [];
      const id = emulator.jobs.add({ task_name: 'nightly-evals', points: 5 });
      clock.advance(10);
      const inputs = { operation: 'job_detail', task_id: id, cleanup: 'stop' };
      const report = await emulatorCleanup(emulator, clock, client, { log }, inputs, {
        action: 'stop',
        created: [id]
      });
      expect(report.outcomes.map((o) => o.outcome)).toEqual([{ kind: 'done' }]);
      expect(emulator.jobs.get(id).status).toBe(stoppedStatus);
      // Read first (a job may have ended by itself), stopped once, read back: never asked again.
      expect(paths()).toEqual([
        'GET /api/task/job/detail',
        'POST /api/task/job/stop',
        'GET /api/task/job/detail'
      ]);
      // A second cleanup finds nothing left to do; a pause has no meaning for a job.
      const again = await emulatorCleanup(emulator, clock, client, { log }, inputs, {
        action: 'stop',
        created: [id]
      });
      expect(again.outcomes.map((o) => o.outcome.kind)).toEqual(['already']);
      await expect(
        emulatorCleanup(
          emulator,
          clock,
          client,
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
    const id = emulator.jobs.add({ task_name: 'nightly-evals', points: 5 });
    clock.advance(10 + 5);
    const running = emulator.jobs.get(id) as { job_status: Record<string, unknown> };
    emulator.inject({
      path: '/api/task/job/detail',
      answer: {
        kind: 'envelope',
        code: '0000',
        data: { ...running, job_status: { ...running.job_status, status: 'Complete', active_pods: 0 } }
      }
    });
    const inputs = { operation: 'job_detail', task_id: id, cleanup: 'stop' };
    const report = await emulatorCleanup(emulator, clock, client, { log: [] }, inputs, {
      action: 'stop',
      created: [id]
    });
    expect(report.outcomes.map((o) => o.outcome)).toEqual([{ kind: 'done' }]);
    expect(emulator.jobs.get(id).status).toBe('Paused');
  });

  it('says a job no search of the Job API lists is not found, asking the job search (never the task search)', async () => {
    const { failure } = await step({ operation: 'job_detail', task_id: '77' });
    expect(failure).toMatch(
      /^job_detail: task 77 not found: the platform refused \(.*\), and no task search of any status lists it$/
    );
    expect(paths().filter((path) => !path.endsWith('/resource/search'))).toEqual([
      'GET /api/task/job/detail',
      'GET /api/task/job/search'
    ]);
  });

  it('searches jobs by status and name over every page', async () => {
    emulator.setPageSizeMax(1);
    emulator.jobs.add({ task_name: 'nightly-evals' });
    emulator.jobs.add({ task_name: 'nightly-train' });
    emulator.jobs.add({ task_name: 'adhoc' });
    const { outputs, failure } = await step({
      operation: 'job_search',
      task_name: 'nightly',
      task_status: 'Pending'
    });
    expect(failure).toBeUndefined();
    const searches = emulator.requests.filter((r) => r.path === '/api/task/job/search');
    expect(searches.map((r) => new URL(r.target, 'https://x').searchParams.get('page'))).toEqual(['1', '2']);
    expect(searches[0]?.target).toContain('status=Pending&search_value=nightly');
    const data = JSON.parse(outputs.data) as { count: number; results: { task_name: string }[] };
    expect([data.count, data.results.map((r) => r.task_name)]).toEqual([
      2,
      ['nightly-train', 'nightly-evals']
    ]);
  });

  it('stops a job and waits until the Job API shows it stopped (Paused); a job stopped already needs no stop', async () => {
    const id = emulator.jobs.add({ task_name: 'nightly-evals', points: 5 });
    clock.advance(10 + 30);
    const stopped = await step({ operation: 'job_stop', task_id: id, poll_interval: '1s' });
    expect(stopped.failure).toBeUndefined();
    expect(stopped.outputs.status).toBe('Paused');
    expect(paths()).toEqual([
      'GET /api/task/job/detail',
      'POST /api/task/job/stop',
      'GET /api/task/job/detail'
    ]);
    emulator.clearRequests();
    // Read first: a job that reads Paused bills no more, so no stop is sent, and the wait ends at its first look.
    // (A second later: the same request at the same millisecond is a replay, which the platform refuses.)
    clock.advance(1);
    const again = await step({ operation: 'job_stop', task_id: id, poll_interval: '1s' });
    expect(again.failure).toBeUndefined();
    expect(paths()).toEqual(['GET /api/task/job/detail', 'GET /api/task/job/detail']);
  });

  it('sends no stop to a job that completed, and does not wait for it (job_stop, the default wait)', async () => {
    const id = emulator.jobs.add({ task_name: 'nightly-evals', points: 1 });
    clock.advance(10 + 60 + 1);
    expect(emulator.jobs.get(id).job_status).toMatchObject({ status: 'Complete', active_pods: 0 });
    const before = clock.now();
    const { outputs, failure } = await step({ operation: 'job_stop', task_id: id });
    expect(failure).toBeUndefined();
    expect(outputs).toMatchObject({ status: 'Complete', timed_out: 'false' });
    expect(paths()).toEqual(['GET /api/task/job/detail', 'GET /api/task/job/detail']);
    // Its first look settled it: no poll_interval was slept, let alone wait_timeout.
    expect(clock.now() - before).toBe(0);
  });

  it("reads a queue's task groups, 50 to a page, and one group; refuses to send either without its id", async () => {
    const group = emulator.jobs.addQueueGroup({
      queue_id: 7,
      queue_name: 'evals',
      group_name: 'nightly',
      group_count: 20,
      task_parallel_limit: 4,
      task_dto: { task_name: 'eval' }
    });
    const groups = await step({ operation: 'job_group_search', query: 'queue_id: 7' });
    expect(groups.failure).toBeUndefined();
    expect(emulator.requests[0]?.target).toContain('page_size=50');
    expect(JSON.parse(groups.outputs.data)).toMatchObject({
      count: 1,
      results: [{ group_name: 'nightly' }]
    });
    const one = await step({ operation: 'job_group_detail', query: `group_id: ${group}` });
    expect(JSON.parse(one.outputs.data)).toMatchObject({
      group_id: Number(group),
      queue_name: 'evals'
    });
    emulator.clearRequests();
    for (const [operation, id, what] of [
      ['job_group_search', 'queue_id', 'the id of the job queue, such as queue_id=7'],
      ['job_group_detail', 'group_id', 'the id of the task group, such as group_id=5001']
    ] as const)
      await expect(step({ operation })).rejects.toThrow(
        `query has no ${id}, but ${operation} needs it: add ${what}`
      );
    expect(emulator.requests).toHaveLength(0);
  });
});

describe('a GPU batch job run to its end (operation: job)', () => {
  let emulator: Emulator;
  let clock: TestClock;
  let client: ApiClient;

  beforeEach(async () => {
    ({ emulator, clock } = await startTestEmulator({
      ...SHUFFLED_CODES,
      strict: true,
      readyAfterSeconds: 10,
      jobs: { podSeconds: 60, failPattern: /-fails$/ }
    }));
    client = new ApiClient({ userAgent: 'test', timeoutMs: 5000, maxResponseBytes: 1 << 24 });
  });
  afterEach(async () => {
    client.dispose();
    await emulator.stop();
  });

  const BODY = JSON.stringify({
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
  const log: string[] = [];
  const step = (inputs: Record<string, string>) =>
    emulatorStep(emulator, clock, client, { log })({
      operation: 'job',
      gpu: '4090',
      body: BODY,
      poll_interval: '10s',
      ...inputs
    });
  const created = () => emulator.requests.filter((r) => r.path === '/api/task/job/create');

  it('creates a Spot job once on the GPU asked for, with its expected run a little under its timeout, and waits until it completes', async () => {
    const { outputs, failure, result } = await step({ task_name: 'gpu-tests', points: '2' });
    expect(failure).toBeUndefined();
    expect(outputs.status).toBe('Complete');
    expect(created()).toHaveLength(1);
    expect(JSON.parse(created()[0]?.body ?? '')).toMatchObject({
      task_name: 'gpu-tests',
      sub_type: 'Spot',
      points: 2,
      resources: [{ mark: expect.any(String) }],
      job_support: { timeout_sec: 3600, estimated_exec_sec: 3240 }
    });
    const searched = emulator.requests.find((r) => r.path === '/api/deployment/resource/search');
    expect(searched?.target).toContain('task_type=Job');
    expect(emulator.jobs.get(outputs.task_id).job_status).toMatchObject({
      status: 'Complete',
      succeeded_pods: 2
    });
    expect(renderSummary(result, { passed: true })).toContain(
      [
        '#### Job',
        '',
        '| Job status | Pods succeeded | Pods failed | Duration | Mode |',
        '|---|---|---|---|---|',
        '| Complete | 2 | 0 | 2m10s | Spot |'
      ].join('\n')
    );
    // Its own outputs: the job's status, its pods, how long its run took on the platform (from its start,
    // 10 s to schedule its pods, then two pods of 60 s one after the other).
    expect(outputs).toMatchObject({
      job_status: 'Complete',
      succeeded_pods: '2',
      failed_pods: '0',
      duration: '130',
      job_type: 'spot'
    });
  });

  // Regression (issue 48): the reference disagrees with itself (the job skill searches with task_type=Job,
  // its api/resource.md allows Deployment alone); a platform that refuses Job failed every job with gpu.
  it('searches with task_type=Deployment when one with task_type=Job is refused, saying so once', async () => {
    emulator.jobs.configure({ resourceTaskType: 'Deployment' });
    const { outputs, failure } = await step({ task_name: 'gpu-tests' });
    expect(failure).toBeUndefined();
    expect(outputs.status).toBe('Complete');
    const searches = emulator.requests
      .filter((r) => r.path === '/api/deployment/resource/search')
      .map((r) => new URL(r.target, 'https://x').searchParams.get('task_type'));
    // The key's proof after the refusal (a search every key may send), then the Deployment search.
    expect(searches[0]).toBe('Job');
    expect(searches.slice(1).every((type) => type === 'Deployment')).toBe(true);
    expect(searches.filter((type) => type === 'Job')).toHaveLength(1);
    expect(log.filter((line) => line.includes('the resource search with task_type=Job was refused'))).toEqual(
      [
        expect.stringMatching(
          /^capacity: the resource search with task_type=Job was refused \(.*\): searching with task_type=Deployment, the task type the platform's resource search reference lists \(api\/resource\.md; its job skill says Job\)$/
        )
      ]
    );
  });

  it('creates an on-demand job without sub_type, and refuses an expected run for it, or fields the inputs own, before sending', async () => {
    const { outputs, failure } = await step({ task_name: 'gpu-tests', job_type: 'on_demand' });
    expect(failure).toBeUndefined();
    const sent = JSON.parse(created()[0]?.body ?? '') as Record<string, Record<string, unknown>>;
    expect(sent.sub_type).toBeUndefined();
    expect(sent.job_support?.estimated_exec_sec).toBeUndefined();
    expect(outputs.status).toBe('Complete');
    expect(outputs.job_type).toBe('on_demand');
    emulator.clearRequests();
    await expect(step({ task_name: 'x', job_type: 'on_demand', estimated_exec_sec: '600' })).rejects.toThrow(
      'estimated_exec_sec is set, but it is for a Spot job, and job_type is on_demand: remove it'
    );
    await expect(
      step({
        task_name: 'x',
        job_type: 'on_demand',
        body: JSON.stringify({ ...JSON.parse(BODY), sub_type: 'Spot' })
      })
    ).rejects.toThrow(
      'body sets sub_type "Spot", but the job_type input leaves it out: set it with job_type alone'
    );
    await expect(step({ task_name: 'x', body: JSON.stringify({ services: [] }) })).rejects.toThrow(
      /body has no job_support, but a job needs it/
    );
    await expect(step({ task_name: 'x', estimated_exec_sec: '90000' })).rejects.toThrow(
      /estimated_exec_sec "90000" is not a whole number from 1 to 86400/
    );
    // GPUs are given whole: services whose GPU weights sum to 0 are refused, as the platform refuses them.
    const weightless = JSON.parse(BODY) as { services: Record<string, unknown>[] };
    const noGpu = {
      ...weightless,
      services: [
        { ...weightless.services[0], resource_weight: { cpu_weight: 1, mem_weight: 1, gpu_weight: 0 } }
      ]
    };
    await expect(step({ task_name: 'x', body: JSON.stringify(noGpu) })).rejects.toThrow(
      "body services' resource_weight.gpu_weight sum to 0, but the platform gives a job's GPUs whole, to services whose gpu_weight sum to more than 0: set gpu_weight: 1 on the service that uses the GPU"
    );
    expect(emulator.requests).toHaveLength(0);
  });

  // Issue 60, point 15: the reference requires start_script's command and args both, and whole numbers of
  // resource_weight; a body without them was sent, and refused by the platform after a resource search.
  type ServiceChange = (service: Record<string, unknown>) => Record<string, unknown>;
  it.each<[string, ServiceChange, string]>([
    [
      'a start_script without args',
      (service: Record<string, unknown>) => ({ ...service, start_script: { command: ['pytest'] } }),
      'body services[0].start_script.args is missing, but the platform needs both command and args as lists of strings (args: [] when there are none): set it, as in {command: [python], args: [train.py]}'
    ],
    [
      'a start_script whose command is a string',
      (service: Record<string, unknown>) => ({
        ...service,
        start_script: { command: 'pytest -q', args: [] }
      }),
      'body services[0].start_script.command is "pytest -q", but the platform needs both command and args as lists of strings (args: [] when there are none): set it, as in {command: [python], args: [train.py]}'
    ],
    [
      'a resource_weight of 1.5',
      (service: Record<string, unknown>) => ({
        ...service,
        resource_weight: { cpu_weight: 1.5, mem_weight: 1, gpu_weight: 1 }
      }),
      'body services[0].resource_weight.cpu_weight is 1.5, but the platform takes a whole number above 0: set it to an integer, such as 1'
    ],
    [
      'a gpu_weight of 0.5',
      (service: Record<string, unknown>) => ({
        ...service,
        resource_weight: { cpu_weight: 1, mem_weight: 1, gpu_weight: 0.5 }
      }),
      'body services[0].resource_weight.gpu_weight is 0.5, but the platform takes a whole number of 0 or more: set it to an integer, such as 0'
    ],
    [
      'a resource_weight without mem_weight',
      (service: Record<string, unknown>) => ({
        ...service,
        resource_weight: { cpu_weight: 1, gpu_weight: 1 }
      }),
      'body services[0].resource_weight.mem_weight is missing, but the platform takes a whole number above 0: set it to an integer, such as 1'
    ]
  ])(
    'refuses %s before sending anything, in one line naming it and the fix',
    async (_what, change, message) => {
      const body = JSON.parse(BODY) as { services: Record<string, unknown>[] };
      const changed = { ...body, services: body.services.map(change) };
      await expect(step({ task_name: 'x', body: JSON.stringify(changed) })).rejects.toThrow(message);
      expect(message).not.toContain('\n');
      expect(emulator.requests).toHaveLength(0);
    }
  );

  // Issue 60, point 15: the reference's own job create body carries sub_type null (its on-demand job) and
  // job_support.estimated_exec_sec null; both were refused against the job_type input.
  it('takes sub_type null as an on-demand job and estimated_exec_sec null as none; refuses sub_type null against job_type spot', async () => {
    const body = JSON.parse(BODY) as { job_support: Record<string, unknown> };
    const reference = {
      ...body,
      sub_type: null,
      job_support: { ...body.job_support, estimated_exec_sec: null }
    };
    const { outputs, failure } = await step({ task_name: 'gpu-tests', body: JSON.stringify(reference) });
    expect(failure).toBeUndefined();
    expect(outputs.job_type).toBe('on_demand');
    const sent = JSON.parse(created()[0]?.body ?? '') as Record<string, Record<string, unknown> | null>;
    expect(sent.sub_type).toBeNull();
    expect(sent.job_support?.estimated_exec_sec).toBeNull();
    emulator.clearRequests();
    // Said in one place, or the same in both: job_type spot and sub_type null say otherwise.
    await expect(step({ task_name: 'x', job_type: 'spot', body: JSON.stringify(reference) })).rejects.toThrow(
      'body sets sub_type null, but the job_type input says spot: set it in one place, or the same value in both'
    );
    await expect(
      step({ task_name: 'x', job_type: 'on_demand', body: JSON.stringify(reference) })
    ).resolves.toMatchObject({ failure: undefined });
    // A Spot job's expected run is the input's, null in the body or not.
    const spot = { ...reference, sub_type: 'Spot' };
    const { outputs: spotOutputs } = await step({ task_name: 'gpu-tests', body: JSON.stringify(spot) });
    expect(spotOutputs.job_type).toBe('spot');
    const sentSpot = JSON.parse(created().at(-1)?.body ?? '') as Record<string, Record<string, unknown>>;
    expect(sentSpot.job_support?.estimated_exec_sec).toBe(3240);
  });

  // Issue 60, point 16: the reference lists job_status Manual without a meaning. A job held Manual was
  // waited on until wait_timeout, billing all along; it is no success, said, and the job is stopped.
  it('ends the wait on a job held Manual, never a success, saying what the reference does not, and stops the job', async () => {
    emulator.jobs.configure({ scripts: [{ pattern: /-held$/, manualAfterSeconds: 30 }] });
    const { outputs, failure, left } = await step({ task_name: 'gpu-tests-held', wait_timeout: '30m' });
    const id = outputs.task_id;
    expect(failure).toMatch(/Manual/);
    expect(outputs).toMatchObject({ job_status: 'Manual', timed_out: 'false' });
    expect(log).toContain(
      `task ${id}: the platform holds the job Manual (job_status Manual, which its reference lists without saying what it means): not a success; its pods may still run, and bill, until it is stopped`
    );
    // Stopped by the step, not left for wait_timeout: it bills no more.
    expect(emulator.requests.filter((r) => r.path === '/api/task/job/stop')).toHaveLength(1);
    expect(emulator.jobs.get(id)).toMatchObject({ status: 'Paused', job_status: { active_pods: 0 } });
    expect(log).toContain(`job ${id} may still run: stopping it now`);
    // Stopped until its detail showed it: the post step has nothing left of it.
    expect(left?.created).toEqual([]);
  });

  it('fails the step when the job fails, saying why: its limit, its failed pods, their exit codes, events and last log lines; a job that ended needs no stop from the post step', async () => {
    const { outputs, failure, left, result } = await step({ task_name: 'gpu-tests-fails', cleanup: 'stop' });
    expect(failure).toMatch(/Failed/);
    expect(log).toContain(
      `task ${outputs.task_id}: the job failed: 1 pod(s) failed, more than its backoff_limit of 0 allows (restart_policy Never: each failure runs a new pod)`
    );
    expect(result.tasks[0]?.diagnostics).toMatchObject({
      failedNodes: 1,
      notRunningNodes: 1,
      runningNodes: 0
    });
    const [node] = result.tasks[0]?.diagnostics?.nodes ?? [];
    expect(node?.problem).toMatch(/\(Failed\): container tests Error, exit code 1$/);
    expect(node?.events.map((e) => e.reason)).toEqual(['Scheduled', 'Started', 'Error']);
    expect(node?.logs[0]?.lines).toEqual(['$ pytest -q', 'exit code 1']);
    // The summary explains it as the log does (issue 49, point 9): why, and the failed pod open, with its
    // exit code, its events and its last lines.
    const summary = diagnosticsSummary(
      result.tasks.flatMap((t) => t.diagnostics ?? []),
      (text) => text
    );
    expect(summary).toContain(`#### Why job ${outputs.task_id} failed: 1 of its 1 pod failed or restarted`);
    expect(summary).toContain(
      'The job failed&#58; 1 pod&#40;s&#41; failed, more than its backoff&#95;limit of 0 allows'
    );
    expect(summary).toMatch(/<details open><summary>.*exit code 1<\/summary>/);
    expect(summary).toMatch(/Warning Error/);
    expect(summary).toContain('exit code 1\n</pre>');
    expect(left?.created).toEqual([outputs.task_id]);
    emulator.clearRequests();
    const report = await emulatorCleanup(
      emulator,
      clock,
      client,
      { log },
      { operation: 'job', task_name: 'gpu-tests-fails', gpu: '4090', body: BODY, cleanup: 'stop' },
      left ?? {}
    );
    expect(report.outcomes.map((o) => o.outcome.kind)).toEqual(['already']);
    expect(emulator.requests.map((r) => r.path)).not.toContain('/api/task/job/stop');
  });

  it('stops a job whose run ended while its pods are still billed (billing_points above 0), whatever cleanup says (issue 60, point 7)', async () => {
    // The platform bills each pod for ten minutes after it exits unless the job is stopped.
    emulator.jobs.configure({ billedAfterEndSeconds: 600 });
    for (const cleanup of ['stop', 'none']) {
      log.length = 0;
      const { outputs, failure } = await emulatorStep(emulator, clock, client, { log })({
        operation: 'job',
        task_name: `gpu-tests-${cleanup}`,
        gpu: '4090',
        body: BODY,
        cleanup,
        poll_interval: '10s'
      });
      expect(failure).toBeUndefined();
      expect(outputs.status).toBe('Complete');
      expect(log).toContainEqual(
        `job ${outputs.task_id}: its run ended (Complete), but 1 of its pods are still billed (billing_points): stopping it`
      );
      // Billed no more, by its state: stopped, no pod billed, and its cost no longer grows.
      const detail = emulator.jobs.get(outputs.task_id);
      expect(detail).toMatchObject({ status: 'Paused', billing_points: 0 });
      const cost = (d: Record<string, unknown>) => Number(d.billing_value) + Number(d.forecast_value);
      clock.advance(300);
      expect(cost(emulator.jobs.get(outputs.task_id))).toBe(cost(detail));
    }
  });

  it('tells billing_points from active_pods: a job whose pods ended is billed while billing_points says so', () => {
    emulator.jobs.configure({ billedAfterEndSeconds: 600 });
    const id = emulator.jobs.add({ task_name: 'tail', points: 1 });
    clock.advance(10 + 60 + 1);
    expect(emulator.jobs.get(id)).toMatchObject({
      status: 'Running',
      billing_points: 1,
      job_status: { status: 'Complete', active_pods: 0 }
    });
    clock.advance(600);
    expect(emulator.jobs.get(id)).toMatchObject({ status: 'End', billing_points: 0 });
  });

  it('shows in a dry run the job as it would be sent, on the resource chosen, in its mode, and creates nothing', async () => {
    const body = JSON.parse(BODY) as { services: Record<string, unknown>[] };
    const withEnv = {
      ...body,
      services: [{ ...body.services[0], env: [{ name: 'HF_TOKEN', value: 'hf_secret_value' }] }]
    };
    // A dry run prints, and reports no step.
    await expect(
      emulatorStep(emulator, clock, client, { log })(
        {
          operation: 'job',
          gpu: '4090',
          body: JSON.stringify(withEnv),
          task_name: 'gpu-tests',
          spot_fallback: 'true'
        },
        { dryRun: true }
      )
    ).rejects.toThrow(/the step reported nothing/);
    const printed = log.join('\n');
    expect(printed).toMatch(/POST \S+\/api\/task\/job\/create/);
    expect(printed).toContain('"sub_type":"Spot"');
    expect(printed).toContain('"estimated_exec_sec":3240');
    expect(printed).toContain(
      'dry run: the job would run as Spot; still Queued after 10m0s (queue_timeout), or its create refused, the step would stop it and create the job on demand (spot_fallback)'
    );
    expect(printed).toMatch(/4090/);
    // How long the step would wait: as long as the job may take (issue 48).
    expect(printed).toContain(
      "dry run: the step would wait up to 1h25m0s (the job's timeout_sec of 1h0m0s + 15m0s to start + queue_timeout of 10m0s (spot_fallback))"
    );
    expect(printed).not.toContain('hf_secret_value');
    expect(created()).toHaveLength(0);
  });

  it('stops the job at once when the step is cancelled while it runs', async () => {
    const { outputs, left } = await emulatorStep(emulator, clock, client, { log })(
      {
        operation: 'job',
        gpu: '4090',
        body: BODY,
        poll_interval: '10s',
        task_name: 'gpu-tests',
        points: '5',
        cleanup: 'stop'
      },
      { cancelWhen: /-> Running/ }
    );
    expect(outputs.task_id).not.toBe('');
    expect(emulator.jobs.get(outputs.task_id).status).toBe('Paused');
    expect(left?.created).toEqual([]);
  });

  it('leaves nothing billing when the wait times out: the step stops the job at once and reads its end; cleanup none leaves it running', async () => {
    const { outputs, failure, left } = await step({
      task_name: 'gpu-tests',
      points: '100',
      wait_timeout: '5m',
      cleanup: 'stop'
    });
    expect(failure).toMatch(/timed out|within/);
    expect(emulator.jobs.get(outputs.task_id).status).toBe('Paused');
    expect(log).toContain(`job ${outputs.task_id} may still run: stopping it now`);
    // Stopped and read back: the post step has nothing left to do with it.
    expect(left?.created).toEqual([]);
    const report = await emulatorCleanup(
      emulator,
      clock,
      client,
      { log },
      { operation: 'job', task_name: 'gpu-tests', gpu: '4090', body: BODY, cleanup: 'stop' },
      left ?? {}
    );
    expect(report.outcomes).toEqual([]);
    // cleanup: none leaves it running, on purpose.
    const kept = await step({
      task_name: 'gpu-tests-kept',
      points: '100',
      wait_timeout: '5m',
      cleanup: 'none'
    });
    expect(kept.failure).toMatch(/timed out|within/);
    expect(emulator.jobs.get(kept.outputs.task_id).status).toBe('Running');
    // Left to its default, a job's cleanup is stop: the job is stopped as soon as its wait ends.
    const byDefault = await step({ task_name: 'gpu-tests-default', points: '100', wait_timeout: '5m' });
    expect(byDefault.failure).toMatch(/timed out|within/);
    expect(emulator.jobs.get(byDefault.outputs.task_id).status).toBe('Paused');
    expect(byDefault.left?.created).toEqual([]);
    await expect(step({ task_name: 'x', cleanup: 'pause' })).rejects.toThrow(
      'cleanup is pause, but job concerns a job, which cannot be paused: set cleanup to stop (or none, to leave it running)'
    );
  });

  it('stops a job whose wait timed out on a platform slow to act: asked again until its detail reads it stopped, past wait_timeout', async () => {
    emulator.tasks.setActLag(45);
    const { outputs, failure, left } = await step({
      task_name: 'gpu-tests',
      points: '100',
      wait_timeout: '5m',
      cleanup: 'stop'
    });
    expect(failure).toMatch(/timed out/);
    const id = outputs.task_id;
    expect(emulator.jobs.get(id).status).toBe('Paused');
    // Accepted at once, acted on 45 s later: the step read it Running, and asked again, until Paused.
    const stops = emulator.requests.filter((r) => r.path === '/api/task/job/stop');
    expect(stops.length).toBeGreaterThanOrEqual(1);
    expect(log).toContain(`job ${id} stopped`);
    expect(left?.created).toEqual([]);
  });

  describe('spot_fallback', () => {
    const QUEUED_BODY = JSON.stringify({ ...JSON.parse(BODY), resources: [{ mark: JOB_MARK_4090 }] });

    it.each(['Paused', 'End'] as const)(
      'stops a Spot job still Queued after queue_timeout, reads it stopped (%s), and only then runs the job on demand',
      async (stoppedStatus) => {
        emulator.jobs.configure({ stoppedStatus });
        emulator.stock.set([{ device_name: '4090', region: REGION_4090, inventory: 0 }]);
        // The region has a node again once the Spot job is stopped: the on-demand create can take it.
        const lines: string[] = [];
        lines.push = (...items: string[]): number => {
          if (items.some((line) => line.startsWith('spot_fallback: ')))
            emulator.stock.set([{ device_name: '4090', region: REGION_4090, inventory: 1 }]);
          return Array.prototype.push.apply(lines, items);
        };
        const { outputs, failure, left, states, result } = await emulatorStep(emulator, clock, client, {
          log: lines
        })({
          operation: 'job',
          body: QUEUED_BODY,
          poll_interval: '10s',
          task_name: 'gpu-tests',
          spot_fallback: 'true',
          queue_timeout: '2m',
          cleanup: 'stop'
        });
        expect(failure).toBeUndefined();
        const creates = created().map((r) => JSON.parse(r.body) as Record<string, unknown>);
        expect(creates.map((body) => body.sub_type ?? 'on demand')).toEqual(['Spot', 'on demand']);
        expect(creates[1]?.job_support).not.toHaveProperty('estimated_exec_sec');
        const spot = created()[0]?.createdTaskId ?? '';
        // The Spot job was stopped, and its end read, before the on-demand create was sent.
        const stop = emulator.requests.findIndex((r) => r.path === '/api/task/job/stop');
        const ended = emulator.requests.findIndex(
          (r, i) => i > stop && r.path === '/api/task/job/detail' && r.target.includes(spot)
        );
        expect(stop).toBeGreaterThan(0);
        expect(ended).toBeGreaterThan(stop);
        expect(emulator.requests.findIndex((r) => r === created()[1])).toBeGreaterThan(ended);
        expect(emulator.jobs.get(spot)).toMatchObject({ status: stoppedStatus, schedule_status: 'Queued' });
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
      emulator.inject({ ...refuse, times: 2 });
      const { outputs, failure } = await step({ task_name: 'gpu-tests', spot_fallback: 'true' });
      expect(failure).toBeUndefined();
      const modes = created().map(
        (r) => (JSON.parse(r.body) as Record<string, unknown>).sub_type ?? 'on demand'
      );
      expect(modes).toEqual(['Spot', 'Spot', 'on demand']);
      expect(outputs).toMatchObject({ job_status: 'Complete', job_type: 'on_demand' });
      expect(log).toContain(
        `job ${outputs.task_id} runs on demand (spot_fallback: the Spot create was refused and made no job)`
      );

      emulator.clearRequests();
      emulator.inject({ ...refuse, times: 2 });
      const refused = await step({ task_name: 'gpu-tests-2' });
      expect(refused.failure).toMatch(/C010/);
      expect(created()).toHaveLength(2);
    });

    // A body copied from the reference's Spot example says sub_type Spot itself: its on-demand create
    // was refused before it was sent (sub_type against job_type on_demand), after the Spot job was given up.
    it('runs on demand a job whose body says sub_type Spot itself, sending sub_type null', async () => {
      emulator.inject({
        path: '/api/task/job/create',
        answer: { kind: 'envelope', code: 'C010', message: '资源不足' },
        times: 2
      });
      const spot = { ...(JSON.parse(BODY) as Record<string, unknown>), sub_type: 'Spot' };
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
      emulator.inject(lateRefusal);
      const lines: string[] = [];
      const { outputs, failure, left } = await emulatorStep(emulator, clock, client, { log: lines })({
        operation: 'job',
        body: QUEUED_BODY,
        poll_interval: '10s',
        task_name: 'gpu-tests',
        spot_fallback: 'true'
      });
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
      emulator.inject(lateRefusal);
      const { outputs, failure } = await step({ task_name: 'gpu-tests', spot_fallback: 'true' });
      expect(failure).toBeUndefined();
      expect(created()).toHaveLength(1);
      expect(outputs.task_id).toBe(created()[0]?.createdTaskId);
    });

    it('leaves a refused create to the post step, which finds it once it lands and stops it', async () => {
      emulator.inject(lateRefusal);
      const inputs = { operation: 'job', body: QUEUED_BODY, poll_interval: '10s', task_name: 'gpu-tests' };
      const { failure, left } = await emulatorStep(emulator, clock, client, { log })(inputs);
      expect(failure).toMatch(/C010/);
      expect(left).toMatchObject({
        action: 'stop',
        created: [],
        lookup: { taskName: 'gpu-tests', attempts: 1 }
      });
      const report = await emulatorCleanup(emulator, clock, client, { log }, inputs, left ?? {});
      const [found] = report.outcomes;
      expect([found?.target.why, found?.outcome.kind]).toEqual(['found', 'done']);
      expect(emulator.jobs.get(found?.target.id ?? '').status).toBe('Paused');
    });

    // Issue 60, point 8: a refused create that lands after its look-up window (request_timeout 5 s and a
    // margin) made a twin beside the on-demand job that nobody reported or stopped.
    const lateInputs = {
      operation: 'job',
      body: QUEUED_BODY,
      poll_interval: '10s',
      task_name: 'gpu-tests',
      spot_fallback: 'true',
      request_timeout: '5s',
      cleanup: 'none'
    };

    it('stops, once the job has run, the twin a refused create made when it landed after its window', async () => {
      emulator.inject({ ...lateRefusal, applyAfterMs: 25_000 });
      const lines: string[] = [];
      const { outputs, failure } = await emulatorStep(emulator, clock, client, { log: lines })(lateInputs);
      expect(failure).toBeUndefined();
      expect(outputs).toMatchObject({ job_status: 'Complete', job_type: 'on_demand' });
      const late = created()[0]?.createdTaskId ?? '';
      expect(late).not.toBe('');
      expect(lines).toContain(
        `create: task ${late} named "gpu-tests" was made too, by the earlier attempt that got no answer; stopping it, so that only task ${outputs.task_id} runs`
      );
      expect(emulator.jobs.get(late).status).toBe('Paused');
    });

    it('looks once more in the post step for a refused create that lands after the step, and stops the twin', async () => {
      // It lands long after the step ended: the post step's search, made whatever its window said, finds it.
      emulator.inject({ ...lateRefusal, applyAfterMs: 600_000 });
      const lines: string[] = [];
      const { outputs, left } = await emulatorStep(emulator, clock, client, { log: lines })(lateInputs);
      expect(outputs).toMatchObject({ job_status: 'Complete', job_type: 'on_demand' });
      expect(left?.lookup).toMatchObject({ taskName: 'gpu-tests', attempts: 2 });
      clock.advance(600);
      const report = await emulatorCleanup(emulator, clock, client, { log: lines }, lateInputs, left ?? {});
      const late = created()[0]?.createdTaskId ?? '';
      expect(late).not.toBe('');
      expect(report.outcomes.map((o) => [o.target.id, o.target.why, o.outcome.kind])).toEqual([
        [late, 'twin', 'done']
      ]);
      expect(emulator.jobs.get(late).status).toBe('Paused');
    });

    it('stops a Queued Spot job at once when the step is cancelled while it waits in the queue; nothing is left', async () => {
      emulator.stock.set([{ device_name: '4090', region: REGION_4090, inventory: 0 }]);
      const lines: string[] = [];
      const { outputs, left } = await emulatorStep(emulator, clock, client, { log: lines })(
        {
          operation: 'job',
          body: QUEUED_BODY,
          poll_interval: '10s',
          task_name: 'gpu-tests',
          spot_fallback: 'true',
          queue_timeout: '5m',
          cleanup: 'stop'
        },
        { cancelWhen: /^job: code 0000/ }
      );
      expect(created()).toHaveLength(1);
      expect(emulator.jobs.get(outputs.task_id).status).toBe('Paused');
      expect(left?.created).toEqual([]);
      expect(lines).toContain(`job ${outputs.task_id} runs as Spot (job_type: spot; the step was cancelled)`);
      expect(lines).toContain(`job ${outputs.task_id} may still run: stopping it now`);
    });

    it('keeps the Spot job, and makes no second, when it cannot be stopped; the post step is left to stop it', async () => {
      emulator.stock.set([{ device_name: '4090', region: REGION_4090, inventory: 0 }]);
      emulator.inject({
        path: '/api/task/job/stop',
        times: Infinity,
        answer: { kind: 'envelope', code: 'C500', message: 'busy' }
      });
      const lines: string[] = [];
      const { outputs, failure, left } = await emulatorStep(emulator, clock, client, { log: lines })({
        operation: 'job',
        body: QUEUED_BODY,
        poll_interval: '10s',
        task_name: 'gpu-tests',
        spot_fallback: 'true',
        queue_timeout: '1m',
        wait_timeout: '5m',
        cleanup_timeout: '1m',
        cleanup: 'stop'
      });
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
      expect(emulator.jobs.get(id).status).toBe('Pending');
      expect(left?.created).toEqual([id]);
    });

    it('keeps the Spot job when its queue cannot be read, saying why', async () => {
      emulator.stock.set([{ device_name: '4090', region: REGION_4090, inventory: 0 }]);
      emulator.inject({
        path: '/api/task/job/detail',
        times: 3,
        answer: { kind: 'envelope', code: 'C500', message: 'busy' }
      });
      const lines: string[] = [];
      const { outputs } = await emulatorStep(emulator, clock, client, { log: lines })({
        operation: 'job',
        body: QUEUED_BODY,
        poll_interval: '10s',
        task_name: 'gpu-tests',
        spot_fallback: 'true',
        poll_error_budget: '3',
        wait_timeout: '20m',
        cleanup: 'stop'
      });
      expect(created()).toHaveLength(1);
      expect(lines).toContainEqual(
        expect.stringMatching(
          new RegExp(
            `^job ${outputs.task_id} runs as Spot \\(job_type: spot; its detail could not be read: .*C500`
          )
        )
      );
      expect(emulator.jobs.get(outputs.task_id).status).toBe('Paused');
    });

    it('keeps a Spot job that is scheduled, saying so; refuses spot_fallback for an on-demand job before sending', async () => {
      const { outputs } = await step({ task_name: 'gpu-tests', spot_fallback: 'true' });
      expect(outputs).toMatchObject({ job_status: 'Complete', job_type: 'spot' });
      expect(log).toContain(`job ${outputs.task_id} runs as Spot (job_type: spot)`);
      emulator.clearRequests();
      await expect(step({ task_name: 'x', spot_fallback: 'true', job_type: 'on_demand' })).rejects.toThrow(
        'spot_fallback is true, but job_type is on_demand'
      );
      expect(emulator.requests).toHaveLength(0);
    });
  });
});
