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

describe('hostile (holding) previews', () => {
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

  it('a push cancelled once it stopped the old preview, before it kept what that cost: the next push still finds the cap reached after the platform deleted it', async () => {
    github.store.openPull(32);
    const open = await step({}, 32, 'opened');
    expect(open.failure).toBeUndefined();
    // An hour on (1.88 yuan), a push replaces it; the job is cancelled once the old preview is stopped.
    bench.clock.advance(3600);
    github.store.pushPull(32, sha(32, 2));
    await step({ max_cost: '3' }, 32, 'synchronize', {
      cancelWhen: /^replace: task \d+ is ready; stopping task/
    });
    expect(bench.emulator.tasks.get(open.outputs.task_id).status).toBe('End');
    // The platform deletes ended tasks; the next push, with max_cost 1.5, has spent 1.88 yuan already.
    bench.emulator.tasks.setEndedTasksGone(true);
    bench.clock.advance(60);
    github.store.pushPull(32, sha(32, 3));
    const next = await step({ max_cost: '1.5' }, 32, 'synchronize');
    expect(next.failure).toMatch(/max_cost/);
    expect(bench.sent(CREATE).length).toBe(2);
  });

  it('max_previews 1, two runs at once: the run whose preview was made later is cancelled once it is ready; no more than one preview is left', async () => {
    github.store.openPull(41);
    github.store.openPull(42);
    bench.clock.advance(1);
    const inputs = { max_previews: '1' };
    // Cancel a run at its "is ready" line when its task is the later-made one (the one over the limit).
    const laterReady = (): RegExp =>
      ({
        test: (line: string) => {
          const ready = /^replace: task (\d+) is ready/.exec(line);
          if (ready === null) return false;
          const ids = bench
            .sent(CREATE)
            .map((r) => r.createdTaskId)
            .filter((id) => id !== undefined);
          const mine = ready[1] ?? '';
          const others = ids.filter((id) => id !== mine);
          return others.every((id) => BigInt(id) < BigInt(mine));
        }
      }) as unknown as RegExp;
    const runs = await Promise.all([
      bench.step(inputs, { ...on(41, 'opened'), cancelWhen: laterReady() }),
      bench.step(inputs, { ...on(42, 'opened'), clockSkewMs: 60_000, cancelWhen: laterReady() })
    ]);
    expect(bench.sent(CREATE).length).toBe(2);
    // Each run's post step, with what it saved.
    for (const run of runs) if (run.left !== undefined) await bench.cleanup(run.left, { max_previews: '1' });
    expect(live().length).toBeLessThanOrEqual(1);
  });

  it('a comment deleted by a user: the next push writes one comment again, and what the previews spent still counts', async () => {
    github.store.openPull(35);
    const open = await step({}, 35, 'opened');
    expect(open.failure).toBeUndefined();
    expect(github.store.comments).toHaveLength(1);
    // A user deletes the comment; an hour on, the preview has cost 1.88 yuan.
    github.store.comments.splice(0, 1);
    bench.clock.advance(3600);
    github.store.pushPull(35, sha(35, 2));
    const capped = await step({ max_cost: '1' }, 35, 'synchronize');
    expect(capped.failure).toMatch(/reaches max_cost 1 yuan/);
    expect(live()).toEqual([]);
    expect(github.store.comments.filter((c) => c.issue === 35)).toHaveLength(1);
    // The platform deletes the ended task afterwards: the next push still finds the cap reached.
    bench.emulator.tasks.setEndedTasksGone(true);
    github.store.pushPull(35, sha(35, 3));
    const again = await step({ max_cost: '1' }, 35, 'synchronize');
    expect(again.failure).toMatch(/reaches max_cost 1 yuan/);
    expect(bench.sent(CREATE).length).toBe(1);
    expect(github.store.comments.filter((c) => c.issue === 35)).toHaveLength(1);
  });

  it('close with max_cost reached: every preview of the pull request is stopped and nothing serves', async () => {
    github.store.openPull(36);
    const open = await step({ max_cost: '1' }, 36, 'opened');
    expect(open.failure).toBeUndefined();
    bench.clock.advance(3600);
    github.store.closePull(36, false);
    const close = await step({ max_cost: '1' }, 36, 'closed');
    expect(close.failure).toBeUndefined();
    expect(live()).toEqual([]);
    expect(github.store.deploymentsIn(/^pr-36$/).map((d) => github.store.statusesOf(d.id)[0]?.state)).toEqual(
      ['inactive']
    );
  });
});
