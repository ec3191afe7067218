// A preview's records on GitHub, against the GitHub stand-in: its deployments (transient, not production,
// not merged into, held to no check), their statuses, the earlier ones marked inactive by the step, and
// the one comment, updated in place.
import { ApiClient } from '../../src/platform/client.js';
import { startGitHub, type GitHubStandIn } from '../../github-standin/index.js';
import { githubClient, type Octokit } from '../../src/github/client.js';
import {
  recordDeployment,
  retireEarlier,
  setDeploymentStatus,
  upsertComment
} from '../../src/github/records.js';
import { commentMarker } from '../../src/github/preview-comment.js';
import { keepSpend, readKeptSpend, SPEND_ENVIRONMENT, spendTask } from '../../src/github/kept-spend.js';

describe("a preview's records on GitHub", () => {
  let github: GitHubStandIn;
  let octokit: Octokit;
  const repo = { owner: 'acme', repo: 'app' };
  beforeEach(async () => {
    github = await startGitHub();
    github.store.openPull(42);
    octokit = githubClient({
      token: github.token,
      apiUrl: github.url,
      userAgent: 'elastic-deploy-action/test',
      http,
      deadline: Date.now() + 60_000,
      now: Date.now,
      log: () => undefined
    });
  });
  // The action's one HTTPS client, which every GitHub request goes through.
  const http = new ApiClient({ userAgent: 'test', timeoutMs: 10_000, maxResponseBytes: 16 * 1024 * 1024 });
  afterAll(() => {
    http.dispose();
  });
  afterEach(() => github.stop());

  const latestState = (id: number) => github.store.statusesOf(id)[0]?.state;

  it('records a deployment per push, and leaves one live: the earlier ones marked inactive by the step', async () => {
    const deploy = (ref: string) =>
      recordDeployment(octokit, repo, {
        ref,
        environment: 'pr-42',
        description: 'preview',
        payload: { task_id: '1' }
      });
    const first = await deploy('a'.repeat(40));
    await setDeploymentStatus(octokit, repo, first, {
      state: 'success',
      description: 'up',
      environmentUrl: 'https://t1-80.apps.example',
      logUrl: 'https://github.test/acme/app/actions/runs/1'
    });
    const second = await deploy('b'.repeat(40));
    await setDeploymentStatus(octokit, repo, second, { state: 'in_progress', description: 'deploying' });
    expect(github.store.deployments.map((d) => [d.environment, d.transient, d.production])).toEqual([
      ['pr-42', true, false],
      ['pr-42', true, false]
    ]);
    // GitHub's auto_inactive skips transient environments: the first is still success until the step acts.
    expect(latestState(first)).toBe('success');
    expect(await retireEarlier(octokit, repo, 'pr-42', second)).toEqual([first]);
    expect([latestState(first), latestState(second)]).toEqual(['inactive', 'in_progress']);
    // Once the pull request closed, every one; those inactive already are left alone.
    expect(await retireEarlier(octokit, repo, 'pr-42')).toEqual([second]);
    expect(await retireEarlier(octokit, repo, 'pr-42')).toEqual([]);
  });

  it('keeps one comment: found again by its marker among many, and updated in place', async () => {
    // 120 comments of reviewers before it (seeded: GitHub's client spaces its writes a second apart).
    for (let i = 0; i < 120; i++)
      github.store.comments.push({
        id: 10 + i,
        repo: github.repository,
        issue: 42,
        body: `review note ${i}`,
        author: { login: 'reviewer', id: 5, type: 'User' },
        createdAt: Date.now(),
        updatedAt: Date.now()
      });
    const body = (text: string) => `${commentMarker('web')}\n${text}`;
    const id = await upsertComment(octokit, repo, { number: 42, taskName: 'web', body: body('first push') });
    expect(
      await upsertComment(octokit, repo, { number: 42, taskName: 'web', body: body('second push') })
    ).toBe(id);
    // Another preview of the repository keeps its own.
    const api = await upsertComment(octokit, repo, {
      number: 42,
      taskName: 'api',
      body: `${commentMarker('api')}\nx`
    });
    expect(api).not.toBe(id);
    const ours = github.store.comments.filter((c) => c.body.startsWith('<!--'));
    expect(ours.map((c) => c.body)).toEqual([body('second push'), `${commentMarker('api')}\nx`]);
    // A repair only updates: on a pull request without the preview's comment, it writes none.
    github.store.openPull(43);
    expect(
      await upsertComment(octokit, repo, { number: 43, taskName: 'web', body: body('x') }, 'existing')
    ).toBeUndefined();
    expect(github.store.comments.filter((c) => c.issue === 43)).toEqual([]);
  });

  it("keeps what a preview's tasks cost in record deployments, and reads each task's most recorded figure", async () => {
    const keep = (spent: Record<string, string>, name = 'web-pr-42') =>
      keepSpend(octokit, repo, { number: 42, name, ref: 'main', spent: new Map(Object.entries(spent)) });
    await keep({ '1229831': '550000' });
    await keep({ '1229831': '1200000.5', '1229900': '300' });
    // An older figure recorded after a newer one (two runs at once) does not lower what is kept.
    await keep({ '1229831': '9', '1229901': '0' });
    await keep({ '7': '99' }, 'api-pr-42');
    // A record another hand wrote: read for what it holds of the shape only.
    await recordDeployment(octokit, repo, {
      ref: 'main',
      environment: SPEND_ENVIRONMENT,
      task: spendTask('web-pr-42'),
      description: 'by hand',
      payload: { spent: { abc: '5', '1229902': 17, '1229903': '1e9', '1229904': '-3', '1229905': '40' } }
    });
    expect(Object.fromEntries(await readKeptSpend(octokit, repo, 'web-pr-42'))).toEqual({
      '1229831': '1200000.5',
      '1229900': '300',
      '1229901': '0',
      '1229905': '40'
    });
    const records = github.store.deploymentsIn(/^preview-spend$/);
    expect(records.map((r) => [r.task, r.ref, r.transient, r.production])).toEqual([
      ...Array.from({ length: 3 }, () => ['preview-spend:web-pr-42', 'main', true, false]),
      ['preview-spend:api-pr-42', 'main', true, false],
      ['preview-spend:web-pr-42', 'main', true, false]
    ]);
    // Each record the step makes serves nothing: inactive at once.
    expect(records.slice(0, 4).map((r) => latestState(r.id))).toEqual(Array(4).fill('inactive'));
    expect(records[1]?.description).toBe(
      'What the previews of pull request #42 have cost: 1.20 yuan (a record; nothing is deployed)'
    );
  });
});
