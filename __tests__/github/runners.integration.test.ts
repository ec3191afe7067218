// The GitHub layer's self-hosted runners (issue 62) against the GitHub stand-in over HTTPS, through
// GitHub's own client: a just-in-time runner registered (its configuration masked before anything else),
// seen online once the simulated runner connects, listed, removed once it is done; a busy runner's
// removal decided by its state; a 403 with each scope naming the permission and the tokens that carry
// it; a name taken; a rate limit waited out within the deadline; a workflow run's status; and the
// configuration in no log line and no error.
import { jest } from '@jest/globals';
import { startGitHub, type GitHubStandIn } from '../../github-standin/index.js';
import { githubClient } from '../../src/github/client.js';
import {
  listRunners,
  registerRunner,
  removeRunner,
  runnerOf,
  type RunnerScope
} from '../../src/github/runners.js';
import { workflowRunOf } from '../../src/github/workflow-run.js';
import { ApiClient } from '../../src/platform/client.js';
import { steppedSleep } from '../helpers/stepped-sleep.js';

describe("the GitHub layer's self-hosted runners", () => {
  let github: GitHubStandIn;
  /** Every line the client logged, every error a call threw (with its own fields), every console write. */
  const logged: string[] = [];
  /** What was given to the mask port, in order. */
  const masked: string[] = [];
  /** Every configuration GitHub handed out. */
  const configs: string[] = [];
  const http = new ApiClient({ userAgent: 'test', timeoutMs: 10_000, maxResponseBytes: 16 * 1024 * 1024 });
  let names = 0;

  beforeAll(async () => {
    github = await startGitHub();
  });
  afterAll(async () => {
    http.dispose();
    await github.stop();
  });
  afterEach(() => {
    jest.restoreAllMocks();
  });

  const repoScope: RunnerScope = { repo: { owner: 'acme', repo: 'app' } };
  const orgScope: RunnerScope = { org: 'acme' };
  const client = (token = github.runnerToken, deadlineMs = 60_000) =>
    githubClient({
      token,
      apiUrl: github.url,
      userAgent: 'elastic-deploy-action/0.2.0',
      http,
      deadline: Date.now() + deadlineMs,
      now: Date.now,
      log: (line) => logged.push(line)
    });
  const mask = (secrets: readonly string[]): void => {
    masked.push(...secrets);
  };
  /** The error a call threw, its message and every field kept among what was logged. */
  async function failure(call: Promise<unknown>): Promise<string> {
    const error = await call.then(
      () => {
        throw new Error('the call did not fail');
      },
      (e: unknown) => e as Error
    );
    logged.push(error.message, JSON.stringify(error, Object.getOwnPropertyNames(error)));
    return error.message;
  }
  async function register(scope: RunnerScope = repoScope, octokit = client()) {
    const made = await registerRunner(
      octokit,
      { scope, name: `gpu-7-1-${++names}`, labels: ['gpu-7-1'] },
      mask
    );
    configs.push(made.encodedJitConfig);
    return made;
  }

  it('registers a runner, sees it online once it connects, lists it, and finds it gone once its one job is done', async () => {
    const made = await register();
    expect(made).toEqual({
      runnerId: expect.any(Number) as number,
      name: `gpu-7-1-${names}`,
      labels: ['gpu-7-1'],
      encodedJitConfig: expect.stringMatching(/^[A-Za-z0-9+/]+=*$/) as string
    });
    expect(masked.at(-1)).toBe(made.encodedJitConfig);
    expect(github.calls.at(-1)).toMatchObject({
      method: 'POST',
      path: '/repos/acme/app/actions/runners/generate-jitconfig',
      body: { name: made.name, labels: ['gpu-7-1'], runner_group_id: 1, work_folder: '_work' },
      status: 201
    });
    const octokit = client();
    expect(await runnerOf(octokit, repoScope, made.runnerId)).toMatchObject({
      status: 'offline',
      online: false
    });

    const steps = steppedSleep();
    const runner = github.simulateRunner(made.encodedJitConfig, { sleep: steps.sleep });
    await steps.release();
    await runner.reached('listening');
    const online = await listRunners(octokit, repoScope, { label: 'GPU-7-1' });
    expect(online).toEqual([
      {
        id: made.runnerId,
        name: made.name,
        status: 'online',
        online: true,
        busy: false,
        labels: ['self-hosted', 'Linux', 'X64', 'gpu-7-1']
      }
    ]);
    expect(await listRunners(octokit, repoScope, { name: made.name })).toEqual(online);
    expect(await listRunners(octokit, orgScope, { name: made.name })).toEqual([]);

    await steps.release();
    await steps.release();
    expect((await runner.exited).code).toBe(0);
    expect(await runnerOf(octokit, repoScope, made.runnerId)).toBeUndefined();
    expect(await removeRunner(octokit, repoScope, made.runnerId)).toEqual({ outcome: 'gone' });
  });

  it('removes a runner GitHub still lists after its exit, and reads that it is gone', async () => {
    const made = await register(orgScope);
    expect(github.calls.at(-1)?.path).toBe('/orgs/acme/actions/runners/generate-jitconfig');
    const exit = await github.simulateRunner(made.encodedJitConfig, {
      listedAfterExit: true,
      sleep: () => Promise.resolve()
    }).exited;
    expect(exit.code).toBe(0);
    const octokit = client();
    expect(await runnerOf(octokit, orgScope, made.runnerId)).toMatchObject({
      status: 'offline',
      busy: false
    });
    expect(await runnerOf(octokit, repoScope, made.runnerId)).toBeUndefined();
    expect(await removeRunner(octokit, orgScope, made.runnerId)).toEqual({ outcome: 'removed' });
    expect(github.calls.slice(-2).map((c) => [c.method, c.status])).toEqual([
      ['DELETE', 204],
      ['GET', 404]
    ]);
  });

  it('decides a busy runner’s removal by its state: GitHub’s refusal read back as still running a job, then gone once done', async () => {
    const made = await register();
    const steps = steppedSleep();
    const runner = github.simulateRunner(made.encodedJitConfig, { sleep: steps.sleep });
    await steps.release();
    await steps.release();
    await runner.reached('running');
    const octokit = client();
    const busy = await removeRunner(octokit, repoScope, made.runnerId);
    expect(busy).toEqual({
      outcome: 'busy',
      runner: expect.objectContaining({ id: made.runnerId, status: 'online', busy: true }) as object,
      refusal: expect.stringMatching(
        /^HTTP 422: Bad request - Runner "gpu-7-1-\d+" is still running a job/
      ) as string
    });
    expect(github.calls.slice(-2).map((c) => [c.method, c.status])).toEqual([
      ['DELETE', 422],
      ['GET', 200]
    ]);
    await steps.release();
    expect((await runner.exited).code).toBe(0);
    expect(await removeRunner(octokit, repoScope, made.runnerId)).toEqual({ outcome: 'gone' });
  });

  it('removes a runner stopped mid-job: GitHub lists it offline and idle, and removes it', async () => {
    const made = await register();
    const steps = steppedSleep();
    const runner = github.simulateRunner(made.encodedJitConfig, { sleep: steps.sleep });
    await steps.release();
    await steps.release();
    await runner.reached('running');
    runner.stop();
    expect((await runner.exited).code).toBe(143);
    expect(await removeRunner(client(), repoScope, made.runnerId)).toEqual({ outcome: 'removed' });
  });

  it.each([
    ['repository', repoScope, 'administration: write', 'acme/app'],
    ['organization', orgScope, 'organization_self_hosted_runners: write', 'organization acme']
  ])(
    'names the permission a runner of the %s needs, and the tokens that carry it, when GITHUB_TOKEN is refused',
    async (_kind, scope, permission, where) => {
      const before = github.calls.length;
      const message = await failure(
        registerRunner(client(github.token), { scope, name: 'gpu-refused', labels: ['gpu'] }, mask)
      );
      expect(message).toBe(
        `GitHub refused to register runner "gpu-refused" for ${where} (HTTP 403: Resource not accessible by integration - https://docs.github.com/rest): ` +
          `the token lacks ${permission}, which GITHUB_TOKEN cannot carry; give the step a fine-grained personal access token or a GitHub App's token with ${permission} on ${where}`
      );
      expect(github.calls.slice(before).map((c) => c.status)).toEqual([403]);
      const reading = await failure(listRunners(client(github.tokenWith([])), scope));
      expect(reading).toContain(`the token lacks ${permission.replace('write', 'read')}, which GITHUB_TOKEN`);
      expect(await failure(removeRunner(client(github.token), scope, 1))).toContain(
        `GitHub refused to remove runner 1 for ${where} (HTTP 403`
      );
    }
  );

  it('refuses a name the scope has taken, naming the runner that has it, without asking again', async () => {
    const made = await register();
    const before = github.calls.length;
    const message = await failure(
      registerRunner(client(), { scope: repoScope, name: made.name, labels: ['gpu-7-1'] }, mask)
    );
    expect(message).toBe(
      `GitHub refused to register runner "${made.name}": acme/app already has a runner of that name (runner ${made.runnerId}, offline, idle); ` +
        "remove that runner (the repository's or organization's Settings, Actions, Runners) or register this one under another name"
    );
    expect(github.calls.slice(before).map((c) => [c.method, c.status])).toEqual([
      ['POST', 409],
      ['GET', 200]
    ]);
    // The organization's runners are apart: the name is free there.
    const there = await registerRunner(client(), { scope: orgScope, name: made.name, labels: ['gpu'] }, mask);
    configs.push(there.encodedJitConfig);
    expect(there.name).toBe(made.name);
  });

  it('refuses a request GitHub would refuse before anything is sent', async () => {
    const before = github.calls.length;
    const octokit = client();
    const cases: [Parameters<typeof registerRunner>[1], RegExp][] = [
      [{ scope: repoScope, name: ' ', labels: ['gpu'] }, /^runner name " " is not one GitHub takes/],
      [
        { scope: repoScope, name: 'gpu', labels: [] },
        /^runner labels "" are not what GitHub takes: give 1 to 100/
      ],
      [{ scope: repoScope, name: 'gpu', labels: ['gpu'], runnerGroupId: 0 }, /^runner group 0 is not/],
      [
        { scope: { org: 'acme/app' }, name: 'gpu', labels: ['gpu'] },
        /^runner scope "acme\/app" is not a GitHub organization name/
      ]
    ];
    for (const [request, line] of cases)
      expect(await failure(registerRunner(octokit, request, mask))).toMatch(line);
    expect(github.calls.length).toBe(before);
  });

  it('does not ask generate-jitconfig again after a server error (it may have registered the runner), and says what GitHub answered', async () => {
    github.failOn({ path: /generate-jitconfig$/, method: 'POST', times: 1 });
    const before = github.calls.length;
    const message = await failure(
      registerRunner(client(), { scope: repoScope, name: 'gpu-502', labels: ['gpu'] }, mask)
    );
    expect(message).toMatch(
      /^GitHub could not register runner "gpu-502" for acme\/app: HTTP 502: Server Error/
    );
    expect(github.calls.slice(before).map((c) => [c.method, c.status])).toEqual([['POST', 502]]);
  });

  it("waits out GitHub's secondary rate limit within the deadline, and gives up on one past it", async () => {
    github.limitNext('secondary', 1, 429);
    const before = github.calls.length;
    const made = await register();
    expect(github.calls.slice(before).map((c) => c.status)).toEqual([429, 201]);
    expect(logged).toContain(
      "github: POST /repos/{owner}/{repo}/actions/runners/generate-jitconfig met GitHub's secondary rate limit: asking again in 1s"
    );
    github.limitNext('secondary', 1);
    const message = await failure(runnerOf(client(github.runnerToken, 100), repoScope, made.runnerId));
    expect(message).toBe(
      `GitHub could not read runner ${made.runnerId} for acme/app: HTTP 403: You have exceeded a secondary rate limit. Please wait a few minutes before you try again. - https://docs.github.com/rest/overview/rate-limits-for-the-rest-api#about-secondary-rate-limits`
    );
  });

  it("reads a workflow run's status and conclusion, and knows no run GitHub does not", async () => {
    const run = github.store.startRun({ attempt: 2 });
    const octokit = client(github.token);
    const repo = { owner: 'acme', repo: 'app' };
    expect(await workflowRunOf(octokit, repo, run.id)).toEqual({
      id: run.id,
      attempt: 2,
      status: 'in_progress',
      conclusion: null,
      completed: false
    });
    github.store.completeRun(run.id, 'cancelled');
    expect(await workflowRunOf(octokit, repo, run.id)).toMatchObject({
      status: 'completed',
      conclusion: 'cancelled',
      completed: true
    });
    expect(await workflowRunOf(octokit, repo, 424242)).toBeUndefined();
  });

  it('never writes a configuration in a log line, an error or the console, and masks each one GitHub handed out', async () => {
    const consoleLines: string[] = [];
    for (const method of ['log', 'info', 'warn', 'error', 'debug'] as const)
      jest.spyOn(console, method).mockImplementation((...args: unknown[]) => {
        consoleLines.push(args.map(String).join(' '));
      });
    // One more of each path the configuration meets: made, refused (name taken), listed, removed.
    const made = await register();
    logged.push(
      await failure(registerRunner(client(), { scope: repoScope, name: made.name, labels: ['x'] }, mask))
    );
    await listRunners(client(), repoScope);
    await removeRunner(client(), repoScope, made.runnerId);
    // Every configuration of the file's tests so far, this one's among them.
    expect(configs).toContain(made.encodedJitConfig);
    expect(masked).toEqual(configs);
    const everything = [...logged, ...consoleLines, ...github.calls.map((c) => JSON.stringify(c))].join('\n');
    expect(everything).toContain(`acme/app already has a runner of that name (runner ${made.runnerId}`);
    for (const config of configs) expect(everything).not.toContain(config);
  });
});
