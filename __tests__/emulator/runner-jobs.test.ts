// A platform job that runs GitHub's runner (issue 62, point 7), the emulator linked to the GitHub stand-in's
// simulated runner as a test that starts both links them: with a valid configuration in its env the runner
// shows online, takes one job (busy), and exits, the job ending Complete; an invalid or used one fails the
// job at once with the runner's error; a stop stops the runner. The configuration is a secret: no record
// the emulator writes holds it. Both sides over HTTPS; the runner's waits are the test's steps.
import { redactedRecord } from '../../emulator/record-redaction.js';
import { RUNNER_JITCONFIG_ENV, type Emulator } from '../../emulator/index.js';
import {
  REGISTRATION_DELETED,
  startGitHub,
  type GitHubStandIn,
  type SimulatedRunner
} from '../../github-standin/index.js';
import { startTestEmulator, type TestClient, type TestClock } from '../helpers/platform-client.js';
import { steppedSleep, type SteppedSleep } from '../helpers/stepped-sleep.js';

interface JobDetail {
  status: string;
  billing_points: number;
  billing_value: number;
  forecast_value: number;
  services: { service_id: number }[];
  job_status: { status: string; active_pods: number; succeeded_pods: number; failed_pods: number };
}
interface Pod {
  point_id: number;
  status: string;
  containers: { reason: string | null; exit_code: string | null }[];
}

describe('jobs that run GitHub’s runner (the emulator linked to the stand-in’s simulated runner)', () => {
  let github: GitHubStandIn;
  let emulator: Emulator;
  let client: TestClient;
  let clock: TestClock;
  let steps: SteppedSleep;
  let started: SimulatedRunner[];
  let mark: string;
  let names = 0;

  beforeEach(async () => {
    steps = steppedSleep();
    started = [];
    ({ emulator, client, clock } = await startTestEmulator({
      readyAfterSeconds: 10,
      runners: {
        simulate: (config) => {
          const runner = github.simulateRunner(config, {
            sleep: steps.sleep,
            timings: { connect: 1, jobArrives: 2, job: 3 }
          });
          started.push(runner);
          return runner;
        }
      }
    }));
    github = await startGitHub({ now: clock.now });
    const search = await call('GET', '/api/deployment/resource/search?task_type=Job&device_type=GpuDevice');
    mark = (search.data as { results: { regions: { mark: { mark: string } }[] }[] }).results[0]?.regions[0]
      ?.mark.mark as string;
  });
  afterEach(async () => {
    await github.stop();
    await emulator.stop();
  });

  async function call(method: 'GET' | 'POST', target: string, json?: unknown) {
    clock.advance(0.001);
    return (await client.call({ method, target, json })).envelope;
  }
  async function gh(method: string, path: string, body?: unknown) {
    const response = await fetch(`${github.url}/repos/acme/app/actions/runners${path}`, {
      method,
      headers: {
        authorization: `Bearer ${github.runnerToken}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' })
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) })
    });
    const text = await response.text();
    return { status: response.status, body: (text === '' ? undefined : JSON.parse(text)) as unknown };
  }
  async function register(): Promise<{ id: number; config: string }> {
    const made = await gh('POST', '/generate-jitconfig', {
      name: `gpu-run-${++names}`,
      runner_group_id: 1,
      labels: ['gpu-7-1']
    });
    expect(made.status).toBe(201);
    const body = made.body as { runner: { id: number }; encoded_jit_config: string };
    return { id: body.runner.id, config: body.encoded_jit_config };
  }
  const listed = async (id: number) => {
    const got = await gh('GET', `/${id}`);
    return got.status === 404 ? 'gone' : (got.body as { status: string; busy: boolean });
  };
  const create = async (config: string, timeout_sec = 3600): Promise<string> => {
    const answer = await call('POST', '/api/task/job/create', {
      task_name: 'gha-runner',
      resources: [{ mark }],
      points: 1,
      job_support: {
        timeout_sec,
        parallelism: 1,
        mod_param: { default: { backoff_limit: 0, restart_policy: 'Never' } }
      },
      services: [
        {
          service_name: 'runner',
          service_image: 'ghcr.io/actions/actions-runner:2.328.0',
          resource_weight: { cpu_weight: 1, mem_weight: 1, gpu_weight: 1 },
          env: [{ name: RUNNER_JITCONFIG_ENV, value: config, value_from: null }],
          start_script: null
        }
      ]
    });
    expect(answer.code).toBe('0000');
    return String((answer.data as { task_id: number }).task_id);
  };
  const detail = async (id: string): Promise<JobDetail> =>
    (await call('GET', `/api/task/job/detail?task_id=${id}`)).data as JobDetail;
  const progress = (d: JobDetail) => [
    d.status,
    d.job_status.status,
    d.job_status.active_pods,
    d.job_status.succeeded_pods,
    d.job_status.failed_pods
  ];
  const pods = async (id: string): Promise<Pod[]> =>
    ((await call('GET', `/api/deployment/task/points?task_id=${id}`)).data as { results: Pod[] }).results;
  const log = async (id: string): Promise<string> => {
    const [pod] = await pods(id);
    const service = (await detail(id)).services[0]?.service_id;
    const target = `/api/deployment/task/point_log?task_id=${id}&point_id=${pod?.point_id}&service_id=${service}`;
    return ((await call('GET', target)).data as { logs: string }).logs;
  };

  it('runs the runner while its pod runs: online, busy, then the job ends Complete with its lines and the runner is gone', async () => {
    const { id: runnerId, config } = await register();
    const id = await create(config);
    expect(progress(await detail(id))).toEqual(['Pending', 'Pending', 0, 0, 0]);
    expect(started).toEqual([]);
    clock.advance(10);
    expect(progress(await detail(id))).toEqual(['Running', 'Running', 1, 0, 0]);
    const [runner] = started;
    if (runner === undefined) throw new Error('the runner did not start once the pod did');
    await steps.release();
    await runner.reached('listening');
    expect(await listed(runnerId)).toMatchObject({ status: 'online', busy: false });
    await steps.release();
    await runner.reached('running');
    expect(await listed(runnerId)).toMatchObject({ status: 'online', busy: true });
    clock.advance(60);
    const running = await detail(id);
    expect(progress(running)).toEqual(['Running', 'Running', 1, 0, 0]);
    expect(running.billing_points).toBe(1);
    expect(running.billing_value + running.forecast_value).toBeGreaterThan(0);
    expect(await log(id)).toMatch(/Running job: gpu\n$/);
    await steps.release();
    expect((await runner.exited).code).toBe(0);
    const done = await detail(id);
    expect(progress(done)).toEqual(['End', 'Complete', 0, 1, 0]);
    expect(await listed(runnerId)).toBe('gone');
    expect((await pods(id)).map((p) => [p.status, p.containers[0]?.exit_code])).toEqual([['Succeeded', '0']]);
    expect(await log(id)).toMatch(
      /Listening for Jobs\n.*Running job: gpu\n.*Job gpu completed with result: Succeeded\n$/s
    );
    // Billed while it ran, and no more once it ended.
    clock.advance(600);
    const later = await detail(id);
    expect(later.billing_value + later.forecast_value).toBe(done.billing_value + done.forecast_value);
    expect(started).toHaveLength(1);
  });

  it.each([
    [
      'not a configuration',
      () => Promise.resolve('not a config!'),
      /^The input is not a valid Base-64 string/
    ],
    [
      'a used configuration',
      async () => {
        const { config } = await register();
        const first = github.simulateRunner(config, { sleep: () => Promise.resolve() });
        expect((await first.exited).code).toBe(0);
        return config;
      },
      /^Failed to create a session\. The runner registration has been deleted/
    ]
  ])('fails the job at once with the runner’s error for %s', async (_, configOf, error) => {
    const id = await create(await configOf());
    clock.advance(10);
    expect((await detail(id)).job_status.status).toBe('Running');
    const [runner] = started;
    const exit = await runner?.exited;
    expect(exit?.code).toBe(1);
    expect(progress(await detail(id))).toEqual(['End', 'Failed', 0, 0, 1]);
    const [pod] = await pods(id);
    expect([pod?.status, pod?.containers[0]?.exit_code]).toEqual(['Failed', '1']);
    expect(pod?.containers[0]?.reason).toMatch(error);
    const lines = (await log(id)).trimEnd().split('\n');
    expect(lines).toEqual(exit?.output);
    if (lines.length > 1) expect(lines).toEqual(REGISTRATION_DELETED);
    expect(steps.asked).toEqual([]);
  });

  it('stops the runner when the job is stopped mid-job: listed offline, exit 143, the job ended and billing no more', async () => {
    const { id: runnerId, config } = await register();
    const id = await create(config);
    clock.advance(10);
    await detail(id);
    const [runner] = started;
    if (runner === undefined) throw new Error('the runner did not start once the pod did');
    await steps.release();
    await steps.release();
    await runner.reached('running');
    expect(await listed(runnerId)).toMatchObject({ status: 'online', busy: true });
    clock.advance(30);
    expect((await call('POST', '/api/task/job/stop', { task_id: Number(id) })).code).toBe('0000');
    const stopped = await detail(id);
    expect((await runner.exited).code).toBe(143);
    expect(runner.phase).toBe('exited');
    expect(await listed(runnerId)).toMatchObject({ status: 'offline', busy: false });
    expect(progress(stopped)).toEqual(['Paused', 'Running', 0, 0, 0]);
    expect((await pods(id)).map((p) => p.status)).toEqual(['End']);
    clock.advance(600);
    const later = await detail(id);
    expect(progress(later)).toEqual(['Paused', 'Running', 0, 0, 0]);
    expect(later.billing_value + later.forecast_value).toBe(stopped.billing_value + stopped.forecast_value);
  });

  it('fails the job DeadlineExceeded at timeout_sec with its runner still running, and stops the runner', async () => {
    const { id: runnerId, config } = await register();
    const id = await create(config, 120);
    clock.advance(10);
    await detail(id);
    const [runner] = started;
    if (runner === undefined) throw new Error('the runner did not start once the pod did');
    await steps.release();
    await runner.reached('listening');
    clock.advance(120);
    expect(progress(await detail(id))).toEqual(['End', 'Failed', 0, 0, 1]);
    expect((await runner.exited).code).toBe(143);
    expect(await listed(runnerId)).toMatchObject({ status: 'offline' });
    expect(progress(await detail(id))).toEqual(['End', 'Failed', 0, 0, 1]);
    expect((await pods(id)).map((p) => [p.status, p.containers[0]?.reason])).toEqual([
      ['Failed', 'DeadlineExceeded']
    ]);
  });

  it('runs its ordinary script, no runner started, without the configuration in its env, or without the link', async () => {
    const plain = emulator.jobs.add({ task_name: 'gpu-tests' });
    clock.advance(10);
    expect(emulator.jobs.get(plain)).toMatchObject({ job_status: { status: 'Running', active_pods: 1 } });
    clock.advance(30);
    expect(emulator.jobs.get(plain)).toMatchObject({ job_status: { status: 'Complete' } });
    expect(started).toEqual([]);
    const unlinked = await startTestEmulator({ readyAfterSeconds: 0, jobs: { podSeconds: 60 } });
    try {
      const { config } = await register();
      const made = await unlinked.client.call({
        method: 'POST',
        target: '/api/task/job/create',
        json: {
          task_name: 'gha-runner',
          resources: [{ mark }],
          points: 1,
          job_support: {
            timeout_sec: 3600,
            parallelism: 1,
            mod_param: { default: { backoff_limit: 0, restart_policy: 'Never' } }
          },
          services: [
            {
              service_name: 'runner',
              service_image: 'ghcr.io/actions/actions-runner:2.328.0',
              resource_weight: { cpu_weight: 1, mem_weight: 1, gpu_weight: 1 },
              env: [{ name: RUNNER_JITCONFIG_ENV, value: config, value_from: null }]
            }
          ]
        }
      });
      const jobId = (made.envelope.data as { task_id: number }).task_id;
      unlinked.clock.advance(61);
      const done = await unlinked.client.call({
        method: 'GET',
        target: `/api/task/job/detail?task_id=${jobId}`
      });
      expect((done.envelope.data as JobDetail).job_status.status).toBe('Complete');
      expect(started).toEqual([]);
    } finally {
      await unlinked.emulator.stop();
    }
  });

  it('keeps the configuration out of every record the emulator writes (requests and answers)', async () => {
    const { config } = await register();
    const id = await create(config);
    clock.advance(10);
    await detail(id);
    await call('GET', `/api/task/job/search?search_value=gha`);
    const raw = JSON.stringify(emulator.requests);
    expect(raw).toContain(config);
    const written = emulator.requests.map((record) => JSON.stringify(redactedRecord(record))).join('\n');
    expect(written).not.toContain(config);
    expect(written).toContain(RUNNER_JITCONFIG_ENV);
    started[0]?.stop();
  });
});
