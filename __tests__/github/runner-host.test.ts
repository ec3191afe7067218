// The workflow run a runner step is in, as the runner's variables and the event's payload say it: what
// decides whether a self-hosted runner may be started for it.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runnerRunOf } from '../../src/github/runner-host.js';

describe('runnerRunOf', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'runner-run-'));
  });
  afterAll(() => {
    rmSync(dir, { recursive: true, force: true });
  });

  const envOf =
    (vars: Record<string, string>) =>
    (name: string): string | undefined =>
      vars[name];
  const payload = (name: string, headRepo: string | undefined): string => {
    const path = join(dir, name);
    const head = headRepo === undefined ? { sha: 'abc' } : { sha: 'abc', repo: { full_name: headRepo } };
    writeFileSync(path, JSON.stringify({ action: 'opened', number: 7, pull_request: { number: 7, head } }));
    return path;
  };
  const RUN = {
    GITHUB_REPOSITORY: 'acme/app',
    GITHUB_RUN_ID: '9001',
    GITHUB_RUN_ATTEMPT: '2',
    GITHUB_SERVER_URL: 'https://github.com'
  };

  it('reads the run, its attempt and its page on a push: no fork', () => {
    expect(runnerRunOf(envOf({ ...RUN, GITHUB_EVENT_NAME: 'push' }))).toEqual({
      repository: 'acme/app',
      id: '9001',
      attempt: '2',
      url: 'https://github.com/acme/app/actions/runs/9001',
      eventName: 'push',
      fromFork: false
    });
  });

  it('keeps no id that is not digits, and no page without one', () => {
    const run = runnerRunOf(
      envOf({ GITHUB_REPOSITORY: 'acme/app', GITHUB_RUN_ID: '90 01', GITHUB_EVENT_NAME: 'push' })
    );
    expect([run.id, run.attempt, run.url]).toEqual([undefined, undefined, undefined]);
  });

  it.each([
    ['pull_request', 'acme/app', false],
    ['pull_request', 'someone/app', true],
    ['pull_request_target', 'someone/app', true],
    // A fork deleted since: its head repository is gone, and it reads as a fork's.
    ['pull_request', undefined, true]
  ])('on %s from %s reads fromFork %s', (event, head, fork) => {
    const path = payload(`${event}-${(head ?? 'gone').replace('/', '-')}.json`, head);
    expect(runnerRunOf(envOf({ ...RUN, GITHUB_EVENT_NAME: event, GITHUB_EVENT_PATH: path })).fromFork).toBe(
      fork
    );
  });

  it('reads a pull request event whose payload cannot be read as a fork’s (refused unless allowed)', () => {
    const run = runnerRunOf(
      envOf({ ...RUN, GITHUB_EVENT_NAME: 'pull_request', GITHUB_EVENT_PATH: join(dir, 'none.json') })
    );
    expect(run.fromFork).toBe(true);
  });
});
