// The GitHub stand-in against GitHub's published OpenAPI description (@octokit/openapi), both ways: every
// answer it gives has every field the description requires, typed as it types them, and none it does not
// have; and it serves no path or method the description does not. Then its refusals, as GitHub's.
import { startGitHub, type GitHubStandIn } from '../../github-standin/index.js';
import { ROUTES } from '../../github-standin/routes.js';
import { answerSchema, githubDescription, requestSchema, schemaProblems } from '../helpers/github-openapi.js';

describe('the GitHub stand-in answers as GitHub describes its REST API', () => {
  let github: GitHubStandIn;
  const answered: { method: string; route: string; status: number; body: unknown }[] = [];
  /**
   * The answers of the calls made before the tests, kept apart: the tests run in any order
   * (--randomize), and a test's own calls (refusals among them) must not count in another's.
   */
  const setUp: typeof answered = [];

  async function call(method: string, route: string, path: string, body?: unknown, token?: string) {
    const response = await fetch(`${github.url}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${token ?? github.token}`,
        accept: 'application/vnd.github+json',
        'x-github-api-version': '2022-11-28',
        ...(body === undefined ? {} : { 'content-type': 'application/json' })
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) })
    });
    const json = await response.json();
    answered.push({ method, route, status: response.status, body: json });
    return { status: response.status, body: json, headers: response.headers };
  }

  beforeAll(async () => {
    github = await startGitHub();
    github.store.openPull(7);
    github.store.openPull(8, { fork: true });
    const repo = `/repos/${github.repository}`;
    const deploy = {
      ref: 'feature-7',
      auto_merge: false,
      required_contexts: [],
      environment: 'pr-7',
      transient_environment: true,
      production_environment: false,
      description: 'preview of #7',
      payload: { task_id: '1229831' }
    };
    expect(schemaProblems(deploy, requestSchema('POST', '/repos/{owner}/{repo}/deployments') ?? {})).toEqual(
      []
    );
    const made = (await call('POST', '/repos/{owner}/{repo}/deployments', `${repo}/deployments`, deploy))
      .body as { id: number };
    const statuses = '/repos/{owner}/{repo}/deployments/{deployment_id}/statuses';
    await call('POST', statuses, `${repo}/deployments/${made.id}/statuses`, {
      state: 'in_progress',
      log_url: 'https://github.test/acme/app/actions/runs/1'
    });
    await call('POST', statuses, `${repo}/deployments/${made.id}/statuses`, {
      state: 'success',
      environment_url: 'https://t1229831-80.apps.example',
      log_url: 'https://github.test/acme/app/actions/runs/1',
      auto_inactive: false
    });
    await call('GET', statuses, `${repo}/deployments/${made.id}/statuses?per_page=1`);
    await call('GET', '/repos/{owner}/{repo}/deployments', `${repo}/deployments?environment=pr-7`);
    await call('GET', '/repos/{owner}/{repo}/pulls/{pull_number}', `${repo}/pulls/7`);
    await call('GET', '/repos/{owner}/{repo}/pulls/{pull_number}', `${repo}/pulls/8`);
    github.store.closePull(7, true);
    await call('GET', '/repos/{owner}/{repo}/pulls/{pull_number}', `${repo}/pulls/7`);
    await call('GET', '/repos/{owner}/{repo}/pulls', `${repo}/pulls?state=all`);
    const comments = '/repos/{owner}/{repo}/issues/{issue_number}/comments';
    const comment = (
      await call('POST', comments, `${repo}/issues/7/comments`, {
        body: '<!-- elastic-deploy preview -->\nhello'
      })
    ).body as { id: number };
    await call(
      'PATCH',
      '/repos/{owner}/{repo}/issues/comments/{comment_id}',
      `${repo}/issues/comments/${comment.id}`,
      { body: 'changed' }
    );
    await call('GET', comments, `${repo}/issues/7/comments`);
    setUp.push(...answered);
  });
  afterAll(() => github.stop());

  it('answers each call with what the description documents for it, and nothing else', () => {
    const problems = setUp.flatMap(({ method, route, status, body }) => {
      const schema = answerSchema(method, route, status);
      if (schema === undefined)
        return [`${method} ${route} ${status}: the description documents no such answer`];
      return schemaProblems(body, schema).map((problem) => `${method} ${route} ${status} ${problem}`);
    });
    expect(problems).toEqual([]);
    expect(setUp.map((a) => a.status)).toEqual([201, 201, 201, 200, 200, 200, 200, 200, 200, 201, 200, 200]);
  });

  it('finds what departs from the description: a field missing, one it does not have, one typed otherwise', () => {
    const [made] = setUp;
    const schema = answerSchema('POST', '/repos/{owner}/{repo}/deployments', 201) ?? {};
    const withoutSha: Record<string, unknown> = { ...(made?.body as object) };
    delete withoutSha.sha;
    expect(schemaProblems(withoutSha, schema)).toEqual(['$.sha: missing']);
    expect(schemaProblems({ ...(made?.body as object), extra: 1 }, schema)).toEqual([
      '$.extra: not in the description'
    ]);
    expect(schemaProblems({ ...(made?.body as object), id: '12' }, schema)).toEqual([
      '$.id: string, not integer'
    ]);
    expect(schemaProblems({ ...(made?.body as object), creator: { login: 'x' } }, schema)).toContain(
      '$.creator.id: missing'
    );
  });

  it('serves only paths and methods the description has', () => {
    const { paths } = githubDescription();
    expect(ROUTES.filter((r) => paths[r.path]?.[r.method.toLowerCase()] === undefined)).toEqual([]);
  });

  it('pages a list with per_page and page, and says the next and last pages in Link, as GitHub does', async () => {
    for (let n = 10; n < 15; n++) github.store.openPull(n);
    const first = await call(
      'GET',
      '/repos/{owner}/{repo}/pulls',
      `/repos/${github.repository}/pulls?per_page=2`
    );
    expect((first.body as unknown[]).length).toBe(2);
    expect(first.headers.get('link')).toMatch(/[?&]page=2>; rel="next", <[^>]+[?&]page=3>; rel="last"$/);
  });

  it('refuses as GitHub does: a bad token, a write the token may not make (naming the permission), and a deployment GitHub would merge into or hold to checks', async () => {
    const repo = `/repos/${github.repository}`;
    expect(
      (
        await call(
          'GET',
          '/repos/{owner}/{repo}/pulls/{pull_number}',
          `${repo}/pulls/8`,
          undefined,
          'ghs_wrong'
        )
      ).status
    ).toBe(401);
    const readOnly = github.tokenWith([]);
    const refused = await call(
      'POST',
      '/repos/{owner}/{repo}/deployments',
      `${repo}/deployments`,
      { ref: 'feature-8', auto_merge: false, required_contexts: [] },
      readOnly
    );
    expect([
      refused.status,
      refused.headers.get('x-accepted-github-permissions'),
      (refused.body as { message: string }).message
    ]).toEqual([403, 'deployments=write', 'Resource not accessible by integration']);
    expect(
      (await call('POST', '/repos/{owner}/{repo}/deployments', `${repo}/deployments`, { ref: 'feature-8' }))
        .status
    ).toBe(409);
    expect(
      (
        await call('POST', '/repos/{owner}/{repo}/deployments', `${repo}/deployments`, {
          ref: 'feature-8',
          auto_merge: false
        })
      ).status
    ).toBe(409);
    // Once its checks have passed, GitHub makes it; and a ref of no pull request it makes with neither.
    const head = github.store.pulls.get(8)?.head.sha ?? '';
    github.store.checksRunning.delete(head);
    const passed = { ref: 'feature-8', auto_merge: false };
    expect(
      (await call('POST', '/repos/{owner}/{repo}/deployments', `${repo}/deployments`, passed)).status
    ).toBe(201);
    expect(
      (await call('POST', '/repos/{owner}/{repo}/deployments', `${repo}/deployments`, { ref: 'main' })).status
    ).toBe(201);
    expect((await call('GET', '/repos/{owner}/{repo}/pulls/{pull_number}', `${repo}/pulls/99`)).status).toBe(
      404
    );
    for (const refusal of answered.filter((a) => a.status >= 400))
      expect(
        schemaProblems(refusal.body, { type: 'object', required: ['message', 'documentation_url'] })
      ).toEqual([]);
  });

  it('meets the primary and the secondary rate limits as GitHub answers them', async () => {
    const path = `/repos/${github.repository}/pulls/8`;
    github.limitNext('primary', 1);
    const primary = await call('GET', '/repos/{owner}/{repo}/pulls/{pull_number}', path);
    expect([primary.status, primary.headers.get('x-ratelimit-remaining')]).toEqual([403, '0']);
    github.limitNext('secondary', 1, 429);
    const secondary = await call('GET', '/repos/{owner}/{repo}/pulls/{pull_number}', path);
    expect([secondary.status, secondary.headers.get('retry-after')]).toEqual([429, '1']);
    expect((await call('GET', '/repos/{owner}/{repo}/pulls/{pull_number}', path)).status).toBe(200);
  });
});
