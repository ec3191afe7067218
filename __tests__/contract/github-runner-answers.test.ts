// The GitHub stand-in's runner endpoints and workflow run against GitHub's published OpenAPI description
// (@octokit/openapi), both ways (issue 62, point 7): every request the test client sends is one the
// description's request schema takes, and every answer has what its answer schema requires, typed as it
// types it, and nothing it does not have; and every path and method served is one the description has.
import { startGitHub, type GitHubStandIn } from '../../github-standin/index.js';
import { ROUTES } from '../../github-standin/routes.js';
import { RUNNER_ROUTES } from '../../github-standin/runner-routes.js';
import {
  answerSchema,
  documentsAnswer,
  githubDescription,
  requestSchema,
  schemaProblems
} from '../helpers/github-openapi.js';
import { steppedSleep } from '../helpers/stepped-sleep.js';

describe("the GitHub stand-in's runner endpoints answer as GitHub describes them", () => {
  let github: GitHubStandIn;
  const sent: { method: string; route: string; body: unknown }[] = [];
  const answered: { method: string; route: string; status: number; body: unknown }[] = [];

  async function call(method: string, route: string, path: string, body?: unknown) {
    if (body !== undefined) sent.push({ method, route, body });
    const response = await fetch(`${github.url}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${github.runnerToken}`,
        accept: 'application/vnd.github+json',
        'x-github-api-version': '2022-11-28',
        ...(body === undefined ? {} : { 'content-type': 'application/json' })
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) })
    });
    const text = await response.text();
    const json: unknown = text === '' ? undefined : JSON.parse(text);
    answered.push({ method, route, status: response.status, body: json });
    return { status: response.status, body: json };
  }

  beforeAll(async () => {
    github = await startGitHub();
    const run = github.store.startRun({ attempt: 2 });
    for (const [base, route] of [
      [`/repos/${github.repository}`, '/repos/{owner}/{repo}'],
      ['/orgs/acme', '/orgs/{org}']
    ] as const) {
      const jit = `${route}/actions/runners/generate-jitconfig`;
      const made = await call('POST', jit, `${base}/actions/runners/generate-jitconfig`, {
        name: `gpu-${run.id}-2-1`,
        runner_group_id: 1,
        labels: [`gpu-${run.id}-2`, 'gpu'],
        work_folder: '_work'
      });
      await call('POST', jit, `${base}/actions/runners/generate-jitconfig`, {
        name: `gpu-${run.id}-2-2`,
        runner_group_id: 1,
        labels: [`gpu-${run.id}-2`]
      });
      const { runner, encoded_jit_config: config } = made.body as {
        runner: { id: number };
        encoded_jit_config: string;
      };
      const steps = steppedSleep();
      const simulated = github.simulateRunner(config, { sleep: steps.sleep });
      await steps.release();
      await simulated.reached('listening');
      await call('GET', `${route}/actions/runners`, `${base}/actions/runners?per_page=1`);
      await call('GET', `${route}/actions/runners`, `${base}/actions/runners?name=gpu-${run.id}-2-2`);
      const one = `${route}/actions/runners/{runner_id}`;
      await call('GET', one, `${base}/actions/runners/${runner.id}`);
      await steps.release();
      await steps.release();
      await simulated.exited;
      await call('GET', one, `${base}/actions/runners/${runner.id}`);
      await call('DELETE', one, `${base}/actions/runners/${runner.id + 1}`);
    }
    const runs = '/repos/{owner}/{repo}/actions/runs/{run_id}';
    await call('GET', runs, `/repos/${github.repository}/actions/runs/${run.id}`);
    github.store.completeRun(run.id, 'cancelled');
    await call('GET', runs, `/repos/${github.repository}/actions/runs/${run.id}`);
  });
  afterAll(() => github.stop());

  it('sends only requests the description takes', () => {
    expect(sent.length).toBe(4);
    const problems = sent.flatMap(({ method, route, body }) =>
      schemaProblems(body, requestSchema(method, route) ?? { type: 'none' }).map(
        (problem) => `${method} ${route} ${problem}`
      )
    );
    expect(problems).toEqual([]);
  });

  it('answers each call with what the description documents for it, and nothing else', () => {
    const problems = answered.flatMap(({ method, route, status, body }) => {
      // The description leaves out the 404 of an unknown runner, as it leaves out most refusals: it
      // holds to GitHub's basic error, as the stand-in's other refusals do.
      if (status === 404 && !documentsAnswer(method, route, status))
        return schemaProblems(body, { type: 'object', required: ['message', 'documentation_url'] });
      if (!documentsAnswer(method, route, status))
        return [`${method} ${route} ${status}: the description documents no such answer`];
      const schema = answerSchema(method, route, status);
      if (schema === undefined)
        return body === undefined ? [] : [`${method} ${route} ${status}: a body where none is documented`];
      return schemaProblems(body, schema).map((problem) => `${method} ${route} ${status} ${problem}`);
    });
    expect(problems).toEqual([]);
    const each = [201, 201, 200, 200, 200, 404, 204];
    expect(answered.map((a) => a.status)).toEqual([...each, ...each, 200, 200]);
  });

  it('finds a request the description would refuse: no labels, a label list empty, a group id as text', () => {
    const schema = requestSchema('POST', '/repos/{owner}/{repo}/actions/runners/generate-jitconfig') ?? {};
    expect(schemaProblems({ name: 'r', runner_group_id: 1 }, schema)).toEqual(['$.labels: missing']);
    expect(schemaProblems({ name: 'r', runner_group_id: 1, labels: [] }, schema)).toEqual([
      '$.labels: 0 items, fewer than 1'
    ]);
    expect(schemaProblems({ name: 'r', runner_group_id: '1', labels: ['gpu'] }, schema)).toEqual([
      '$.runner_group_id: string, not integer'
    ]);
  });

  it('pages the runner list as GitHub does, counting every runner in total_count', () => {
    const [paged, named] = answered.filter((a) => a.route === '/repos/{owner}/{repo}/actions/runners');
    expect(paged?.body).toMatchObject({ total_count: 2, runners: [{ status: 'online', busy: false }] });
    expect((named?.body as { runners: { name: string }[] }).runners.map((r) => r.name)).toEqual([
      expect.stringMatching(/-2-2$/)
    ]);
    expect((named?.body as { total_count: number }).total_count).toBe(1);
  });

  it('writes the workflow run as in progress, then completed with its conclusion', () => {
    const runs = answered.filter((a) => a.route === '/repos/{owner}/{repo}/actions/runs/{run_id}');
    expect(runs.map((r) => r.body)).toEqual([
      expect.objectContaining({ status: 'in_progress', conclusion: null, run_attempt: 2 }),
      expect.objectContaining({ status: 'completed', conclusion: 'cancelled' })
    ]);
  });

  it('serves only paths and methods the description has', () => {
    const { paths } = githubDescription();
    expect(
      [...ROUTES, ...RUNNER_ROUTES].filter((r) => paths[r.path]?.[r.method.toLowerCase()] === undefined)
    ).toEqual([]);
    expect(RUNNER_ROUTES.map((r) => `${r.method} ${r.path}`)).toContain(
      'POST /orgs/{org}/actions/runners/generate-jitconfig'
    );
  });
});
