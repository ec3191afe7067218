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
  });
});
