// operation: runner against the emulator (whose jobs run the GitHub stand-in's simulated runner) and the
// GitHub stand-in, both over real HTTPS on the fake clock: runners registered, started as platform jobs,
// waited for until GitHub lists them online, and handed over; a runner job that fails, a runner that never
// comes online and a refusal of GitHub's each stop what the step made and remove its runners.
import { JOB_MARK_4090, REGION_4090, RUNNER_BODY } from '../../helpers/bodies.js';
import { useRunnerBench } from '../../helpers/runner-bench.js';

const JOB_CREATE = '/api/task/job/create';

describe('operation: runner', () => {
  const bench = useRunnerBench();
  const jobs = () =>
    bench.emulator.requests.filter((r) => r.path === JOB_CREATE && r.verdict?.code === '0000');
  const registered = () => bench.github.calls.filter((call) => call.path.endsWith('/generate-jitconfig'));

  it('starts the runners as platform jobs, waits until GitHub lists them online, and hands them over', async () => {
    const { outputs, failure, left, states, files } = await bench.step(
      { runners: '2', runner_labels: 'a100, cuda12' },
      { runnerHost: bench.host() }
    );
    expect(failure).toBeUndefined();
    const ids = JSON.parse(outputs.task_ids) as string[];
    expect(ids).toHaveLength(2);
    expect(outputs).toMatchObject({
      runner_label: 'gpu-9001-1',
      runner_names: JSON.stringify(['gpu-9001-1-1', 'gpu-9001-1-2']),
      runs_on: JSON.stringify(['self-hosted', 'gpu-9001-1'])
    });
    // Each a job of the runner image, its configuration in its first service's env, never in its script.
    const bodies = jobs().map((r) => JSON.parse(r.plaintext ?? r.body) as Record<string, unknown>);
    expect(bodies.map((b) => b.task_name)).toEqual(['gpu-9001-1-1', 'gpu-9001-1-2']);
    for (const body of bodies) {
      expect(body).toMatchObject({
        points: 1,
        job_support: {
          timeout_sec: 3600,
          parallelism: 1,
          mod_param: { default: { restart_policy: 'Never' } }
        }
      });
      const [service] = body.services as { env: { name: string }[]; start_script: unknown }[];
      expect(service?.env.map((e) => e.name)).toEqual(['ACTIONS_RUNNER_INPUT_JITCONFIG']);
      expect(JSON.stringify(service?.start_script)).not.toMatch(/jitconfig/i);
    }
    // GitHub lists both online with the run's label and the ones asked for; the jobs run on, handed over.
    const listed = [...bench.github.store.runners.all()];
    expect(listed.map((r) => [r.name, r.status, [...r.labels].sort()])).toEqual([
      ['gpu-9001-1-1', 'online', ['a100', 'cuda12', 'gpu-9001-1']],
      ['gpu-9001-1-2', 'online', ['a100', 'cuda12', 'gpu-9001-1']]
    ]);
    for (const id of ids) expect(bench.emulator.jobs.get(id).status).toBe('Running');
    expect(left?.created).toEqual([]);
    expect(left?.registrations).toEqual([]);
    // What the post step is left held them until they were handed over.
    expect(states.some((state) => state.created.length === 2)).toBe(true);
    // The configurations: in no log line, output, saved state or file of the step.
    const configs = bench.configs();
    expect(configs).toHaveLength(2);
    const written = [
      ...bench.log,
      JSON.stringify(outputs),
      JSON.stringify(states),
      ...Object.values(files)
    ].join('\n');
    for (const config of configs) expect(written).not.toContain(config);
  });

  it('fails when a runner job fails before its runner is online: stops every job it made, removes the runners', async () => {
    bench.simulate({ corrupt: true });
    const { failure, outputs, left } = await bench.step({ runners: '2' }, { runnerHost: bench.host() });
    expect(failure).toMatch(
      /^runner: gpu-9001-1-1: its job ended before its runner came online: .*container runner .*exit code 1/
    );
    expect(outputs.runs_on).toBe('');
    const ids = jobs()
      .map((r) => JSON.parse(r.answer ?? '{}') as { data: { task_id: number } })
      .map((a) => String(a.data.task_id));
    expect(ids).toHaveLength(2);
    for (const id of ids) expect(['Paused', 'End']).toContain(bench.emulator.jobs.get(id).status);
    expect(left?.created).toEqual([]);
    expect([...bench.github.store.runners.all()]).toEqual([]);
    expect(bench.log).toContainEqual(expect.stringMatching(/^runner gpu-9001-1-2: removed from GitHub$/));
  });

  it('fails when a runner does not come online within wait_timeout: its job stopped, its runner removed', async () => {
    bench.simulate({ neverOnline: true });
    const { failure, left } = await bench.step({ wait_timeout: '3m' }, { runnerHost: bench.host() });
    expect(failure).toBe('runner: 1 of 1 runner(s) not online within wait_timeout (3m0s)');
    // Progress lines as a wait's: the runners' states, the time waited and left, the cost so far.
    expect(bench.log).toContainEqual(
      expect.stringMatching(
        /^runner: 0 of 1 online \(gpu-9001-1-1: offline, job Running\), \d+m?\d*s elapsed \(\S+ left, cost so far .*yuan.*\)$/
      )
    );
    const [id] = jobs().map((r) =>
      String((JSON.parse(r.answer ?? '{}') as { data: { task_id: number } }).data.task_id)
    );
    expect(['Paused', 'End']).toContain(bench.emulator.jobs.get(id ?? '').status);
    expect(left?.created).toEqual([]);
    expect([...bench.github.store.runners.all()]).toEqual([]);
  });

  it('says it was cancelled while waiting, writes what it knows, and leaves the jobs for the post step', async () => {
    bench.simulate({ neverOnline: true });
    const { failure, outputs, left } = await bench.step(
      { runners: '2' },
      { runnerHost: bench.host(), cancelWhen: /^runner: 0 of 2 online/ }
    );
    expect(failure).toMatch(
      /^runner: cancelled after \d+s while waiting for the runners to come online: the post step stops/
    );
    const ids = JSON.parse(outputs.task_ids) as string[];
    expect(ids).toHaveLength(2);
    expect(outputs).toMatchObject({ runner_label: 'gpu-9001-1', runs_on: '' });
    expect([...(left?.created ?? [])].sort()).toEqual([...ids].sort());
    expect(left?.registrations.map((r) => r.name)).toEqual(['gpu-9001-1-1', 'gpu-9001-1-2']);
    const post = await bench.cleanup(left ?? {}, { operation: 'runner' }, bench.host());
    expect(post.outcomes.map((o) => o.outcome.kind)).toEqual(['done', 'done']);
    for (const id of ids) expect(['Paused', 'End']).toContain(bench.emulator.jobs.get(id).status);
    // Its runners, registered and never handed over, removed from GitHub too.
    expect(bench.github.store.runners.all()).toEqual([]);
    expect(bench.log).toContainEqual('cleanup: runner gpu-9001-1-2: GitHub removed it');
  });

  it('stops the runner jobs once what they cost while it waits reaches max_cost', async () => {
    bench.simulate({ neverOnline: true });
    const { failure, left } = await bench.step(
      { runners: '2', max_cost: '0.05', wait_timeout: '6h' },
      { runnerHost: bench.host() }
    );
    expect(failure).toMatch(/^runner: the runner jobs have cost .* which reaches max_cost 0\.05 yuan$/);
    expect(left?.created).toEqual([]);
    for (const id of bench.sent(JOB_CREATE).map((r) => r.createdTaskId ?? ''))
      expect(['Paused', 'End']).toContain(bench.emulator.jobs.get(id).status);
    expect([...bench.github.store.runners.all()]).toEqual([]);
  });

  it('makes a runner still Queued on Spot past queue_timeout on demand, with the same configuration (spot_fallback)', async () => {
    const body = JSON.stringify({
      ...(JSON.parse(RUNNER_BODY) as object),
      resources: [{ mark: JOB_MARK_4090 }]
    });
    bench.emulator.stock.set([{ device_name: '4090', region: REGION_4090, inventory: 0 }]);
    // The region has a node again once the Spot runner job is stopped: the on-demand create takes it.
    const push = bench.log.push.bind(bench.log);
    bench.log.push = (...items: string[]): number => {
      if (items.some((line) => line.startsWith('spot_fallback: ')))
        bench.emulator.stock.set([{ device_name: '4090', region: REGION_4090, inventory: 1 }]);
      return push(...items);
    };
    const { failure, outputs, left } = await bench.step(
      { gpu: '', body, spot_fallback: 'true', queue_timeout: '2m', wait_timeout: '30m' },
      { runnerHost: bench.host() }
    );
    expect(failure).toBeUndefined();
    const creates = jobs().map((r) => JSON.parse(r.plaintext ?? r.body) as Record<string, unknown>);
    expect(creates.map((c) => [c.task_name, c.sub_type ?? 'on demand'])).toEqual([
      ['gpu-9001-1-1', 'Spot'],
      ['gpu-9001-1-1', 'on demand']
    ]);
    // One configuration, one registration: the Spot job's runner never started.
    expect(registered()).toHaveLength(1);
    const env = (c: Record<string, unknown>) => JSON.stringify((c.services as { env: unknown }[])[0]?.env);
    expect(env(creates[0] ?? {})).toBe(env(creates[1] ?? {}));
    const [spot, onDemand] = jobs().map((r) => r.createdTaskId ?? '');
    expect(['Paused', 'End']).toContain(bench.emulator.jobs.get(spot ?? '').status);
    expect(JSON.parse(outputs.task_ids)).toEqual([onDemand]);
    expect(bench.emulator.jobs.get(onDemand ?? '').status).toBe('Running');
    expect(left?.created).toEqual([]);
    expect(bench.github.store.runners.all().map((r) => r.status)).toEqual(['online']);
  });

  it("fails on GitHub's refusal to register before any job is made, naming the permission", async () => {
    const token = bench.github.tokenWith([]);
    const { failure } = await bench.step({}, { runnerHost: bench.host({}, token) });
    expect(failure).toMatch(/administration: write/);
    expect(jobs()).toEqual([]);
  });

  it.each([
    ['a pull request from a fork', { eventName: 'pull_request', fromFork: true }, /from a fork/],
    ['pull_request_target', { eventName: 'pull_request_target', fromFork: false }, /pull_request_target/]
  ])('refuses %s before anything is sent, unless allow_untrusted', async (_what, run, said) => {
    await expect(bench.step({}, { runnerHost: bench.host(run) })).rejects.toThrow(said);
    expect(registered()).toEqual([]);
    expect(jobs()).toEqual([]);
    const { failure } = await bench.step({ allow_untrusted: 'true' }, { runnerHost: bench.host(run) });
    expect(failure).toBeUndefined();
    expect(jobs()).toHaveLength(1);
  });

  it('refuses a body that sets the configuration or its own timeout_sec, before anything is sent', async () => {
    const withEnv = JSON.stringify({
      services: [
        {
          service_name: 'runner',
          service_image: 'x',
          env: [{ name: 'ACTIONS_RUNNER_INPUT_JITCONFIG', value: 'x' }]
        }
      ]
    });
    await expect(bench.step({ body: withEnv }, { runnerHost: bench.host() })).rejects.toThrow(
      'body sets ACTIONS_RUNNER_INPUT_JITCONFIG'
    );
    const withTimeout = JSON.stringify({
      job_support: { timeout_sec: 60 },
      services: [{ service_name: 'r', service_image: 'x' }]
    });
    await expect(bench.step({ body: withTimeout }, { runnerHost: bench.host() })).rejects.toThrow(
      'runner_timeout sets a runner'
    );
    // As a job's create: without gpu, a body that names no resources is refused (the platform would).
    await expect(bench.step({ gpu: '' }, { runnerHost: bench.host() })).rejects.toThrow(
      'body has no resources, but runner needs them'
    );
    expect(registered()).toEqual([]);
  });

  it('prints the create in a dry run with the configuration redacted, registering and making nothing', async () => {
    const { failure, outputs } = await bench.step({}, { runnerHost: bench.host(), dryRun: true });
    expect(failure).toBeUndefined();
    expect([outputs.task_ids, outputs.runs_on]).toEqual(['[]', '']);
    expect(registered()).toEqual([]);
    expect(bench.emulator.requests.filter((r) => r.path === JOB_CREATE)).toEqual([]);
    expect(bench.log.join('\n')).toContain('"name":"ACTIONS_RUNNER_INPUT_JITCONFIG","value":"<redacted>"');
  });
});
