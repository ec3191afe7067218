// The stand-in's runner endpoints refuse as GitHub does (issue 62, point 7): 403 for a token without the
// permission (naming it: administration for a repository's runners, organization_self_hosted_runners for
// an organization's, write or read), 404 for an unknown runner, workflow run or organization, 409 for a
// configuration whose name the scope has, 422 for a body GitHub cannot take or a runner still in its job.
import { startGitHub, type GitHubStandIn } from '../../github-standin/index.js';
import { steppedSleep } from '../helpers/stepped-sleep.js';

describe("the GitHub stand-in's runner endpoints refuse as GitHub does", () => {
  let github: GitHubStandIn;
  beforeAll(async () => {
    github = await startGitHub();
  });
  afterAll(() => github.stop());

  async function api(method: string, path: string, body?: unknown, token = github.runnerToken) {
    const response = await fetch(`${github.url}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' })
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) })
    });
    const text = await response.text();
    return {
      status: response.status,
      body: (text === '' ? undefined : JSON.parse(text)) as { message?: string } | undefined,
      accepted: response.headers.get('x-accepted-github-permissions')
    };
  }
  const repo = '/repos/acme/app/actions/runners';
  const org = '/orgs/acme/actions/runners';
  const jit = (name: string) => ({ name, runner_group_id: 1, labels: ['gpu'] });

  it('answers 403 to a token without the permission, naming it, as GitHub does; GITHUB_TOKEN never has it', async () => {
    const refusals = [
      await api('POST', `${repo}/generate-jitconfig`, jit('a'), github.token),
      await api('GET', repo, undefined, github.tokenWith(['deployments'])),
      await api('POST', `${org}/generate-jitconfig`, jit('a'), github.tokenWith(['administration'])),
      await api('DELETE', `${org}/1`, undefined, github.tokenWith(['administration']))
    ];
    expect(refusals.map((r) => [r.status, r.accepted, r.body?.message])).toEqual([
      [403, 'administration=write', 'Resource not accessible by integration'],
      [403, 'administration=read', 'Resource not accessible by integration'],
      [403, 'organization_self_hosted_runners=write', 'Resource not accessible by integration'],
      [403, 'organization_self_hosted_runners=write', 'Resource not accessible by integration']
    ]);
    expect(
      (await api('POST', `${repo}/generate-jitconfig`, jit('a'), github.tokenWith(['administration']))).status
    ).toBe(201);
  });

  it('answers 404 for an unknown runner (read or removed), workflow run or organization', async () => {
    expect((await api('GET', `${repo}/424242`)).status).toBe(404);
    expect((await api('DELETE', `${org}/424242`)).status).toBe(404);
    expect((await api('GET', `${repo}/not-a-number`)).status).toBe(404);
    expect((await api('GET', '/repos/acme/app/actions/runs/99')).status).toBe(404);
    const other = await api('POST', '/orgs/someone-else/actions/runners/generate-jitconfig', jit('b'));
    expect([other.status, other.body?.message]).toEqual([404, 'Not Found']);
    // A repository's runner is not the organization's.
    const made = await api('POST', `${repo}/generate-jitconfig`, jit('repo-only'));
    const id = (made.body as unknown as { runner: { id: number } }).runner.id;
    expect((await api('GET', `${org}/${id}`)).status).toBe(404);
    expect((await api('GET', `${repo}/${id}`)).status).toBe(200);
  });

  it('answers 409 to a configuration whose name the scope has (another scope may have it)', async () => {
    expect((await api('POST', `${repo}/generate-jitconfig`, jit('taken'))).status).toBe(201);
    const again = await api('POST', `${repo}/generate-jitconfig`, jit('taken'));
    expect([again.status, again.body?.message]).toEqual([
      409,
      'Already exists - A runner with the name taken already exists.'
    ]);
    expect((await api('POST', `${org}/generate-jitconfig`, jit('taken'))).status).toBe(201);
  });

  it('answers 422 to a body GitHub cannot take, and to removing a runner still in its job', async () => {
    const bodies = [
      { name: 'x', runner_group_id: 1 },
      { name: 'x', runner_group_id: 1, labels: [] },
      { name: 'x', runner_group_id: '1', labels: ['gpu'] },
      { name: '', runner_group_id: 1, labels: ['gpu'] },
      { name: 'x', runner_group_id: 1, labels: [7] },
      { name: 'x', runner_group_id: 1, labels: ['gpu'], work_folder: 3 }
    ];
    const answers = await Promise.all(bodies.map((b) => api('POST', `${repo}/generate-jitconfig`, b)));
    expect(answers.map((a) => a.status)).toEqual([422, 422, 422, 422, 422, 422]);
    expect(answers[0]?.body?.message).toBe('Invalid request.\n\n"labels" wasn\'t supplied.');
    expect((await api('GET', `${repo}?name=x`)).body).toEqual({ total_count: 0, runners: [] });

    const made = (await api('POST', `${repo}/generate-jitconfig`, jit('busy'))).body as unknown as {
      runner: { id: number };
      encoded_jit_config: string;
    };
    const steps = steppedSleep();
    const runner = github.simulateRunner(made.encoded_jit_config, { sleep: steps.sleep });
    await steps.release();
    await steps.release();
    await runner.reached('running');
    const busy = await api('DELETE', `${repo}/${made.runner.id}`);
    expect([busy.status, busy.body?.message]).toEqual([
      422,
      'Bad request - Runner "busy" is still running a job'
    ]);
    await steps.release();
    expect((await runner.exited).code).toBe(0);
    expect((await api('DELETE', `${repo}/${made.runner.id}`)).status).toBe(404);
  });
});
