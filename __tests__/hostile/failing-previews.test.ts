// Hostile preview scenarios (issue 60, points 2, 3, 5 and 6) against both stand-ins over real HTTPS, the
// emulator on the fake clock: a pull request's previews never spend past max_cost, and no more than
// max_previews run.
import { startGitHub, sha, type GitHubStandIn } from '../../github-standin/index.js';
import { githubClient } from '../../src/github/client.js';
import { previewRecords } from '../../src/github/preview-records.js';
import { pullEventOf } from '../../src/github/pull-event.js';
import type { PullRequests } from '../../src/deploy/pull-requests.js';
import { useStepBench } from '../helpers/emulator-step.js';

const CREATE = '/api/task/deployment/create';
const SERVICE =
  '{services: [{service_name: web, service_image: "nginx:1.27", remote_ports: [{service_port: 80}]}]}';

describe('hostile (failing) previews', () => {
  const bench = useStepBench(
    { readyAfterSeconds: 5, strict: true },
    {
      operation: 'preview',
      task_name: 'web',
      body: SERVICE,
      gpu: '4090',
      poll_interval: '5s',
      github_token: 'ghs_test',
      comment: 'true'
    }
  );
  let github: GitHubStandIn;
  let log: string[] = [];
  beforeEach(async () => {
    log = bench.log;
    github = await startGitHub({ now: () => bench.clock.now() });
  });
  afterEach(() => {
    if (process.env.DBG !== undefined)
      console.log(log.filter((l) => !l.startsWith('still waiting')).join('\n'));
    return github.stop();
  });
  const on = (number: number, action: 'opened' | 'synchronize' | 'closed') => {
    const octokit = githubClient({
      token: github.token,
      apiUrl: github.url,
      userAgent: 'elastic-deploy-action/test',
      http: bench.client,
      deadline: Date.now() + 120_000,
      now: Date.now,
      log: () => undefined
    });
    const event = pullEventOf('pull_request', github.event(number, action), 'acme/app');
    if ('none' in event) throw new Error(event.none);
    const host: PullRequests = previewRecords(octokit, {
      repo: { owner: 'acme', repo: 'app' },
      runUrl: undefined,
      event,
      baseRef: event.baseRef
    });
    return { pullRequests: () => Promise.resolve(host) };
  };
  const step = (
    inputs: Record<string, string>,
    number: number,
    action: 'opened' | 'synchronize' | 'closed',
    options: { cancelWhen?: RegExp } = {}
  ) => {
    bench.clock.advance(1);
    return bench.step(inputs, { ...on(number, action), ...options });
  };
  const costOf = (id: string): number => {
    const d = bench.emulator.tasks.get(id) as unknown as { billing_value: number; forecast_value: number };
    return (d.billing_value + d.forecast_value) / 1_000_000;
  };
  /** The tasks the steps made that bill (a task the platform deleted bills no more). */
  const live = (): string[] =>
    [
      ...new Set(
        bench
          .sent(CREATE)
          .map((r) => r.createdTaskId)
          .filter((id) => id !== undefined)
      )
    ].filter((id) => {
      try {
        return bench.emulator.tasks.get(id).status !== 'End';
      } catch {
        return false;
      }
    });

  it('details that say no cost: a push after the pull request spent 1.88 yuan of max_cost 1 makes no new preview (held to the billing records, or failing closed)', async () => {
    bench.emulator.tasks.setOmitCostFields(true);
    github.store.openPull(31);
    const open = await step({ max_cost: '1' }, 31, 'opened');
    expect(open.failure).toBeUndefined();
    // An hour on: the preview has cost 1.88 yuan, booked in the billing records.
    bench.clock.advance(3600);
    github.store.pushPull(31, sha(31, 2));
    const push = await step({ max_cost: '1' }, 31, 'synchronize');
    bench.emulator.tasks.setOmitCostFields(false);
    expect(costOf(open.outputs.task_id)).toBeGreaterThan(1);
    expect(bench.sent(CREATE).length).toBe(1);
    expect(push.failure).toBeDefined();
  });

  it('a push whose spend record GitHub fails to write: the next push, after the platform deleted the ended preview, still finds the cap reached (or fails closed)', async () => {
    github.store.openPull(33);
    const open = await step({}, 33, 'opened');
    expect(open.failure).toBeUndefined();
    bench.clock.advance(3600);
    github.store.pushPull(33, sha(33, 2));
    // Once this push's deployment is recorded and its preview created, GitHub fails every new deployment
    // (the record of what the previews cost) until this push's step is over.
    let failing = false;
    const off = bench.emulator.afterRequest((request) => {
      if (request.path === CREATE) failing = true;
    });
    github.failOn({
      path: { test: (path: string) => failing && /\/deployments$/.test(path) } as unknown as RegExp,
      method: 'POST'
    });
    const push = await step({ max_cost: '3' }, 33, 'synchronize');
    off();
    failing = false;
    expect(push.failure).toMatch(/GitHub refused the record/);
    expect(bench.emulator.tasks.get(open.outputs.task_id).status).toBe('End');
    bench.emulator.tasks.setEndedTasksGone(true);
    github.store.pushPull(33, sha(33, 3));
    const next = await step({ max_cost: '1.5' }, 33, 'synchronize');
    expect(bench.sent(CREATE).length).toBe(2);
    expect(next.failure).toBeDefined();
  });

  it('the platform deletes a task as soon as it ended: what the old preview cost, read when the push began, is kept, and the next push finds the cap reached', async () => {
    bench.emulator.tasks.setEndedTasksGone(true);
    github.store.openPull(34);
    const open = await step({}, 34, 'opened');
    expect(open.failure).toBeUndefined();
    // An hour on (1.88 yuan), a push replaces it: the old preview, stopped, is deleted at once.
    bench.clock.advance(3600);
    github.store.pushPull(34, sha(34, 2));
    const push = await step({ max_cost: '3' }, 34, 'synchronize');
    expect(push.failure).toBeUndefined();
    github.store.pushPull(34, sha(34, 3));
    const next = await step({ max_cost: '1.5' }, 34, 'synchronize');
    expect(bench.sent(CREATE).length).toBe(2);
    expect(next.failure).toMatch(/max_cost/);
    // What the pull request has spent, as the push's step said it: 1.88 yuan and more.
    expect(Number(push.result.preview?.totalPoints ?? '0')).toBeGreaterThan(1_880_000);
  });

  it('a push that finds the cap reached stops the preview, which the platform deletes at once: the next push still finds the cap reached', async () => {
    bench.emulator.tasks.setEndedTasksGone(true);
    github.store.openPull(37);
    const open = await step({}, 37, 'opened');
    expect(open.failure).toBeUndefined();
    bench.clock.advance(3600);
    github.store.pushPull(37, sha(37, 2));
    const capped = await step({ max_cost: '1' }, 37, 'synchronize');
    expect(capped.failure).toMatch(/have cost 1\.88 yuan, which reaches max_cost 1 yuan/);
    expect(live()).toEqual([]);
    github.store.pushPull(37, sha(37, 3));
    const again = await step({ max_cost: '1' }, 37, 'synchronize');
    expect(bench.sent(CREATE).length).toBe(1);
    expect(again.failure).toMatch(/reaches max_cost 1 yuan/);
  });
});
