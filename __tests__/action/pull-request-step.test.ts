// Whether a step that follows a pull request's event has anything to do, read before any input: a fork's
// pull request gets one line saying what is true of its run, and success; an action a preview has nothing
// to do for, one line; another event, a refusal; any other step goes on.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { goesOn } from '../../src/action/pull-request-step.js';
import { testHost } from '../helpers/host.js';

function hostOn(event: string, payload: unknown, operation = 'preview') {
  const host = testHost({ operation });
  const path = join(host.vars.RUNNER_TEMP ?? '', 'event.json');
  writeFileSync(path, JSON.stringify(payload));
  Object.assign(host.vars, {
    GITHUB_EVENT_NAME: event,
    GITHUB_EVENT_PATH: path,
    GITHUB_REPOSITORY: 'acme/app'
  });
  return host;
}
const pull = (action: string, repo: string) => ({
  action,
  number: 7,
  pull_request: {
    number: 7,
    head: { sha: 'abc1234', ref: 'feature', repo: { full_name: repo } },
    base: { ref: 'main' }
  }
});

describe('a step on a pull request event', () => {
  it.each([
    [
      'pull_request',
      'preview: pull request #7 comes from a fork: its workflow gets a read-only token and no secrets, so no preview is made (nothing to do)'
    ],
    [
      'pull_request_target',
      "preview: pull request #7 comes from a fork: on pull_request_target the run has the repository's secrets and a token that can write, and a preview would run the fork's code with them, so none is made (nothing to do)"
    ]
  ])("says in one line what is true of a fork's run on %s, and does nothing", async (event, line) => {
    const host = hostOn(event, pull('opened', 'someone/app'));
    try {
      expect(await goesOn(host)).toBe(false);
      expect(host.lines.join('\n')).toContain(line);
    } finally {
      host.dispose();
    }
  });

  it("goes on for this repository's pull request, and for a step that follows no pull request", async () => {
    const own = hostOn('pull_request', pull('synchronize', 'acme/app'));
    const other = hostOn('push', {}, 'create');
    try {
      expect(await goesOn(own)).toBe(true);
      expect(await goesOn(other)).toBe(true);
    } finally {
      own.dispose();
      other.dispose();
    }
  });

  it('says an action it has nothing to do for, and refuses another event', async () => {
    const labeled = hostOn('pull_request', pull('labeled', 'acme/app'));
    const pushed = hostOn('push', {});
    try {
      expect(await goesOn(labeled)).toBe(false);
      expect(labeled.lines.join('\n')).toContain(
        'preview: the pull request was labeled: a preview has nothing to do for that: nothing to do'
      );
      await expect(goesOn(pushed)).rejects.toThrow(
        'operation preview: the workflow runs on "push", not on pull_request: a preview follows a pull request\'s events'
      );
    } finally {
      labeled.dispose();
      pushed.dispose();
    }
  });
});
