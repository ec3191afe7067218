// The pure parts of a preview: the pull request an event names, the names derived from it, and the one
// comment kept on the pull request.
import {
  commentMarker,
  isPreviewComment,
  renderPreviewComment,
  type PreviewView
} from '../../src/github/preview-comment.js';
import { previewEnvironment, pullEventOf } from '../../src/github/pull-event.js';
import { previewName } from '../../src/deploy/engine/pull-requests.js';

const payload = (action: string, headRepo = 'acme/app', extra: Record<string, unknown> = {}) => ({
  action,
  number: 42,
  pull_request: {
    number: 42,
    merged: false,
    head: { sha: 'a'.repeat(40), ref: 'feature', repo: { full_name: headRepo } },
    ...extra
  }
});

describe('the pull request of an event', () => {
  it('brings a preview up on opened, synchronize and reopened, and down on closed', () => {
    expect(
      ['opened', 'synchronize', 'reopened', 'closed'].map((a) =>
        pullEventOf('pull_request', payload(a), 'acme/app')
      )
    ).toEqual([
      expect.objectContaining({
        action: 'up',
        said: 'opened',
        number: 42,
        headSha: 'a'.repeat(40),
        fromFork: false
      }),
      expect.objectContaining({ action: 'up', said: 'synchronize' }),
      expect.objectContaining({ action: 'up', said: 'reopened' }),
      expect.objectContaining({ action: 'down', said: 'closed', merged: false })
    ]);
    expect(
      pullEventOf('pull_request', payload('closed', 'acme/app', { merged: true }), 'acme/app')
    ).toMatchObject({ merged: true });
  });

  it('knows a fork by its head repository, and a deleted fork too', () => {
    expect(pullEventOf('pull_request', payload('opened', 'outsider/app'), 'acme/app')).toMatchObject({
      fromFork: true
    });
    expect(
      pullEventOf(
        'pull_request',
        { ...payload('opened'), pull_request: { number: 42, head: { sha: 'b'.repeat(40), repo: null } } },
        'acme/app'
      )
    ).toMatchObject({ fromFork: true });
    // On pull_request_target the run has the base repository's secrets: the step says so of a fork.
    expect(pullEventOf('pull_request_target', payload('opened', 'outsider/app'), 'acme/app')).toMatchObject({
      fromFork: true,
      onTarget: true
    });
    expect(pullEventOf('pull_request', payload('opened'), 'acme/app')).toMatchObject({ onTarget: false });
  });

  it('says why there is nothing to do: another event, another action, no pull request', () => {
    expect(pullEventOf('push', {}, 'acme/app')).toEqual({
      none: expect.stringContaining('the workflow runs on "push", not on pull_request') as unknown,
      misuse: true
    });
    expect(pullEventOf('pull_request', payload('labeled'), 'acme/app')).toEqual({
      none: 'the pull request was labeled: a preview has nothing to do for that',
      misuse: false
    });
    expect(pullEventOf('pull_request', { action: 'opened' }, 'acme/app')).toEqual({
      none: "the pull_request event's payload holds no pull request",
      misuse: true
    });
  });

  it('names the preview and its environment after the pull request', () => {
    expect([previewName('web', 42), previewEnvironment(42)]).toEqual(['web-pr-42', 'pr-42']);
  });
});

describe('the preview comment', () => {
  const view: PreviewView = {
    taskName: 'web',
    number: 42,
    state: 'running',
    url: 'https://t1-80.apps.example/?a=1&b=<2>',
    gpu: '4090',
    region: '北京一区',
    status: 'Running',
    sha: 'abcdef1234567',
    pushCost: '0.42 yuan',
    totalCost: '1.20 yuan',
    note: undefined
  };
  const runUrl = 'https://github.com/acme/app/actions/runs/7';

  it('starts with its marker, shows the URL as a link, and every platform value as text', () => {
    const body = renderPreviewComment(
      {
        ...view,
        status: '**Running** <img src=x> [a](b)',
        note: '::error::x'
      },
      runUrl
    );
    expect(body.split('\n')[0]).toBe('<!-- elastic-deploy preview: web -->');
    expect(isPreviewComment(body, 'web')).toBe(true);
    expect(isPreviewComment(body, 'api')).toBe(false);
    expect(body).toContain('| URL | <a href="https://t1-80.apps.example/?a=1&amp;b=&lt;2&gt;">');
    expect(body).toContain('| This push (abcdef1) | 0&#46;42 yuan |');
    expect(body).not.toMatch(/<img|\*\*Running|\[a\]\(b\)|^::/m);
    // The sweep, which finishes what a close left, knows no push's commit.
    expect(renderPreviewComment({ ...view, sha: undefined, pushCost: undefined }, runUrl)).toContain(
      '| The last push | unknown |'
    );
  });

  it('keeps a task_name that would close its HTML comment from doing so', () => {
    expect(commentMarker('a-->b <x>')).toBe('<!-- elastic-deploy preview: a-_b__x_ -->');
  });
});
