// The stand-in's simulated runner (issue 62, point 7): started with a just-in-time configuration, it shows
// online, takes one job (busy), and exits 0, GitHub removing it; an invalid or used configuration ends it
// at once with the runner's own error; and its hostile knobs: never online, offline mid-job, listed
// offline after its exit. Its waits are the test's steps; what GitHub lists is read over HTTPS.
import { REGISTRATION_DELETED, startGitHub, type GitHubStandIn } from '../../github-standin/index.js';
import { steppedSleep } from '../helpers/stepped-sleep.js';

describe("the GitHub stand-in's simulated runner", () => {
  let github: GitHubStandIn;
  let names = 0;
  beforeAll(async () => {
    github = await startGitHub();
  });
  afterAll(() => github.stop());

  async function api(method: string, path: string, body?: unknown) {
    const response = await fetch(`${github.url}${path}`, {
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
  const runners = '/repos/acme/app/actions/runners';
  /** A runner registered by generate-jitconfig: its id and configuration. */
  async function register(): Promise<{ id: number; config: string; name: string }> {
    const name = `gpu-run-${++names}`;
    const made = await api('POST', `${runners}/generate-jitconfig`, {
      name,
      runner_group_id: 1,
      labels: ['gpu-7-1']
    });
    expect(made.status).toBe(201);
    const body = made.body as { runner: { id: number }; encoded_jit_config: string };
    return { id: body.runner.id, config: body.encoded_jit_config, name };
  }
  const listed = async (id: number) => {
    const got = await api('GET', `${runners}/${id}`);
    return got.status === 404 ? 'gone' : (got.body as { status: string; busy: boolean });
  };

  it('shows online, takes one job (busy), then exits 0 and GitHub no longer lists it', async () => {
    const { id, config, name } = await register();
    expect(await listed(id)).toMatchObject({ status: 'offline', busy: false, os: 'unknown' });
    const steps = steppedSleep();
    const runner = github.simulateRunner(config, {
      sleep: steps.sleep,
      timings: { connect: 1, jobArrives: 2, job: 3 }
    });
    await steps.release();
    await runner.reached('listening');
    expect(await listed(id)).toMatchObject({ status: 'online', busy: false, os: 'Linux' });
    await steps.release();
    await runner.reached('running');
    expect(await listed(id)).toMatchObject({ status: 'online', busy: true });
    expect((await api('GET', `${runners}?name=${name}`)).body).toMatchObject({ total_count: 1 });
    await steps.release();
    const exit = await runner.exited;
    expect(exit.code).toBe(0);
    expect(steps.asked).toEqual([1, 2, 3]);
    expect(exit.output).toEqual([
      '√ Connected to GitHub',
      '',
      "Current runner version: '2.328.0'",
      expect.stringMatching(/Z: Listening for Jobs$/),
      expect.stringMatching(/Z: Running job: gpu$/),
      expect.stringMatching(/Z: Job gpu completed with result: Succeeded$/)
    ]);
    expect(await listed(id)).toBe('gone');
    expect((await api('GET', `${runners}?name=${name}`)).body).toEqual({ total_count: 0, runners: [] });
  });

  it('exits 1 at once with the runner’s decode error for a configuration that is not one', async () => {
    const notBase64 = await github.simulateRunner('not a config!').exited;
    expect(notBase64.code).toBe(1);
    expect(notBase64.output).toEqual([expect.stringMatching(/^The input is not a valid Base-64 string/)]);
    const notJson = await github.simulateRunner(Buffer.from('hello').toString('base64')).exited;
    expect([notJson.code, notJson.output]).toEqual([
      1,
      ["Unexpected character encountered while parsing value: h. Path '', line 0, position 0."]
    ]);
  });

  it('exits 1 at once with "the runner registration has been deleted" for a used configuration, or one whose runner was removed', async () => {
    const { id, config } = await register();
    const steps = steppedSleep();
    const first = github.simulateRunner(config, { sleep: steps.sleep });
    const second = await github.simulateRunner(config).exited;
    expect([second.code, second.output]).toEqual([1, REGISTRATION_DELETED]);
    expect(first.phase).toBe('starting');
    for (let i = 0; i < 3; i++) await steps.release();
    expect((await first.exited).code).toBe(0);
    expect(await github.simulateRunner(config).exited).toEqual({ code: 1, output: REGISTRATION_DELETED });

    const removed = await register();
    expect((await api('DELETE', `${runners}/${removed.id}`)).status).toBe(204);
    expect((await github.simulateRunner(removed.config).exited).code).toBe(1);
    expect(await listed(id)).toBe('gone');
  });

  it('never comes online with neverOnline: listed offline until its container stops (143), and still registered', async () => {
    const { id, config } = await register();
    const runner = github.simulateRunner(config, { neverOnline: true, sleep: steppedSleep().sleep });
    await github.simulateRunner('x').exited; // another runner's whole life passes meanwhile
    expect(runner.phase).toBe('starting');
    expect(runner.output).toEqual([
      expect.stringMatching(/Runner connect error: .*Retrying until reconnected\.$/)
    ]);
    expect(await listed(id)).toMatchObject({ status: 'offline', busy: false });
    runner.stop();
    expect((await runner.exited).code).toBe(143);
    expect(await listed(id)).toMatchObject({ status: 'offline' });
  });

  it('goes offline mid-job with offlineMidJob: listed offline and busy, retrying until stopped', async () => {
    const { id, config } = await register();
    const steps = steppedSleep();
    const runner = github.simulateRunner(config, { offlineMidJob: true, sleep: steps.sleep });
    for (let i = 0; i < 3; i++) await steps.release();
    await runner.reached('offline');
    expect(await listed(id)).toMatchObject({ status: 'offline', busy: true });
    expect(runner.output.at(-1)).toMatch(/Runner connect error/);
    runner.stop();
    expect((await runner.exited).code).toBe(143);
    expect(await listed(id)).toMatchObject({ status: 'offline', busy: false });
    expect((await api('DELETE', `${runners}/${id}`)).status).toBe(204);
  });

  it('stays listed, offline, after its exit with listedAfterExit, until it is removed', async () => {
    const { id, config } = await register();
    const exit = await github.simulateRunner(config, {
      listedAfterExit: true,
      sleep: () => Promise.resolve()
    }).exited;
    expect(exit.code).toBe(0);
    expect(await listed(id)).toMatchObject({ status: 'offline', busy: false });
    expect((await api('DELETE', `${runners}/${id}`)).status).toBe(204);
    expect(await listed(id)).toBe('gone');
  });

  it('is stopped where it is: mid-job, it dies (143) and GitHub lists it offline', async () => {
    const { id, config } = await register();
    const steps = steppedSleep();
    const runner = github.simulateRunner(config, { sleep: steps.sleep });
    await steps.release();
    await steps.release();
    await runner.reached('running');
    runner.stop();
    expect((await runner.exited).code).toBe(143);
    expect(await listed(id)).toMatchObject({ status: 'offline', busy: false });
  });
});
