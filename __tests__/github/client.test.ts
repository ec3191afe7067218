// GitHub's toolkit client with its retry and throttling plugins, against the GitHub stand-in over HTTPS:
// GITHUB_API_URL honoured, pages followed, rate limits waited out within the step's deadline, and a
// refusal for want of a permission named.
import { ApiClient } from '../../src/platform/client.js';
import { startGitHub, type GitHubStandIn } from '../../github-standin/index.js';
import { describeGitHubError, githubClient, permissionsNeeded } from '../../src/github/client.js';

describe('the GitHub client', () => {
  let github: GitHubStandIn;
  const log: string[] = [];
  beforeEach(async () => {
    github = await startGitHub();
    github.store.openPull(7);
    log.length = 0;
  });
  // The action's one HTTPS client, which every GitHub request goes through.
  const http = new ApiClient({ userAgent: 'test', timeoutMs: 10_000, maxResponseBytes: 16 * 1024 * 1024 });
  afterAll(() => {
    http.dispose();
  });
  afterEach(() => github.stop());

  const client = (token = github.token, deadlineMs = 60_000) =>
    githubClient({
      token,
      apiUrl: `${github.url}/`,
      userAgent: 'elastic-deploy-action/0.1.0',
      http,
      deadline: Date.now() + deadlineMs,
      now: Date.now,
      log: (line) => log.push(line)
    });
  const [owner, repo] = ['acme', 'app'] as const;

  it('calls the API at GITHUB_API_URL (a GitHub Enterprise Server too), with its user agent, and follows pages', async () => {
    const octokit = client();
    const pull = await octokit.rest.pulls.get({ owner, repo, pull_number: 7 });
    expect([pull.status, pull.data.state, pull.data.head.ref]).toEqual([200, 'open', 'feature-7']);
    for (let n = 10; n < 45; n++) github.store.openPull(n);
    const all = await octokit.paginate(octokit.rest.pulls.list, { owner, repo, state: 'all', per_page: 10 });
    expect(all).toHaveLength(36);
    expect(github.calls.filter((c) => c.path.endsWith('/pulls')).map((c) => c.query)).toEqual([
      'state=all&per_page=10',
      'state=all&per_page=10&page=2',
      'state=all&per_page=10&page=3',
      'state=all&per_page=10&page=4'
    ]);
    expect(github.calls[0]?.userAgent).toMatch(/^elastic-deploy-action\/0\.1\.0 /);
  });

  it("waits out GitHub's secondary rate limit as its retry-after says, and asks again", async () => {
    github.limitNext('secondary', 1);
    const pull = await client().rest.pulls.get({ owner, repo, pull_number: 7 });
    expect(pull.status).toBe(200);
    expect(github.calls.map((c) => c.status)).toEqual([403, 200]);
    expect(log).toEqual([
      "github: GET /repos/{owner}/{repo}/pulls/{pull_number} met GitHub's secondary rate limit: asking again in 1s"
    ]);
    // Answered 429, it is asked again too (the retry plugin's).
    github.limitNext('secondary', 1, 429);
    expect((await client().rest.pulls.get({ owner, repo, pull_number: 7 })).status).toBe(200);
    expect(github.calls.map((c) => c.status).slice(2)).toEqual([429, 200]);
  });

  it("gives up on a rate limit whose wait would pass the step's deadline", async () => {
    github.limitNext('primary', 1);
    await expect(
      client(github.token, 100).rest.pulls.get({ owner, repo, pull_number: 7 })
    ).rejects.toMatchObject({
      status: 403
    });
    expect(log).toEqual([
      expect.stringMatching(
        /met GitHub's primary rate limit: its wait of \d+s would pass the step's deadline, giving up$/
      )
    ]);
  });

  it('names the permission a refused write needed, and what to grant', async () => {
    const error = await client(github.tokenWith([]))
      .rest.repos.createDeployment({
        owner,
        repo,
        ref: 'feature-7',
        auto_merge: false,
        required_contexts: []
      })
      .catch((e: unknown) => e);
    expect(describeGitHubError(error)).toBe(
      "HTTP 403: Resource not accessible by integration - https://docs.github.com/rest: the token lacks deployments: write; grant it in the workflow's permissions (permissions: deployments: write)"
    );
  });

  // Regression (issue 60, point 17): a comment's 403 said "(permissions: issues: write; pull_requests=write)",
  // the header's form, which a workflow's permissions: block does not take.
  it("names a refused comment's permission as a workflow's permissions: block writes it, with GitHub's alternative", async () => {
    const error = await client(github.tokenWith(['deployments']))
      .rest.issues.createComment({ owner, repo, issue_number: 7, body: 'hello' })
      .catch((e: unknown) => e);
    expect(describeGitHubError(error)).toBe(
      "HTTP 403: Resource not accessible by integration - https://docs.github.com/rest: the token lacks pull-requests: write (or issues: write); grant it in the workflow's permissions (permissions: pull-requests: write)"
    );
  });

  it.each([
    ['deployments=write', ['deployments: write']],
    ['issues=write; pull_requests=write', ['pull-requests: write', 'issues: write']],
    ['contents=read,metadata=read; actions=write', ['contents: read, metadata: read', 'actions: write']],
    [' pull_requests = read ;', ['pull-requests: read']],
    ['', []],
    ['not a permission', []]
  ])('reads x-accepted-github-permissions %j as the permissions: block writes it', (header, expected) => {
    expect(permissionsNeeded(header)).toEqual(expected);
  });
});
