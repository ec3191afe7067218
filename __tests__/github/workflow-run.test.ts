// The workflow run a preview step is in, from the runner's variables: the repository, the run's URL (made
// only of what validates), and the pull request of its event, read from GITHUB_EVENT_PATH within a bound.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { workflowRun } from '../../src/github/workflow-run.js';
import { fetchOver } from '../../src/github/fetch.js';
import { ApiClient } from '../../src/platform/client.js';

describe('the workflow run', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'workflow-run-'));
  });
  afterEach(() => {
    rmSync(dir, { recursive: true, force: true });
  });

  const payload = {
    action: 'synchronize',
    number: 42,
    pull_request: {
      number: 42,
      merged: false,
      head: { sha: 'b'.repeat(40), ref: 'f', repo: { full_name: 'acme/app' } }
    }
  };
  const envOf =
    (values: Record<string, string>) =>
    (name: string): string | undefined =>
      values[name];

  it('reads the repository, the run, and the pull request of the event', () => {
    const path = join(dir, 'event.json');
    writeFileSync(path, JSON.stringify(payload));
    const run = workflowRun(
      envOf({
        GITHUB_REPOSITORY: 'acme/app',
        GITHUB_SERVER_URL: 'https://ghe.example.com/',
        GITHUB_RUN_ID: '4242',
        GITHUB_RUN_ATTEMPT: '2',
        GITHUB_EVENT_NAME: 'pull_request',
        GITHUB_EVENT_PATH: path
      })
    );
    expect(run).toEqual({
      repository: 'acme/app',
      runUrl: 'https://ghe.example.com/acme/app/actions/runs/4242/attempts/2',
      event: expect.objectContaining({
        action: 'up',
        said: 'synchronize',
        number: 42,
        fromFork: false
      }) as unknown
    });
  });

  it('makes no run URL of variables that do not validate, and reads no pull request from a payload it cannot read', () => {
    writeFileSync(join(dir, 'broken.json'), '{"action":');
    for (const [values, url] of [
      [{ GITHUB_REPOSITORY: 'acme/app', GITHUB_RUN_ID: '42' }, 'https://github.com/acme/app/actions/runs/42'],
      [{ GITHUB_REPOSITORY: 'acme/app', GITHUB_RUN_ID: '42; rm' }, undefined],
      [{ GITHUB_REPOSITORY: 'acme/app"><script>', GITHUB_RUN_ID: '42' }, undefined],
      [
        { GITHUB_REPOSITORY: 'acme/app', GITHUB_RUN_ID: '42', GITHUB_SERVER_URL: 'javascript:alert(1)' },
        undefined
      ]
    ] as const) {
      const run = workflowRun(
        envOf({ ...values, GITHUB_EVENT_NAME: 'pull_request', GITHUB_EVENT_PATH: join(dir, 'broken.json') })
      );
      expect([run.runUrl, run.event]).toEqual([
        url,
        { none: "the pull_request event's payload holds no pull request", misuse: true }
      ]);
    }
    const missing = workflowRun(
      envOf({ GITHUB_EVENT_NAME: 'pull_request', GITHUB_EVENT_PATH: join(dir, 'none.json') })
    );
    expect(missing.event).toMatchObject({ misuse: true });
  });

  it('sends GitHub requests with JSON text bodies only', async () => {
    const client = new ApiClient({ userAgent: 'test', timeoutMs: 1000, maxResponseBytes: 1024 });
    try {
      await expect(
        fetchOver(client)('https://127.0.0.1:9/x', { method: 'POST', body: new Uint8Array([1]) })
      ).rejects.toThrow('GitHub requests carry JSON text: no other body is sent');
    } finally {
      client.dispose();
    }
  });
});
